import Foundation

extension TuningJournal.Header {
  /// What keeps a run with header `current` from resuming this journal's, field by field as JSON
  /// paths with both values (`context.profile: journal "pencil240-promotion120", this run
  /// "finger60-phone"`), for ``TuningJournal/Mismatch``: "context differs" left the user to diff
  /// two JSON lines. Fields are compared as ``resumes(_:)`` compares them (the provenance's
  /// resumable part). The header's own fields come first; a provenance field that repeats a
  /// difference already named (the same two values, as `provenance.seed` repeats `seed`) is left
  /// out, and past `limit` the rest are counted.
  ///
  /// A searched dimension is named by its parameter (`space.dimensions[speed-confidence-high].scale:
  /// journal "linear", this run "log"`), not by its place, which shifts for every dimension after
  /// one that is added or left out; a dimension only one side searches is named once, with its
  /// range (`space.dimensions[jerk-confidence-low]: journal {…}, this run none`).
  public func differences(resumedBy current: Self, limit: Int = 4) -> String {
    var recorded = self, now = current
    recorded.provenance = recorded.provenance?.resumable
    now.provenance = now.provenance?.resumable(against: provenance)
    var (journal, journalElements) = Self.leavesAndNamedElements(of: recorded)
    var (run, runElements) = Self.leavesAndNamedElements(of: now)
    // An element only one side has stands for all its fields.
    for element in Set(journalElements.keys).symmetricDifference(runElements.keys) {
      for path in Set(journal.keys).union(run.keys) where path.hasPrefix(element + ".") {
        journal[path] = nil
        run[path] = nil
      }
      journal[element] = journalElements[element]
      run[element] = runElements[element]
    }
    let paths = Set(journal.keys).union(run.keys).filter { journal[$0] != run[$0] }
      .sorted { ($0.hasPrefix("provenance.") ? 1 : 0, $0) < ($1.hasPrefix("provenance.") ? 1 : 0, $1) }
    var named: [String] = []
    var pairs: Set<[String]> = []
    for path in paths {
      let pair = [journal[path] ?? "none", run[path] ?? "none"]
      guard pairs.insert(pair).inserted || !path.hasPrefix("provenance.") else { continue }
      named.append("\(path): journal \(pair[0]), this run \(pair[1])")
    }
    guard !named.isEmpty else { return "the header differs" }
    let more = named.count - limit
    return named.prefix(limit).joined(separator: "; ") + (more > 0 ? "; and \(more) more" : "")
  }

  /// Every scalar of the header's JSON by its path (`space.dimensions[warm-up].lowerBound`),
  /// strings quoted.
  static func leaves(of header: Self) -> [String: String] { leavesAndNamedElements(of: header).leaves }

  /// ``leaves(of:)``, and each element of an array of named objects (the searched dimensions) by
  /// its path with its fields in one line. Such an element's path holds its `name`, not its index.
  static func leavesAndNamedElements(of header: Self) -> (leaves: [String: String], elements: [String: String]) {
    let encoder = JSONEncoder()
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    guard let data = try? encoder.encode(header), let object = try? JSONSerialization.jsonObject(with: data) else {
      return ([:], [:])
    }
    var leaves: [String: String] = [:]
    var elements: [String: String] = [:]
    func walk(_ value: Any, _ path: String) {
      switch value {
      case let object as [String: Any]:
        for (key, child) in object { walk(child, path.isEmpty ? key : path + "." + key) }
      case let array as [Any]:
        let names = array.compactMap { ($0 as? [String: Any])?["name"] as? String }
        guard names.count == array.count, Set(names).count == names.count else {
          for (index, child) in array.enumerated() { walk(child, "\(path)[\(index)]") }
          return
        }
        for (name, child) in zip(names, array) {
          let element = "\(path)[\(name)]"
          let before = Set(leaves.keys)
          walk(child, element)
          let fields = Set(leaves.keys).subtracting(before).filter { $0 != element + ".name" }.sorted()
          elements[element] = "{" + fields.map { "\($0.dropFirst(element.count + 1)) \(leaves[$0]!)" }.joined(separator: ", ") + "}"
        }
      case let text as String:
        leaves[path] = "\"\(MessageText.escapingControlCharacters(text))\""
      case is NSNull:
        leaves[path] = "null"
      default:
        leaves[path] = "\(value)"
      }
    }
    walk(object, "")
    return (leaves, elements)
  }
}
