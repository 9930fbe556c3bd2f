import Foundation
import LookaheadKit

/// What `lookahead worker` holds between request lines: the tune's data and setup, its searches,
/// the evaluator of the search it last scored for (a driver sends a search's trials together, and
/// one evaluator at a time keeps one copy of the data per worker, whatever the number of folds)
/// and, for grid and lhs, every planned trial point. Answers one request line with one result line (`Docs/Distributed.md`);
/// never throws: a bad line gets an error line naming its line number and field.
final class TrialWorker {
  let request: TuneRun.Request
  let data: TuningData
  let setup: TuneRun.Setup
  let searches: [TuneRun.SearchSet]
  let replay: Replay
  /// The trial points of a grid or lhs search (the same in every search of the tune), or nil.
  let plannedPoints: [[Double]]?
  private var current: (label: String, evaluator: ObjectiveEvaluator)?

  init(request: TuneRun.Request, data: TuningData) throws {
    self.request = request
    self.data = data
    setup = try TuneRun.Setup(request)
    searches = try TuneRun.searchSets(request, data: data)
    replay = try Replay(profile: request.profile, seed: request.seed)
    plannedPoints = TuneRun.independentTrialPoints(request, space: setup.space)
  }

  /// A request line's problem, with the field it is about (nil: the line as a whole).
  struct RequestError: Error {
    var field: String?
    var message: String
  }

  /// One request, decoded. `id` is echoed as given; exactly one of `unit`, `values` and
  /// `parameters` names the configuration, or none for a planned point picked by `index`.
  struct Request: Decodable {
    var op: String?
    var search: String?
    var index: Int?
    var unit: [Double]?
    var values: [Double]?
    var parameters: [String: Double]?
    static let fields: Set<String> = ["id", "op", "search", "index", "unit", "values", "parameters"]
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
        throw RequestError(field: nil, message: "not a JSON object")
      }
      if let given = object["id"], let text = try? JSONSerialization.data(withJSONObject: given, options: [.fragmentsAllowed]) {
        id = String(decoding: text, as: UTF8.self)
      }
      if let unknown = object.keys.sorted().first(where: { !Request.fields.contains($0) }) {
        throw RequestError(field: unknown, message: "unknown field (known: \(Request.fields.sorted().joined(separator: ", ")))")
      }
      let request: Request
      do { request = try JSONDecoder().decode(Request.self, from: Data(line.utf8)) } catch let DecodingError.typeMismatch(type, context) {
        throw RequestError(field: Self.fieldName(context.codingPath), message: "expected \(Self.typeName(type))")
      } catch let DecodingError.dataCorrupted(context) {
        throw RequestError(field: Self.fieldName(context.codingPath), message: "a number that does not fit (\(context.debugDescription))")
      }
      switch request.op ?? "score" {
      case "score": return try score(request, id: id, lineNumber: lineNumber)
      case "plan": return try plan(id: id, lineNumber: lineNumber)
      case let other: throw RequestError(field: "op", message: "unknown op \"\(other)\" (known: score, plan)")
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
    let label = request.search ?? "all"
    guard let search = searches.first(where: { $0.label == label }) else {
      throw RequestError(field: "search", message: "no search \"\(label)\" in this tune (known: \(searches.map(\.label).joined(separator: ", ")))")
    }
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
      guard let plannedPoints else {
        throw RequestError(field: "index", message: "strategy \(self.request.strategy.rawValue) does not plan its points ahead: give unit, values or parameters")
      }
      guard index < plannedPoints.count else {
        throw RequestError(field: "index", message: "the search has \(plannedPoints.count) planned trials (0…\(plannedPoints.count - 1))")
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

  /// Every search of the tune with its journal header (the exact line `tune` writes, but for the
  /// command line in its provenance) and, for grid and lhs, its trial points.
  private func plan(id: String, lineNumber: Int) throws -> String {
    guard let plannedPoints else {
      throw RequestError(
        field: "op",
        message: "strategy \(request.strategy.rawValue) chooses each point from the scores so far, so its trials cannot be planned ahead: use grid or lhs, or run lookahead tune")
    }
    let space = setup.space.space
    let trials = try TuningJournal.line(plannedPoints.enumerated().map { PlannedTrial(index: $0, unit: $1, values: space.values(atUnit: $1)) })
    var items: [String] = []
    for search in searches {
      let header = try TuningJournal.line(setup.header(request, label: search.label, searchData: try search.data(from: data)))
      items.append(
        "{\"header\":\(header),\"headerLine\":\(Self.quoted(header)),\"journalSuffix\":\(Self.quoted(search.journalSuffix)),"
          + "\"label\":\(Self.quoted(search.label)),\"trials\":\(trials)}")
    }
    return "{\"id\":\(id),\"line\":\(lineNumber),\"plan\":{\"searches\":[\(items.joined(separator: ","))],\"strategy\":\(Self.quoted(request.strategy.rawValue))}}"
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
    try zip(space.dimensions, values).map { dimension, value in
      guard value.isFinite, value >= dimension.lowerBound, value <= dimension.upperBound else {
        throw RequestError(
          field: field == "parameters" ? "parameters.\(dimension.name)" : field,
          message: "\(dimension.name) = \(value) is outside its searched range \(dimension.lowerBound)…\(dimension.upperBound)")
      }
      return dimension.unit(of: value)
    }
  }

  private static func quoted(_ text: String) -> String {
    (try? TuningJournal.line(text)) ?? "\"\""
  }

  private static func fieldName(_ path: [any CodingKey]) -> String? {
    path.isEmpty ? nil : path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
  }

  private static func typeName(_ type: Any.Type) -> String {
    switch type {
    case is Double.Type: "a number"
    case is Int.Type: "a whole number"
    case is String.Type: "a string"
    default: "\(type)"
    }
  }
}
