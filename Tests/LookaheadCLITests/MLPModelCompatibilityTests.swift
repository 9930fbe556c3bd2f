import Foundation
import LookaheadRuntime
import Testing

/// A model file exported before MLP models could hold several networks (and before pen inputs)
/// must load and predict the same bits. The fixture (`Tests/Fixtures/mlp-single-network-v1.lookahead`, K = 2, one hidden
/// layer of 5) was trained and exported by the workbench at commit eb51f16, and its `predict` CSV
/// on the bundled Inkable trace written by that same build (the `#` header lines, which name the
/// file's path, left out); every number in it is printed in its shortest round-trip form.
@Suite("MLP model files from before ensembles")
struct MLPModelCompatibilityTests {
  static let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

  @Test("a single-network model file exported before ensembles predicts the same CSV, to the byte")
  func singleNetworkPredictsAsBefore() throws {
    let model = Self.fixtures.appendingPathComponent("mlp-single-network-v1.lookahead")
    let loaded = try LookaheadModel(contentsOf: model).file
    guard case .mlp(let parameters) = loaded.predictor.configuration.family else {
      Issue.record("fixture family is \(loaded.predictor.configuration.family.name)")
      return
    }
    #expect(parameters.members.count == 1 && parameters.additionalMembers == nil)
    // Written before pen inputs too: no key, so the network reads the 5K + 1 inputs it was made for.
    #expect(parameters.penInputs == nil && parameters.inputCount == 5 * parameters.historyCount + 1)
    // The CSV was written when `predict` replayed with seed 0 whatever the model recorded; it now
    // defaults to the model's own seed (1 here), so the fixture's replay is asked for by name.
    let predict = try DatasetsCommandTests.run(["predict", "--model", model.path, "--seed", "0", "Inkable-ApplePencil"])
    #expect(predict.status == 0, "\(predict.stderr)")
    let rows = predict.stdout.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("#") }
    let expected = try String(contentsOf: Self.fixtures.appendingPathComponent("mlp-single-network-v1.predict.csv"), encoding: .utf8)
    #expect(rows.joined(separator: "\n") == expected)
    #expect(rows.count > 280)
  }
}
