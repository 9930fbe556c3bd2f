/// Which stroke a score belongs to, for tables, JSON and paired comparisons across predictors.
public struct StrokeReference: Sendable, Hashable, Codable {
  /// Dataset or trace source, for example `"Inkable-ApplePencil"`.
  public var source: String
  /// Index of the stroke in its trace.
  public var strokeIndex: Int
  public var origin: String?
  public var writer: String?

  public init(source: String, strokeIndex: Int, origin: String? = nil, writer: String? = nil) {
    self.source = source
    self.strokeIndex = strokeIndex
    self.origin = origin
    self.writer = writer
  }

  /// `source#index`, used in error messages.
  public var label: String { "\(source)#\(strokeIndex)" }
}

/// Scores predictions against the truth with every metric family, stroke by stroke, into a
/// ``Scorecard``.
///
/// Use: for each stroke, ``beginStroke(_:metadata:reference:)``, then ``accumulate(_:)`` for each
/// ``PredictionEvent`` in time order, then ``endStroke()``; finally ``scorecard()``. To score
/// strokes in parallel, give each worker its own scorer over a contiguous run of strokes and join
/// them in stroke order with ``append(contentsOf:)``: the scorecard is the same, to the bit, as
/// one scorer's over all strokes (every aggregate is computed from the pooled values in stroke
/// order).
///
/// ``accumulate(_:)`` allocates nothing once the buffers have grown (they keep their capacity
/// across strokes and ``reset()``); a stroke allocates only its row of cells.
public struct MetricsScorer: Sendable {
  public let settings: MetricSettings
  private var truth = TruthPath()
  private var context: StrokeContext? = nil
  private var reference: StrokeReference? = nil
  private var strokeScale: Double? = nil
  private var strokePredictions = 0
  private var previousIssueTime = -Double.infinity

  private var errorMetric = ErrorAtHorizonMetric()
  private var trackMetric = TrackErrorMetric()
  private var latencyMetric = EffectiveLatencyMetric()
  private var displacementMetric = WrongDistanceOrientationMetric()
  private var jitterMetric = JitterMetric()
  private var overshootMetric = StrokeEndOvershootMetric()
  private var directionMetric = WrongDirectionMetric()
  private var pressureMetric = PressureErrorMetric()
  private var highSpeedMetric: HighSpeedSubsetMetric

  /// Scores of the finished strokes, in order.
  public private(set) var strokes: [StrokeScore] = []
  private var scales: [Double?] = []
  private var firstUnitKey: UnitKey? = nil
  private var uniformUnits = true

  public init(settings: MetricSettings = MetricSettings()) throws(MetricInputError) {
    try settings.validate()
    self.settings = settings
    highSpeedMetric = HighSpeedSubsetMetric(percentile: settings.highSpeedPercentile)
  }

  /// The metric families, in column order: the one list of them. A new family is its own file
  /// (a ``Metric`` conforming to ``MetricFamily``, documented in `Docs/Metrics.md`), a stored
  /// property above and one line here; every step below visits the families through this.
  @inline(__always)
  private mutating func forEachFamily<Visitor: MetricFamilyVisitor>(
    _ visitor: inout Visitor, pairedWith other: MetricsScorer? = nil
  ) {
    visitor.visit(&errorMetric, other?.errorMetric)
    visitor.visit(&trackMetric, other?.trackMetric)
    visitor.visit(&latencyMetric, other?.latencyMetric)
    visitor.visit(&displacementMetric, other?.displacementMetric)
    visitor.visit(&jitterMetric, other?.jitterMetric)
    visitor.visit(&overshootMetric, other?.overshootMetric)
    visitor.visit(&directionMetric, other?.directionMetric)
    visitor.visit(&pressureMetric, other?.pressureMetric)
    visitor.visit(&highSpeedMetric, other?.highSpeedMetric)
  }

  /// Every column, in the order of a ``StrokeScore``'s and the aggregate's cells.
  public var columns: [MetricColumn] {
    struct Columns: MetricFamilyVisitor {
      var columns: [MetricColumn] = []
      mutating func visit<Family: MetricFamily>(_ family: inout Family, _ other: Family?) { columns += family.columns }
    }
    var visitor = Columns()
    var families = self
    families.forEachFamily(&visitor)
    return visitor.columns
  }

  /// Forgets every stroke, keeping buffer capacity (for reuse in benchmarks and sweeps).
  public mutating func reset() {
    context = nil
    reference = nil
    strokes.removeAll(keepingCapacity: true)
    scales.removeAll(keepingCapacity: true)
    firstUnitKey = nil
    uniformUnits = true
    struct Reset: MetricFamilyVisitor {
      mutating func visit<Family: MetricFamily>(_ family: inout Family, _ other: Family?) { family.reset() }
    }
    var visitor = Reset()
    forEachFamily(&visitor)
  }

  /// Reserves room for about `count` predictions (and `strokeCount` strokes) in every buffer, so
  /// that even the first strokes allocate nothing per prediction and the buffers never regrow.
  public mutating func reserveCapacity(predictions count: Int, strokes strokeCount: Int = 0) {
    strokes.reserveCapacity(strokeCount)
    scales.reserveCapacity(strokeCount)
    struct Reserve: MetricFamilyVisitor {
      let count: Int
      mutating func visit<Family: MetricFamily>(_ family: inout Family, _ other: Family?) { family.reserveCapacity(count) }
    }
    var visitor = Reserve(count: count)
    forEachFamily(&visitor)
  }

  /// Starts scoring `stroke` (positions in `metadata.coordinateUnit`, scaled by
  /// `metadata.millimetresPerUnit`).
  /// - Throws: when a stroke is already open, or the stroke is empty, non-finite or goes back in
  ///   time.
  public mutating func beginStroke(
    _ stroke: Stroke, metadata: TraceMetadata, reference: StrokeReference
  ) throws(MetricInputError) {
    guard self.reference == nil else {
      throw MetricInputError(
        stroke: reference.label, field: "beginStroke",
        problem: "stroke \(self.reference?.label ?? "?") is still open; call endStroke() first")
    }
    let scale = metadata.millimetresPerUnit.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    let restRadius = settings.restRadius.inTraceUnits(millimetresPerUnit: scale) ?? 0
    try truth.load(
      stroke.samples, label: reference.label, restRadius: restRadius,
      finalDirectionSpan: settings.finalDirectionSpanSeconds)
    let context = StrokeContext(
      millimetresPerUnit: scale,
      jumpThreshold: settings.jumpThreshold.inTraceUnits(millimetresPerUnit: scale),
      minimumDisplacement: settings.minimumDisplacement.inTraceUnits(millimetresPerUnit: scale) ?? 0,
      strokeEndWindowStart: truth.restStartTime - settings.strokeEndWindowSeconds,
      lastX: truth.lastX, lastY: truth.lastY, finalDirectionX: truth.finalDirectionX,
      finalDirectionY: truth.finalDirectionY)
    self.context = context
    self.reference = reference
    strokeScale = scale
    strokePredictions = 0
    previousIssueTime = -.infinity
    let unitKey = UnitKey(coordinateUnit: metadata.coordinateUnit, millimetresPerUnit: scale)
    if let firstUnitKey {
      if firstUnitKey != unitKey { uniformUnits = false }
    } else {
      firstUnitKey = unitKey
    }
    struct Begin: MetricFamilyVisitor {
      let context: StrokeContext
      mutating func visit<Family: MetricFamily>(_ family: inout Family, _ other: Family?) { family.beginStroke(context) }
    }
    var begin = Begin(context: context)
    forEachFamily(&begin)
  }

  /// Scores one prediction of the open stroke and returns what was derived from it (the
  /// per-prediction record).
  /// - Throws: when no stroke is open, the sample index is out of range, a number is not finite,
  ///   or the issue time goes back.
  @discardableResult
  public mutating func accumulate(_ event: PredictionEvent) throws(MetricInputError) -> PredictionOutcome {
    guard let context else {
      throw MetricInputError(field: "accumulate", problem: "no stroke is open; call beginStroke first")
    }
    let index = strokePredictions
    func fail(_ field: String, _ problem: String) -> MetricInputError {
      MetricInputError(stroke: reference?.label, index: index, field: field, problem: problem)
    }
    guard event.newestSampleIndex >= 0, event.newestSampleIndex < truth.count else {
      throw fail(
        "newestSampleIndex", "is \(event.newestSampleIndex); the stroke has samples 0..<\(truth.count)")
    }
    guard event.targetTime.isFinite else { throw fail("targetTime", "is \(event.targetTime); expected finite") }
    guard event.issueTime.isFinite else { throw fail("issueTime", "is \(event.issueTime); expected finite") }
    guard event.issueTime >= previousIssueTime else {
      throw fail(
        "issueTime", "goes back in time (\(event.issueTime) s after \(previousIssueTime) s); events must be in order")
    }
    let anchor = truth.sample(event.newestSampleIndex)
    var shownX = anchor.x
    var shownY = anchor.y
    var shownPressure = anchor.pressure
    var declined = true
    if let predicted = event.predicted {
      guard predicted.x.isFinite, predicted.y.isFinite else {
        throw fail("predicted", "is (\(predicted.x), \(predicted.y)); expected finite")
      }
      if let pressure = predicted.pressure {
        guard pressure.isFinite else { throw fail("predicted.pressure", "is \(pressure); expected finite") }
        shownPressure = pressure
      }
      shownX = predicted.x
      shownY = predicted.y
      declined = false
    }
    let target = event.targetTime
    let state = truth.state(at: target)
    let margin = max(abs(target - anchor.time), settings.latencySearchMarginSeconds)
    let landed = truth.closestTime(
      toX: shownX, y: shownY, from: min(anchor.time, target) - margin, to: max(anchor.time, target) + margin,
      preferring: target)
    let onPath = truth.state(at: landed)
    let offX = shownX - onPath.x
    let offY = shownY - onPath.y
    let offDistance = (offX * offX + offY * offY).squareRoot()
    let leftOfPath = onPath.directionX.isNaN || onPath.directionX * offY - onPath.directionY * offX >= 0
    let outcome = PredictionOutcome(
      issueTime: event.issueTime, targetTime: target, anchorTime: anchor.time, anchorX: anchor.x,
      anchorY: anchor.y, declined: declined, shownX: shownX, shownY: shownY, shownPressureValue: shownPressure,
      truthX: state.x, truthY: state.y, truthPressureValue: state.pressure, directionX: state.directionX,
      directionY: state.directionY, trueSpeed: state.speed, landedTime: landed,
      landedX: onPath.x, landedY: onPath.y, offPath: leftOfPath ? offDistance : -offDistance,
      reachPastEnd: truth.reachPastEnd(from: event.newestSampleIndex))
    struct Accumulate: MetricFamilyVisitor {
      let outcome: PredictionOutcome
      let context: StrokeContext
      @inline(__always)
      mutating func visit<Family: MetricFamily>(_ family: inout Family, _ other: Family?) {
        family.accumulate(outcome, context)
      }
    }
    var accumulate = Accumulate(outcome: outcome, context: context)
    forEachFamily(&accumulate)
    strokePredictions += 1
    previousIssueTime = event.issueTime
    return outcome
  }

  /// Closes the open stroke and returns its score (also kept in ``strokes``).
  @discardableResult
  public mutating func endStroke() throws(MetricInputError) -> StrokeScore {
    guard let context, let reference else {
      throw MetricInputError(field: "endStroke", problem: "no stroke is open")
    }
    struct End: MetricFamilyVisitor {
      let context: StrokeContext
      var row: [Double?] = []
      mutating func visit<Family: MetricFamily>(_ family: inout Family, _ other: Family?) {
        family.endStroke(context, into: &row)
      }
    }
    var end = End(context: context)
    end.row.reserveCapacity(128)
    forEachFamily(&end)
    var row = end.row
    for index in row.indices { row[index] = Self.finiteOrNil(row[index]) }
    let score = StrokeScore(
      reference: reference, predictionCount: strokePredictions, millimetresPerUnit: strokeScale, values: row)
    strokes.append(score)
    scales.append(strokeScale)
    self.context = nil
    self.reference = nil
    return score
  }

  /// Appends the strokes `other` scored, after this scorer's (join parallel workers in stroke
  /// order). Open strokes are not carried over.
  public mutating func append(contentsOf other: MetricsScorer) {
    strokes.append(contentsOf: other.strokes)
    scales.append(contentsOf: other.scales)
    if let otherKey = other.firstUnitKey {
      if let firstUnitKey {
        if firstUnitKey != otherKey || !other.uniformUnits { uniformUnits = false }
      } else {
        firstUnitKey = otherKey
        uniformUnits = other.uniformUnits
      }
    }
    struct Join: MetricFamilyVisitor {
      mutating func visit<Family: MetricFamily>(_ family: inout Family, _ other: Family?) {
        if let other { family.append(contentsOf: other) }
      }
    }
    var join = Join()
    forEachFamily(&join, pairedWith: other)
  }

  /// The scorecard of the finished strokes: their rows and the aggregate row.
  ///
  /// - Parameter parts: cores to use; above 1 the metric families aggregate concurrently (each
  ///   selects its own percentiles), the row assembled in column order, so the cells are the same
  ///   for any value.
  public func scorecard(parts: Int = 1) -> Scorecard {
    let run = RunContext(
      perStroke: scales, uniformUnits: uniformUnits, errors: errorMetric.pooledErrors,
      latencySaved: latencyMetric.pooledLatencySaved)
    let familyCount = self.familyCount
    // One chunk per family, handed to the cores as they free up (the families' costs differ).
    let rows = parallelChunks(count: familyCount, parts: parts > 1 ? familyCount : 1) { families in
      var row: [Double?] = []
      for family in families { aggregate(family: family, run, into: &row) }
      return row
    }
    let row = Array(rows.joined())
    return Scorecard(
      columns: columns, strokes: strokes, aggregate: row.map(Self.finiteOrNil),
      predictionCount: strokes.reduce(0) { $0 + $1.predictionCount }, uniformUnits: uniformUnits,
      settings: settings)
  }

  /// How many families ``forEachFamily(_:pairedWith:)`` lists.
  private var familyCount: Int {
    struct Count: MetricFamilyVisitor {
      var count = 0
      mutating func visit<Family: MetricFamily>(_ family: inout Family, _ other: Family?) { count += 1 }
    }
    var visitor = Count()
    var families = self
    families.forEachFamily(&visitor)
    return visitor.count
  }

  /// Appends the aggregate cells of the `family`-th metric family, in ``columns`` order.
  private func aggregate(family: Int, _ run: RunContext, into row: inout [Double?]) {
    struct Aggregate: MetricFamilyVisitor {
      let wanted: Int
      let run: RunContext
      var index = 0
      var row: [Double?]
      mutating func visit<Family: MetricFamily>(_ family: inout Family, _ other: Family?) {
        if index == wanted { family.aggregate(run, into: &row) }
        index += 1
      }
    }
    var visitor = Aggregate(wanted: family, run: run, row: row)
    row = []
    var families = self
    families.forEachFamily(&visitor)
    row = visitor.row
  }

  /// What must match for trace-unit statistics of two strokes to be pooled: the coordinate unit
  /// and the known scale (compared as values, so closing a stroke formats no text).
  private struct UnitKey: Sendable, Equatable {
    var coordinateUnit: String
    var millimetresPerUnit: Double?
  }

  /// Overflowing input (coordinates near the largest Double) can make a statistic infinite;
  /// cells hold finite numbers or nothing, so JSON can always encode them.
  private static func finiteOrNil(_ value: Double?) -> Double? { value.flatMap { $0.isFinite ? $0 : nil } }

  /// Scores a whole trace: `events[i]` are the predictions for `trace.strokes[i]`.
  public static func score(
    _ trace: Trace, events: [[PredictionEvent]], settings: MetricSettings = MetricSettings()
  ) throws(MetricInputError) -> Scorecard {
    guard events.count == trace.strokes.count else {
      throw MetricInputError(
        field: "events", problem: "has \(events.count) lists for \(trace.strokes.count) strokes; expected one per stroke")
    }
    var scorer = try MetricsScorer(settings: settings)
    for (index, stroke) in trace.strokes.enumerated() {
      try scorer.beginStroke(
        stroke, metadata: trace.metadata,
        reference: StrokeReference(
          source: trace.metadata.source, strokeIndex: index, origin: stroke.origin, writer: stroke.writer))
      for event in events[index] { try scorer.accumulate(event) }
      try scorer.endStroke()
    }
    return scorer.scorecard()
  }
}
