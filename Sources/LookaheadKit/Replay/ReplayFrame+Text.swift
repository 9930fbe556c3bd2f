import Foundation

/// Per-frame text rows for `lookahead replay`: CSV for notebooks and an aligned table for people.
/// Times are seconds on the trace's clock; the horizon is in milliseconds.
extension ReplayFrame {
  /// Column names of ``csvRow(strokeIndex:)``.
  public static let csvHeader =
    "stroke,frame,callback_s,delivered_first,delivered_last,delivered_count,newest_sample_s,target_presentation_s,presentation_s,horizon_ms,missed"

  /// One CSV row; `delivered_first`/`delivered_last` are sample indices (empty when none).
  public func csvRow(strokeIndex: Int) -> String {
    let first = deliveredSamples.first.map(String.init) ?? ""
    let last = deliveredSamples.last.map(String.init) ?? ""
    return "\(strokeIndex),\(index),\(Self.seconds(callbackTime)),\(first),\(last),\(deliveredSamples.count),"
      + "\(Self.seconds(newestSampleTime)),\(Self.seconds(targetPresentationTime)),\(Self.seconds(presentationTime)),"
      + String(format: "%.3f", horizon * 1000) + ",\(isMissed ? 1 : 0)"
  }

  /// Header of ``tableRow(strokeIndex:)``.
  public static let tableHeader =
    "stroke  frame     callback s  delivered        newest sample s  target present s  horizon ms  missed"

  /// One aligned row for a terminal.
  public func tableRow(strokeIndex: Int) -> String {
    let delivered: String
    if let first = deliveredSamples.first, let last = deliveredSamples.last {
      delivered = first == last ? "\(first) (1)" : "\(first)…\(last) (\(deliveredSamples.count))"
    } else {
      delivered = "— (0)"
    }
    func pad(_ text: String, _ width: Int) -> String {
      text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
    return pad("\(strokeIndex)", 6) + pad("\(index)", 7) + pad(Self.seconds(callbackTime), 15) + "  "
      + delivered.padding(toLength: 15, withPad: " ", startingAt: 0)
      + pad(Self.seconds(newestSampleTime), 17) + pad(Self.seconds(targetPresentationTime), 18)
      + pad(String(format: "%.3f", horizon * 1000), 12) + (isMissed ? "  missed" : "")
  }

  static func seconds(_ value: Double) -> String { String(format: "%.6f", value) }
}

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

extension DeviceProfile {
  /// One line for listings: name, display, decimation, delays and pipeline.
  public var listing: String {
    var parts = ["display \(Self.number(display.rateHz)) Hz"]
    if !display.schedule.isEmpty {
      parts.append("schedule " + display.schedule.map { "\(Self.number($0.rateHz)) Hz at \(Self.number($0.atSeconds)) s" }.joined(separator: ", "))
    }
    if digitizer.decimation > 1 { parts.append("decimated 1/\(digitizer.decimation)") }
    parts.append("delivery delay \(Self.number(deliveryDelaySeconds * 1000)) ms")
    parts.append("pipeline \(Self.number(pipeline.frames)) frames" + (pipeline.extraSeconds > 0 ? " + \(Self.number(pipeline.extraSeconds * 1000)) ms" : ""))
    if missedFrames.probability > 0 { parts.append("missed p = \(Self.number(missedFrames.probability))") }
    return name.padding(toLength: 24, withPad: " ", startingAt: 0) + parts.joined(separator: "; ") + "\n    " + summary
  }

  static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
  }
}
