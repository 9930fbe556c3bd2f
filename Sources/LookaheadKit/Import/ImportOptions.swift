/// Choices that change what an importer keeps.
public struct ImportOptions: Sendable, Hashable {
  /// Skip the per-stroke cleaning rules R1–R3 (``StrokeCleaner``) and keep every row in file
  /// order. Stroke splitting and source-specific rules still apply. The Henze 2017 published
  /// protocol works on raw rows, so reproducing it needs this. Default `false`.
  public var raw: Bool
  /// Keep hover (pen-up, in proximity) runs as strokes with phase `.hover` where the source records
  /// them (Wacom MSP13). Default `true`.
  public var includeHover: Bool
  /// How to read a file whose format needs telling (the delimited-text column mapping, the
  /// `getevent` axis dump and scale); empty for the self-describing formats, which refuse any.
  public var settings: ImportSettings

  public init(raw: Bool = false, includeHover: Bool = true, settings: ImportSettings = ImportSettings()) {
    self.raw = raw
    self.includeHover = includeHover
    self.settings = settings
  }
}
