import Foundation
import LookaheadRuntime

/// One file given to `lookahead report`, recognised by its content: an `evaluate`/`compare`
/// JSON result (``EvaluationResult``), a `sweep` JSON result (``SweepResult``), a tuning journal
/// (``TuningJournal``, JSON Lines), or the per-prediction records CSV of `evaluate --records`.
public enum ReportInput: Sendable {
  case evaluation(EvaluationResult, path: String)
  case sweep(SweepResult, path: String)
  case journal(TuningJournal.Header, [TuningJournal.Trial], path: String)
  case records(PredictionRecordTable)

  public var path: String {
    switch self {
    case .evaluation(_, let path), .sweep(_, let path), .journal(_, _, let path): path
    case .records(let table): table.path
    }
  }

  /// The provenance recorded in the file, when it has one in structured form.
  public var provenance: ResultProvenance? {
    switch self {
    case .evaluation(let result, _): result.provenance
    case .sweep(let result, _): result.provenance
    case .journal, .records: nil
    }
  }

  /// Reads and recognises `url`. Errors name the file and, for JSON, the coding path.
  public static func load(_ url: URL) throws -> ReportInput {
    let path = url.path
    if let head = try? FileHandle(forReadingFrom: url), let firstBytes = try? head.read(upToCount: 256),
      String(decoding: firstBytes, as: UTF8.self).contains("\"lookahead-tune-journal\"")
    {
      try? head.close()
      guard let read = try TuningJournal(url: url).read() else {
        throw TraceInputError(file: path, location: .file, field: nil, problem: "cannot read the journal")
      }
      return .journal(read.header, read.trials, path: path)
    }
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw TraceInputError(file: path, location: .file, field: nil, problem: "cannot read: \(error.localizedDescription)")
    }
    return try parse(data, path: path)
  }

  /// Recognises and decodes `data` read from `path`.
  public static func parse(_ data: Data, path: String) throws -> ReportInput {
    let text = String(decoding: data, as: UTF8.self)
    let firstLine = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
    let trimmed = text.drop { $0.isWhitespace }
    if firstLine.contains("\"lookahead-tune-journal\"") {
      let read = try TuningJournal.parse(data, path: path)
      return .journal(read.header, read.trials, path: path)
    }
    if trimmed.hasPrefix("{") {
      let decoder = JSONDecoder()
      decoder.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
      let isEvaluation = text.contains("\"evaluationProtocol\"") && text.contains("\"comparisons\"")
      if !isEvaluation, let kind = Self.otherResult(data) {
        throw TraceInputError(file: path, location: .file, field: "format", problem: kind)
      }
      if let problem = Self.invalidJSON(data, path: path, text: text) { throw problem }
      // An object with neither a sweep's curves nor any result's provenance was decoded as a sweep
      // and refused at `$.provenance` as "expected a sweep result": a device profile, a tune's
      // best configuration, a recording, `{}`.
      if !isEvaluation, !text.contains("\"curves\""), !text.contains("\"provenance\"") {
        throw notAResult(data, path: path)
      }
      do {
        if isEvaluation {
          return .evaluation(try decoder.decode(EvaluationResult.self, from: data), path: path)
        }
        return .sweep(try decoder.decode(SweepResult.self, from: data), path: path)
      } catch let error as DecodingError {
        throw Self.describe(error, path: path, expected: isEvaluation ? "an evaluate/compare result" : "a sweep result")
      }
    }
    let header = text.split(separator: "\n").first { !$0.hasPrefix("#") }.map(String.init) ?? ""
    if PredictionRecordTable.isRecordsHeader(header) {
      return .records(try PredictionRecordTable.parse(text, path: path))
    }
    throw notAResult(data, path: path)
  }

  /// The refusal of a file that is none of the results `report` reads, naming what it is when it
  /// is another file the workbench writes.
  static func notAResult(_ data: Data, path: String) -> TraceInputError {
    let kind = WorkbenchFileKind.identify(data).map { ": it is \($0.summary)" } ?? ""
    return TraceInputError(
      file: path, location: .file, field: nil,
      problem: "not a result lookahead report reads\(kind) (expected the --json of evaluate, compare or sweep, "
        + "a tune journal, or the CSV of evaluate --records)")
  }

  /// What to do instead, when `data` is another command's result (a top-level `format` of a
  /// tune result or a training result), which `report` does not read; `nil` otherwise.
  static func otherResult(_ data: Data) -> String? {
    guard let format = ResultJSON.format(of: data) else { return nil }
    switch format {
    case "lookahead-tune-result":
      return "\(format) (a tune's result summary); report reads the tune's journal (tune --journal FILE), "
        + "which holds every trial"
    case "lookahead-train-result", "lookahead-train-mlp-result", "lookahead-train-mlp-crossfit-result":
      return "\(format) (a training result); report does not read it: export the model (export --from-train) "
        + "and report `evaluate --model M --json` or `compare … --json`"
    default:
      return nil
    }
  }

  /// Why `data` is not JSON at all (a truncated or damaged file), with the line where the parser
  /// stopped when it says, and what the file looks like it was; `nil` for valid JSON. Without this
  /// a truncated `compare` result, cut before the keys that mark it, was decoded as a sweep and
  /// described as "The given data was not valid JSON. (expected a sweep result)".
  static func invalidJSON(_ data: Data, path: String, text: String) -> TraceInputError? {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return nil
    } catch {
      let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
      var location = TraceInputError.Location.file
      if let range = detail.range(of: #"character \d+"#, options: .regularExpression),
        let offset = Int(detail[range].dropFirst("character ".count))
      {
        location = .line(data.prefix(offset).reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) })
      }
      let truncated = detail.localizedCaseInsensitiveContains("end of file")
      if truncated, case .file = location {
        // Where the file ends: its last line.
        location = .line(text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0))
      }
      let kind: String? =
        text.contains("\"curves\"") ? "a sweep result"
        : text.contains("\"comparisons\"") || text.contains("\"subjects\"") || text.contains("\"protocolRows\"")
          ? "an evaluate/compare result" : nil
      let cause = detail.hasSuffix(".") ? String(detail.dropLast()) : detail
      return TraceInputError(
        file: path, location: location, field: nil,
        problem: "not valid JSON (\(cause))" + (truncated ? "; the file ends before the JSON does (truncated?)" : "")
          + (kind.map { "; it looks like \($0)" } ?? ""))
    }
  }

  static func describe(_ error: DecodingError, path: String, expected: String) -> TraceInputError {
    let jsonPath = JSONPath.text(of:)
    switch error {
    case .keyNotFound(let key, let context):
      return TraceInputError(
        file: path, location: .jsonPath(jsonPath(context.codingPath + [key])), field: key.stringValue,
        problem: "missing; expected \(expected)")
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      return TraceInputError(
        file: path, location: .jsonPath(jsonPath(context.codingPath)), field: context.codingPath.last?.stringValue,
        problem: context.debugDescription + " (expected \(expected))")
    @unknown default:
      return TraceInputError(file: path, location: .file, field: nil, problem: "\(error)")
    }
  }
}
