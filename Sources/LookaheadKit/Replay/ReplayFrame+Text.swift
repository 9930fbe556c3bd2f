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
