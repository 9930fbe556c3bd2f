import Foundation

/// The display and input timing measured from a browser recording (``BrowserRecording``): what a
/// device profile needs to replay strokes the way the recorded device delivered them.
///
/// - Refresh rate: from the median interval between consecutive `requestAnimationFrame` times
///   (the median ignores the long gaps of a hidden tab and the odd dropped frame).
/// - Phase: for each contact stroke, the time from its first sample to the first frame at or
///   after it, in `0 ..< 1/rate`. Phases are angles on the refresh cycle; their circular mean
///   and mean resultant length (Mardia & Jupp, *Directional Statistics*, 2000, §2.2) say where
///   touch-down falls in the cycle and how consistently (1: always the same moment; near 0: any
///   moment, the digitizer runs free of the display).
/// - Samples per event: the mean number of coalesced samples in a contact `pointermove` (browsers
///   align pointer moves to frames, so this is about samples per frame).
/// - Digitizer rate: from the median interval between consecutive samples of a contact stroke.
/// - Delivery delay: the median time from an event's newest coalesced sample to the page's
///   handler running (`received`), over contact moves.
public struct RecordedDisplayTiming: Sendable, Hashable {
  public var refreshRateHz: Double
  /// How many frame times were measured.
  public var frameCount: Int
  /// Circular mean phase, seconds in `0 ..< 1/refreshRateHz`; `nil` when no stroke begins
  /// before the last frame.
  public var meanPhaseSeconds: Double?
  /// Mean resultant length of the phases, 0…1.
  public var phaseConsistency: Double
  /// How many strokes the phase was measured on.
  public var phaseStrokeCount: Int
  public var samplesPerEvent: Double?
  public var digitizerRateHz: Double?
  public var deliveryDelaySeconds: Double?

  /// Measures `recording`; fails naming `$.frames` when fewer than two distinct frame times were
  /// recorded or their rate is outside 1…1000 Hz.
  public init(recording: BrowserRecording, file: String = "recording") throws {
    let frames = recording.frameTimesMilliseconds.sorted()
    let intervals = zip(frames, frames.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }
    guard let medianInterval = Self.median(intervals) else {
      throw TraceInputError(file: file, location: .jsonPath("$.frames"), field: "frames",
        problem: "holds \(frames.count) frame times; measuring the refresh rate needs at least two distinct ones (record for longer)")
    }
    let rate = 1000 / medianInterval
    guard rate >= 1, rate <= 1000 else {
      throw TraceInputError(file: file, location: .jsonPath("$.frames"), field: "frames",
        problem: "the median frame interval \(medianInterval) ms gives \(rate) Hz, outside the 1…1000 Hz a display refreshes at")
    }
    refreshRateHz = rate
    frameCount = frames.count
    let period = 1 / rate

    var phases: [Double] = []
    var samplesPerMove: [Double] = []
    var sampleIntervals: [Double] = []
    var delays: [Double] = []
    var lastSampleOfPointer: [Int: Double] = [:]
    for event in recording.events {
      let times = event.samples.map { $0.timeStampMilliseconds / 1000 }
      // Hover moves (a pen in range, no button) are not contact samples.
      let contact = event.kind != .pointermove || event.buttons != 0
      if event.kind == .pointerdown {
        lastSampleOfPointer[event.pointerId] = nil
        if let start = times.first, let frame = Self.firstFrame(atOrAfter: start * 1000, in: frames) {
          phases.append((frame / 1000 - start).truncatingRemainder(dividingBy: period))
        }
      }
      if event.kind == .pointermove, contact {
        samplesPerMove.append(Double(times.count))
        if let newest = times.max() { delays.append(event.receivedMilliseconds / 1000 - newest) }
      }
      if contact {
        for time in times {
          if let previous = lastSampleOfPointer[event.pointerId], time > previous { sampleIntervals.append(time - previous) }
          lastSampleOfPointer[event.pointerId] = time
        }
      }
      if event.kind == .pointerup || event.kind == .pointercancel { lastSampleOfPointer[event.pointerId] = nil }
    }
    phaseStrokeCount = phases.count
    let angles = phases.map { 2 * Double.pi * $0 / period }
    let sine = angles.reduce(0) { $0 + sin($1) }, cosine = angles.reduce(0) { $0 + cos($1) }
    phaseConsistency = phases.isEmpty ? 0 : (sine * sine + cosine * cosine).squareRoot() / Double(phases.count)
    if phases.isEmpty {
      meanPhaseSeconds = nil
    } else {
      var angle = atan2(sine, cosine)
      if angle < 0 { angle += 2 * Double.pi }
      // Rounding can land exactly on a whole period; the profile needs 0 ..< period.
      meanPhaseSeconds = min(angle / (2 * Double.pi) * period, period.nextDown)
    }
    samplesPerEvent = samplesPerMove.isEmpty ? nil : samplesPerMove.reduce(0, +) / Double(samplesPerMove.count)
    digitizerRateHz = Self.median(sampleIntervals).map { 1 / $0 }
    deliveryDelaySeconds = Self.median(delays)
  }

  /// The first of the sorted `frames` at or after `time`.
  static func firstFrame(atOrAfter time: Double, in frames: [Double]) -> Double? {
    var low = 0, high = frames.count
    while low < high {
      let middle = (low + high) / 2
      if frames[middle] < time { low = middle + 1 } else { high = middle }
    }
    return low < frames.count ? frames[low] : nil
  }

  /// The median (mean of the middle two for an even count); `nil` for none.
  static func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}
