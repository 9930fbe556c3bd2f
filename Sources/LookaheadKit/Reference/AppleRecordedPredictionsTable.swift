/// The table of ANCHOR-PROTOCOL.md, "Apple UIKit predicted touches (Inkable-ApplePencil)": UIKit's
/// recorded predictions scored at their own timestamps, with hold and linear at the same anchors
/// and targets, bucketed by lead in 240 Hz periods. Native unit pt; mm = pt × 0.192.
enum AppleRecordedPredictionsTable {
  struct Bucket: Sendable {
    /// `round(lead × 240 / 1000)`, or `nil` for the row over all buckets.
    var periods: Int?
    var count: Int
    /// Lead, milliseconds: mean, smallest, largest.
    var meanLead: Double
    var leadRange: (Double, Double)
    var apple: (mean: Double, p95: Double)
    var hold: (mean: Double, p95: Double)
    var linear: (mean: Double, p95: Double)
    var appleMillimetres: Double
    var linearMillimetres: Double
  }

  static let buckets: [Bucket] = [
    Bucket(periods: 1, count: 246, meanLead: 4.17, leadRange: (4.02, 4.52), apple: (1.12, 2.73),
           hold: (4.20, 8.49), linear: (0.988, 2.40), appleMillimetres: 0.214, linearMillimetres: 0.190),
    Bucket(periods: 2, count: 165, meanLead: 8.36, leadRange: (8.03, 9.03), apple: (2.01, 4.67),
           hold: (7.77, 14.7), linear: (2.20, 5.00), appleMillimetres: 0.386, linearMillimetres: 0.423),
    Bucket(periods: 3, count: 71, meanLead: 12.5, leadRange: (12.05, 13.55), apple: (2.72, 6.04),
           hold: (10.7, 19.6), linear: (3.38, 7.25), appleMillimetres: 0.523, linearMillimetres: 0.648),
    Bucket(periods: nil, count: 482, meanLead: 6.84, leadRange: (4.02, 13.55), apple: (1.66, 4.37),
           hold: (6.38, 14.6), linear: (1.76, 4.91), appleMillimetres: 0.319, linearMillimetres: 0.337),
  ]

  /// Recorded predictions in the traces, and how many were scored after the warm-up and end rules.
  static let recordedPredictions = 494
  static let scoredPredictions = 482
}
