import Foundation
import Testing

@testable import LookaheadRuntime

@Suite("JSON path of a decoding error")
struct JSONPathTests {
  private struct Leaf: Decodable { var rate: Double }
  private struct Root: Decodable { var items: [Leaf] }

  /// The path Foundation's decoder reports for a bad value two levels down, formatted by hand.
  @Test func namesObjectMembersAndArrayElements() throws {
    let json = #"{"items": [{"rate": 1}, {"rate": "fast"}]}"#
    do {
      _ = try JSONDecoder().decode(Root.self, from: Data(json.utf8))
      Issue.record("decoded a string as a number")
    } catch DecodingError.typeMismatch(_, let context) {
      #expect(JSONPath.text(of: context.codingPath) == "$.items[1].rate")
    }
  }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// A top-level key spelt `display.phaseOffsetSeconds` was named `$.display.phaseOffsetSeconds`,
  /// the real nested field's path, so the user could not see what was wrong.
  @Test func aNameThatIsNoPlainWordIsBracketed() {
    #expect(JSONPath.text(of: [Key("display.phaseOffsetSeconds")]) == "$['display.phaseOffsetSeconds']")
    #expect(JSONPath.text(of: [Key("display"), Key("phaseOffsetSeconds")]) == "$.display.phaseOffsetSeconds")
    #expect(JSONPath.text(of: [Key("it's a\\b")]) == #"$['it\'s a\\b']"#)
    #expect(JSONPath.text(of: [Key("rate_hz"), Key("gap-limit")]) == "$.rate_hz.gap-limit")
    #expect(JSONPath.text(of: [Key("")]) == "$['']")
  }

  @Test func theDocumentItselfIsTheDollarSign() {
    #expect(JSONPath.text(of: []) == "$")
  }
}
