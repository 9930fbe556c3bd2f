/// What the MLP trainer minimises, per row, in the network's length unit (mm when known): the
/// Euclidean error of the predicted displacement, `‖e‖` with `e = h·(Δ/h predicted − Δ/h true)`,
/// plus, optionally, `overshootWeight · max(0, e_along)`: an extra cost for landing beyond the
/// truth along the motion (the motion frame's x axis), so that the error/overshoot trade-off can
/// be traced by varying the weight. The squared loss of the probe (`LEARNED-PROBE.md`) is not
/// offered: the Euclidean loss is the metric itself.
public struct MLPLoss: Sendable, Hashable, Codable {
  /// 0 for the plain Euclidean loss; sensible range 0…2.
  public var overshootWeight: Double

  public init(overshootWeight: Double = 0) { self.overshootWeight = overshootWeight }

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
