import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// `sweep` bounds its steps: `--step-ms 1e-300` trapped (exit 132, "Double value cannot be
/// converted to Int") and `--step-ms 0.0001` (350,000 horizons) ran for more than ten minutes.
@Suite("lookahead sweep: at most HorizonSweep.maximumSteps steps")
struct SweepStepCountTests {
  static let mapping = ":t=time:ms,x,y,stroke=id"

  /// One stroke of 40 samples along x, `intervalMilliseconds` apart, as delimited text.
  static func lineTrace(intervalMilliseconds: Double) throws -> URL {
    let file = DatasetsCommandTests.temporaryURL("line.csv")
    let rows = (0..<40).map { "\(Double($0) * intervalMilliseconds),\(Double($0)),0,1" }
    try Data((["time,x,y,id"] + rows).joined(separator: "\n").utf8).write(to: file)
    return file
  }

  @Test("a step that makes too many horizons is refused with the step that would do", arguments: [
    ("1e-300", "3.5e+301 steps"), ("0.0001", "350000 steps"), ("0.0349", "1003 steps"),
  ])
  func tooSmallStep(step: String, steps: String) throws {
    let result = try DatasetsCommandTests.run([
      "sweep", "--predictor", "linear", "--step-ms", step, "--quiet", "Inkable-ApplePencil",
    ])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("--step-ms \(step) up to --max-ms 35.0 makes \(steps)"), "\(result.stderr)")
    #expect(result.stderr.contains("at most 1000"))
    #expect(result.stderr.contains("give --step-ms of at least 0.035 ms"), "\(result.stderr)")
  }

  /// 35 / 0.035 is exactly 1000 steps: the most a sweep takes, so 1001 horizons, 0 to 35 ms.
  @Test func largestSweepRuns() throws {
    #expect(HorizonSweep.stepCount(step: 0.035e-3, maximum: 0.035) == 1000)
    #expect(HorizonSweep.stepCount(step: 0.0349e-3, maximum: 0.035) == nil)
    #expect(HorizonSweep.stepCount(step: 1e-303, maximum: 0.035) == nil)
    #expect(HorizonSweep.horizons(step: 1e-303).count == HorizonSweep.maximumSteps + 1)
    let file = try Self.lineTrace(intervalMilliseconds: 4)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try DatasetsCommandTests.run([
      "sweep", "--predictor", "hold", "--step-ms", "0.035", "--csv", "--quiet", file.path + Self.mapping,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let rows = result.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst()
    #expect(rows.count == 1001)
  }

  /// The step read from the data (its delivered-sample period) is bounded too, and the refusal
  /// names the dataset: samples every 0.25 ms swept to 1000 ms make 4000 steps.
  @Test func stepFromTheData() throws {
    let file = try Self.lineTrace(intervalMilliseconds: 0.25)
    defer { try? FileManager.default.removeItem(at: file) }
    let reference = file.path + Self.mapping
    let refused = try DatasetsCommandTests.run(["sweep", "--predictor", "linear", "--max-ms", "1000", "--quiet", reference])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("\(reference)'s delivered-sample period (0.25 ms)"), "\(refused.stderr)")
    #expect(refused.stderr.contains("makes 4000 steps") && refused.stderr.contains("at least 1.0 ms"), "\(refused.stderr)")
    let swept = try DatasetsCommandTests.run(["sweep", "--predictor", "linear", "--quiet", reference])
    #expect(swept.status == 0, "\(swept.stderr)")
  }
}
