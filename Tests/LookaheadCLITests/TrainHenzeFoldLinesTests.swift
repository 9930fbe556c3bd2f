import Foundation
import Synchronization
import Testing

/// `train --henze2017 --family mlp` split into its folds (`--henze-fold-lines`, one process per
/// fold, as `lookahead-ray-folds` runs them) and put back together (`--henze-combine`) prints
/// what the in-process command prints, byte for byte (Docs/Distributed.md, "Training folds").
@Suite("train --henze2017 --family mlp, fold by fold")
struct TrainHenzeFoldLinesTests {
  /// A network small and short enough for a test: 2 hidden units, 1 epoch.
  static let small = ["train", "--henze2017", "--family", "mlp", "--hidden", "2", "--epochs", "1", "--patience", "1", "--quiet"]

  static func run(_ arguments: [String]) throws -> DatasetsCommandTests.Result {
    let result = try DatasetsCommandTests.run(arguments)
    #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.stderr)")
    return result
  }

  @Test("folds 2 and 1 trained in two processes and combined give the in-process table and JSON, to the byte, whatever --jobs")
  func combinedEqualsInProcess() throws {
    // The in-process table and JSON, and each fold alone in its own process, all at once.
    let runs = [
      Self.small + ["--henze-folds", "2,1"], Self.small + ["--henze-folds", "2,1", "--json"],
      Self.small + ["--henze-folds", "1", "--henze-fold-lines"], Self.small + ["--henze-folds", "2", "--henze-fold-lines"],
      Self.small + ["--henze-folds", "2,1", "--jobs", "1"], Self.small + ["--henze-folds", "2,1", "--jobs", "2"],
    ]
    let results = Mutex<[Int: Result<DatasetsCommandTests.Result, any Error>]>([:])
    DispatchQueue.concurrentPerform(iterations: runs.count) { k in
      let result = Result { try Self.run(runs[k]) }
      results.withLock { $0[k] = result }
    }
    let finished = results.withLock { $0 }
    let (inProcessText, inProcessJSON) = (try finished[0]!.get(), try finished[1]!.get())
    let (one, two) = (try finished[2]!.get(), try finished[3]!.get())
    // One fold at a time or two at once: the same table, to the byte.
    let (oneJob, twoJobs) = (try finished[4]!.get(), try finished[5]!.get())
    #expect(oneJob.stdout == twoJobs.stdout)
    #expect(oneJob.stdout == inProcessText.stdout)
    // The file holds the folds in the order they finished (1, then 2), not the table's order.
    #expect(one.stdout.split(separator: "\n").count == 1 && two.stdout.split(separator: "\n").count == 1)
    let lines = DatasetsCommandTests.temporaryURL("folds.jsonl")
    defer { try? FileManager.default.removeItem(at: lines) }
    try Data((one.stdout + "\n" + two.stdout).utf8).write(to: lines)  // a blank line between is skipped

    let combinedText = try Self.run(Self.small + ["--henze-folds", "2,1", "--henze-combine", lines.path])
    let combinedJSON = try Self.run(Self.small + ["--henze-folds", "2,1", "--henze-combine", lines.path, "--json"])
    #expect(combinedText.stdout == inProcessText.stdout)
    #expect(combinedJSON.stdout == inProcessJSON.stdout)
    // The table is real: nine cells, and fold 2 is the second participant held out.
    let cells = try #require(try JSONSerialization.jsonObject(with: Data(combinedJSON.stdout.utf8)) as? [[String: Any]])
    #expect(cells.count == 9)
    let fold = try #require(try JSONSerialization.jsonObject(with: Data(two.stdout.utf8)) as? [String: Any])
    let participants = try #require(fold["participants"] as? [String])
    #expect(fold["fold"] as? Int == 2 && fold["heldOut"] as? String == participants[1])
    let listed = try Self.run(Self.small + ["--henze-participants"])
    #expect(listed.stdout == "{\"participants\":[" + participants.map { "\"\($0)\"" }.joined(separator: ",") + "]}\n")

    // Combining refuses what cannot be the table asked for, naming file, line and field.
    let other = try DatasetsCommandTests.run(
      Self.small.map { $0 == "1" ? "2" : $0 } + ["--henze-folds", "2,1", "--henze-combine", lines.path])
    #expect(other.status == 1)
    #expect(other.stderr.contains("\(lines.path):1, field setup: fold 1 was trained with other options"), "\(other.stderr)")
    let missing = try DatasetsCommandTests.run(Self.small + ["--henze-combine", lines.path])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("\(lines.path): fold 3 is missing (the file has folds 1,2)"), "\(missing.stderr)")
    // Folds of two BLAS kernels are not one training: refused on the later line.
    var retuned = try #require(try JSONSerialization.jsonObject(with: Data(two.stdout.utf8)) as? [String: Any])
    #expect((retuned["linearAlgebra"] as? String)?.contains(", kernel ") == true)
    retuned["linearAlgebra"] = "OpenBLAS (another build), kernel Elsewhere"
    let retunedLine = String(decoding: try JSONSerialization.data(withJSONObject: retuned, options: [.sortedKeys]), as: UTF8.self)
    try Data((one.stdout + retunedLine + "\n").utf8).write(to: lines)
    let mixed = try DatasetsCommandTests.run(Self.small + ["--henze-folds", "2,1", "--henze-combine", lines.path])
    #expect(mixed.status == 1)
    #expect(
      mixed.stderr.contains("\(lines.path):2, field linearAlgebra: fold 2 was trained on OpenBLAS (another build), kernel Elsewhere, but line 1 on"),
      "\(mixed.stderr)")
    try Data((one.stdout + "{\"fold\": 2}\n").utf8).write(to: lines)
    let broken = try DatasetsCommandTests.run(Self.small + ["--henze-folds", "1,2", "--henze-combine", lines.path])
    #expect(broken.status == 1)
    #expect(broken.stderr.contains("\(lines.path):2, field participants: missing"), "\(broken.stderr)")
  }

  @Test("the fold options need --henze2017 --family mlp, and one at a time")
  func refusedOutsideHenzeMLP() throws {
    let plain = try DatasetsCommandTests.run(["train", "--henze2017", "--henze-fold-lines"])
    #expect(plain.status == 1 && plain.stderr.contains("need --henze2017 --family mlp"), "\(plain.stderr)")
    let both = try DatasetsCommandTests.run(Self.small + ["--henze-fold-lines", "--henze-combine", "x.jsonl"])
    #expect(both.status == 1 && both.stderr.contains("give one"), "\(both.stderr)")
  }
}
