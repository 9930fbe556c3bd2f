import Foundation
import LookaheadKit
import LookaheadRuntime
@testable import lookahead
import Testing

/// `tune` and `train` take `--jobs` as `evaluate` does: the cores to use, never the result
/// (`SharedOptionGroupTests` checks that every command refuses fewer than one).
@Suite("--jobs on tune and train")
struct JobsOptionTests {
  static func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test("tune with --jobs 1 and --jobs 2 finds the same best configuration and score")
  func tuneJobs() throws {
    func best(_ jobs: String) throws -> [String: Any] {
      let run = try DatasetsCommandTests.run([
        "tune", "--predictor", "linear", "--params", "horizon-cap=0.005..0.08", "--strategy", "grid", "--trials", "4",
        "--split", "holdout=0.25,seed=1", "--pareto", "0", "--json", "--quiet", "--jobs", jobs, "Henze2017-MobileHCI:Fitts",
      ])
      #expect(run.status == 0, "\(run.stderr)")
      return try #require(try Self.json(run.stdout)["best"] as? [String: Any])
    }
    let one = try best("1"), two = try best("2")
    #expect(one["bestSpecification"] as? String == two["bestSpecification"] as? String)
    #expect(one["bestObjective"] as? Double == two["bestObjective"] as? Double)
    #expect(one["bestSpecification"] != nil)
  }

  /// Every number in a JSON value, in document order (keys sorted).
  static func numbers(_ value: Any) -> [Double] {
    switch value {
    case let number as NSNumber: return [number.doubleValue]
    case let array as [Any]: return array.flatMap(numbers)
    case let object as [String: Any]: return object.keys.sorted().flatMap { numbers(object[$0]!) }
    default: return []
    }
  }

  /// Training sums its normal equations per core, so the cores used change the model's last bits
  /// (as running on a machine with more cores always has): the same `--jobs` gives the same model,
  /// and 1 or 2 cores agree to rounding.
  @Test("train with the same --jobs writes the same model, and with 1 or 2 the same to rounding")
  func trainJobs() throws {
    let folder = DatasetsCommandTests.temporaryURL("train-jobs")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func train(_ jobs: String, _ name: String) throws -> Data {
      let model = folder.appendingPathComponent("\(name).json")
      let run = try DatasetsCommandTests.run([
        "train", "--split", "holdout=0.25,seed=1", "--history", "4", "--lambdas", "1e-6", "--jobs", jobs,
        "-o", model.path, "Henze2017-MobileHCI:Fitts",
      ])
      #expect(run.status == 0, "\(run.stderr)")
      return try Data(contentsOf: model)
    }
    let two = try train("2", "a"), again = try train("2", "b"), one = try train("1", "c")
    #expect(two == again)
    let twoNumbers = Self.numbers(try JSONSerialization.jsonObject(with: two))
    let oneNumbers = Self.numbers(try JSONSerialization.jsonObject(with: one))
    #expect(twoNumbers.count == oneNumbers.count && twoNumbers.count > 8)
    for (a, b) in zip(twoNumbers, oneNumbers) {
      #expect(abs(a - b) <= 1e-9 * max(1, abs(a)), "\(a) vs \(b)")
    }
  }

  /// A network's rows are built and its held-out windows scored on `--jobs` cores, as its data is
  /// loaded; they were built on every core whatever `--jobs` said (neither result depends on it),
  /// so `train --family mlp --jobs 1` still took every core. The Henze 2017 table's options come
  /// from the same place.
  @Test("train --family mlp builds its rows and scores on --jobs cores")
  func mlpJobs() throws {
    for jobs in [1, availableCoreCount + 1] {
      let command = try TrainCommand.parse(["--family", "mlp", "--jobs", String(jobs), "Inkable-ApplePencil"])
      #expect(try command.mlpTrainerOptions(horizons: [0.016], stages: PredictorStages()).parts == jobs)
    }
    let unlimited = try TrainCommand.parse(["--family", "mlp", "Inkable-ApplePencil"])
    #expect(try unlimited.mlpTrainerOptions(horizons: [0.016], stages: PredictorStages()).parts == availableCoreCount)
  }

  /// `--henze-combine` makes the table from fold lines already trained: it loads and trains
  /// nothing, so `--jobs` would be accepted and ignored.
  @Test("train --henze2017 --family mlp --henze-combine refuses --jobs")
  func combineRefusesJobs() throws {
    let lines = DatasetsCommandTests.temporaryURL("folds.jsonl")
    try Data().write(to: lines)
    defer { try? FileManager.default.removeItem(at: lines) }
    let run = try DatasetsCommandTests.run([
      "train", "--henze2017", "--family", "mlp", "--henze-combine", lines.path, "--jobs", "2",
    ])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.contains("--jobs") && run.stderr.contains("--henze-combine"), "\(run.stderr)")
  }

  /// Nor does it load a dataset, so `--data-dir` would be accepted and ignored as well.
  @Test("train --henze2017 --family mlp --henze-combine refuses --data-dir")
  func combineRefusesDataDirectory() throws {
    let lines = DatasetsCommandTests.temporaryURL("folds.jsonl")
    try Data().write(to: lines)
    defer { try? FileManager.default.removeItem(at: lines) }
    let run = try DatasetsCommandTests.run([
      "train", "--henze2017", "--family", "mlp", "--henze-combine", lines.path, "--data-dir", "/tmp",
    ])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.contains("--data-dir with --henze-combine"), "\(run.stderr)")
  }
}
