import Foundation
import Testing

/// `train --family mlp --split "train=A;validation=C;test=D"` recorded `validation=C` in
/// provenance.split and then early-stopped on writers drawn from A, never touching C: the record
/// said C chose the model when it did not. Named validation writers are now exactly the
/// early-stopping writers: never fitted (not in `fitWriters`) and never scored (not in `testWriters`).
@Suite("train --family mlp early-stops on the --split validation= writers")
struct TrainMLPSplitValidationTests {
  @Test("validation=participant3: early stopping on participant3, fitted on 1 and 2, scored on 4")
  func earlyStopsOnNamedWriters() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("m.json")
    let train = try DatasetsCommandTests.run([
      "train", "--family", "mlp", "--hidden", "4", "--epochs", "2", "--quiet", "-o", out.path,
      "--split", "train=participant1,participant2;validation=participant3;test=participant4",
      "Henze2017-MobileHCI:Fitts:writer=participant1,participant2,participant3,participant4",
    ])
    try #require(train.status == 0, "\(train.stderr)")
    let result = try JSONDecoder().decode(
      TrainMLPFittedWritersTests.Writers.self, from: Data(contentsOf: dir.appendingPathComponent("m.train.json")))
    #expect(result.validationWriters == ["participant3"])
    #expect(result.fitWriters == ["participant1", "participant2"])
    #expect(Set(result.trainWriters) == ["participant1", "participant2", "participant3"])
    let record = try JSONDecoder().decode(Tested.self, from: Data(contentsOf: dir.appendingPathComponent("m.train.json")))
    #expect(record.testWriters == ["participant4"])
    let line = try #require(train.stdout.split(separator: "\n").first { $0.hasPrefix("trained on ") }, "\(train.stdout)")
    #expect(line.contains(" rows of 2 writers; early stopping on "), "\(line)")
    #expect(line.hasSuffix(" rows of participant3"), "\(line)")
  }

  /// The scored writers of a `.train.json`.
  struct Tested: Decodable {
    var testWriters: [String]
  }
}
