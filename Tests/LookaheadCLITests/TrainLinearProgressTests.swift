import Foundation
import Testing

/// The learned linear `train` printed nothing while it searched K and λ (44 s on the pooled
/// datasets in a debug build), on a terminal or in a log; it now prints a line per stage, plain so
/// a log keeps it, and `--quiet` silences them.
@Suite("train (learned linear) reports its stages")
struct TrainLinearProgressTests {
  @Test("a line per stage on a pipe, led by the seconds elapsed; none with --quiet")
  func stagesReachAPipe() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let arguments = [
      "train", "--split", "train=participant1,participant2;test=participant3", "--history", "2,4", "--lambdas", "1e-6",
      TrainMLPCommandTests.dataset,
    ]
    let run = try DatasetsCommandTests.run(arguments + ["-o", dir.appendingPathComponent("a.json").path])
    #expect(run.status == 0, "\(run.stderr)")
    let stages = run.stderr.split(separator: "\n").filter { $0.hasPrefix("[") }.map {
      String($0.drop { $0 != "]" }.dropFirst(2))
    }
    // One split: K and λ chosen once on the training writers (the shipped model reuses that
    // search), then the held-out writer scored.
    #expect(
      stages == [
        "the training writers: choosing K and λ (2 K × 1 λ) by cross-validation over 2 writers",
        "scoring 1 held-out writer",
      ], "\(run.stderr)")
    let quiet = try DatasetsCommandTests.run(arguments + ["-o", dir.appendingPathComponent("b.json").path, "--quiet"])
    #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    #expect(quiet.stdout == run.stdout.replacingOccurrences(of: "/a.", with: "/b."))
  }
}
