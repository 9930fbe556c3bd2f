/// A prediction that some other system made while the trace was recorded, kept so that it can be
/// scored by the same metrics as our own predictors.
///
/// Examples: UIKit's `predictedTouches(for:)` in the Inkable traces, the TurboTouch reference
/// output 64 ms ahead in `strokesPredicted64GroundTruth.csv`.
public struct RecordedPrediction: Sendable, Hashable {
  /// Index of the newest real sample of the stroke the predictor had seen when it predicted.
  public var anchorIndex: Int
  /// The time the prediction is for, seconds.
  public var time: Double
  public var x: Double
  public var y: Double
  public var pressure: Double?

  public init(anchorIndex: Int, time: Double, x: Double, y: Double, pressure: Double? = nil) {
    self.anchorIndex = anchorIndex
    self.time = time
    self.x = x
    self.y = y
    self.pressure = pressure
  }
}
