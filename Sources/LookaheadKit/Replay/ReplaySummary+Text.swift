import Foundation

/// The summary as people read it, for `lookahead replay`.
extension ReplaySummary {
  /// A few lines for people: frames, samples a frame, missed frames, horizon distribution in ms.
  public var text: String {
    let h = horizon
    func ms(_ s: Double) -> String { String(format: "%.2f", s * 1000) }
    return """
      strokes \(strokes), frames \(frames), samples per frame \(String(format: "%.2f", samplesPerFrame)), \
      missed frames \(missedFrames), frames without new samples \(framesWithoutNewSamples)
      horizon ms: min \(ms(h.min)), p5 \(ms(h.p5)), median \(ms(h.median)), mean \(ms(h.mean)), \
      p95 \(ms(h.p95)), max \(ms(h.max))
      """
  }
}
