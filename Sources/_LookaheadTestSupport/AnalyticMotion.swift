import Foundation
import LookaheadRuntime

/// Pointer motion whose position is known exactly at any time, for predictor tests: a still
/// pointer, a constant-speed line, a constant-acceleration parabola, a constant-speed circle.
public enum AnalyticMotion: Sendable, CustomStringConvertible {
  case hold(x: Double, y: Double)
  /// Starts at (x, y) at time 0 and moves at (vx, vy) units/s.
  case line(x: Double, y: Double, vx: Double, vy: Double)
  /// As `line`, plus constant acceleration (ax, ay) units/s².
  case parabola(x: Double, y: Double, vx: Double, vy: Double, ax: Double, ay: Double)
  /// Centre (cx, cy), radius r, angular speed ω rad/s, starting at angle 0.
  case circle(cx: Double, cy: Double, radius: Double, angularSpeed: Double)

  /// The four shapes the conformance suite uses, at writing-like speeds.
  public static let standard: [AnalyticMotion] = [
    .hold(x: 120.5, y: -40.25),
    .line(x: 10, y: 20, vx: 300, vy: -200),
    .parabola(x: 10, y: 20, vx: 200, vy: 50, ax: -900, ay: 400),
    .circle(cx: 200, cy: 150, radius: 60, angularSpeed: 6),
  ]

  public var description: String {
    switch self {
    case .hold: "hold"
    case .line: "line"
    case .parabola: "parabola"
    case .circle: "circle"
    }
  }

  public func position(at t: Double) -> (x: Double, y: Double) {
    switch self {
    case .hold(let x, let y): return (x, y)
    case .line(let x, let y, let vx, let vy): return (x + vx * t, y + vy * t)
    case .parabola(let x, let y, let vx, let vy, let ax, let ay):
      return (x + vx * t + 0.5 * ax * t * t, y + vy * t + 0.5 * ay * t * t)
    case .circle(let cx, let cy, let r, let w):
      return (cx + r * cos(w * t), cy + r * sin(w * t))
    }
  }

  /// `count` samples at `rateHz`, the first at `startTime` seconds.
  public func samples(rateHz: Double, count: Int, startTime: Double = 0) -> [PointerSample] {
    (0..<count).map { i in
      let t = startTime + Double(i) / rateHz
      let p = position(at: t)
      return PointerSample(time: t, x: p.x, y: p.y)
    }
  }
}

