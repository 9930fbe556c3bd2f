/// A seeded, deterministic way of choosing the next point to try, in the unit cube.
///
/// Ask/tell: `next()` proposes a point (or `nil` when the strategy is done), `tell(_:score:)`
/// reports its objective (lower is better; `.infinity` for a failed trial). Given the same seed
/// and the same told scores a strategy proposes the same points, which is what lets an
/// interrupted tune resume from its journal exactly (``Tuner``).
public protocol SearchStrategy: Sendable {
  mutating func next() -> [Double]?
  mutating func tell(_ point: [Double], score: Double)
}
