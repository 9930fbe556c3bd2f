/// One parameter of a parameters struct, declared once beside the struct: its property (the
/// JSON key and the field an error names), its catalog key (`name:key=value`), unit, domain and
/// a one-line summary, and a key path to read and write it.
///
/// Everything else is derived from the table (``ParameterFieldTable``): ``validate(_:prefix:)``
/// for the struct's `validate()`, the workbench catalog's parameter specs and builder, and the
/// parameter tables of `Docs/Predictors.md`. A test breaks every field past each bound and
/// checks the table lists exactly the struct's stored properties.
package struct ParameterField<Parameters>: Sendable {
  /// The Swift property name: the key in the exported JSON, and the field a
  /// ``PredictorParameterError`` names (after the struct's prefix, e.g. `kalman.processNoise`).
  package let property: String
  /// The kebab-case key of the workbench catalog and of `name:key=value`; nil when a catalog
  /// entry fixes the value itself (Savitzky–Golay's `uniformTime`).
  package let key: String?
  /// Unit of the value ("s", "Hz", "units/s", "samples", "" for none).
  package let unit: String
  package let domain: ParameterDomain
  /// What a default `tune` searches where ``domain`` is far wider than the values that matter on
  /// real traces (a bound a user may set, searched blindly, is mostly a setting that switches the
  /// predictor off); nil searches ``domain``. Always inside it. Changes nothing a user gives:
  /// defaults, validation and `--params` ranges keep to ``domain``.
  package let defaultSearch: ParameterDomain?
  /// One line: what it does (the range is in ``domain``).
  package let summary: String
  private let read: @Sendable (Parameters) -> ParameterValue
  private let write: @Sendable (inout Parameters, ParameterValue) -> Void

  /// The field's value in `parameters`.
  package func value(in parameters: Parameters) -> ParameterValue { read(parameters) }

  /// Sets the field from `value`. A value of the wrong kind, or a choice name the field does not
  /// know, leaves the field unchanged; an integer field takes a finite whole number (others
  /// become 0, which every integer range rejects). Check against ``domain`` first.
  package func assign(_ value: ParameterValue, to parameters: inout Parameters) {
    write(&parameters, value)
  }

  /// Throws naming `prefix + property` unless the field's value lies in its domain (reals must
  /// also be finite). Choices and flags are always valid once decoded.
  package func validate(_ parameters: Parameters, prefix: String) throws(PredictorParameterError) {
    guard case .number(let v) = read(parameters) else { return }
    switch domain {
    case .real(let range, _): try PredictorParameterError.check(prefix + property, v, in: range)
    case .integer(let range):
      // The value was an Int, read back as a Double: one within 512 of Int.max (a model file may
      // hold any Int) rounds to 2^63, which `Int(_:)` traps on, so it is refused as out of range.
      guard let whole = Int(exactly: v) else { throw .integer(prefix + property, v, outside: range) }
      try PredictorParameterError.check(prefix + property, whole, in: range)
    case .choice, .flag: return
    }
  }
}

extension ParameterField {
  /// A real-valued field, finite and within `range`; a default tune searches `search` instead
  /// when given (a `.real` domain inside `range`).
  package static func real(
    _ property: String, _ keyPath: WritableKeyPath<Parameters, Double> & Sendable, key: String?,
    unit: String, range: ClosedRange<Double>, scale: ParameterScale = .linear, search: ParameterDomain? = nil,
    _ summary: String
  ) -> Self {
    if let search {
      guard case .real(let searched, let searchScale) = search, range.contains(searched.lowerBound),
        range.contains(searched.upperBound), searchScale == .linear || searched.lowerBound > 0
      else { preconditionFailure("\(property): default search \(search) is not a real range inside \(range)") }
    }
    return Self(
      property: property, key: key, unit: unit, domain: .real(range, scale: scale), defaultSearch: search,
      summary: summary,
      read: { .number($0[keyPath: keyPath]) },
      write: { parameters, value in
        if case .number(let v) = value { parameters[keyPath: keyPath] = v }
      })
  }

  /// An integer field within `range`.
  package static func integer(
    _ property: String, _ keyPath: WritableKeyPath<Parameters, Int> & Sendable, key: String?,
    unit: String, range: ClosedRange<Int>, _ summary: String
  ) -> Self {
    Self(
      property: property, key: key, unit: unit, domain: .integer(range), defaultSearch: nil, summary: summary,
      read: { .number(Double($0[keyPath: keyPath])) },
      write: { parameters, value in
        // Bounded before converting, so a huge or non-finite number cannot trap.
        if case .number(let v) = value { parameters[keyPath: keyPath] = v.isFinite && abs(v) < 1e9 ? Int(v) : 0 }
      })
  }

  /// A true/false field, written 1/0 as a ``ParameterValue``.
  package static func flag(
    _ property: String, _ keyPath: WritableKeyPath<Parameters, Bool> & Sendable, key: String?,
    _ summary: String
  ) -> Self {
    Self(
      property: property, key: key, unit: "", domain: .flag, defaultSearch: nil, summary: summary,
      read: { .number($0[keyPath: keyPath] ? 1 : 0) },
      write: { parameters, value in
        if case .number(let v) = value { parameters[keyPath: keyPath] = v != 0 }
      })
  }

  /// One of an enum's cases, by raw value.
  package static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
    _ property: String, _ keyPath: WritableKeyPath<Parameters, Choice> & Sendable, key: String?,
    _ summary: String
  ) -> Self where Choice.RawValue == String {
    Self(
      property: property, key: key, unit: "", domain: .choice(Choice.allCases.map(\.rawValue)),
      defaultSearch: nil, summary: summary,
      read: { .choice($0[keyPath: keyPath].rawValue) },
      write: { parameters, value in
        if case .choice(let name) = value, let choice = Choice(rawValue: name) {
          parameters[keyPath: keyPath] = choice
        }
      })
  }
}

/// A parameters struct that declares its fields in one table.
package protocol ParameterFieldTable: PredictorParameters {
  /// Every stored property that holds a parameter, in catalog order (nested parameter structs,
  /// such as the stages' filters and gates, have their own tables).
  static var fields: [ParameterField<Self>] { get }
  /// What errors put before a field's property: `kalman.`, `gates.`.
  static var fieldPrefix: String { get }
  /// Pairs of fields (by property) whose low end must lie below the high end while the high
  /// end is on; checked by ``validateRamps()`` (or by a `validate()` that says the rule in its
  /// own words, as a polynomial's window of at least order + 1), and searched so by a default tune.
  static var ramps: [ParameterRamp] { get }
  /// The fields (by property) that cannot change a prediction of `parameters`, whatever their
  /// values: a default tune leaves them out rather than spend trials on them (their values stay
  /// the preset's, so every trial's record is complete). Read from the choices and flags only,
  /// which a default tune never searches.
  static func inertFields(in parameters: Self) -> Set<String>
}

extension ParameterFieldTable {
  /// No ramps, for the structs that have none.
  package static var ramps: [ParameterRamp] { [] }

  /// No field is inert, for the structs that say nothing.
  package static func inertFields(in parameters: Self) -> Set<String> { [] }

  /// Throws naming the low end of the first ramp that is on and does not start below its high end.
  package func validateRamps() throws(PredictorParameterError) {
    for ramp in Self.ramps {
      guard case .number(let low)? = Self.field(ramp.low)?.value(in: self),
        case .number(let high)? = Self.field(ramp.high)?.value(in: self)
      else { preconditionFailure("\(Self.fieldPrefix): ramp \(ramp.low)…\(ramp.high) names no numeric fields") }
      try PredictorParameterError.checkRamp(
        low: (Self.fieldPrefix + ramp.low, low), high: (Self.fieldPrefix + ramp.high, high))
    }
  }

  /// Throws naming the first field outside its domain, in table order.
  package func validateFields() throws(PredictorParameterError) {
    for field in Self.fields { try field.validate(self, prefix: Self.fieldPrefix) }
  }

  /// The field whose property is `property`.
  package static func field(_ property: String) -> ParameterField<Self>? {
    fields.first { $0.property == property }
  }
}
