import Foundation

/// Writes a ``Trace`` in Lookahead's trace file format (``TraceFileFormat``).
public enum TraceFileWriter {
  /// Non-finite numbers cannot be stored losslessly in the format and never belong in a trace.
  public struct NonFiniteValue: Error, CustomStringConvertible {
    public var description: String
  }

  /// The file's full text.
  public static func text(of trace: Trace) throws -> String {
    var out = TraceFileFormat.magic + "\n"
    let meta = trace.metadata
    func line(_ key: String, _ value: String) {
      out += "# \(key): \(TraceFileFormat.escape(value))\n"
    }
    line("source", meta.source)
    line("device", meta.device)
    line("digitizer_rate_hz", try meta.digitizerRateHz.map { try number($0, "digitizer_rate_hz") } ?? "unknown")
    line("coordinate_unit", meta.coordinateUnit)
    line("millimetres_per_unit", try meta.millimetresPerUnit.map { try number($0, "millimetres_per_unit") } ?? "unknown")
    line("licence", meta.licence)
    if let predictor = meta.recordedPredictor { line("recorded_predictor", predictor) }
    for entry in meta.cleaning.entries {
      out += "# cleaning: \(TraceFileFormat.escape(entry.rule))=\(entry.count)\n"
    }
    for (key, value) in meta.notes.sorted(by: { $0.key < $1.key }) {
      out += "# note: \(TraceFileFormat.escape(key))=\(TraceFileFormat.escape(value))\n"
    }
    out += TraceFileFormat.columns.joined(separator: ",") + "\n"

    for (strokeIndex, stroke) in trace.strokes.enumerated() {
      let writer = stroke.writer.map(TraceFileFormat.escape) ?? ""
      let origin = stroke.origin.map(TraceFileFormat.escape) ?? ""
      let tail = "\(writer),\(origin),\(stroke.pointerType.rawValue)\n"
      for (index, s) in stroke.samples.enumerated() {
        let where_ = "stroke \(strokeIndex) sample \(index)"
        out += "sample,\(strokeIndex),\(index),\(try number(s.time, where_)),\(try number(s.x, where_)),"
        out += "\(try number(s.y, where_)),\(try optional(s.pressure, where_)),"
        out += "\(try optional(s.altitude, where_)),\(try optional(s.azimuth, where_)),"
        out += "\(s.phase.rawValue),\(s.estimated.rawValue),,,,," + tail
      }
      for u in stroke.lateUpdates {
        let where_ = "stroke \(strokeIndex) update of sample \(u.sampleIndex)"
        out += "update,\(strokeIndex),\(u.sampleIndex),,,,,,,,,\(u.property.rawValue),"
        out += "\(try number(u.finalValue, where_)),\(try number(u.estimatedValue, where_)),"
        out += "\(try number(u.arrivalTime, where_)),"
        out += tail
      }
      for p in stroke.recordedPredictions {
        let where_ = "stroke \(strokeIndex) prediction at sample \(p.anchorIndex)"
        out += "prediction,\(strokeIndex),\(p.anchorIndex),\(try number(p.time, where_)),"
        out += "\(try number(p.x, where_)),\(try number(p.y, where_)),"
        out += "\(try optional(p.pressure, where_)),,,,,,,,," + tail
      }
    }
    return out
  }

  /// Writes the trace to `url` through ``ResultFile`` (an existing file needs `overwrite`).
  public static func write(_ trace: Trace, to url: URL, overwrite: Bool) throws {
    try ResultFile.write(Data(try text(of: trace).utf8), to: url, force: overwrite)
  }

  private static func number(_ value: Double, _ context: String) throws -> String {
    guard value.isFinite else {
      throw NonFiniteValue(description: "\(context): \(value) cannot be written to a trace file")
    }
    return "\(value)"
  }

  private static func optional(_ value: Double?, _ context: String) throws -> String {
    guard let value else { return "" }
    return try number(value, context)
  }
}

/// A command was asked to write where a file already exists, without `--force`.
public struct OutputExistsError: Error, CustomStringConvertible, Sendable {
  public var path: String
  public init(path: String) { self.path = path }
  public var description: String {
    "\(path) already exists; pass --force to overwrite it"
  }
}
