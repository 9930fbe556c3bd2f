import LookaheadKit
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

@Suite("Henze 2017 window feed: one way to feed a window, the event timing named")
struct Henze2017WindowFeedTests {
  /// Rows 0…12 are moves, x = row, 10 ms apart except row 10, 20 ms after row 9. The window from
  /// row 0 (j = 2) has t₁₀ = 0.11 s and its newest position at x = 10: two events ahead at the
  /// last interval is 2 × 20 ms; at the mean interval 2 × 110 ms / 10 = 22 ms.
  @Test func feedAndEventTiming() throws {
    let times: [Double] = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 110, 120, 130]
    let rows = times.enumerated().map {
      Henze2017Protocol.Row(timeMilliseconds: $0.element, x: Double($0.offset), y: 0, isMove: true)
    }
    var first: Henze2017Protocol.Window?
    Henze2017Protocol(eventsAhead: 2).forEachWindow(in: rows) { if first == nil { first = $0 } }
    let window = try #require(first)
    var hold = ReferenceHoldPredictor()
    hold.observe(PointerSample(time: 99, x: 99, y: 99))  // reset by the feed
    let newest = window.feed(to: &hold)
    #expect(abs(newest.time - 0.11) < 1e-12 && newest.x == 10 && newest.y == 0)
    #expect(hold.predict(at: 1)?.x == 10)
    let last = window.horizonSeconds(eventsAhead: 2, newestTime: newest.time, timing: .lastInterval)
    let mean = window.horizonSeconds(eventsAhead: 2, newestTime: newest.time, timing: .meanInterval)
    #expect(abs(last - 0.040) < 1e-12)
    #expect(abs(mean - 0.022) < 1e-12)
  }
}
