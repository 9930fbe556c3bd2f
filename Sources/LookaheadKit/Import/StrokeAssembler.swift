/// Turns one stroke's raw rows into a ``Stroke``: applies ``StrokeCleaner`` (unless the import is
/// raw), assigns phases, and carries row-anchored recorded predictions to the kept samples.
struct StrokeAssembler {
  var options: ImportOptions
  /// The pointer type of every stroke this assembler makes, unless a call names another.
  var pointerType: PointerType
  var cleaner = StrokeCleaner()
  var hoverCleaner = StrokeCleaner(ruleSuffix: " (hover)")

  static var droppedPredictionRule: String { StrokeCleaner.droppedPredictionRule }
  static var droppedUpdateRule: String { StrokeCleaner.droppedUpdateRule }

  init(options: ImportOptions, pointerType: PointerType = .unknown) {
    self.options = options
    self.pointerType = pointerType
  }

  func declareRules(in report: inout CleaningReport, hover: Bool = false) {
    guard !options.raw else { return }
    cleaner.declare(in: &report)
    if hover { hoverCleaner.declare(in: &report) }
  }

  /// One stroke from its rows in file order; `nil` for no rows.
  ///
  /// - Every time (rows, predictions, update arrivals) must pass ``TraceTimeLimit``, and every
  ///   position (rows and predictions: `--predictor recorded` scores a prediction's as a
  ///   predictor's) ``TracePositionLimit``, else the row's line is the error.
  /// - `lines` (optional, parallel to `rows`) gives each row's 1-based line for messages. A raw
  ///   import keeps every row, so a row earlier than its predecessor is an error there (cleaning
  ///   would count it under R1 instead).
  /// - `keepPhases` keeps the rows' own phases (sources that record them) instead of assigning
  ///   down/move/up by position.
  /// - `predictions` and `updates` pair a raw row index with a value whose sample index is
  ///   ignored and set from the row's kept position.
  func assemble(
    rows: [TraceSample], lines: [Int] = [], file: String = "", hover: Bool = false, keepPhases: Bool = false,
    writer: String?, origin: String?, pointerType: PointerType? = nil,
    predictions: [(row: Int, prediction: RecordedPrediction)] = [],
    updates: [(row: Int, update: LatePropertyUpdate)] = [], report: inout CleaningReport
  ) throws -> Stroke? {
    guard !rows.isEmpty else { return nil }
    func location(ofRow index: Int) -> TraceInputError.Location { index < lines.count ? .line(lines[index]) : .file }
    for (index, row) in rows.enumerated() where !TraceTimeLimit.accepts(row.time) {
      throw TraceInputError(file: file, location: location(ofRow: index), field: "time",
        problem: TraceTimeLimit.problem(row.time))
    }
    for (index, row) in rows.enumerated() {
      for (field, value) in [("x", row.x), ("y", row.y)] where !TracePositionLimit.accepts(value) {
        throw TraceInputError(file: file, location: location(ofRow: index), field: field,
          problem: TracePositionLimit.problem(value))
      }
    }
    for (row, prediction) in predictions {
      guard TraceTimeLimit.accepts(prediction.time) else {
        throw TraceInputError(file: file, location: location(ofRow: row), field: "prediction time",
          problem: TraceTimeLimit.problem(prediction.time))
      }
      for (field, value) in [("prediction x", prediction.x), ("prediction y", prediction.y)]
      where !TracePositionLimit.accepts(value) {
        throw TraceInputError(file: file, location: location(ofRow: row), field: field,
          problem: TracePositionLimit.problem(value))
      }
    }
    for (row, update) in updates where !TraceTimeLimit.accepts(update.arrivalTime) {
      throw TraceInputError(file: file, location: location(ofRow: row), field: "arrival time",
        problem: TraceTimeLimit.problem(update.arrivalTime))
    }
    if options.raw {
      for index in rows.indices.dropFirst() where rows[index].time < rows[index - 1].time {
        throw TraceInputError(file: file, location: location(ofRow: index), field: "time",
          problem: "time goes backwards (\(rows[index].time) s after \(rows[index - 1].time) s) in stroke \(origin ?? "?"); "
            + "a raw import keeps rows as they are, import without raw to drop it (rule R1)")
      }
    }
    var samples: [TraceSample]
    var keptIndexOfRow: [Int?]
    if options.raw {
      samples = rows
      keptIndexOfRow = Array(rows.indices)
    } else {
      (samples, keptIndexOfRow) = (hover ? hoverCleaner : cleaner).clean(rows, report: &report)
    }
    if hover {
      for index in samples.indices { samples[index].phase = .hover }
    } else if !keepPhases {
      StrokeCleaner.assignContactPhases(&samples)
    }
    var recorded: [RecordedPrediction] = []
    recorded.reserveCapacity(predictions.count)
    for (row, prediction) in predictions {
      guard row >= 0, row < keptIndexOfRow.count, let anchor = keptIndexOfRow[row] else {
        report.add(Self.droppedPredictionRule)
        continue
      }
      var moved = prediction
      moved.anchorIndex = anchor
      recorded.append(moved)
    }
    var late: [LatePropertyUpdate] = []
    late.reserveCapacity(updates.count)
    for (row, update) in updates {
      guard row >= 0, row < keptIndexOfRow.count, let index = keptIndexOfRow[row] else {
        report.add(Self.droppedUpdateRule)
        continue
      }
      var moved = update
      moved.sampleIndex = index
      late.append(moved)
    }
    return Stroke(writer: writer, origin: origin, samples: samples, lateUpdates: late, recordedPredictions: recorded,
      pointerType: pointerType ?? self.pointerType)
  }
}
