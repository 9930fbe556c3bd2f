import Foundation
import Testing

/// `evaluate` scores one predictor and `predict` runs one model, but ArgumentParser keeps the last
/// of a single-value option typed twice: `evaluate --model a --model b` scored b alone and exited
/// 0. The repeat is refused, naming the option and its values, and `evaluate` points to `compare`.
@Suite("a predictor option given twice is refused")
struct RepeatedPredictorOptionTests {
  static let model = MLPModelCompatibilityTests.fixtures.appendingPathComponent("mlp-single-network-v1.lookahead").path

  static func refused(_ arguments: [String], naming option: String, values: [String]) throws -> String {
    let run = try DatasetsCommandTests.run(arguments)
    #expect(run.status == 1, "\(arguments): \(run.stdout)")
    #expect(run.stdout.isEmpty, "\(arguments): \(run.stdout)")
    #expect(run.stderr.contains("\(option) is given \(values.count) times (\(values.joined(separator: ", ")))"),
            "\(arguments): \(run.stderr)")
    return run.stderr
  }

  @Test("evaluate --model twice, also as --model=PATH, names both files and compare")
  func evaluateModels() throws {
    let other = DatasetsCommandTests.temporaryURL("b.lookahead")
    try FileManager.default.copyItem(atPath: Self.model, toPath: other.path)
    defer { try? FileManager.default.removeItem(at: other) }
    for arguments in [["--model", Self.model, "--model", other.path], ["--model=\(Self.model)", "--model", other.path]] {
      let stderr = try Self.refused(
        ["evaluate"] + arguments + ["Inkable-ApplePencil"], naming: "--model", values: [Self.model, other.path])
      #expect(stderr.contains("`lookahead compare`"), "\(stderr)")
    }
    // One model is scored as before.
    let one = try DatasetsCommandTests.run(["evaluate", "--model", Self.model, "Inkable-ApplePencil"])
    #expect(one.status == 0, "\(one.stderr)")
  }

  @Test("evaluate --predictor twice is refused; a value after -- is not an option")
  func evaluatePredictors() throws {
    _ = try Self.refused(
      ["evaluate", "--predictor", "hold", "--predictor", "linear", "Inkable-ApplePencil"],
      naming: "--predictor", values: ["hold", "linear"])
    let positional = try DatasetsCommandTests.run(["evaluate", "--predictor", "hold", "--", "--predictor"])
    #expect(!positional.stderr.contains("is given"), "\(positional.stderr)")
  }

  /// `evaluate` given two different predictor options (or none) says to give one; two is a
  /// comparison, which `compare` does, and the message said nothing of it.
  @Test("evaluate with --predictor and --model, or --predictor-file, or none, points to compare")
  func evaluateTwoKinds() throws {
    let file = DatasetsCommandTests.temporaryURL("one-predictor.json")
    try Data(#"[{"family": "linear", "order": 1}]"#.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    for arguments in [["--predictor", "hold", "--model", Self.model], ["--predictor", "hold", "--predictor-file", file.path], []] {
      let run = try DatasetsCommandTests.run(["evaluate"] + arguments + ["Inkable-ApplePencil"])
      #expect(run.status == 1, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains("give exactly one of --predictor, --predictor-file and --model"), "\(run.stderr)")
      #expect(run.stderr.contains("`lookahead compare`"), "\(arguments): \(run.stderr)")
    }
  }

  @Test("predict --model twice is refused before any line is printed")
  func predictModels() throws {
    _ = try Self.refused(
      ["predict", "--model", Self.model, "--model", Self.model, "Inkable-ApplePencil"],
      naming: "--model", values: [Self.model, Self.model])
  }
}
