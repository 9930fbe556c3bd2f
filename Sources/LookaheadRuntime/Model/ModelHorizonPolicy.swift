/// How far ahead the model was asked to predict while it was tuned, so an app can use it the
/// same way.
///
/// - `presentationTime`: once per display frame, for the frame's target presentation time; the
///   horizon is that time minus the newest sample's time (what display-link APIs expose:
///   `CADisplayLink.targetTimestamp`, Android's `Choreographer` frame time plus the pipeline
///   latency). ``PointerPredictor/predict(forPresentationTime:)`` does exactly this.
/// - `fixed`: at every sample, a constant `horizonSeconds` ahead (the per-sample protocols of
///   Henze et al. 2017 and Nancel et al. 2018).
public struct ModelHorizonPolicy: Codable, Sendable, Hashable {
  public enum Kind: String, Codable, Sendable, Hashable {
    case presentationTime
    case fixed
  }
  public var kind: Kind
  /// For `fixed`: the horizon, seconds (> 0). Nil for `presentationTime`.
  public var horizonSeconds: Double?

  public init(kind: Kind, horizonSeconds: Double? = nil) {
    self.kind = kind
    self.horizonSeconds = horizonSeconds
  }

  /// Per-frame prediction for the frame's target presentation time.
  public static let presentationTime = ModelHorizonPolicy(kind: .presentationTime)

  /// Per-sample prediction `seconds` ahead.
  public static func fixed(_ seconds: Double) -> ModelHorizonPolicy {
    ModelHorizonPolicy(kind: .fixed, horizonSeconds: seconds)
  }
}
