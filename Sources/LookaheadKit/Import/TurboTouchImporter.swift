import Foundation

/// The TurboTouch predictor's data (Nancel et al., UIST 2018, repository
/// `LokiResearch/TurboTouchPredictor`, described in `TurboTouch-Nancel2018/SOURCE.md`).
///
/// Three CSV files, each with one header line and a `DOWN`…`UP` stroke rule (the type cell is
/// whitespace-stripped; ANCHOR-PROTOCOL §2):
/// - `strokes.csv`: `When,X,Y,Type`, `When` in nanoseconds, X/Y screen px;
/// - `strokesPredicted64GroundTruth.csv`: `When,X,Y,Typestate,predX,predY`, the same rows plus the
///   TurboTouch output 64 ms ahead, kept as a ``RecordedPrediction`` anchored at its row with
///   time = row time + 0.064 s;
/// - `optimization/OptitrackData/data.csv`: `timestamp,x,y,state`, microseconds, device units
///   of an undocumented 60 Hz device (millimetres per unit unknown).
///
/// Source-specific rules (counted): rows outside a DOWN…UP stroke are dropped; a `DOWN` while a
/// stroke is open ends that stroke; a stroke open at the end of the file is kept.
public struct TurboTouchImporter: TraceImporter {
  public enum Variant: Sendable {
    case strokes, predicted, optitrack
  }

  public var variant: Variant
  public init(variant: Variant) { self.variant = variant }

  /// How far ahead the reference output predicts, seconds (the `64` in its file name and config).
  public static let referenceLeadSeconds = 0.064
  public static let outsideStrokeRule = "TurboTouch row outside a stroke dropped"
  public static let unterminatedStrokeRule = "TurboTouch stroke without an UP row kept"

  public var format: TraceSourceFormat {
    switch variant {
    case .strokes: .turboTouchStrokes
    case .predicted: .turboTouchPredicted
    case .optitrack: .turboTouchOptitrack
    }
  }

  var header: [String] {
    switch variant {
    case .strokes: ["When", "X", "Y", "Type"]
    case .predicted: ["When", "X", "Y", "Typestate", "predX", "predY"]
    case .optitrack: ["timestamp", "x", "y", "state"]
    }
  }

  /// Clock ticks per second of the time column.
  var ticksPerSecond: Double { variant == .optitrack ? 1e6 : 1e9 }

  public func metadata() -> TraceMetadata {
    switch variant {
    case .strokes, .predicted:
      return TraceMetadata(
        source: "TurboTouch-Nancel2018",
        device: "touchscreen, finger (device not documented; config name suggests a 3M 21.5\" 1920×1080 display)",
        digitizerRateHz: 125, coordinateUnit: "px", millimetresPerUnit: 0.248,
        licence: "Inria licence for research purposes only; do not redistribute",
        recordedPredictor: variant == .predicted ? "turbotouch-64ms-reference" : nil,
        notes: [
          "millimetres_per_unit": "assumption: 21.5\" 1920×1080 display (ANCHOR-PROTOCOL §2), unverified",
          "time": "When, ns / 1e9",
        ])
    case .optitrack:
      return TraceMetadata(
        source: "TurboTouch-Nancel2018-Optitrack", device: "undocumented 60 Hz touch device",
        digitizerRateHz: 60, coordinateUnit: "device units", millimetresPerUnit: nil,
        licence: "Inria licence for research purposes only; do not redistribute",
        notes: ["time": "timestamp, µs / 1e6", "millimetres_per_unit": "unknown"])
    }
  }

  public func strokes(in data: Data, file: URL, options: ImportOptions, report: inout CleaningReport) throws -> [Stroke] {
    let text = DelimitedText(data: data, file: file.path)
    let assembler = StrokeAssembler(options: options, pointerType: .touch)
    assembler.declareRules(in: &report)
    report.add(Self.outsideStrokeRule, 0)
    report.add(Self.unterminatedStrokeRule, 0)
    let name = fileName(file)
    let header = self.header
    guard let first = text.lines.first else {
      throw TraceInputError(file: file.path, location: .file, problem: "is empty; expected the header '\(header.joined(separator: ","))'")
    }
    var fields: [Range<Int>] = []
    text.split(first, separator: UInt8(ascii: ","), into: &fields)
    let found = fields.map { text.text(text.trimmed($0)) }
    guard found == header else {
      throw TraceInputError(file: file.path, location: .line(1), field: "header",
        problem: "is '\(text.text(first))'; expected '\(header.joined(separator: ","))'")
    }
    let typeField = header[3]
    var strokes: [Stroke] = []
    var rows: [TraceSample] = []
    var predictions: [(row: Int, prediction: RecordedPrediction)] = []
    var lines: [Int] = []
    var open = false
    func close() throws {
      if let stroke = try assembler.assemble(
        rows: rows, lines: lines, file: file.path, writer: nil, origin: name, predictions: predictions, report: &report)
      {
        strokes.append(stroke)
      }
      rows.removeAll(keepingCapacity: true)
      predictions.removeAll(keepingCapacity: true)
      lines.removeAll(keepingCapacity: true)
      open = false
    }
    for lineIndex in 1..<text.lines.count {
      let line = text.lines[lineIndex]
      let lineNumber = lineIndex + 1
      if text.isBlank(line) { continue }
      text.split(line, separator: UInt8(ascii: ","), into: &fields)
      try text.requireFields(fields, header.count, line: lineNumber, names: header)
      let ticks = try text.integer(fields[0], line: lineNumber, field: header[0])
      let x = try text.double(fields[1], line: lineNumber, field: header[1])
      let y = try text.double(fields[2], line: lineNumber, field: header[2])
      let type = text.trimmed(fields[3])
      let isDown = text.equals(type, "DOWN"), isUp = text.equals(type, "UP")
      guard isDown || isUp || text.equals(type, "MOVE") else {
        throw TraceInputError(file: file.path, location: .line(lineNumber), field: typeField,
          problem: "'\(text.text(type))' is not DOWN, MOVE or UP")
      }
      let time = Double(ticks) / ticksPerSecond
      var prediction: RecordedPrediction?
      if variant == .predicted {
        let px = try text.double(fields[4], line: lineNumber, field: "predX")
        let py = try text.double(fields[5], line: lineNumber, field: "predY")
        prediction = RecordedPrediction(anchorIndex: 0, time: time + Self.referenceLeadSeconds, x: px, y: py)
      }
      if isDown {
        if open {
          report.add(Self.unterminatedStrokeRule)
          try close()
        }
        open = true
      } else if !open {
        report.add(Self.outsideStrokeRule)
        continue
      }
      if let prediction { predictions.append((rows.count, prediction)) }
      rows.append(TraceSample(time: time, x: x, y: y))
      lines.append(lineNumber)
      if isUp { try close() }
    }
    if open {
      report.add(Self.unterminatedStrokeRule)
      try close()
    }
    return strokes
  }

  /// `strokes.csv` with the reference predictions of `strokesPredicted64GroundTruth.csv`
  /// attached: the dataset as the registry loads it. The two files must hold the same samples;
  /// a mismatch names the predictions file and the stroke and sample that differ.
  public static func importWithReferencePredictions(
    strokes strokesURL: URL, predictions predictionsURL: URL, options: ImportOptions = ImportOptions()
  ) throws -> Trace {
    var trace = try TurboTouchImporter(variant: .strokes).importTrace(file: strokesURL, options: options)
    let predicted = try TurboTouchImporter(variant: .predicted).importTrace(file: predictionsURL, options: options)
    guard predicted.strokes.count == trace.strokes.count else {
      throw TraceInputError(file: predictionsURL.path, location: .file, field: "Typestate",
        problem: "has \(predicted.strokes.count) strokes but \(strokesURL.lastPathComponent) has \(trace.strokes.count)")
    }
    for index in trace.strokes.indices {
      let a = trace.strokes[index].samples, b = predicted.strokes[index].samples
      guard a.count == b.count else {
        throw TraceInputError(file: predictionsURL.path, location: .file, field: "When",
          problem: "stroke \(index) has \(b.count) samples but \(strokesURL.lastPathComponent) has \(a.count)")
      }
      for (sampleIndex, (s, t)) in zip(a, b).enumerated() where s.time != t.time || s.x != t.x || s.y != t.y {
        throw TraceInputError(file: predictionsURL.path, location: .file, field: "When,X,Y",
          problem: "stroke \(index) sample \(sampleIndex) differs from \(strokesURL.lastPathComponent)")
      }
      trace.strokes[index].recordedPredictions = predicted.strokes[index].recordedPredictions
    }
    trace.metadata.recordedPredictor = predicted.metadata.recordedPredictor
    trace.metadata.cleaning.merge(CleaningReport(predicted.metadata.cleaning.entries.filter {
      $0.rule == StrokeAssembler.droppedPredictionRule }))
    return trace
  }
}
