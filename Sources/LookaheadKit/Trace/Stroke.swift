/// One contact (or one hover run) from touch-down to lift-off, in time order.
public struct Stroke: Sendable, Hashable {
  /// Who wrote it (participant, user, writer ID), for writer-disjoint splits; `nil` if unknown.
  public var writer: String?
  /// Where in the source it came from (file name, touch identifier), for messages and reports.
  public var origin: String?
  /// What made the contact, where the source says (``PointerType``); one per stroke, since a
  /// platform's pointer keeps its type from down to up.
  public var pointerType: PointerType
  public var samples: [TraceSample]
  public var lateUpdates: [LatePropertyUpdate]
  public var recordedPredictions: [RecordedPrediction]

  public init(
    writer: String? = nil, origin: String? = nil, samples: [TraceSample],
    lateUpdates: [LatePropertyUpdate] = [], recordedPredictions: [RecordedPrediction] = [],
    pointerType: PointerType = .unknown
  ) {
    self.pointerType = pointerType
    self.writer = writer
    self.origin = origin
    self.samples = samples
    self.lateUpdates = lateUpdates
    self.recordedPredictions = recordedPredictions
  }

  /// Whether this is pen-up motion in proximity rather than ink.
  public var isHover: Bool { samples.allSatisfy { $0.phase == .hover } && !samples.isEmpty }

  /// Seconds from the first to the last sample.
  public var duration: Double {
    guard let first = samples.first, let last = samples.last else { return 0 }
    return last.time - first.time
  }
}
