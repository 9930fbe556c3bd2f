import LookaheadRuntime

/// The strokes a tuning objective is computed on: one trace per dataset (its metadata gives the
/// millimetre scale and the device), contact strokes only, possibly restricted to some writers
/// (one side of a ``WriterSplit``).
public struct TuningData: Sendable {
  public private(set) var traces: [Trace]
  /// Every stroke, across traces, in trace then stroke order.
  public private(set) var strokes: [Stroke]
  /// For each of ``strokes``: its trace's index.
  public private(set) var traceIndices: [Int]
  /// For each of ``strokes``: its index in its trace.
  public private(set) var strokeIndices: [Int]
  /// For each of ``strokes``: millimetres per trace unit (1 when ``inMillimetres`` is false).
  public private(set) var scales: [Double]
  /// Whether errors are in mm: true when every trace knows its scale; otherwise every length is
  /// in trace units (and mixing traces of different units is refused by ``init(traces:)``).
  public let inMillimetres: Bool
  /// Every stroke's samples cleaned by the anchor rules R1–R3 (``StrokeCleaner``), as the
  /// predictor observes them, with times relative to the stroke's first kept sample, exactly as
  /// ``PerSampleReplay`` computes them (``IssuePointLoop/prepared(_:report:)``); stroke after
  /// stroke in one array (``cleaned(_:)`` gives one stroke's). Prepared once, so that a search's thousands of trials do not clean and
  /// convert again, and in one block, so that a trial reads it front to back (the processor's
  /// prefetcher follows; a separate array per stroke cost a cache miss at every stroke start).
  public private(set) var cleanedSamples: [PointerSample]
  /// Where each stroke's samples start in ``cleanedSamples``, and (last) their count.
  public private(set) var cleanedStarts: [Int]

  /// The cleaned samples of stroke `index` (a slice of ``cleanedSamples``).
  public func cleaned(_ index: Int) -> ArraySlice<PointerSample> {
    cleanedSamples[cleanedStarts[index]..<cleanedStarts[index + 1]]
  }

  public struct MixedUnits: Error, CustomStringConvertible {
    public var sources: [String]
    public var description: String {
      "cannot pool \(sources.joined(separator: ", ")): at least one has no millimetre scale and their units differ"
    }
  }

  /// - Parameter traces: the traces (hover strokes are left out).
  public init(traces: [Trace]) throws {
    let known = traces.allSatisfy { $0.metadata.millimetresPerUnit != nil }
    if !known, Set(traces.map(\.metadata.coordinateUnit)).count > 1 {
      throw MixedUnits(sources: traces.map(\.metadata.source))
    }
    inMillimetres = known
    self.traces = traces.map { Trace(metadata: $0.metadata, strokes: $0.contactStrokes) }
    strokes = []
    traceIndices = []
    strokeIndices = []
    scales = []
    cleanedSamples = []
    cleanedStarts = [0]
    let anchorProtocol = IssuePointLoop.anchorProtocol(horizons: [])
    var report = CleaningReport()
    for (t, trace) in self.traces.enumerated() {
      for (s, stroke) in trace.strokes.enumerated() {
        cleanedSamples += anchorProtocol.prepared(stroke, report: &report)
        cleanedStarts.append(cleanedSamples.count)
        strokes.append(stroke)
        traceIndices.append(t)
        strokeIndices.append(s)
        scales.append(known ? trace.metadata.millimetresPerUnit ?? 1 : 1)
      }
    }
  }

  /// Contiguous runs of stroke indices, one per part (at most one per stroke), holding about
  /// equal numbers of cleaned samples: the per-sample work of a trial is proportional to
  /// samples, not strokes, and strokes differ in length from dataset to dataset, so equal stroke
  /// counts left one core with a quarter more work than the other on the shared corpus.
  public func strokeRuns(parts: Int) -> [Range<Int>] {
    balancedRuns(cumulativeWeights: Array(cleanedStarts[0...strokes.count]), parts: parts)
  }

  /// The same traces with only the strokes of `writers`.
  public func restricted(to writers: Set<String>) throws -> TuningData {
    try TuningData(traces: traces.map { trace in
      Trace(metadata: trace.metadata, strokes: trace.strokes.filter { writers.contains($0.writer ?? "") })
    })
  }

  /// The unit of every length: "mm" or the traces' unit.
  public var lengthUnit: String { inMillimetres ? "mm" : traces.first?.metadata.coordinateUnit ?? "units" }

  /// All strokes in one list (for ``WriterSplit``).
  public var writers: [String] {
    var seen: [String] = []
    for stroke in strokes { if let w = stroke.writer, !seen.contains(w) { seen.append(w) } }
    return seen
  }
}
