import Foundation
import LookaheadRuntime
import Testing

/// A model file may hold any Int where an integer parameter belongs. The field check read the
/// value back as a Double and converted it to Int again, and a value within 512 of Int.max
/// rounds to 2^63, which does not fit: `lookahead predict --model` on a learned-linear model
/// with `"historyCount" : 9223372036854775807` (checksum recomputed) crashed with "Double value
/// cannot be converted to Int because the result would be greater than Int.max", and so would an
/// app loading it. Every integer field of every family, at both ends of Int, must be refused
/// naming the field.
@Suite("Integer fields at the ends of Int")
struct IntegerFieldExtremesTests {
  /// (fixture index, property) for every integer field of every fixture's family.
  static let cases: [(fixture: Int, property: String)] = ModelFixtures.configurations.indices.flatMap { index in
    integerProperties(of: ModelFixtures.configurations[index].family.fieldTableParameters).map { (index, $0) }
  }

  static func integerProperties<P: ParameterFieldTable>(of _: P) -> [String] {
    P.fields.filter { if case .integer = $0.domain { true } else { false } }.map(\.property)
  }

  static func prefix<P: ParameterFieldTable>(of _: P) -> String { P.fieldPrefix }

  @Test("Int.max and Int.min are refused naming the field", arguments: cases)
  func extremesAreRefused(fixture: Int, property: String) throws {
    let configuration = ModelFixtures.configurations[fixture]
    let prefix = Self.prefix(of: configuration.family.fieldTableParameters)
    for extreme in [Int.max, Int.max - 511, Int.min] {
      let data = try ModelFixtures.resealed(ModelFixtures.file(configuration)) { body in
        // The one line `"property" : N` inside the configuration's parameters.
        let pattern = try! Regex("\"\(property)\" : -?[0-9]+")
        #expect(body.matches(of: pattern).count == 1, "\(property)")
        body.replace(pattern, with: "\"\(property)\" : \(extreme)")
      }
      #expect(throws: ModelFileError.invalidParameter(
        field: "$.predictor.configuration (\(prefix)\(property))",
        detail: "\(Double(extreme)): expected an integer in \(Self.range(property, configuration))")
      ) { try LookaheadModel(bytes: data) }
    }
  }

  /// The field's declared range as the refusal prints it.
  static func range(_ property: String, _ configuration: PredictorConfiguration) -> String {
    func find<P: ParameterFieldTable>(_: P) -> String {
      guard let field = P.fields.first(where: { $0.property == property }), case .integer(let r) = field.domain
      else { return "?" }
      return "\(r.lowerBound)…\(r.upperBound)"
    }
    return find(configuration.family.fieldTableParameters)
  }

  @Test("every family with an integer field is covered")
  func coverage() {
    #expect(Set(Self.cases.map(\.property)).isSuperset(of: ["order", "windowSamples", "warmUpSamples", "historyCount"]))
  }
}
