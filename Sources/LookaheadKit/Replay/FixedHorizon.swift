/// How far ahead a per-sample prediction looks: a time, or a number of input events (the Henze
/// 2017 protocol counts events: "33 ms" there means 2 events at about 60 Hz).
public enum FixedHorizon: Sendable, Hashable, CustomStringConvertible {
  /// Seconds after the issuing sample's time, > 0 (the error at 0 is 0).
  case seconds(Double)
  /// The time of the sample this many events after the issuing one (its position is the truth);
  /// 1 or more (a count below 1 issues nothing).
  case events(Int)

  /// The seven horizons of the per-sample anchor protocol: k/240 s for k = 1, 2, 3, 4, 5, 6, 8
  /// (4.17 … 33.3 ms; `../shared/design/ANCHOR-PROTOCOL.md` §1.3).
  public static let anchorHorizons: [FixedHorizon] = [1, 2, 3, 4, 5, 6, 8].map { .seconds(Double($0) / 240) }

  public var description: String {
    switch self {
    case .seconds(let s): "\((s * 1e5).rounded() / 100) ms"
    case .events(let n): "\(n) events"
    }
  }
}
