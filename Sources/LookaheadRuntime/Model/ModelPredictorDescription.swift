/// The predictor inside a model file: the configuration the runtime builds it from, plus the
/// catalog's view of it (name and parameter values with their units) for people reading the
/// file. Only ``configuration`` is used to predict.
public struct ModelPredictorDescription: Codable, Sendable, Equatable {
  /// One parameter as the catalog names it, with its unit (informational).
  public struct Parameter: Codable, Sendable, Hashable {
    /// The catalog key (`process-noise`).
    public var name: String
    /// A number, or a choice's name.
    public var value: ModelJSONValue
    /// `"s"`, `"units/s"`, `""` for none (`units` are the model's ``ModelCoordinates/unit``).
    public var unit: String

    public init(name: String, value: ModelJSONValue, unit: String) {
      self.name = name
      self.value = value
      self.unit = unit
    }
  }

  /// The catalog entry's name (`kalman-androidx`), or the family name when none.
  public var catalogName: String
  /// What the runtime builds (`PredictorConfiguration`'s JSON shape, `Docs/ModelFormat.md`).
  public var configuration: PredictorConfiguration
  /// The catalog parameters with units, in the catalog's order.
  public var parameters: [Parameter]

  public init(catalogName: String, configuration: PredictorConfiguration, parameters: [Parameter] = []) {
    self.catalogName = catalogName
    self.configuration = configuration
    self.parameters = parameters
  }
}
