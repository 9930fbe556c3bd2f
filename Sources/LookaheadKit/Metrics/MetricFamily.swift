/// What the scorer needs of a metric family beyond ``Metric``: buffers it can size ahead, so that
/// even the first strokes allocate nothing per prediction. Internal, so the public ``Metric``
/// stays what a reader of a scorecard needs.
protocol MetricFamily: Metric {
  /// Makes room for about `count` predictions (a family with no per-prediction buffer does
  /// nothing).
  mutating func reserveCapacity(_ count: Int)
}

/// One step applied to every family of a ``MetricsScorer`` in turn (forget, size, begin a stroke,
/// take a prediction, end a stroke, join, aggregate, list columns). The families are listed once,
/// in ``MetricsScorer``'s `forEachFamily`; each step is a small visitor, generic over the family,
/// so the optimiser specialises it into the same direct calls a hand-written list would make.
protocol MetricFamilyVisitor {
  /// Visits one family; `other` is the matching family of the scorer being joined, if any.
  mutating func visit<Family: MetricFamily>(_ family: inout Family, _ other: Family?)
}
