import Foundation
import Testing

/// `worker --help` said its --profile "also drives replay-based objectives and the Pareto
/// front", tune's words: worker scores trials and has no Pareto front (no --pareto). The shared
/// text now puts the front in tune.
@Suite("worker's --profile help")
struct WorkerProfileHelpTests {
  @Test("worker's --profile does not promise a Pareto front worker does not make; tune's still names it")
  func paretoFrontIsTunes() throws {
    let worker = try #require(try SharedOptionGroupTests.helpEntry("--profile", in: ["worker"]))
    #expect(try SharedOptionGroupTests.helpEntry("--pareto", in: ["worker"]) == nil)
    #expect(!worker.contains("and the Pareto front"), "\(worker)")
    #expect(worker.contains("in tune, the Pareto front"), "\(worker)")
    #expect(try SharedOptionGroupTests.helpEntry("--pareto", in: ["tune"]) != nil)
  }
}
