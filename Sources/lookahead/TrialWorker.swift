import Foundation
import LookaheadKit

/// What `lookahead worker` holds between request lines: the tune's data and setup, its searches,
/// the evaluator of the search it last scored for (a driver sends a search's trials together, and
/// one evaluator at a time keeps one copy of the data per worker, whatever the number of folds)
/// and the trial points planned ahead (all of grid and lhs, the hypercube of lhs-nelder-mead). Answers one request line with one result line (`Docs/Distributed.md`);
/// never throws: a bad line gets an error line naming its line number and field.
final class TrialWorker {
  let request: TuneRun.Request
  let data: TuningData
  let setup: TuneRun.Setup
  let searches: [TuneRun.SearchSet]
  let replay: Replay
  /// The trial points that do not depend on scores (the same in every search of the tune):
  /// ``TuneRun/independentTrialPoints(_:space:)``. Later ones come from the `next` op.
  let plannedPoints: [[Double]]
  /// Each dataset the tune reads and the folder it was found in (nil for a plain path): what a
  /// driver ships to nodes that do not see the files (`lookahead-ray --ship-data`).
  let dataFolders: [(reference: String, folder: String?)]
  private var current: (label: String, evaluator: ObjectiveEvaluator)?

  /// - Parameter testWriters: the writers of the `--test` data, if any, for the journal headers
  ///   (the worker never scores on that data).
  init(
    request: TuneRun.Request, data: TuningData, testWriters: [String]? = nil, dataDirectory: URL?,
    catalog: PredictorCatalog = .exported
  ) throws {
    self.request = request
    self.data = data
    setup = try TuneRun.Setup(request, catalog: catalog)
    searches = try TuneRun.searchSets(request, data: data, separateTestWriters: testWriters)
    replay = try Replay(profile: request.profile, seed: request.seed)
    plannedPoints = TuneRun.independentTrialPoints(request, space: setup.space)
    dataFolders = try (request.provenance?.datasets ?? []).map { dataset in
      let base = WriterSelection.base(of: dataset.reference)
      guard case .dataset(let location, _) = try DatasetRegistry.resolve(base, dataDirectory: dataDirectory) else {
        return (dataset.reference, nil)
      }
      return (dataset.reference, location.folder.standardizedFileURL.path)
    }
  }

  /// A dataset and where it was found, as the plan lists it.
  struct DataFolder: Encodable {
    var reference: String
    var folder: String?
    enum CodingKeys: String, CodingKey { case reference, folder }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(reference, forKey: .reference)
      try container.encode(folder, forKey: .folder)  // null for a plain path, not left out
    }
  }

  /// A request line's problem, with the field it is about (nil: the line as a whole).
  struct RequestError: Error {
    var field: String?
    var message: String
  }

  /// One request, decoded. `id` is echoed as given; exactly one of `unit`, `values` and
  /// `parameters` names the configuration, or none for a planned point picked by `index`;
  /// `trials` (op `next`) are the search's journal records so far.
  struct Request: Decodable {
    var op: String?
    var search: String?
    var index: Int?
    var unit: [Double]?
    var values: [Double]?
    var parameters: [String: Double]?
    var trials: [TuningJournal.Trial]?
    static let fields: Set<String> = ["id", "op", "search", "index", "unit", "values", "parameters", "trials"]
  }

  /// A planned trial, as the plan lists it.
  struct PlannedTrial: Encodable {
    var index: Int
    var unit: [Double]
    var values: [Double]
  }

  /// The answer to request line `lineNumber`: a result, a plan, or an error line.
  func answer(_ line: String, lineNumber: Int) -> String {
    var id = "null"
    do {
      guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
        if let (field, number, object) = Self.outOfRangeNumber(in: line) {
          id = Self.idText(of: object) ?? id
          throw RequestError(field: field, message: "\(number) is out of range: a number must fit a double (size at most about 1.8e308)")
        }
        throw RequestError(field: nil, message: "not a JSON object")
      }
      id = Self.idText(of: object) ?? id
      if let unknown = object.keys.sorted().first(where: { !Request.fields.contains($0) }) {
        throw RequestError(field: unknown, message: "unknown field (known: \(Request.fields.sorted().joined(separator: ", ")))")
      }
      let request: Request
      do { request = try TuningJournal.decoder().decode(Request.self, from: Data(line.utf8)) } catch let DecodingError.typeMismatch(type, context) {
        throw RequestError(field: Self.fieldName(context.codingPath), message: "expected \(JSONTypeName.of(type))")
      } catch let DecodingError.dataCorrupted(context) {
        // Foundation reports a fractional index with no coding path ("The given data was not
        // valid JSON."), so `{"index":3.5}` got an error naming no field.
        if context.codingPath.isEmpty, let index = object["index"] as? Double, Int(exactly: index) == nil {
          // 1e20 is a whole number, only too large for an index: said so, not "not whole".
          let whole = index.isFinite && index.rounded() == index
          throw RequestError(
            field: "index",
            message: whole ? "\(index) is out of range: an index is a whole number from 0 to \(Int.max)" : "expected a whole number, found \(index)")
        }
        throw RequestError(field: Self.fieldName(context.codingPath), message: "a number that does not fit (\(context.debugDescription))")
      } catch let DecodingError.keyNotFound(key, context) {
        throw RequestError(field: Self.fieldName(context.codingPath + [key]), message: "missing")
      }
      switch request.op ?? "score" {
      case "score": return try score(request, id: id, lineNumber: lineNumber)
      case "plan":
        // As op next refuses what it does not read: a field here would be silently ignored.
        if let extra = object.keys.sorted().first(where: { $0 != "id" && $0 != "op" }) {
          throw RequestError(field: extra, message: "op plan takes no other field than id")
        }
        return try plan(id: id, lineNumber: lineNumber)
      case "next": return try next(request, id: id, lineNumber: lineNumber)
      case let other: throw RequestError(field: "op", message: "unknown op \"\(other)\" (known: score, plan, next)")
      }
    } catch let error as RequestError {
      let field = error.field.map { ",\"field\":\(Self.quoted($0))" } ?? ""
      return "{\"error\":\(Self.quoted(error.message))\(field),\"id\":\(id),\"line\":\(lineNumber)}"
    } catch {
      return "{\"error\":\(Self.quoted("\(error)")),\"id\":\(id),\"line\":\(lineNumber)}"
    }
  }

  /// Scores one trial and answers with its journal record, object and exact line text.
  private func score(_ request: Request, id: String, lineNumber: Int) throws -> String {
    guard request.trials == nil else { throw RequestError(field: "trials", message: "only for op next") }
    let (label, search) = try self.search(request)
    let index = request.index ?? 0
    guard index >= 0 else { throw RequestError(field: "index", message: "must not be negative") }
    let space = setup.space.space
    let given = [request.unit != nil, request.values != nil, request.parameters != nil].filter { $0 }.count
    guard given <= 1 else { throw RequestError(field: "unit", message: "give one of unit, values and parameters, not several") }
    let unit: [Double], values: [Double]
    if let point = request.unit {
      guard point.count == space.count else {
        throw RequestError(field: "unit", message: "\(point.count) coordinates for \(space.count) searched parameters")
      }
      guard point.allSatisfy({ (0...1).contains($0) }) else { throw RequestError(field: "unit", message: "coordinates must lie in [0, 1]") }
      (unit, values) = (point, space.values(atUnit: point))
    } else if let given = request.values {
      guard given.count == space.count else {
        throw RequestError(field: "values", message: "\(given.count) values for \(space.count) searched parameters (\(space.dimensions.map(\.name).joined(separator: ", ")))")
      }
      (unit, values) = (try Self.unit(of: given, in: space, field: "values"), given)
    } else if let named = request.parameters {
      if let unknown = named.keys.sorted().first(where: { name in !space.dimensions.contains { $0.name == name } }) {
        throw RequestError(field: "parameters.\(unknown)", message: "not a searched parameter (searched: \(space.dimensions.map(\.name).joined(separator: ", ")))")
      }
      let ordered = try space.dimensions.map { dimension in
        guard let value = named[dimension.name] else { throw RequestError(field: "parameters.\(dimension.name)", message: "missing") }
        return value
      }
      (unit, values) = (try Self.unit(of: ordered, in: space, field: "parameters"), ordered)
    } else {
      guard index < plannedPoints.count else {
        let adaptive = TuneRun.choosesFromScores(self.request.strategy)
          ? "; strategy \(self.request.strategy.rawValue) chooses the later ones from the scores (op next)" : ""
        throw RequestError(field: "index", message: "the search has \(plannedPoints.count) trials planned ahead\(adaptive)")
      }
      (unit, values) = (plannedPoints[index], space.values(atUnit: plannedPoints[index]))
    }
    let evaluator = try evaluator(for: search)
    let trial = TuningJournal.Trial(index: index, unit: unit, values: values) {
      let score = try TuneRun.scoreTrial(values, space: setup.space, evaluator: evaluator)
      return (score.value, score.metrics, score.infeasibility)
    }
    let record = try TuningJournal.line(trial)
    return "{\"id\":\(id),\"index\":\(index),\"journalLine\":\(Self.quoted(record)),\"line\":\(lineNumber),"
      + "\"search\":\(Self.quoted(label)),\"trial\":\(record)}"
  }

  /// The search a request names (`all` by default).
  private func search(_ request: Request) throws -> (String, TuneRun.SearchSet) {
    let label = request.search ?? "all"
    guard let search = searches.first(where: { $0.label == label }) else {
      throw RequestError(field: "search", message: "no search \"\(label)\" in this tune (known: \(searches.map(\.label).joined(separator: ", ")))")
    }
    return (label, search)
  }

  /// The next trial of a search given its trials so far (``TuneRun/nextTrialPoint(_:space:after:)``,
  /// the tune's own strategy), not scored: `{"next":{"index","unit","values"}}`, or `{"done":true}`
  /// when the search has no more trials. A list that is not this search's start is an error
  /// naming the trial (`trials[3]`).
  private func next(_ request: Request, id: String, lineNumber: Int) throws -> String {
    guard request.unit == nil, request.values == nil, request.parameters == nil, request.index == nil else {
      throw RequestError(field: "op", message: "op next takes search and trials only")
    }
    guard let trials = request.trials else { throw RequestError(field: "trials", message: "missing (the search's trials so far, [] for none)") }
    let (label, _) = try search(request)
    let point: [Double]?
    do { point = try TuneRun.nextTrialPoint(self.request, space: setup.space, after: trials) } catch let error as TuneRun.TrialHistoryMismatch {
      throw RequestError(field: "trials[\(error.index)]", message: error.detail)
    }
    let head = "{\"id\":\(id),\"line\":\(lineNumber),"
    guard let point else { return head + "\"done\":true,\"search\":\(Self.quoted(label))}" }
    let planned = try TuningJournal.line(PlannedTrial(index: trials.count, unit: point, values: setup.space.space.values(atUnit: point)))
    return head + "\"next\":\(planned),\"search\":\(Self.quoted(label))}"
  }

  /// Every search of the tune with its journal header (the exact line `tune` writes, but for the
  /// command line in its provenance) and the trial points planned ahead; `adaptive` when the
  /// strategy chooses later trials from the scores (op `next`, up to `maximumTrials`); the
  /// datasets with the folders they were found in.
  private func plan(id: String, lineNumber: Int) throws -> String {
    let space = setup.space.space
    let trials = try TuningJournal.line(plannedPoints.enumerated().map { PlannedTrial(index: $0, unit: $1, values: space.values(atUnit: $1)) })
    var items: [String] = []
    for search in searches {
      let header = try TuningJournal.line(
        setup.header(request, label: search.label, searchData: try search.data(from: data), testWriters: search.testWriters))
      items.append(
        "{\"header\":\(header),\"headerLine\":\(Self.quoted(header)),\"journalSuffix\":\(Self.quoted(search.journalSuffix)),"
          + "\"label\":\(Self.quoted(search.label)),\"trials\":\(trials)}")
    }
    let folders = try TuningJournal.line(dataFolders.map { DataFolder(reference: $0.reference, folder: $0.folder) })
    return "{\"id\":\(id),\"line\":\(lineNumber),\"plan\":{\"adaptive\":\(TuneRun.choosesFromScores(request.strategy)),\"datasets\":\(folders),"
      + "\"maximumTrials\":\(request.trials),\"searches\":[\(items.joined(separator: ","))],\"strategy\":\(Self.quoted(request.strategy.rawValue))}}"
  }

  private func evaluator(for search: TuneRun.SearchSet) throws -> ObjectiveEvaluator {
    if let current, current.label == search.label { return current.evaluator }
    current = nil  // let the last search's data go before cutting the next
    let made = ObjectiveEvaluator(objective: request.objective, data: try search.data(from: data), replay: replay, parts: request.parts)
    current = (search.label, made)
    return made
  }

  /// The unit-cube point of parameter `values`, each checked against its declared range.
  private static func unit(of values: [Double], in space: SearchSpace, field: String) throws -> [Double] {
    for (dimension, value) in zip(space.dimensions, values) {
      guard value.isFinite, value >= dimension.lowerBound, value <= dimension.upperBound else {
        throw RequestError(
          field: field == "parameters" ? "parameters.\(dimension.name)" : field,
          message: "\(dimension.name) = \(value) is outside its searched range \(dimension.lowerBound)…\(dimension.upperBound)")
      }
      // A whole-number parameter (an order, a window, a choice's index) is scored at a whole
      // number: 2.9 was scored as 2 and journaled as 2.9, a trial that never ran.
      guard !dimension.isInteger || value == value.rounded() else {
        throw RequestError(
          field: field == "parameters" ? "parameters.\(dimension.name)" : field,
          message: "\(dimension.name) = \(value): expected a whole number (the parameter takes whole numbers)")
      }
    }
    return space.unitPoint(of: values)
  }

  private static func quoted(_ text: String) -> String {
    (try? TuningJournal.line(text)) ?? "\"\""
  }

  /// The field holding a number too large for a double (`1e400`), which JSONSerialization refuses
  /// the whole line for, as if it were not JSON at all: every number token that reads as infinite
  /// is replaced by a marker string, and the line, parsed again, says where the first one was. Nil
  /// when there is none, or the line is not a JSON object for another reason as well; with the
  /// object so parsed, for the answer's `id`.
  static func outOfRangeNumber(in line: String) -> (field: String, number: String, object: [String: Any])? {
    let bytes = Array(line.utf8)
    let marker = "\u{1}lookahead-out-of-range\u{1}"
    var edited: [UInt8] = []
    var first: String?
    var index = 0
    var inString = false
    while index < bytes.count {
      let byte = bytes[index]
      let startsNumber = byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      guard !inString, startsNumber else {
        if inString, byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
          edited += bytes[index...(index + 1)]
          index += 2
          continue
        }
        if byte == UInt8(ascii: "\"") { inString.toggle() }
        edited.append(byte)
        index += 1
        continue
      }
      let start = index
      while index < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
      let token = String(decoding: bytes[start..<index], as: UTF8.self)
      if let value = Double(token), value.isInfinite {
        // The first as the marker, any later one as another string.
        edited += Array((first == nil ? "\"\\u0001lookahead-out-of-range\\u0001\"" : "\"\"").utf8)
        first = first ?? token
      } else {
        edited += bytes[start..<index]
      }
    }
    guard let first, let object = try? JSONSerialization.jsonObject(with: Data(edited)) as? [String: Any],
      let field = path(of: marker, in: object, at: "")
    else { return nil }
    return (field, first, object)
  }

  /// The request's `id` as JSON text, to echo in the answer; nil when it has none.
  private static func idText(of object: [String: Any]) -> String? {
    guard let given = object["id"],
      let text = try? JSONSerialization.data(withJSONObject: given, options: [.fragmentsAllowed])
    else { return nil }
    return String(decoding: text, as: UTF8.self)
  }

  /// Where `marker` is in a parsed JSON value, as `values[0]` or `parameters.process-noise`.
  private static func path(of marker: String, in value: Any, at prefix: String) -> String? {
    if let text = value as? String { return text == marker ? prefix : nil }
    if let array = value as? [Any] {
      for (i, item) in array.enumerated() { if let found = path(of: marker, in: item, at: prefix + "[\(i)]") { return found } }
    }
    if let object = value as? [String: Any] {
      for key in object.keys.sorted() {
        if let found = path(of: marker, in: object[key]!, at: prefix.isEmpty ? key : prefix + "." + key) { return found }
      }
    }
    return nil
  }

  private static func fieldName(_ path: [any CodingKey]) -> String? {
    path.isEmpty ? nil : path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
  }
}
