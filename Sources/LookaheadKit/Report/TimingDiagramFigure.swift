/// The device profile's timing, drawn from ``Replay`` itself so that the picture is what the
/// evaluation used: digitizer samples on the first lane, the app's frame callbacks (with the
/// samples each one receives, coalesced) on the second, and each frame's target presentation time
/// on the third, with the horizon a predictor must cover (newest sample → target) as a bar.
/// Missed frames are drawn at their real presentation time, dashed.
///
/// The stroke replayed is a synthetic straight line sampled at `digitizerRateHz` starting at t = 0
/// (results do not carry the trace's own sample times); only times matter here. Each callback mark
/// carries `data-frame`, `data-callback-ms`, `data-newest-sample-ms`, `data-target-ms`,
/// `data-presentation-ms`, `data-delivered` and `data-horizon-ms`, from the ``ReplayFrame``.
public enum TimingDiagramFigure {
  /// The frames drawn: those of a synthetic stroke of `duration` seconds (replay seed `seed`,
  /// stroke 0), at most `maximumFrames`.
  public static func frames(
    profile: DeviceProfile, seed: UInt64, digitizerRateHz: Double, duration: Double = 0.06, maximumFrames: Int = 6
  ) throws -> (samples: [Double], frames: [ReplayFrame]) {
    let rate = digitizerRateHz.isFinite && digitizerRateHz > 0 ? digitizerRateHz : 240
    let count = max(2, Int((duration * rate).rounded()) + 1)
    let samples = (0..<count).map { i in
      TraceSample(time: Double(i) / rate, x: Double(i), y: 0, phase: i == 0 ? .down : i == count - 1 ? .up : .move)
    }
    let replay = try Replay(profile: profile, seed: seed)
    let frames = try replay.frameArray(of: Stroke(samples: samples))
    return (samples.map(\.time), Array(frames.prefix(maximumFrames)))
  }

  public static func svg(
    profile: DeviceProfile, seed: UInt64, digitizerRateHz: Double = 240
  ) throws -> SVGElement {
    let (allSamples, frames) = try Self.frames(profile: profile, seed: seed, digitizerRateHz: digitizerRateHz)
    let end = (frames.map(\.presentationTime).max() ?? 0.05) + 0.002
    let samples = allSamples.filter { $0 <= end }
    let left = 150.0
    let width = 620.0
    let lanes = (samples: 50.0, callbacks: 110.0, presentation: 170.0)
    let scale = width / max(end, 1e-3)
    func px(_ t: Double) -> Double { left + t * scale }
    var children: [SVGElement] = []
    // Time axis in ms.
    let axisY = lanes.presentation + 40
    children.append(.line(x1: left, y1: axisY, x2: left + width, y2: axisY, stroke: "#999"))
    for tick in ChartAxes.ticks(0...(end * 1000)) {
      children.append(.line(x1: px(tick / 1000), y1: axisY, x2: px(tick / 1000), y2: axisY + 4, stroke: "#999"))
      children.append(.text(ChartAxes.label(tick), x: px(tick / 1000), y: axisY + 16, anchor: "middle", size: 10))
    }
    children.append(.text("time since pen-down (ms)", x: left + width / 2, y: axisY + 32, anchor: "middle"))
    children.append(.text("digitizer samples", x: left - 10, y: lanes.samples + 4, anchor: "end"))
    children.append(.text("frame callbacks", x: left - 10, y: lanes.callbacks + 4, anchor: "end"))
    children.append(.text("target presentation", x: left - 10, y: lanes.presentation + 4, anchor: "end"))
    for lane in [lanes.samples, lanes.callbacks, lanes.presentation] {
      children.append(.line(x1: left, y1: lane, x2: left + width, y2: lane, stroke: "#ddd"))
    }
    var sampleGroup = SVGElement("g", [("class", "samples")])
    for (i, t) in samples.enumerated() {
      sampleGroup.append(
        .circle(x: px(t), y: lanes.samples, radius: 2.5, fill: ReportPalette.ink,
                extra: [("data-sample", String(i)), ("data-time-ms", SVGElement.number(t * 1000))]))
    }
    children.append(sampleGroup)
    for frame in frames {
      let colour = ReportPalette.colour(frame.index)
      var group = SVGElement(
        "g",
        [
          ("class", "frame"), ("data-frame", String(frame.index)),
          ("data-callback-ms", SVGElement.number(frame.callbackTime * 1000)),
          ("data-newest-sample-ms", SVGElement.number(frame.newestSampleTime * 1000)),
          ("data-target-ms", SVGElement.number(frame.targetPresentationTime * 1000)),
          ("data-presentation-ms", SVGElement.number(frame.presentationTime * 1000)),
          ("data-delivered", String(frame.deliveredSamples.count)),
          ("data-horizon-ms", SVGElement.number(frame.horizon * 1000)),
          ("data-missed", frame.isMissed ? "1" : "0"),
        ])
      for index in frame.deliveredSamples where index < allSamples.count {
        group.append(
          .line(x1: px(allSamples[index]), y1: lanes.samples + 3, x2: px(frame.callbackTime), y2: lanes.callbacks - 6,
                stroke: colour, width: 0.8, extra: [("stroke-opacity", "0.6")]))
      }
      group.append(.rect(x: px(frame.callbackTime) - 1.5, y: lanes.callbacks - 7, width: 3, height: 14, fill: colour))
      group.append(.line(x1: px(frame.callbackTime), y1: lanes.callbacks + 7, x2: px(frame.targetPresentationTime),
                         y2: lanes.presentation - 7, stroke: colour, width: 1))
      let barY = lanes.presentation + 8 + Double(frame.index % 3) * 5
      group.append(
        .line(x1: px(frame.newestSampleTime), y1: barY, x2: px(frame.targetPresentationTime), y2: barY,
              stroke: colour, width: 3, extra: [("stroke-opacity", "0.5"), ("class", "horizon")]))
      group.append(.rect(x: px(frame.targetPresentationTime) - 1.5, y: lanes.presentation - 7, width: 3, height: 14, fill: colour))
      if frame.isMissed {
        group.append(
          .line(x1: px(frame.presentationTime), y1: lanes.presentation - 9, x2: px(frame.presentationTime),
                y2: lanes.presentation + 9, stroke: colour, width: 1.5, extra: [("stroke-dasharray", "3,2")]))
      }
      group.append(SVGElement(
        "title",
        text: "frame \(frame.index): callback \(ReportFormat.number(frame.callbackTime * 1000)) ms, "
          + "\(frame.deliveredSamples.count) samples, horizon \(ReportFormat.number(frame.horizon * 1000)) ms"))
      children.append(group)
    }
    let mean = frames.isEmpty ? 0 : frames.map(\.horizon).reduce(0, +) / Double(frames.count)
    children.append(
      .text(
        "profile \(profile.name): display \(ReportFormat.number(profile.display.rateHz)) Hz, pipeline "
          + "\(ReportFormat.number(profile.pipeline.frames)) frames + \(ReportFormat.number(profile.pipeline.extraSeconds * 1000)) ms, "
          + "delivery delay \(ReportFormat.number(profile.deliveryDelaySeconds * 1000)) ms, samples at "
          + "\(ReportFormat.number(digitizerRateHz)) Hz",
        x: 10, y: 12, size: 11))
    children.append(
      .text(
        "bars below the lanes: each frame's horizon (newest sample → target presentation), mean "
          + "\(ReportFormat.number(mean * 1000)) ms over these frames",
        x: 10, y: 25, size: 11, extra: [("data-mean-horizon-ms", SVGElement.number(mean * 1000))]))
    return .root(
      width: left + width + 20, height: axisY + 44, title: "timing of profile \(profile.name)", figure: "timing",
      children: children)
  }
}
