import Foundation
import LookaheadRuntime
import Testing

/// A string field holding a value its type does not have is named with the valid values, not with
/// the standard library's "Cannot initialize Kind from invalid String value …".
@Suite("Model file: unknown choice values")
struct ModelFileChoiceValueTests {
  @Test(
    "an unknown value names the field, the value and the valid values",
    arguments: [
      (3, "\"kind\" : \"presentationTime\"", "\"kind\" : \"perFrame\"", "$.tunedFor.horizonPolicy.kind",
       "\"perFrame\" is not a valid value; expected one of \"presentationTime\", \"fixed\""),
      (8, "\"activation\" : \"tanh\"", "\"activation\" : \"gelu\"", "$.predictor.configuration.parameters.activation",
       "\"gelu\" is not a valid value; expected one of \"relu\", \"tanh\""),
      (3, "\"stateModel\" : \"acceleration\"", "\"stateModel\" : \"snap\"",
       "$.predictor.configuration.parameters.stateModel",
       "\"snap\" is not a valid value; expected one of \"velocity\", \"acceleration\", \"jerk\""),
      (4, "\"pressure\" : \"extrapolate\"", "\"pressure\" : \"drop\"", "$.predictor.configuration.stages.pressure",
       "\"drop\" is not a valid value; expected one of \"hold\", \"extrapolate\""),
    ])
  func unknownValue(fixture: Int, original: String, replacement: String, path: String, detail: String) throws {
    let file = ModelFixtures.file(ModelFixtures.configurations[fixture])
    var found = false
    let data = try ModelFixtures.resealed(file) {
      found = $0.contains(original)
      $0 = $0.replacingOccurrences(of: original, with: replacement)
    }
    #expect(found)
    #expect(throws: ModelFileError.malformed(path: path, detail: detail)) { try LookaheadModel(bytes: data) }
  }
}
