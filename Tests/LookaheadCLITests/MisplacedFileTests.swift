import Foundation
import LookaheadKit
import Testing

/// A researcher's files from one run (a tune's journal, `--out` and `.tune.json`, a training's
/// `-o` and `.train.json`, exported models, their own trace) given in the wrong slot: each is
/// refused naming what the file is and the option that reads it, where the slot's own reader
/// used to say something about JSON (`at $.family: unknown field (expected "predictor" and
/// "parameters")`, `The given data was not valid JSON`, `k.train.json: cannot read the file`,
/// `not a tuning journal header (DecodingError…)`, `is not valid JSON (truncated?)`).
@Suite("a workbench file given where another kind belongs is named", .serialized)
struct MisplacedFileTests {
  /// A small trace of four writers, two 240 Hz strokes each, in the documented trace format.
  static func trace() -> String {
    var lines = [
      "# lookahead-trace: 2", "# source: mine", "# device: tablet", "# digitizer_rate_hz: 240",
      "# coordinate_unit: pt", "# millimetres_per_unit: 0.192", "# licence: CC0",
      "record,stroke,index,t,x,y,pressure,altitude,azimuth,phase,estimated,property,value,estimated_value,arrival_t,writer,origin,pointer_type",
    ]
    var stroke = 0
    for (w, writer) in ["alice", "bob", "carol", "dave"].enumerated() {
      for s in 0..<2 {
        let start = Double(stroke) * 2
        for i in 0..<60 {
          let a = Double(i) / 60 * 4 + Double(w + s)
          let phase = i == 0 ? "down" : i == 59 ? "up" : "move"
          lines.append(
            "sample,\(stroke),\(i),\(start + Double(i) / 240),\(200 + 80 * cos(a) + Double(i)),\(200 + 50 * sin(a)),,,,\(phase),0,,,,,\(writer),s\(stroke),pen")
        }
        stroke += 1
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Runs `arguments` in `dir` and returns the result.
  static func run(_ arguments: [String], in dir: URL) throws -> DatasetsCommandTests.Result {
    try DatasetsCommandTests.run(arguments, in: dir)
  }

  @Test("tune and train outputs, model files and traces in the wrong slot name their kind and the option that takes them")
  func wrongSlots() throws {
    let dir = DatasetsCommandTests.temporaryURL("misplaced")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.trace().write(to: dir.appendingPathComponent("mine.lktrace.csv"), atomically: true, encoding: .utf8)
    let tune = try Self.run(
      ["tune", "--predictor", "kalman", "--split", "holdout=0.25,seed=1", "--trials", "2", "--journal", "k.jsonl",
       "--out", "k.json", "--quiet", "mine.lktrace.csv"], in: dir)
    #expect(tune.status == 0, "\(tune.stderr)")
    let train = try Self.run(
      ["train", "--family", "mlp", "--mlp-history", "2", "--hidden", "4", "--epochs", "1", "--quiet",
       "--split", "holdout=0.25,seed=1", "-o", "m.json", "mine.lktrace.csv"], in: dir)
    #expect(train.status == 0, "\(train.stderr)")
    let export = try Self.run(["export", "--from-tune", "k.jsonl", "-o", "k.model"], in: dir)
    #expect(export.status == 0, "\(export.stderr)")

    let cases: [(arguments: [String], expected: String)] = [
      (["evaluate", "--predictor-file", "k.model", "mine.lktrace.csv"],
       "k.model: at $: is a model file (written by `lookahead export`), not a predictor config file"),
      (["evaluate", "--predictor-file", "m.json", "mine.lktrace.csv"],
       "is a model configuration (what `lookahead train -o` writes), not a predictor config file ({\"predictor\", \"parameters\"}, as `tune --out` writes): export it with `lookahead export --from-train m.json -o M.model`, then give --model M.model"),
      (["compare", "linear", "--predictor-file", "k.jsonl", "mine.lktrace.csv"],
       "is a tuning journal (`lookahead tune --journal`), not a predictor config file"),
      (["evaluate", "--model", "m.json", "mine.lktrace.csv"],
       "m.json: is a model configuration (what `lookahead train -o` writes), not a model file (`lookahead export`): export it with `lookahead export --from-train m.json -o M.model`"),
      (["predict", "--model", "k.json", "mine.lktrace.csv"],
       "k.json: is a predictor config file (the best configuration `lookahead tune --out` writes), not a model file (`lookahead export`): export it with `lookahead export --from-tune k.json -o M.model`"),
      (["export", "--from-train", "k.json", "-o", "x.model"],
       "k.json: is a predictor config file (the best configuration `lookahead tune --out` writes), not a training's -o configuration or its NAME.train.json: export it with `lookahead export --from-tune k.json"),
      (["export", "--from-train", "k.tune.json", "-o", "x.model"], "is a tune's result"),
      (["export", "--from-tune", "m.json", "-o", "x.model"],
       "m.json: is a model configuration (what `lookahead train -o` writes), not a tune's journal, result or --out configuration: export it with `lookahead export --from-train m.json"),
      (["export", "--from-tune", "m.train.json", "-o", "x.model"], "is a training's result"),
      (["export", "--from-tune", "k.model", "-o", "x.model"], "k.model: is a model file (written by `lookahead export`), not a tune's journal"),
      (["export", "--from-train", "mine.lktrace.csv", "-o", "x.model"], "is a Lookahead trace file (data, not a result)"),
      (["datasets", "profile", "mine.lktrace.csv"],
       "mine.lktrace.csv:1: field 'format': is a lookahead-trace file, not a browser recording: a device profile is measured from a session saved by the recorder page"),
      (["datasets", "profile", "k.model"], "is a model file (written by `lookahead export`), not a browser recording"),
    ]
    for (arguments, expected) in cases {
      let result = try Self.run(arguments, in: dir)
      #expect(result.status == 1, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.model").path))

    // Each file still works in its own slot.
    for arguments in [
      ["evaluate", "--predictor-file", "k.json", "mine.lktrace.csv"], ["evaluate", "--model", "k.model", "mine.lktrace.csv"],
      ["export", "--from-tune", "k.json", "-o", "t.model"], ["export", "--from-train", "m.json", "-o", "m.model"],
    ] {
      let result = try Self.run(arguments, in: dir)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
  }

  @Test("the content tells the kinds apart")
  func identify() {
    #expect(WorkbenchFileKind.identify(Data("lookahead-model 1 crc32=00000000\n{}".utf8)) == .model)
    #expect(WorkbenchFileKind.identify(Data(Self.trace().utf8)) == .trace)
    #expect(WorkbenchFileKind.identify(Data((#"{"format":"lookahead-tune-journal"}"# + "\n{}\n").utf8)) == .tuneJournal)
    #expect(WorkbenchFileKind.identify(Data(#"{"format":"lookahead-tune-result"}"#.utf8)) == .tuneResult)
    #expect(WorkbenchFileKind.identify(Data(#"{"format":"lookahead-train-mlp-result"}"#.utf8)) == .trainResult)
    #expect(WorkbenchFileKind.identify(Data(#"{"family":"kalman","parameters":{}}"#.utf8)) == .trainConfiguration)
    #expect(WorkbenchFileKind.identify(Data(#"{"predictor":"kalman","parameters":{}}"#.utf8)) == .tuneConfiguration)
    #expect(WorkbenchFileKind.identify(Data(#"[{"predictor":"kalman"}]"#.utf8)) == .tuneConfiguration)
    #expect(WorkbenchFileKind.identify(Data("time,x,y\n1,2,3\n".utf8)) == nil)
    #expect(WorkbenchFileKind.identify(Data(#"{"predictor":3}"#.utf8)) == nil)
  }
}
