import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

@Suite("Every shared dataset survives the trace file")
struct DatasetRoundTripTests {
  @Test("imported, written, read back: identical", arguments: [
    "Inkable-ApplePencil", "Henze2017-MobileHCI", "TurboTouch-Nancel2018", "TurboTouch-Nancel2018:optitrack",
    "SVC2004-Task2", "WacomMSP13-HandwritingSpeed",
  ])
  func roundTrip(reference: String) throws {
    let name = String(reference.split(separator: ":")[0])
    _ = try SharedDatasets.require(name)
    let trace = try DatasetRegistry.load(reference, dataDirectory: SharedDatasets.root)
    #expect(trace.sampleCount > 0)
    let text = try TraceFileWriter.text(of: trace)
    let back = try TraceFileReader.parse(text, file: "\(name).lktrace.csv")
    #expect(back == trace)
  }
}
