import Foundation

/// What a file the workbench wrote is, told from its content, so that a file given where another
/// kind belongs is refused with what it is and the option that takes it.
///
/// The path from a run to an app passes several files of similar names (`k.json`, `k.jsonl`,
/// `k.tune.json`, `m.json`, `m.train.json`, `m.model`), and each slot read only its own kind: a
/// training's `m.json` given to `evaluate --predictor-file` said `at $.family: unknown field
/// (expected "predictor" and "parameters")`, a model file there `The given data was not valid
/// JSON`, a tune's `k.json` given to `export --from-train` `k.train.json: cannot read the file`,
/// and a training's `m.json` given to `export --from-tune` `not a tuning journal header
/// (DecodingError…)`. ``misplaced(_:in:)`` names the file's kind and the option that reads it.
public enum WorkbenchFileKind: Equatable, Sendable {
  /// `lookahead export`'s model file.
  case model
  /// `tune --journal`.
  case tuneJournal
  /// `tune --out`'s `NAME.tune.json` (or `tune --json`).
  case tuneResult
  /// `tune --out`'s configuration: a predictor config file (`{"predictor", "parameters"}`).
  case tuneConfiguration
  /// `train -o`'s `NAME.train.json` (or `train --json`), of any family.
  case trainResult
  /// `train -o`'s model configuration (`{"family", "parameters", "stages"}`).
  case trainConfiguration
  /// A Lookahead trace file.
  case trace
  /// A session file saved by the recorder page.
  case browserRecording
  /// A device profile (`--profile FILE`, `datasets profile -o`).
  case deviceProfile
  /// `evaluate`, `compare` or `sweep --json` (or `-o`): a scored result, which `report` reads.
  case evaluationResult

  /// Where a file is given, each slot reading one or a few kinds.
  public enum Slot: Sendable {
    /// `evaluate`/`compare`/`sweep --predictor-file`.
    case predictorFile
    /// `--model`.
    case model
    /// `export --from-tune`.
    case fromTune
    /// `export --from-train`.
    case fromTrain
  }

  /// The kind of `data`, or nil when it is none of these (or damaged past telling).
  public static func identify(_ data: Data) -> WorkbenchFileKind? {
    if PredictorConfigurationFile.isModelFile(data) { return .model }
    let start = data.prefix(64 * 1024)
    let text = String(decoding: start.prefix(4096), as: UTF8.self)
    if text.hasPrefix("# lookahead-trace:") { return .trace }
    let firstLine = start.prefix { $0 != 0x0A }
    if firstLine.count < data.count, ResultJSON.format(of: Data(firstLine)) == "lookahead-tune-journal" {
      return .tuneJournal
    }
    switch ResultJSON.format(of: data) {
    case "lookahead-tune-journal": return .tuneJournal
    case "lookahead-tune-result": return .tuneResult
    case "lookahead-train-result", "lookahead-train-mlp-result", "lookahead-train-mlp-crossfit-result": return .trainResult
    case BrowserRecording.formatName: return .browserRecording
    default: break
    }
    if isEvaluationResult(data) { return .evaluationResult }
    if PredictorConfigurationFile.isConfiguration(data) { return .trainConfiguration }
    struct Item: Decodable { var predictor: String }
    if (try? JSONDecoder().decode(Item.self, from: data)) != nil || (try? JSONDecoder().decode([Item].self, from: data)) != nil {
      return .tuneConfiguration
    }
    // A profile's reader refuses unknown fields, so only a profile decodes as one.
    if (try? DeviceProfile.decode(data, file: "")) != nil { return .deviceProfile }
    return nil
  }

  /// Whether `data` is a result of `evaluate`, `compare` or `sweep`: an object whose provenance
  /// names one of those commands (it has no `format` field of its own).
  static func isEvaluationResult(_ data: Data) -> Bool {
    struct Result: Decodable {
      struct Provenance: Decodable { var command: String }
      var provenance: Provenance
    }
    guard let result = try? JSONDecoder().decode(Result.self, from: data) else { return false }
    return ["evaluate", "compare", "sweep"].contains(result.provenance.command)
  }

  /// What the file is, in a few words with the command that writes it.
  public var summary: String {
    switch self {
    case .model: "a model file (written by `lookahead export`)"
    case .tuneJournal: "a tuning journal (`lookahead tune --journal`)"
    case .tuneResult: "a tune's result (the NAME.tune.json `lookahead tune --out` writes)"
    case .tuneConfiguration: "a predictor config file (the best configuration `lookahead tune --out` writes)"
    case .trainResult: "a training's result (the NAME.train.json `lookahead train -o` writes)"
    case .trainConfiguration: "a model configuration (what `lookahead train -o` writes)"
    case .trace: "a Lookahead trace file (data, not a result)"
    case .browserRecording: "a browser recording (`lookahead recorder`)"
    case .deviceProfile: "a device profile (as `datasets profile -o` or `replay profiles --json` writes)"
    case .evaluationResult: "a scored result (the --json of evaluate, compare or sweep)"
    }
  }

  /// Whether `slot` reads this kind.
  func fits(_ slot: Slot) -> Bool {
    switch slot {
    case .predictorFile: self == .tuneConfiguration
    case .model: self == .model
    case .fromTune: [.tuneJournal, .tuneResult, .tuneConfiguration].contains(self)
    case .fromTrain: [.trainResult, .trainConfiguration].contains(self)
    }
  }

  /// What to do with `file`, a file of this kind, instead.
  func remedy(for file: String) -> String {
    switch self {
    case .model: "give it with --model (evaluate, compare, sweep, predict)"
    case .tuneJournal, .tuneResult, .tuneConfiguration:
      "export it with `lookahead export --from-tune \(file) -o M.model`, then give --model M.model"
        + (self == .tuneConfiguration ? " (or score it as it is with --predictor-file)" : "")
    case .trainResult, .trainConfiguration:
      "export it with `lookahead export --from-train \(file) -o M.model`, then give --model M.model"
    case .trace: "give it as a dataset (the positional argument)"
    case .browserRecording: "give it as a dataset, or to `lookahead datasets profile` for its device profile"
    case .deviceProfile: "give it with --profile (evaluate, compare, sweep, replay, tune, export)"
    case .evaluationResult: "give it to `lookahead report` for tables and figures"
    }
  }

  /// The refusal for the file at `url` given in `slot`, when its content says it is a workbench
  /// file of another kind: `is KIND, not WANTED: REMEDY`. Nil when it fits the slot, is
  /// unreadable or is none of the kinds (the slot's own reader then says what is wrong).
  public static func misplaced(_ url: URL, in slot: Slot) -> String? {
    guard let data = try? Data(contentsOf: url) else { return nil }
    return misplaced(data, named: url.relativePath, in: slot)
  }

  /// ``misplaced(_:in:)`` for a file already read, named `file` in the remedy.
  public static func misplaced(_ data: Data, named file: String, in slot: Slot) -> String? {
    guard let kind = identify(data), !kind.fits(slot) else { return nil }
    return "is \(kind.summary), not \(slot.wanted): \(kind.remedy(for: file))"
  }
}

extension WorkbenchFileKind.Slot {
  /// What the slot reads.
  var wanted: String {
    switch self {
    case .predictorFile: "a predictor config file ({\"predictor\", \"parameters\"}, as `tune --out` writes)"
    case .model: "a model file (`lookahead export`)"
    case .fromTune: "a tune's journal, result or --out configuration"
    case .fromTrain: "a training's -o configuration or its NAME.train.json"
    }
  }
}

/// A file given where another kind belongs (``WorkbenchFileKind/misplaced(_:in:)``), naming it.
public struct MisplacedFileError: Error, CustomStringConvertible, Sendable {
  public var path: String
  public var problem: String
  public init(path: String, problem: String) {
    self.path = path
    self.problem = problem
  }
  public var description: String { "\(path): \(problem)" }
}
