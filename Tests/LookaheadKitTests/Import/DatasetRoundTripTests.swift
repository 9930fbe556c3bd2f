import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

@Suite("Every dataset survives the trace file")
struct DatasetRoundTripTests {
  @Test("a bundled dataset imported, written, read back: identical", arguments: [
    "Inkable-ApplePencil", "Henze2017-MobileHCI",
  ])
  func bundledRoundTrip(reference: String) throws {
    try Self.roundTrip(reference)
  }

  @Test("a shared dataset imported, written, read back: identical",
        .needsShared("TurboTouch-Nancel2018", "SVC2004-Task2", "WacomMSP13-HandwritingSpeed"), arguments: [
    "TurboTouch-Nancel2018", "TurboTouch-Nancel2018:optitrack", "SVC2004-Task2", "WacomMSP13-HandwritingSpeed",
  ])
  func sharedRoundTrip(reference: String) throws {
    _ = try SharedDatasets.require(String(reference.split(separator: ":")[0]))
    try Self.roundTrip(reference)
  }

  static func roundTrip(_ reference: String) throws {
    let name = String(reference.split(separator: ":")[0])
    let trace = try DatasetRegistry.load(reference, dataDirectory: SharedDatasets.root)
    #expect(trace.sampleCount > 0)
    let text = try TraceFileWriter.text(of: trace)
    let back = try TraceFileReader.parse(text, file: "\(name).lktrace.csv")
    #expect(back == trace)
  }
}
