import Foundation

/// Wrong distance and wrong orientation, after the side effects of the same names in Nancel et
/// al., "Next-Point Prediction Metrics for Perceived Spatial Errors", UIST 2016
/// (doi:10.1145/2984511.2984590): users saw the predicted ink go the right way but too far or
/// not far enough, or go the right distance in a wrong direction.
///
/// Both compare two displacements from the newest sample *a*: the predicted one `P − a` and the
/// true one `T − a` (T: the truth at the target). Wrong distance is `|P − a| − |T − a|` (positive:
/// too far); wrong orientation is the angle between the two, in degrees, judged only when both
/// are longer than ``MetricSettings/minimumDisplacement``. Our restatement: the paper fits
/// probability models of perceived side effects to such quantities; we report the quantities.
public struct WrongDistanceOrientationMetric: Metric {
  private var distance = SampleChannel(
    "wrong_distance", family: "displacement", .length, better: .lower, signed: true, statistics: [.mean])
  private var absoluteDistance = SampleChannel(
    "wrong_distance_abs", family: "displacement", .length, better: .lower, statistics: [.mean, .p95])
  private var orientation = SampleChannel(
    "wrong_orientation", family: "displacement", .angle, better: .lower, statistics: [.mean, .p95])

  public init() {}

  public var columns: [MetricColumn] { distance.columns + absoluteDistance.columns + orientation.columns }

  public mutating func reset() {
    distance.reset()
    absoluteDistance.reset()
    orientation.reset()
  }

  public mutating func beginStroke(_ context: StrokeContext) {}

  @inline(__always)
  public mutating func accumulate(_ outcome: PredictionOutcome, _ context: StrokeContext) {
    let px = outcome.shownX - outcome.anchorX
    let py = outcome.shownY - outcome.anchorY
    let tx = outcome.truthX - outcome.anchorX
    let ty = outcome.truthY - outcome.anchorY
    let predictedLength = (px * px + py * py).squareRoot()
    let trueLength = (tx * tx + ty * ty).squareRoot()
    let wrong = predictedLength - trueLength
    distance.append(wrong)
    absoluteDistance.append(abs(wrong))
    if predictedLength > context.minimumDisplacement, trueLength > context.minimumDisplacement {
      // atan2(|cross|, dot) is accurate for small and large angles alike.
      let angle = atan2(abs(px * ty - py * tx), px * tx + py * ty)
      orientation.append(angle * (180 / Double.pi))
    }
  }

  public mutating func endStroke(_ context: StrokeContext, into row: inout [Double?]) {
    distance.endStroke(scale: context.millimetresPerUnit, into: &row)
    absoluteDistance.endStroke(scale: context.millimetresPerUnit, into: &row)
    orientation.endStroke(scale: nil, into: &row)
  }

  public mutating func append(contentsOf other: WrongDistanceOrientationMetric) {
    distance.append(contentsOf: other.distance)
    absoluteDistance.append(contentsOf: other.absoluteDistance)
    orientation.append(contentsOf: other.orientation)
  }

  public func aggregate(_ run: RunContext, into row: inout [Double?]) {
    distance.aggregate(run, into: &row)
    absoluteDistance.aggregate(run, into: &row)
    orientation.aggregate(run, into: &row)
  }

  mutating func reserveCapacity(_ count: Int) {
    distance.reserveCapacity(count)
    absoluteDistance.reserveCapacity(count)
    orientation.reserveCapacity(count)
  }
}

extension WrongDistanceOrientationMetric: MetricFamily {}
