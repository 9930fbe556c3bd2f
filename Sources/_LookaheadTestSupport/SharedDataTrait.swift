import Testing

extension Trait where Self == ConditionTrait {
  /// For a test that reads these paths under `../shared/datasets` (`""`: the folder itself):
  /// skipped, with the reason in the test log, when any is missing — a fresh clone has no shared
  /// folder. Under CI (``SharedDatasets/isContinuousIntegration``, the `CI` environment variable)
  /// the test always runs, so that missing data fails it through ``SharedDatasets/require(_:)``
  /// instead of being skipped; `scripts/test` also fails a CI run that reports any skip.
  public static func needsShared(_ relativePaths: String...) -> Self {
    .enabled(
      if: relativePaths.allSatisfy(SharedDatasets.has) || SharedDatasets.isContinuousIntegration,
      Comment(rawValue: "needs ../shared/datasets/{\(relativePaths.joined(separator: ","))}, shared data the repository does not carry"))
  }

  /// For a test that reads the shared design document `name` (a cross-check of the reference
  /// numbers the repository carries typed in): skipped when it is missing, never under CI.
  public static func needsDesignDocument(_ name: String) -> Self {
    .enabled(
      if: SharedDatasets.hasDesignDocument(name) || SharedDatasets.isContinuousIntegration,
      Comment(rawValue: "cross-checks the in-repository reference numbers against ../shared/design/\(name)"))
  }
}
