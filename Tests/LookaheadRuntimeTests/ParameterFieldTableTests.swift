import LookaheadRuntime
import Testing

/// Every parameters struct's field table (``ParameterField``) held to the struct: the table lists
/// exactly the stored properties, each key path reaches the property it names, and `validate()`
/// rejects every field past each bound and when not finite, naming that field. The cases are
/// generated from the tables, so a new field is covered the moment it is declared.
@Suite("Parameter field tables")
struct ParameterFieldTableTests {
  /// One valid instance of every struct with a table: each family's, from the fixtures that
  /// cover every family (a new family is tested here once it has a fixture), and the stages'.
  static let instances: [any ParameterFieldTable] =
    ModelFixtures.configurations.map(\.family.fieldTableParameters)
    + [OneEuroParameters(), PredictionGateParameters(), PredictorStages()]

  /// Stored properties outside the table, each checked by a rule of its own: parameter structs
  /// with tables of their own (the stages'), and the learned model's trained weights, its gap,
  /// which is set from the stages' gap limit, and its late-report threshold, which `validate()`
  /// checks (LateReportRetimingTests); the MLP's other networks of an ensemble, which
  /// `validate()` checks like the first one's fields (MLPEnsembleTests), its pen inputs, which
  /// `validate()` checks through the input count they imply (MLPPenInputsTests), its mirror
  /// averaging and speed normalisation, which the model file's version checks, and its speed
  /// input, which `validate()` checks (MLPMirrorAveragingTests, MLPSpeedNormalizationTests).
  static let nestedProperties: [String: Set<String>] = [
    "LookaheadRuntime.PredictorStages": ["prefilter", "postfilter", "gates"],
    "LookaheadRuntime.LearnedLinearPredictor.Parameters": ["weights", "maximumGapSeconds", "lateReportFraction"],
    "LookaheadRuntime.MLPPredictor.Parameters": [
      "hiddenSizes", "activation", "lengthScale", "inputMean", "inputScale", "outputScale", "weights",
      "maximumGapSeconds", "additionalMembers", "penInputs", "mirrorAveraged", "speedNormalized", "speedInput",
      "lateReportFraction",
    ],
  ]

  @Test("the table lists exactly the struct's stored properties", arguments: instances.indices)
  func tableMatchesStoredProperties(index: Int) {
    func check<P: ParameterFieldTable>(_ parameters: P) {
      let stored = Set(Mirror(reflecting: parameters).children.compactMap(\.label))
      let declared = Set(P.fields.map(\.property)).union(Self.nestedProperties[String(reflecting: P.self)] ?? [])
      #expect(stored == declared, "\(P.self)")
      #expect(P.fields.count == Set(P.fields.map(\.property)).count, "\(P.self) declares a field twice")
      let keys = P.fields.compactMap(\.key)
      #expect(keys.count == Set(keys).count, "\(P.self) uses a catalog key twice")
    }
    check(Self.instances[index])
  }

  @Test("each key path reaches the property the field names, and only it", arguments: instances.indices)
  func keyPathsReachTheirProperty(index: Int) {
    func check<P: ParameterFieldTable>(_ parameters: P) {
      for field in P.fields {
        var changed = parameters
        field.assign(Self.anotherValue(field, than: field.value(in: parameters)), to: &changed)
        #expect(field.value(in: changed) != field.value(in: parameters), "\(P.self).\(field.property)")
        let before = Self.properties(of: parameters)
        let after = Self.properties(of: changed)
        let differing = Set(before.keys.filter { before[$0] != after[$0] })
        #expect(differing == [field.property], "\(P.self).\(field.property) changed \(differing.sorted())")
      }
    }
    check(Self.instances[index])
  }

  @Test("validate() rejects every field past each bound and when not finite", arguments: instances.indices)
  func everyFieldPastItsBounds(index: Int) {
    func check<P: ParameterFieldTable>(_ parameters: P) {
      for field in P.fields {
        for bad in Self.invalidValues(field.domain) {
          var broken = parameters
          field.assign(bad, to: &broken)
          #expect(field.value(in: broken) == bad || !Self.isFiniteNumber(bad), "\(P.self).\(field.property)")
          #expect(throws: PredictorParameterError.self, "\(P.self).\(field.property) = \(bad)") {
            try broken.validate()
          }
          do {
            try broken.validate()
          } catch {
            #expect(error.parameter == P.fieldPrefix + field.property, "\(bad): \(error)")
            #expect(error.problem.hasPrefix("expected"), "\(error)")
          }
        }
        for good in Self.boundaryValues(field.domain) {
          var edge = parameters
          field.assign(good, to: &edge)
          #expect(throws: Never.self, "\(P.self).\(field.property) = \(good)") {
            try field.validate(edge, prefix: P.fieldPrefix)
          }
        }
      }
    }
    check(Self.instances[index])
  }

  @Test("the stages name a nested filter's or gate's field by where it sits")
  func nestedFieldNames() throws {
    var stages = PredictorStages(prefilter: OneEuroParameters(), postfilter: OneEuroParameters())
    stages.postfilter?.beta = .infinity
    #expect(throws: PredictorParameterError(
      parameter: "stages.postfilter.beta", value: .infinity, problem: "expected a finite value in 0.0…10.0")
    ) { try stages.validate() }
    stages.postfilter = nil
    stages.gates.stoppingHorizonFactor = 10.5
    #expect(throws: PredictorParameterError(
      parameter: "stages.gates.stoppingHorizonFactor", value: 10.5, problem: "expected a finite value in 0.0…10.0")
    ) { try stages.validate() }
  }

  /// The refusal said "expected an integer in 4…64", a range the table (2…64) does not list; it
  /// now states the rule between the two fields.
  @Test("a window shorter than order + 1 is refused though inside the table's 2…64, naming the rule")
  func polynomialWindowNeedsOrderPlusOne() {
    #expect(throws: PredictorParameterError(
      parameter: "polynomial.windowSamples", value: 3,
      problem: "must be at least polynomial.order + 1 (4 with polynomial.order = 3)")
    ) { try PolynomialParameters(order: 3, windowSamples: 3).validate() }
    #expect(throws: Never.self) { try PolynomialParameters(order: 3, windowSamples: 4).validate() }
  }

  // MARK: - Generated values

  /// Values every domain must refuse: just past each bound, and NaN and ±∞ for reals.
  static func invalidValues(_ domain: ParameterDomain) -> [ParameterValue] {
    switch domain {
    case .real(let range, _):
      [range.lowerBound.nextDown, range.upperBound.nextUp, .nan, .infinity, -.infinity].map(ParameterValue.number)
    case .integer(let range):
      [range.lowerBound - 1, range.upperBound + 1].map { .number(Double($0)) }
    case .choice, .flag: []
    }
  }

  /// The bounds themselves, which the field's own check accepts.
  static func boundaryValues(_ domain: ParameterDomain) -> [ParameterValue] {
    switch domain {
    case .real(let range, _): [.number(range.lowerBound), .number(range.upperBound)]
    case .integer(let range): [.number(Double(range.lowerBound)), .number(Double(range.upperBound))]
    case .choice(let names): names.map(ParameterValue.choice)
    case .flag: [.number(0), .number(1)]
    }
  }

  /// A valid value of the field's domain other than `current`.
  static func anotherValue<P>(_ field: ParameterField<P>, than current: ParameterValue) -> ParameterValue {
    let candidates = boundaryValues(field.domain)
    return candidates.first { $0 != current } ?? current
  }

  static func isFiniteNumber(_ value: ParameterValue) -> Bool {
    if case .number(let v) = value { return v.isFinite }
    return true
  }

  /// Each stored property's value as text, by label.
  static func properties(of value: Any) -> [String: String] {
    Dictionary(
      uniqueKeysWithValues: Mirror(reflecting: value).children.compactMap { child in
        child.label.map { ($0, String(describing: child.value)) }
      })
  }
}
