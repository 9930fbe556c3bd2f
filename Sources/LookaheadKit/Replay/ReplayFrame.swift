/// One display frame as the app experiences it: at ``callbackTime`` it receives
/// ``deliveredSamples`` and draws for ``targetPresentationTime``.
///
/// The prediction horizon is the latency a predictor can hide: from the newest sample the app
/// has to the moment the frame is meant to be seen. A missed frame is seen one refresh later than
/// aimed; its prediction was still made for the target, so it is scored against the truth at
/// ``presentationTime``, when it was really shown.
public struct ReplayFrame: Sendable, Hashable {
  /// 0-based index of this frame within its stroke's replay.
  public var index: Int
  /// When the app's frame callback runs, seconds, on the trace's clock (a display refresh).
  public var callbackTime: Double
  /// The samples delivered in this callback, coalesced: every sample with time ≤ callback time −
  /// delivery delay not delivered before. Empty only for frames without new samples (when the
  /// profile asks for them).
  public var deliveredSamples: SampleIndices
  /// Index (into the stroke's samples) of the newest sample the app has at this frame.
  public var newestSampleIndex: Int
  /// Time of the newest sample the app has, seconds.
  public var newestSampleTime: Double
  /// The refresh period at the callback, seconds.
  public var refreshPeriod: Double
  /// When the frame drawn now is meant to be seen: callback time + pipeline latency, seconds.
  public var targetPresentationTime: Double
  /// When it really is seen: the target, or one refresh later if the frame missed its deadline.
  public var presentationTime: Double
  /// Whether the frame missed its deadline.
  public var isMissed: Bool

  public init(
    index: Int, callbackTime: Double, deliveredSamples: SampleIndices, newestSampleIndex: Int,
    newestSampleTime: Double, refreshPeriod: Double, targetPresentationTime: Double,
    presentationTime: Double, isMissed: Bool
  ) {
    self.index = index
    self.callbackTime = callbackTime
    self.deliveredSamples = deliveredSamples
    self.newestSampleIndex = newestSampleIndex
    self.newestSampleTime = newestSampleTime
    self.refreshPeriod = refreshPeriod
    self.targetPresentationTime = targetPresentationTime
    self.presentationTime = presentationTime
    self.isMissed = isMissed
  }

  /// The horizon the predictor is asked for: target presentation − newest sample time, seconds.
  public var horizon: Double { targetPresentationTime - newestSampleTime }

  /// The latency actually on screen: presentation − newest sample time, seconds (larger than
  /// ``horizon`` by one refresh on a missed frame).
  public var presentedHorizon: Double { presentationTime - newestSampleTime }
}
