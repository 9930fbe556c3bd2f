import LookaheadRuntime

/// One predictor the workbench knows: a stable name, a one-line description, its declared
/// parameters, and how to build it from values.
///
/// Exportable entries build a ``PredictorConfiguration`` (implemented in `LookaheadRuntime`);
/// workbench-only baselines (TurboTouch, recorded platform predictions) build any `Predictor`
/// directly with ``CatalogPredictor/init(name:values:factory:)`` and set `isExportable` false.
public struct PredictorCatalogEntry: Sendable {
  /// Stable kebab-case name, used on the command line and in result files.
  public var name: String
  /// One line for `lookahead predictors list`.
  public var summary: String
  /// Where the algorithm comes from (paper or project path).
  public var source: String
  public var isExportable: Bool
  public var parameters: [PredictorParameterSpec]
  /// Pairs of parameters (by catalog key) whose low end must lie below the high end while the
  /// high end is on, from the runtime's field tables; a default tune searches them so (see
  /// ``CatalogSearchSpace``).
  package var ramps: [ParameterRamp] = []
  /// The parameters (by catalog key) that cannot change a prediction given these values' choices
  /// and flags, from the runtime's field tables (``ParameterFieldTable/inertFields(in:)``: Kalman's
  /// jerk confidence outside a jerk state); a default tune leaves them out.
  package var inertParameters: @Sendable (ParameterValues) -> Set<String> = { _ in [] }
  /// Builds the predictor from complete, range-checked values.
  public var build: @Sendable (ParameterValues) throws(PredictorCatalogError) -> CatalogPredictor

  public init(
    name: String, summary: String, source: String, isExportable: Bool,
    parameters: [PredictorParameterSpec],
    build: @escaping @Sendable (ParameterValues) throws(PredictorCatalogError) -> CatalogPredictor
  ) {
    self.name = name
    self.summary = summary
    self.source = source
    self.isExportable = isExportable
    self.parameters = parameters
    self.build = build
  }

  /// The declared parameter called `name`, if any.
  public func parameter(named name: String) -> PredictorParameterSpec? {
    parameters.first { $0.name == name }
  }

  /// Builds the predictor from `key=value` texts; unspecified parameters take their defaults.
  public func configure(
    _ assignments: [(key: String, value: String)]
  ) throws(PredictorCatalogError) -> CatalogPredictor {
    var given: [String: ParameterValue] = [:]
    for (key, text) in assignments {
      guard let spec = parameter(named: key) else {
        throw .unknownParameter(predictor: name, parameter: key, known: parameters.map(\.name))
      }
      guard given[key] == nil else { throw .duplicateParameter(predictor: name, parameter: key) }
      given[key] = try spec.parse(text, predictor: name)
    }
    return try configure(values: given)
  }

  /// Builds the predictor from already typed values (checked against the domains again).
  public func configure(values given: [String: ParameterValue]) throws(PredictorCatalogError)
    -> CatalogPredictor
  {
    var all: [String: ParameterValue] = [:]
    for spec in parameters {
      all[spec.name] = try spec.check(given[spec.name] ?? spec.defaultValue, predictor: name)
    }
    for key in given.keys where parameter(named: key) == nil {
      throw .unknownParameter(predictor: name, parameter: key, known: parameters.map(\.name))
    }
    return try build(ParameterValues(all))
  }
}
