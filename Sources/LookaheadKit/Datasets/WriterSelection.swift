/// A writer (participant, user) chosen out of any dataset reference: `REFERENCE:writer=ID[,ID…]`,
/// for example `Henze2017-MobileHCI:writer=participant5,participant7` or
/// `SVC2004-Task2:train:writer=U3` or `my/folder:writer=P01`. Only those writers' strokes are
/// kept, so a tune's held-out writers can be scored again by `evaluate` exactly as the tune
/// scored them. The files read are the reference's own (their checksums are recorded whole).
public struct WriterSelection: Sendable, Hashable {
  /// The reference without its writer selection.
  public var base: String
  /// The writers kept, as given.
  public var writers: [String]

  static let marker = ":writer="

  /// Splits off a trailing `:writer=…`; nil when the reference has none. A list with a `=` in
  /// it is not a selection but a delimited-text file's settings mapping the writer column
  /// (`rec.csv:writer=participant,t=time:ms,x,y`); to select writers of such a file, put the
  /// selection after its settings (`rec.csv:t=time:ms,x,y,writer=participant:writer=P01`).
  public init?(reference: String) {
    guard let range = reference.range(of: Self.marker, options: .backwards) else { return nil }
    let writers = reference[range.upperBound...].split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    guard !writers.contains(where: { $0.contains("=") }) else { return nil }
    base = String(reference[..<range.lowerBound])
    self.writers = writers
  }

  /// The reference with any writer selection removed.
  public static func base(of reference: String) -> String { WriterSelection(reference: reference)?.base ?? reference }

  /// Keeps only the chosen writers' strokes; fails naming the writers the data does not have.
  public func apply(to trace: inout Trace, reference: String) throws(DatasetReferenceError) {
    let known = Set(trace.strokes.compactMap(\.writer))
    guard !writers.isEmpty, !writers.contains(where: \.isEmpty) else {
      throw DatasetReferenceError(reference: reference, problem: "writer= needs one or more writer IDs, comma-separated")
    }
    let unknown = writers.filter { !known.contains($0) }
    guard unknown.isEmpty else {
      let listed = known.sorted()
      let shown = listed.prefix(20).joined(separator: ", ") + (listed.count > 20 ? ", … (\(listed.count) in all)" : "")
      throw DatasetReferenceError(
        reference: reference,
        problem: "no writer \(unknown.joined(separator: ", ")) in this data; its writers: \(listed.isEmpty ? "none recorded" : shown)")
    }
    let kept = Set(writers)
    trace.strokes.removeAll { !kept.contains($0.writer ?? "") }
    trace.metadata.notes["writers"] = writers.joined(separator: ",")
  }
}
