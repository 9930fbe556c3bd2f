import LookaheadRuntime

/// A configured predictor from the catalog: it makes fresh predictor instances and, when the
/// predictor can be exported, carries its ``PredictorConfiguration``.
public struct CatalogPredictor: Sendable {
  /// The catalog name it was made from.
  public let name: String
  /// The parameter values used (defaults filled in), in the entry's declared order.
  public let values: [(name: String, value: ParameterValue)]
  /// The exportable configuration, or nil for workbench-only baselines.
  public let configuration: PredictorConfiguration?
  private let factory: @Sendable () -> any Predictor

  /// An exportable predictor: made by ``PredictorConfiguration/makePredictor()``.
  public init(
    name: String, values: [(name: String, value: ParameterValue)],
    configuration: PredictorConfiguration
  ) {
    self.name = name
    self.values = values
    self.configuration = configuration
    factory = { configuration.makePredictor() }
  }

  /// A workbench-only predictor (research-only licence, recorded platform predictions).
  public init(
    name: String, values: [(name: String, value: ParameterValue)],
    factory: @escaping @Sendable () -> any Predictor
  ) {
    self.name = name
    self.values = values
    self.configuration = nil
    self.factory = factory
  }

  public var isExportable: Bool { configuration != nil }

  /// A fresh predictor, reset and ready for a stroke.
  public func makePredictor() -> any Predictor { factory() }

  /// `name:key=value,…` with every value, which configures the same predictor again.
  public var specification: String {
    values.isEmpty ? name : name + ":" + values.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
  }
}
