/// What the MLP trainer minimises, per row, in the network's length unit (mm when known): the
/// Euclidean error of the predicted displacement, `‖e‖` with `e = h·(Δ/h predicted − Δ/h true)`,
/// plus, optionally, `overshootWeight · max(0, e_along)`: an extra cost for landing beyond the
/// truth along the motion (the motion frame's x axis), so that the error/overshoot trade-off can
/// be traced by varying the weight. The squared loss of the probe (`LEARNED-PROBE.md`) is not
/// offered: the Euclidean loss is the metric itself.
///
/// **Relative to the horizon** (``relativeToHorizon``): each row's loss is weighed by `c / h`, `h`
/// its horizon (times the window's reference speed with speed normalisation, the row's scale),
/// and `c` such that the mean weight over the training rows is 1. Errors grow with the horizon,
/// so a plain sum is dominated by the longest horizons; weighed this way every horizon counts its
/// error relative to its size, the way a table of per-horizon cells (Henze et al. 2017's) or their
/// geometric mean reads them. Early stopping still reads the plain Euclidean error.
public struct MLPLoss: Sendable, Hashable, Codable {
  /// 0 for the plain Euclidean loss; sensible range 0…2.
  public var overshootWeight: Double
  /// Weigh each row by `c / h` (see the type's documentation); `nil` or false: every row counts
  /// its error in length units.
  public var relativeToHorizon: Bool?

  public init(overshootWeight: Double = 0, relativeToHorizon: Bool = false) {
    self.overshootWeight = overshootWeight
    self.relativeToHorizon = relativeToHorizon ? true : nil
  }

  /// The constant `c` of the relative weighting for rows of these scales (`1 / mean(1/h)`), or
  /// `nil` when rows are not weighed (or there are none).
  public func horizonWeightScale(_ horizons: [Double]) -> Double? {
    guard relativeToHorizon == true, !horizons.isEmpty else { return nil }
    var sum = 0.0
    for h in horizons { sum += 1 / h }
    return Double(horizons.count) / sum
  }

  /// The loss of one row and its gradient with respect to the error vector.
  @inline(__always)
  func evaluate(ex: Double, ey: Double) -> (loss: Double, dx: Double, dy: Double) {
    let length = (ex * ex + ey * ey).squareRoot()
    var loss = length, dx = 0.0, dy = 0.0
    if length > 0 {
      dx = ex / length
      dy = ey / length
    }
    if overshootWeight > 0, ex > 0 {
      loss += overshootWeight * ex
      dx += overshootWeight
    }
    return (loss, dx, dy)
  }
}
