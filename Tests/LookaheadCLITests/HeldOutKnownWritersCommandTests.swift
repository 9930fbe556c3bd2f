import Foundation
import Testing

/// `--test` data of another task of the training dataset holds no stroke the run saw, but its
/// writers were trained on: `train --test Henze2017-MobileHCI:Write Henze2017-MobileHCI:Fitts`
/// printed "held-out writers (never trained on): participant1, …", a new-writer claim the score
/// does not support. tune, train and train --family mlp now say which writers the training data
/// has too (HeldOutWritersLine), and keep "held-out writers" for writers it does not.
@Suite("tune and train say when their --test writers are also training writers")
struct HeldOutKnownWritersCommandTests {
  static let training = "Henze2017-MobileHCI:Fitts:writer=participant1,participant2"
  static let knownWriter = "Henze2017-MobileHCI:Write:writer=participant1"

  static let commands: [(never: String, arguments: [String])] = [
    ("never trained on", ["train", "--history", "2", "--lambdas", "1e-6"]),
    ("never trained or selected on", ["train", "--family", "mlp", "--hidden", "4", "--epochs", "1"]),
    ("never seen by the search", ["tune", "--predictor", "linear", "--trials", "2"]),
  ]

  @Test("another task of the same writer: held-out data, the writer named as a training writer", arguments: [0, 1, 2])
  func knownWriterNamed(_ index: Int) throws {
    let (never, arguments) = Self.commands[index]
    let run = try DatasetsCommandTests.run(arguments + ["--quiet", "--test", Self.knownWriter, Self.training])
    try #require(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.contains(
        "held-out data (\(never)): participant1; of these, participant1 is also a training writer "
          + "(other recordings of Henze2017-MobileHCI), so this is not a score on new writers"),
      "\(run.stdout)")
    #expect(!run.stdout.contains("held-out writers"), "\(run.stdout)")
  }

  @Test("another dataset's writer: held-out writers, as before")
  func newWriterUnchanged() throws {
    let run = try DatasetsCommandTests.run(
      Self.commands[0].arguments + ["--quiet", "--test", "Inkable-ApplePencil", Self.training])
    try #require(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("held-out writers (never trained on): adamwulf"), "\(run.stdout)")
    #expect(!run.stdout.contains("also a training writer"), "\(run.stdout)")
  }
}
