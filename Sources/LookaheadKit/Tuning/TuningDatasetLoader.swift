import Foundation

/// Loads the datasets a tune or a training run names into ``TuningData``, through the same
/// ``EvaluationDataset/load(_:dataDirectory:options:)`` as `evaluate`, and keeps each one's
/// provenance (files and SHA-256) and the first one's coordinates, so the result records exactly
/// what it was fitted and scored on (``ResultProvenance``).
public struct TuningDatasetLoader {
  public let dataDirectory: URL?
  /// Every dataset loaded, in load order (search data first, then test data).
  public private(set) var datasets: [ResultProvenance.Dataset] = []
  /// The metadata of the first trace loaded: its unit is the one tuned parameters assume.
  public private(set) var firstMetadata: TraceMetadata?

  public init(dataDirectory: URL?) { self.dataDirectory = dataDirectory }

  /// The named datasets as one ``TuningData``; `nil` when none are named. `asTestData` marks them
  /// in the provenance as `--test` data (scored only), so an exported model does not list them
  /// among the data it was made from.
  ///
  /// A dataset without a contact stroke (a header alone, or a recording of hover moves only) is
  /// refused here, before any search or training: a tune or training has nothing to fit or score
  /// on it, and the run would otherwise end in an empty score after its work was done.
  public mutating func load(_ references: [String], asTestData: Bool = false) throws -> TuningData? {
    guard !references.isEmpty else { return nil }
    var traces: [Trace] = []
    for reference in references {
      let dataset = try EvaluationDataset.load(reference, dataDirectory: dataDirectory)
      guard !dataset.trace.contactStrokes.isEmpty else {
        let hover = dataset.trace.strokes.count
        throw DatasetReferenceError(
          reference: reference,
          problem: "holds no contact strokes (\(hover == 0 ? "no strokes at all" : "\(hover) hover \(hover == 1 ? "stroke" : "strokes") only")), "
            + "so there is nothing to \(asTestData ? "score" : "fit or score") on it")
      }
      traces.append(dataset.trace)
      var provenance = dataset.provenance
      if asTestData { provenance.testData = true }
      datasets.append(provenance)
      if firstMetadata == nil { firstMetadata = dataset.trace.metadata }
    }
    return try TuningData(traces: traces)
  }

  /// The provenance of a tune or training over what this loader read.
  public func provenance(
    command: String, predictors: [String], seed: UInt64, profile: DeviceProfile?, evaluationProtocol: String,
    commandLine: [String] = CommandLine.arguments
  ) -> ResultProvenance {
    var provenance = ResultProvenance(
      commandLine: commandLine, command: command, predictors: predictors, seed: seed, profile: profile,
      evaluationProtocol: evaluationProtocol, datasets: datasets)
    if let firstMetadata { provenance.recordCoordinates(of: firstMetadata) }
    return provenance
  }

  /// Where the full JSON result of a run that writes `output` goes: `best.json` →
  /// `best.<kind>.json` (`kind` is `tune` or `train`).
  public static func resultURL(for output: URL, kind: String) -> URL {
    let base = output.pathExtension == "json" ? output.deletingPathExtension() : output
    return URL(fileURLWithPath: base.path + ".\(kind).json")
  }
}
