import Foundation
import Testing

/// `--split "train=A;test=C"` with `--test` data scored the `--test` data alone and still recorded
/// `test=C` in provenance.split; `train --family mlp --split "train=A;validation=C" --test D` was
/// refused with "gives 1 folds". A split naming test= writers with --test is now refused before
/// the data (naming both options); a split of train= (and validation=) writers with --test runs.
/// `--split holdout=F,seed=S` with `--test` data left the drawn writers out of training and never
/// scored them; it is refused the same way.
@Suite("--split test= writers and --test data")
struct SplitWithTestDataTests {
  static let training = "Henze2017-MobileHCI:Fitts:writer=participant1,participant2,participant3"
  static let testData = "Henze2017-MobileHCI:Write:writer=participant4"

  @Test("train (both families) and tune refuse test= writers or a holdout with --test, before the data",
    arguments: ["train=participant1,participant2;test=participant3", "holdout=0.25,seed=1"])
  func testWritersWithTestDataRefused(split: String) throws {
    let dir = DatasetsCommandTests.temporaryURL("split-test-data")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let bad = dir.appendingPathComponent("bad.csv")
    try Data("hello\nworld\n".utf8).write(to: bad)
    let cases: [[String]] = [
      ["train", "--split", split, "--test", Self.testData, bad.path],
      ["train", "--family", "mlp", "--hidden", "4", "--epochs", "2", "--split", split, "--test", Self.testData, bad.path],
      ["tune", "--predictor", "linear", "--trials", "2", "--split", split, "--test", Self.testData, bad.path],
    ]
    for arguments in cases {
      let run = try DatasetsCommandTests.run(arguments)
      #expect(run.status == 1, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains("error: --split \(split) ") && run.stderr.contains("--test"), "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains("give one of them"), "\(arguments): \(run.stderr)")
      #expect(!run.stderr.contains("bad.csv"), "\(arguments): \(run.stderr)")
    }
  }

  @Test("a split without test= plus --test data trains, tunes and early-stops, scoring the --test data")
  func splitWithoutTestWritersAccepted() throws {
    let cases: [(arguments: [String], train: [String])] = [
      (["train", "--split", "train=participant1,participant2"], ["participant1", "participant2"]),
      (["tune", "--predictor", "linear", "--trials", "2", "--split", "train=participant1,participant2"], ["participant1", "participant2"]),
      (["train", "--family", "mlp", "--hidden", "4", "--epochs", "1", "--split", "train=participant1;validation=participant3"],
       ["participant1", "participant3"]),
    ]
    for (arguments, train) in cases {
      let run = try DatasetsCommandTests.run(arguments + ["--test", Self.testData, Self.training, "--json", "--quiet"])
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
      let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
      let provenance = json?["provenance"] as? [String: Any]
      #expect(provenance?["testWriters"] as? [String] == ["participant4"], "\(arguments): \(run.stdout.prefix(400))")
      #expect(Set(provenance?["trainWriters"] as? [String] ?? []) == Set(train), "\(arguments): \(String(describing: provenance))")
    }
  }
}
