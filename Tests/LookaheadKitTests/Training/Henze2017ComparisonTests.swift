import LookaheadKit
import Testing

@Suite("Henze 2017 comparison: learned linear trained leave-one-participant-out under the paper's protocol")
struct Henze2017ComparisonTests {
  @Test("two events ahead: the protocol keeps the published window counts, and the model's errors are the documented ones")
  func twoEventsAhead() throws {
    let raw = try DatasetRegistry.load("Henze2017-MobileHCI", options: ImportOptions(raw: true))
    let cells = try Henze2017Comparison.run(rawStrokes: raw.strokes, eventsAhead: [2], parts: 2)
    #expect(cells.map(\.task) == ["Write", "Paint", "Fitts"])
    // Kept windows of the protocol (SOURCE.md's independent re-implementation; Henze2017Table).
    #expect(cells.map(\.windows) == [70_998, 36_788, 7_566])
    for cell in cells {
      let linear = try #require(cell.published["linear"])
      #expect(cell.meanError < linear, "\(cell.task): \(cell.meanError) px vs published linear \(linear)")
    }
  }
}
