/// Where a model came from, so a result can be traced back and reproduced: the data (with
/// checksums), how it was split, what was optimised, the seed, the score reached, and the
/// command and workbench version that wrote the file.
public struct ModelProvenance: Codable, Sendable, Hashable {
  /// One dataset the model was tuned or trained on.
  public struct Dataset: Codable, Sendable, Hashable {
    /// One file of a dataset with its SHA-256 (hex), as `MANIFEST.sha256` lists it.
    public struct File: Codable, Sendable, Hashable {
      public var path: String
      public var sha256: String
      public init(path: String, sha256: String) {
        self.path = path
        self.sha256 = sha256
      }
    }
    /// Registry name or path (`Henze2017-MobileHCI`, `Inkable-ApplePencil:train`).
    public var name: String
    /// The files read, with checksums (empty when unknown).
    public var files: [File]
    /// The mapping file a researcher's own data was read through (a sidecar `FILE.mapping` or
    /// `mapping=`), with its checksum: it decides what each column means, so the data's
    /// checksum alone does not fix what was fitted on. `nil`, and left out, when there is none.
    public var mappings: [File]?

    public init(name: String, files: [File] = [], mappings: [File]? = nil) {
      self.name = name
      self.files = files
      self.mappings = mappings.flatMap { $0.isEmpty ? nil : $0 }
    }
  }

  public var datasets: [Dataset]
  /// The writer split (`holdout:0.2`, `leave-one-writer-out`, …), or `none`.
  public var split: String
  /// The objective optimised (`error_mean_mm`, …), or `none` for a hand-written configuration.
  public var objective: String
  public var seed: UInt64
  /// Scores reached, by scorecard column (`error_mean_mm`: 1.23).
  public var score: [String: Double]
  /// The command line that produced the model.
  public var command: String
  /// `LookaheadVersion.string` of the workbench that wrote the file.
  public var lookaheadVersion: String
  /// The `tune` or `train` command line whose result was exported, when there was one.
  public var producedBy: String?
  /// The writers the configuration was searched or fitted on, when known.
  public var trainWriters: [String]?
  /// The writers its held-out score comes from, when known.
  public var testWriters: [String]?
  /// Parameter values held fixed on the tune's command line (name → value as typed).
  public var fixed: [String: String]?

  public init(
    datasets: [Dataset] = [], split: String = "none", objective: String = "none", seed: UInt64 = 0,
    score: [String: Double] = [:], command: String = "", lookaheadVersion: String, producedBy: String? = nil,
    trainWriters: [String]? = nil, testWriters: [String]? = nil, fixed: [String: String]? = nil
  ) {
    self.datasets = datasets
    self.split = split
    self.objective = objective
    self.seed = seed
    self.score = score
    self.command = command
    self.lookaheadVersion = lookaheadVersion
    self.producedBy = producedBy
    self.trainWriters = trainWriters
    self.testWriters = testWriters
    self.fixed = fixed
  }
}
