import Foundation
import LookaheadKit
import Testing

/// A circle of radius R = 100 at one turn per second (ω = 2π rad/s), 256 samples per turn, and a
/// predictor that follows the tangent at the newest sample: `P = a + h·Rω·t̂(θ_a)`.
///
/// By hand, with φ = ωh (the angle the pen turns during the horizon) and T the true point at the
/// target (on the circle, since targets fall on samples), in the frame of the true motion at T
/// (tangent û, outward normal n̂):
/// - `(P − T)·n̂ = R(cos φ + φ sin φ − 1)`: the cross-track error. To second order in φ it is
///   `Rφ²/2`, the sagitta `R(1 − cos φ)` of the arc travelled, which is the textbook answer for
///   how far a tangent leaves a circle.
/// - `(P − T)·û = R(φ cos φ − sin φ)`: slightly late (≈ −Rφ³/3).
@Suite struct CircleTrackErrorTests {
  static let radius = 100.0
  static let omega = 2 * Double.pi
  static let stepAngle = 2 * Double.pi / 256

  let stroke = MetricTestStrokes.stroke(
    (0..<300).map { (radius * cos(Double($0) * stepAngle), radius * sin(Double($0) * stepAngle)) })

  @Test(arguments: [4.0, 8.0, 16.0])
  func tangentPredictionLeavesTheCircleByTheKnownAmount(horizonSamples: Double) throws {
    let h = horizonSamples * MetricTestStrokes.period
    let phi = Self.omega * h
    let events = MetricTestStrokes.events(for: stroke, horizonSamples: horizonSamples, anchors: 1...280) {
      seen, target in
      let anchor = seen[seen.count - 1]
      let theta = Double(seen.count - 1) * Self.stepAngle
      let reach = (target - anchor.time) * Self.radius * Self.omega
      return PredictedPosition(x: anchor.x - reach * sin(theta), y: anchor.y + reach * cos(theta))
    }
    let card = try MetricTestStrokes.score(stroke, events)
    let expectedCross = Self.radius * (cos(phi) + phi * sin(phi) - 1)
    let expectedAlong = Self.radius * (phi * cos(phi) - sin(phi))
    let tolerance = 1e-9
    let cross = try #require(card.value("cross_track_mean_native"))
    #expect(abs(cross - expectedCross) < tolerance)
    let crossMax = try #require(card.value("cross_track_max_native"))
    #expect(abs(crossMax - expectedCross) < tolerance)
    let along = try #require(card.value("along_track_mean_native"))
    #expect(abs(along - expectedAlong) < tolerance)
    let error = try #require(card.value("error_mean_native"))
    #expect(abs(error - (expectedCross * expectedCross + expectedAlong * expectedAlong).squareRoot()) < tolerance)
    // Close to the sagitta, as the second-order argument says.
    let sagitta = Self.radius * (1 - cos(phi))
    #expect(abs(cross - sagitta) < Self.radius * pow(phi, 4) / 4)
    // The tangent points where the pen goes, never backwards.
    #expect(card.value("wrong_direction_count") == 0)
  }
}
