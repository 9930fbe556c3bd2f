import LookaheadRuntime

/// The replay of one stroke: an iterator of ``ReplayFrame``s, and the samples as the app knew
/// them at a given time (estimated values until their late update arrives).
///
/// A value holding the stroke (arrays are shared, not copied) and a few counters: making one and
/// iterating it allocate nothing. Build it with ``Replay/frames(of:strokeIndex:)``.
public struct StrokeReplay: Sequence, IteratorProtocol, Sendable {
  public let stroke: Stroke
  public let strokeIndex: Int
  private let profile: DeviceProfile
  private var generator: ReplayGenerator

  /// Samples kept after decimation: indices 0, d, 2d, … < stroke.samples.count.
  private let keptCount: Int
  private let decimation: Int
  /// Stroke start (time of sample 0).
  private let startTime: Double
  /// Whether `stroke.lateUpdates` is sorted by sample index (then lookups use binary search).
  private let lateUpdatesSorted: Bool

  // Clock state.
  private var rateHz: Double
  private var scheduleCursor = 0
  private var segmentStart: Double
  private var segmentRefresh = 0
  /// The next of ``DeviceProfile/DisplayClock/recordedFrameTimesSeconds`` to run a callback at.
  private var recordedCursor = 0
  // Delivery state.
  private var nextKept = 0
  private var frameIndex = 0
  /// The profile's missed frame indices, sorted (``Replay/missedFrameIndices``, shared, not
  /// copied), and the first of them not below `frameIndex`.
  private let missedFrameIndices: [Int]
  private var missedCursor = 0

  /// The most frames a stroke may make when the profile asks for a frame at every refresh
  /// (``DeviceProfile/includesFramesWithoutNewSamples``): 10⁷, a 1000 Hz display for 2.8 hours.
  /// Without the option a stroke makes at most one frame per delivered sample.
  public static let maximumFramesWithoutNewSamples = 1e7

  init(stroke: Stroke, strokeIndex: Int, profile: DeviceProfile, seed: UInt64, missedFrameIndices: [Int]) throws(ReplayError) {
    var previous = -Double.infinity
    for (i, sample) in stroke.samples.enumerated() {
      // Bounded times keep the refresh arithmetic of `next()` exact enough to make progress
      // (``TraceTimeLimit``); the importers refuse such times already, this covers strokes made
      // in code.
      guard TraceTimeLimit.accepts(sample.time) else {
        throw ReplayError(
          strokeIndex: strokeIndex, origin: stroke.origin, sampleIndex: i, field: "time",
          problem: TraceTimeLimit.problem(sample.time))
      }
      guard sample.time >= previous else {
        throw ReplayError(
          strokeIndex: strokeIndex, origin: stroke.origin, sampleIndex: i, field: "time",
          problem: "time goes backwards (\(sample.time) s after \(previous) s); clean the trace first")
      }
      previous = sample.time
    }
    if profile.includesFramesWithoutNewSamples, let first = stroke.samples.first, let last = stroke.samples.last {
      // One frame a refresh for the whole stroke: bound that by the data before making them.
      let fastest = profile.display.schedule.reduce(profile.display.rateHz) { Swift.max($0, $1.rateHz) }
      let frames = (last.time - first.time) * fastest
      guard frames <= Self.maximumFramesWithoutNewSamples else {
        throw ReplayError(
          strokeIndex: strokeIndex, origin: stroke.origin, sampleIndex: nil, field: "time",
          problem: "the stroke lasts \(last.time - first.time) s, which at \(fastest) Hz with a frame at every "
            + "refresh is more than \(Int(Self.maximumFramesWithoutNewSamples)) frames; split the stroke or "
            + "replay without includesFramesWithoutNewSamples")
      }
    }
    self.stroke = stroke
    self.strokeIndex = strokeIndex
    self.profile = profile
    self.missedFrameIndices = missedFrameIndices
    decimation = profile.digitizer.decimation
    keptCount = (stroke.samples.count + decimation - 1) / decimation
    startTime = stroke.samples.first?.time ?? 0
    var sorted = true
    for i in stroke.lateUpdates.indices.dropFirst()
    where stroke.lateUpdates[i].sampleIndex < stroke.lateUpdates[i - 1].sampleIndex {
      sorted = false
      break
    }
    lateUpdatesSorted = sorted
    var generator = ReplayGenerator(seed: seed, stream: strokeIndex)
    rateHz = profile.display.rateHz
    let phase: Double
    if let given = profile.display.phaseOffsetSeconds {
      phase = given
    } else {
      phase = generator.nextUnit() / profile.display.rateHz
    }
    self.generator = generator
    segmentStart = startTime + phase
  }

  /// The next frame, or `nil` once every kept sample has been delivered (with recorded frame
  /// times: or once they run out).
  public mutating func next() -> ReplayFrame? {
    if !profile.display.recordedFrameTimesSeconds.isEmpty { return nextRecordedFrame() }
    while nextKept < keptCount {
      let period = 1 / rateHz
      var callback = segmentStart + Double(segmentRefresh) * period
      // Rate changes take effect at the first refresh at or after their time.
      let schedule = profile.display.schedule
      var changed = false
      while scheduleCursor < schedule.count, startTime + schedule[scheduleCursor].atSeconds <= callback {
        if schedule[scheduleCursor].rateHz != rateHz { changed = true }
        rateHz = schedule[scheduleCursor].rateHz
        scheduleCursor += 1
      }
      if changed {
        segmentStart = callback
        segmentRefresh = 0
        callback = segmentStart
      }
      let refreshPeriod = 1 / rateHz
      segmentRefresh += 1

      let cutoff = callback - profile.deliveryDelaySeconds
      let firstNew = nextKept
      while nextKept < keptCount, stroke.samples[nextKept * decimation].time <= cutoff {
        nextKept += 1
      }
      let deliveredCount = nextKept - firstNew
      if deliveredCount == 0 && (firstNew == 0 || !profile.includesFramesWithoutNewSamples) {
        // Skip the refreshes that cannot deliver the next sample (a pause in a stroke), without
        // passing a scheduled rate change: refresh index ⌈x⌉ − 1 lies strictly before time x.
        let due = stroke.samples[nextKept * decimation].time + profile.deliveryDelaySeconds
        var last = ((due - segmentStart) / refreshPeriod).rounded(.up) - 1
        if scheduleCursor < schedule.count {
          let change = startTime + schedule[scheduleCursor].atSeconds
          last = Swift.min(last, ((change - segmentStart) / refreshPeriod).rounded(.up) - 1)
        }
        // Sample times within ``TraceTimeLimit`` (checked in `init`) keep `last` below 2·10¹³
        // refreshes, so the skip always lands and each kept sample costs at most a few passes
        // of this loop (plus one per rate change), whatever the gap.
        if last.isFinite, last > Double(segmentRefresh), last < 1e15 {
          segmentRefresh = Int(last)
        }
        continue
      }
      let target =
        callback + profile.pipeline.frames * refreshPeriod + profile.pipeline.extraSeconds
      return frame(callback: callback, firstNew: firstNew, refreshPeriod: refreshPeriod, target: target)
    }
    return nil
  }

  /// The next frame on the recorded display clock: callbacks exactly at the recorded frame times
  /// (those at or after the stroke's first sample plus the delivery delay), presented the
  /// profile's pipeline delay later (`pipeline.frames / display.rateHz + pipeline.extraSeconds`,
  /// a constant: the recording says when frames began, not how long they took to show). A
  /// frame's refresh period is the recorded interval to the next frame time, so a missed frame
  /// is shown at the next recorded refresh's distance. Samples after the last recorded frame
  /// time are never delivered.
  private mutating func nextRecordedFrame() -> ReplayFrame? {
    let frameTimes = profile.display.recordedFrameTimesSeconds
    let pipelineDelay = profile.pipeline.frames / profile.display.rateHz + profile.pipeline.extraSeconds
    while nextKept < keptCount, recordedCursor < frameTimes.count {
      let callback = frameTimes[recordedCursor]
      recordedCursor += 1
      let cutoff = callback - profile.deliveryDelaySeconds
      let firstNew = nextKept
      while nextKept < keptCount, stroke.samples[nextKept * decimation].time <= cutoff {
        nextKept += 1
      }
      if nextKept == firstNew && (firstNew == 0 || !profile.includesFramesWithoutNewSamples) {
        // Jump over the frames that come before the next sample can be delivered.
        let due = stroke.samples[nextKept * decimation].time + profile.deliveryDelaySeconds
        recordedCursor = Swift.max(recordedCursor, Self.firstIndex(atOrAfter: due, in: frameTimes))
        continue
      }
      let refreshPeriod = recordedCursor < frameTimes.count
        ? frameTimes[recordedCursor] - callback : 1 / profile.display.rateHz
      return frame(callback: callback, firstNew: firstNew, refreshPeriod: refreshPeriod, target: callback + pipelineDelay)
    }
    return nil
  }

  /// The index of the first of the increasing `times` at or after `time` (`times.count` if none).
  private static func firstIndex(atOrAfter time: Double, in times: [Double]) -> Int {
    var low = 0, high = times.count
    while low < high {
      let middle = (low + high) / 2
      if times[middle] < time { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The frame whose callback at `callback` delivered the kept samples `firstNew ..< nextKept`,
  /// aimed at `target`; decides whether it misses (given indices, then the seeded chance).
  private mutating func frame(callback: Double, firstNew: Int, refreshPeriod: Double, target: Double) -> ReplayFrame {
    let deliveredCount = nextKept - firstNew
    let newestIndex = (nextKept - 1) * decimation
    while missedCursor < missedFrameIndices.count, missedFrameIndices[missedCursor] < frameIndex { missedCursor += 1 }
    var missed = missedCursor < missedFrameIndices.count && missedFrameIndices[missedCursor] == frameIndex
    if profile.missedFrames.probability > 0, generator.nextUnit() < profile.missedFrames.probability {
      missed = true
    }
    let frame = ReplayFrame(
      index: frameIndex, callbackTime: callback,
      deliveredSamples: SampleIndices(
        lowerBound: firstNew * decimation, count: deliveredCount, step: decimation),
      newestSampleIndex: newestIndex, newestSampleTime: stroke.samples[newestIndex].time,
      refreshPeriod: refreshPeriod, targetPresentationTime: target,
      presentationTime: missed ? target + refreshPeriod : target, isMissed: missed)
    frameIndex += 1
    return frame
  }

  /// Where the pointer really was at `time`: the piecewise-linear path through all of the
  /// stroke's recorded samples (decimation does not change the truth), held at the first and
  /// last sample outside the stroke (``PiecewiseLinearPath``). Score a frame's prediction
  /// against this at its ``ReplayFrame/presentationTime``. Allocation-free; O(log n).
  public func truePosition(at time: Double) -> (x: Double, y: Double) {
    PiecewiseLinearPath.position(in: stroke.samples, at: time)
  }

  /// Sample `index` as the app knew it at `time`: a property with a late update that has not
  /// arrived by `time` keeps its estimated value (when the profile applies late updates).
  public func pointerSample(_ index: Int, knownAt time: Double) -> PointerSample {
    let sample = stroke.samples[index]
    var result = PointerSample(
      time: sample.time, x: sample.x, y: sample.y, pressure: sample.pressure,
      altitude: sample.altitude, azimuth: sample.azimuth)
    guard profile.appliesLatePropertyUpdates, !stroke.lateUpdates.isEmpty else { return result }
    let updates = stroke.lateUpdates
    var i = 0
    if lateUpdatesSorted {
      var low = 0
      var high = updates.count
      while low < high {
        let mid = (low + high) / 2
        if updates[mid].sampleIndex < index { low = mid + 1 } else { high = mid }
      }
      i = low
    }
    while i < updates.count {
      let update = updates[i]
      i += 1
      if update.sampleIndex != index {
        if lateUpdatesSorted && update.sampleIndex > index { break }
        continue
      }
      guard update.arrivalTime > time else { continue }
      switch update.property {
      case .pressure: result.pressure = update.estimatedValue
      case .altitude: result.altitude = update.estimatedValue
      case .azimuth: result.azimuth = update.estimatedValue
      }
    }
    return result
  }
}
