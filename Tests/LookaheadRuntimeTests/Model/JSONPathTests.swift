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

  @Test func theDocumentItselfIsTheDollarSign() {
    #expect(JSONPath.text(of: []) == "$")
  }
}
