import Foundation

/// What `lookahead datasets inspect` reports about a trace: size, timing, fields, writers and
/// cleaning, computed here so that the CLI only prints it.
///
/// Timing statistics use the intervals between consecutive samples *within* contact strokes
/// (hover runs and the gaps between strokes left out), which is what the digitizer rate means.
public struct TraceSummary: Codable, Sendable, Equatable {
  /// One bin of the sample-interval histogram, `[lowerMilliseconds, upperMilliseconds)`;
  /// `upperMilliseconds` is `nil` for the open last bin.
  public struct Bin: Codable, Sendable, Equatable {
    public var lowerMilliseconds: Double
    public var upperMilliseconds: Double?
    public var count: Int

    public init(lowerMilliseconds: Double, upperMilliseconds: Double?, count: Int) {
      self.lowerMilliseconds = lowerMilliseconds
      self.upperMilliseconds = upperMilliseconds
      self.count = count
    }
  }

  public struct RuleCount: Codable, Sendable, Equatable {
    public var rule: String
    public var count: Int

    public init(rule: String, count: Int) {
      self.rule = rule
      self.count = count
    }
  }

  public var source: String
  public var device: String
  public var coordinateUnit: String
  public var millimetresPerUnit: Double?
  public var licence: String
  /// The rate the source states, Hz.
  public var digitizerRateHz: Double?
  /// Strokes of one pointer type.
  public struct PointerTypeCount: Codable, Sendable, Equatable {
    public var pointerType: PointerType
    public var strokes: Int

    public init(pointerType: PointerType, strokes: Int) {
      self.pointerType = pointerType
      self.strokes = strokes
    }
  }

  public var strokes: Int
  /// Strokes per pointer type present, in ``PointerType`` order (pen, touch, mouse, unknown), so
  /// mixed data says how much of it is pen and how much touch. Nil in a summary written before
  /// it was recorded.
  public var pointerTypes: [PointerTypeCount]?
  public var contactStrokes: Int
  public var hoverStrokes: Int
  public var samples: Int
  public var contactSamples: Int
  /// Sum of the contact strokes' durations, seconds.
  public var contactDurationSeconds: Double
  /// Median interval between samples within contact strokes, seconds; `nil` without intervals.
  public var medianIntervalSeconds: Double?
  public var meanIntervalSeconds: Double?
  /// `1 / median interval`, Hz.
  public var measuredRateHz: Double?
  public var intervalHistogram: [Bin]
  /// Sample fields present in at least one sample, plus `late updates` and
  /// `recorded predictions` when the trace has them.
  public var fields: [String]
  public var writers: [String]
  public var lateUpdates: Int
  public var recordedPredictions: Int
  public var recordedPredictor: String?
  public var cleaning: [RuleCount]
  public var notes: [String: String]

  /// Histogram bin edges, milliseconds; the last bin is open.
  public static let binEdgesMilliseconds: [Double] = [0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 30, 50, 100]

  public init(_ trace: Trace) {
    let meta = trace.metadata
    source = meta.source
    device = meta.device
    coordinateUnit = meta.coordinateUnit
    millimetresPerUnit = meta.millimetresPerUnit
    licence = meta.licence
    digitizerRateHz = meta.digitizerRateHz
    strokes = trace.strokes.count
    var byType: [PointerType: Int] = [:]
    for stroke in trace.strokes { byType[stroke.pointerType, default: 0] += 1 }
    pointerTypes = PointerType.allCases.compactMap { type in
      byType[type].map { PointerTypeCount(pointerType: type, strokes: $0) }
    }
    let contact = trace.strokes.filter { !$0.isHover }
    contactStrokes = contact.count
    hoverStrokes = trace.strokes.count - contact.count
    samples = trace.sampleCount
    contactSamples = contact.reduce(0) { $0 + $1.samples.count }
    contactDurationSeconds = contact.reduce(0) { $0 + $1.duration }

    var intervals: [Double] = []
    intervals.reserveCapacity(contactSamples)
    for stroke in contact {
      for index in stroke.samples.indices.dropFirst() {
        intervals.append(stroke.samples[index].time - stroke.samples[index - 1].time)
      }
    }
    intervals.sort()
    if intervals.isEmpty {
      medianIntervalSeconds = nil
      meanIntervalSeconds = nil
      measuredRateHz = nil
    } else {
      let middle = intervals.count / 2
      let median = intervals.count % 2 == 1 ? intervals[middle] : (intervals[middle - 1] + intervals[middle]) / 2
      medianIntervalSeconds = median
      meanIntervalSeconds = intervals.reduce(0, +) / Double(intervals.count)
      measuredRateHz = median > 0 ? 1 / median : nil
    }
    let edges = Self.binEdgesMilliseconds
    var counts = [Int](repeating: 0, count: edges.count)
    for interval in intervals {
      let milliseconds = interval * 1000
      // Rounded to a microsecond so that a whole-ms interval stored as T/1000 lands in its bin.
      let value = (milliseconds * 1000).rounded() / 1000
      var bin = 0
      while bin + 1 < edges.count, value >= edges[bin + 1] { bin += 1 }
      counts[bin] += 1
    }
    intervalHistogram = edges.indices.map { index in
      Bin(lowerMilliseconds: edges[index], upperMilliseconds: index + 1 < edges.count ? edges[index + 1] : nil, count: counts[index])
    }

    let all = trace.strokes.lazy.flatMap(\.samples)
    var fields = ["t", "x", "y", "phase"]
    if all.contains(where: { $0.pressure != nil }) { fields.append("pressure") }
    if all.contains(where: { $0.altitude != nil }) { fields.append("altitude") }
    if all.contains(where: { $0.azimuth != nil }) { fields.append("azimuth") }
    if all.contains(where: { !$0.estimated.isEmpty }) { fields.append("estimated flags") }
    lateUpdates = trace.strokes.reduce(0) { $0 + $1.lateUpdates.count }
    recordedPredictions = trace.strokes.reduce(0) { $0 + $1.recordedPredictions.count }
    if hoverStrokes > 0 { fields.append("hover") }
    if lateUpdates > 0 { fields.append("late updates") }
    if recordedPredictions > 0 { fields.append("recorded predictions") }
    self.fields = fields
    writers = trace.writers
    recordedPredictor = meta.recordedPredictor
    cleaning = meta.cleaning.entries.map { RuleCount(rule: $0.rule, count: $0.count) }
    notes = meta.notes
  }

  /// The human-readable report `datasets inspect` prints.
  public func text() -> String {
    func number(_ value: Double, _ digits: Int = 3) -> String {
      String(format: "%.\(digits)f", value)
    }
    var lines: [String] = []
    lines.append("source:      \(source)")
    lines.append("device:      \(device)")
    lines.append("licence:     \(licence)")
    lines.append("unit:        \(coordinateUnit), " + (millimetresPerUnit.map { "\($0) mm per unit" } ?? "mm per unit unknown"))
    lines.append("strokes:     \(strokes) (\(contactStrokes) contact, \(hoverStrokes) hover)")
    if let pointerTypes, !pointerTypes.isEmpty {
      lines.append("pointers:    " + pointerTypes.map { "\($0.strokes) \($0.pointerType.rawValue)" }.joined(separator: ", ") + " (strokes)")
    }
    lines.append("samples:     \(samples) (\(contactSamples) in contact strokes)")
    lines.append("duration:    \(number(contactDurationSeconds)) s in contact strokes")
    if let median = medianIntervalSeconds, let mean = meanIntervalSeconds {
      let rate = measuredRateHz.map { number($0, 1) + " Hz" } ?? "n/a"
      let stated = digitizerRateHz.map { ", stated \(number($0, 1)) Hz" } ?? ""
      lines.append("rate:        median dt \(number(median * 1000)) ms (\(rate)), mean dt \(number(mean * 1000)) ms\(stated)")
    } else {
      lines.append("rate:        no intervals (\(contactStrokes == 0 ? "no contact stroke" : "every contact stroke has one sample"))")
    }
    lines.append("fields:      \(fields.joined(separator: ", "))")
    lines.append("writers:     \(writers.isEmpty ? "unknown" : writers.joined(separator: ", "))")
    if lateUpdates > 0 { lines.append("late updates: \(lateUpdates)") }
    if recordedPredictions > 0 {
      lines.append("recorded predictions: \(recordedPredictions) (\(recordedPredictor ?? "unnamed"))")
    }
    lines.append("dt histogram (contact strokes):")
    let total = max(1, intervalHistogram.reduce(0) { $0 + $1.count })
    for bin in intervalHistogram where bin.count > 0 {
      let label = bin.upperMilliseconds.map { "\(number(bin.lowerMilliseconds, 0))–\(number($0, 0)) ms" }
        ?? "≥ \(number(bin.lowerMilliseconds, 0)) ms"
      let bar = String(repeating: "#", count: max(1, bin.count * 40 / total))
      lines.append("  " + label.padding(toLength: 12, withPad: " ", startingAt: 0) + String(bin.count).leftPadded(8) + "  " + bar)
    }
    lines.append("cleaning:")
    if cleaning.isEmpty { lines.append("  (none applied)") }
    for entry in cleaning {
      lines.append("  " + entry.rule.padding(toLength: 48, withPad: " ", startingAt: 0) + String(entry.count).leftPadded(8))
    }
    for key in notes.keys.sorted() {
      lines.append("note: \(key): \(notes[key] ?? "")")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The report as pretty-printed JSON with sorted keys.
  public func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
