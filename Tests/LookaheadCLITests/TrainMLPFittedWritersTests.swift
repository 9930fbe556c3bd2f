import Foundation
import Testing

/// `train --family mlp` printed "trained on N rows of 2 writers" when one of the two was held
/// for early stopping, so its rows had only chosen the epoch: the network was fitted on one
/// writer. The line now counts the writers the rows came from, which the result records as
/// `fitWriters`.
@Suite("train --family mlp counts the writers it fitted on, not the early-stopping ones")
struct TrainMLPFittedWritersTests {
  @Test("two training writers, one held for early stopping: trained on rows of 1 writer")
  func countsFittedWriters() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("m.json")
    let train = try DatasetsCommandTests.run([
      "train", "--family", "mlp", "--hidden", "4", "--epochs", "1", "--quiet", "-o", out.path,
      "--test", "Henze2017-MobileHCI:Fitts:writer=participant3", "Henze2017-MobileHCI:Fitts:writer=participant1,participant2",
    ])
    try #require(train.status == 0, "\(train.stderr)")
    let result = try JSONDecoder().decode(
      Writers.self, from: Data(contentsOf: dir.appendingPathComponent("m.train.json")))
    #expect(Set(result.trainWriters) == ["participant1", "participant2"])
    #expect(result.validationWriters.count == 1)
    #expect(result.fitWriters == result.trainWriters.filter { !result.validationWriters.contains($0) })
    let line = try #require(train.stdout.split(separator: "\n").first { $0.hasPrefix("trained on ") }, "\(train.stdout)")
    #expect(line.contains(" rows of 1 writer; early stopping on "), "\(line)")
    #expect(line.hasSuffix(" rows of \(result.validationWriters[0])"), "\(line)")
  }

  /// The writer lists of a `.train.json` of the MLP family.
  struct Writers: Decodable {
    var trainWriters: [String]
    var validationWriters: [String]
    var fitWriters: [String]?
  }
}
