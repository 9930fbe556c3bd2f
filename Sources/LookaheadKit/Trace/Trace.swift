/// A recording: what it is (``TraceMetadata``) and its strokes, each in time order.
///
/// Positions keep the source's unit; `metadata.millimetresPerUnit` converts them. Times are
/// seconds everywhere.
public struct Trace: Sendable, Hashable {
  public var metadata: TraceMetadata
  public var strokes: [Stroke]

  public init(metadata: TraceMetadata, strokes: [Stroke]) {
    self.metadata = metadata
    self.strokes = strokes
  }

  /// Contact strokes only (hover runs left out).
  public var contactStrokes: [Stroke] { strokes.filter { !$0.isHover } }

  public var sampleCount: Int { strokes.reduce(0) { $0 + $1.samples.count } }

  /// Distinct writers in first-seen order.
  public var writers: [String] {
    var seen = Set<String>()
    return strokes.compactMap(\.writer).filter { seen.insert($0).inserted }
  }
}
