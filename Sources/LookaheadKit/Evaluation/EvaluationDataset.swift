import Foundation

/// A dataset reference loaded for evaluation: the trace, the checksums of the files it read (for
/// ``ResultProvenance``) and, when the selection is exactly one that ANCHOR-PROTOCOL.md §2 scored,
/// which one, so that the reference rows of that selection can be shown beside ours.
public struct EvaluationDataset: Sendable {
  /// The reference as given (`Inkable-ApplePencil`, `SVC2004-Task2:test`, a path).
  public var reference: String
  public var trace: Trace
  public var files: [ResultProvenance.File]
  /// The mapping file the data was read through, with its SHA-256 (``mappings(of:dataDirectory:)``).
  public var mappings: [ResultProvenance.File]
  /// The anchor-protocol dataset whose §2 selection this reference is, or `nil`.
  public var anchorDataset: AnchorDataset?

  public init(
    reference: String, trace: Trace, files: [ResultProvenance.File], mappings: [ResultProvenance.File] = [],
    anchorDataset: AnchorDataset?
  ) {
    self.reference = reference
    self.trace = trace
    self.files = files
    self.mappings = mappings
    self.anchorDataset = anchorDataset
  }

  /// The registry reference that loads exactly the selection ANCHOR-PROTOCOL.md §2 scored for
  /// each dataset: all of Inkable, TurboTouch's `strokes.csv`, all 24 Henze files, the SVC test
  /// writers U29–U32 (genuine S1–S20) and the one full capture of Wacom writer ID0001.
  public static func anchorSelection(_ dataset: AnchorDataset) -> String {
    switch dataset {
    case .inkableApplePencil, .turboTouch, .henze2017: dataset.folder
    case .svc2004Task2: "SVC2004-Task2:test"
    case .wacomMSP13: "WacomMSP13-HandwritingSpeed:ID0001"
    }
  }

  /// The anchor dataset a registry reference selects exactly (case-insensitive), or `nil`.
  public static func anchorDataset(forReference reference: String) -> AnchorDataset? {
    AnchorDataset.allCases.first { anchorSelection($0).lowercased() == reference.lowercased() }
  }

  /// Loads `reference` (a dataset name, `NAME:SUBSET` or a path) through ``DatasetRegistry`` and
  /// hashes its files.
  public static func load(
    _ reference: String, dataDirectory: URL? = nil, options: ImportOptions = ImportOptions()
  ) throws -> EvaluationDataset {
    let trace = try DatasetRegistry.load(reference, dataDirectory: dataDirectory, options: options)
    return try hashing(reference, trace: trace, dataDirectory: dataDirectory)
  }

  /// `trace`, read from `reference` (`replay` reads with a format and import options of its own),
  /// with the files and mapping it was read from hashed.
  public static func hashing(_ reference: String, trace: Trace, dataDirectory: URL? = nil) throws -> EvaluationDataset {
    EvaluationDataset(
      reference: reference, trace: trace, files: try files(of: reference, dataDirectory: dataDirectory),
      mappings: try mappings(of: reference, dataDirectory: dataDirectory), anchorDataset: anchorDataset(forReference: reference))
  }

  /// The files `reference` reads with their SHA-256 (``DatasetRegistry/checksums(of:dataDirectory:)``),
  /// for a trace loaded otherwise (`replay` reads with a format and import options).
  public static func files(of reference: String, dataDirectory: URL? = nil) throws -> [ResultProvenance.File] {
    try DatasetRegistry.checksums(of: reference, dataDirectory: dataDirectory).map {
      ResultProvenance.File(path: $0.path, sha256: $0.sha256)
    }
  }

  /// The mapping file `reference` is read through with its SHA-256
  /// (``DatasetRegistry/mappingChecksums(of:dataDirectory:)``); none for a dataset or a plain file.
  public static func mappings(of reference: String, dataDirectory: URL? = nil) throws -> [ResultProvenance.File] {
    try DatasetRegistry.mappingChecksums(of: reference, dataDirectory: dataDirectory).map {
      ResultProvenance.File(path: $0.path, sha256: $0.sha256)
    }
  }

  /// The provenance entry of this dataset.
  public var provenance: ResultProvenance.Dataset {
    ResultProvenance.Dataset(
      reference: reference, source: trace.metadata.source, strokes: trace.contactStrokes.count, files: files,
      mappings: mappings)
  }
}
