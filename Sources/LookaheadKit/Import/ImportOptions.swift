/// Choices that change what an importer keeps.
public struct ImportOptions: Sendable, Hashable {
  /// Skip the per-stroke cleaning rules R1–R3 (``StrokeCleaner``) and keep every row in file
  /// order. Stroke splitting and source-specific rules still apply. The Henze 2017 published
  /// protocol works on raw rows, so reproducing it needs this. Default `false`.
  public var raw: Bool
  /// Keep hover (pen-up, in proximity) runs as strokes with phase `.hover` where the source records
  /// them (Wacom MSP13). Default `true`.
  public var includeHover: Bool

  public init(raw: Bool = false, includeHover: Bool = true) {
    self.raw = raw
    self.includeHover = includeHover
  }
}
