import LookaheadRuntime

/// The parameters every exportable entry shares: ``PredictorStages`` (gap reset, pressure,
/// gates, 1€ pre- and post-filter) as catalog keys, made from the runtime's field tables. Every
/// one is off or neutral at its default except the 20 ms gap reset.
enum StageParameterSpecs {
  /// One stage parameter: where it sits in ``PredictorStages`` (a property path such as
  /// `gates.horizonCapSeconds`, for the docs) and its catalog spec.
  struct Item: Sendable {
    var propertyPath: String
    var spec: PredictorParameterSpec
  }

  /// In catalog order: gap limit and pressure, the gates, the pre-filter, the post-filter and its
  /// reference horizon. The order is part of every tune journal and model file.
  static let items: [Item] = {
    let stages = PredictorStages()
    func own(_ property: String) -> Item {
      guard let field = PredictorStages.field(property) else { preconditionFailure("no stage field \(property)") }
      return Item(propertyPath: property, spec: PredictorParameterSpec(field, default: stages))
    }
    let gates = PredictionGateParameters.fields.map {
      Item(propertyPath: "gates.\($0.property)", spec: PredictorParameterSpec($0, default: stages.gates))
    }
    return [own("gapLimitSeconds"), own("pressure")] + gates
      + oneEuroItems("prefilter", stage: "pre-filter", offNote: " (0 = no pre-filter); typical 0.5–5")
      + oneEuroItems("postfilter", stage: "post-filter", offNote: ", on the predicted offset (0 = no post-filter)")
      + [own("postfilterReferenceHorizonSeconds")]
  }()

  static let all: [PredictorParameterSpec] = items.map(\.spec)

  /// Each stage parameter's catalog key by its path in a configuration (`stages.gates.turnAngleLow`
  /// → `turn-low`), as a ``PredictorParameterError`` names it.
  static let keysByPath: [String: String] = Dictionary(
    uniqueKeysWithValues: items.map { (PredictorStages.fieldPrefix + $0.propertyPath, $0.spec.name) })

  /// A 1€ filter's fields under `prefix` (`prefilter-min-cutoff`). The filter is optional in
  /// ``PredictorStages``; in the catalog a min cutoff of 0 means no filter, so that field's
  /// range starts at 0 and its default is 0 (off).
  private static func oneEuroItems(_ prefix: String, stage: String, offNote: String) -> [Item] {
    let defaults = OneEuroParameters()
    return OneEuroParameters.fields.map { field in
      var spec = PredictorParameterSpec(field, default: defaults)
      spec.name = "\(prefix)-\(spec.name)"
      spec.summary = "1€ \(stage) \(field.summary)"
      if field.property == "minCutoffHz", case .real(let range, let scale) = field.domain {
        spec.domain = .real(0...range.upperBound, scale: scale)
        spec.defaultValue = .number(0)
        spec.summary = "1€ \(stage) \(field.summary)\(offNote)"
      }
      return Item(propertyPath: "\(prefix).\(field.property)", spec: spec)
    }
  }

  static func stages(_ v: ParameterValues) -> PredictorStages {
    var stages = PredictorStages()
    for field in PredictorStages.fields { assign(field, from: v, key: field.key, to: &stages) }
    for field in PredictionGateParameters.fields { assign(field, from: v, key: field.key, to: &stages.gates) }
    func oneEuro(_ prefix: String) -> OneEuroParameters? {
      guard v.number("\(prefix)-min-cutoff") > 0 else { return nil }
      var filter = OneEuroParameters()
      for field in OneEuroParameters.fields { assign(field, from: v, key: field.key.map { "\(prefix)-\($0)" }, to: &filter) }
      return filter
    }
    stages.prefilter = oneEuro("prefilter")
    stages.postfilter = oneEuro("postfilter")
    return stages
  }

  private static func assign<Parameters>(
    _ field: ParameterField<Parameters>, from v: ParameterValues, key: String?, to parameters: inout Parameters
  ) {
    if let key, let value = v.value(key) { field.assign(value, to: &parameters) }
  }
}
