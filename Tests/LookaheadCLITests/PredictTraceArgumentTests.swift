import Foundation
import Testing
import _LookaheadTestSupport

/// `predict --help` said its trace was a "Dataset name or trace file", but predict reads it as
/// replay does: a subset (NAME:SUBSET) and a folder work too. The help now says so.
@Suite("predict's trace argument")
struct PredictTraceArgumentTests {
  @Test("predict --help names a subset and a folder, and predict reads both")
  func subsetAndFolder() throws {
    let entry = try #require(
      try DatasetsCommandTests.run(["predict", "--help"]).stdout.components(separatedBy: "ARGUMENTS:").last)
    #expect(entry.contains("NAME:SUBSET") && entry.contains("trace file or folder"), "\(entry)")

    let dir = DatasetsCommandTests.temporaryURL("predict-trace")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let exported = try MisplacedFileTests.run(["export", "--predictor", "hold", "--dataset", "Inkable-ApplePencil", "-o", "h.model"], in: dir)
    #expect(exported.status == 0, "\(exported.stderr)")
    let folder = SharedDatasets.repositoryRoot.appendingPathComponent("Datasets/Inkable-ApplePencil").path
    for trace in ["Henze2017-MobileHCI:Fitts", folder] {
      let result = try MisplacedFileTests.run(["predict", "--model", "h.model", trace], in: dir)
      #expect(result.status == 0, "\(trace): \(result.stderr)")
      #expect(result.stdout.contains("\nstroke,frame,"), "\(trace): \(result.stdout.prefix(300))")
    }
  }
}
