import Foundation
import LookaheadKit
import Testing

/// Reading a tune journal from its bytes (``TuningJournal/parse(_:path:)``, which resume,
/// `export --from-tune` and `report` read through): errors name the file and the line as it is
/// in the file, and a best trial whose value its parameter does not take is refused, naming the
/// file, line and field, where a choice index beyond `Int`'s range or NaN crashed.
@Suite("Tune journal parsing")
struct TuneJournalParseTests {
  static let header =
    #"{"context":{},"format":"lookahead-tune-journal","objective":"error","predictor":"linear","seed":0,"#
    + #""space":{"dimensions":[{"isInteger":true,"lowerBound":0,"name":"pressure","scale":"linear","upperBound":1}]},"#
    + #""strategy":"random","version":2}"#

  static func trial(_ value: String) -> String {
    #"{"index":0,"metrics":{},"objective":1,"unit":[0.5],"values":["# + value + "]}"
  }

  @Test("a broken trial after a blank line is named by its line in the file")
  func lineNumbersCountBlankLines() {
    let text = Self.header + "\n\n" + Self.trial("1") + "\n{\"index\":1}\n"
    #expect {
      try TuningJournal.parse(Data(text.utf8), path: "j.jsonl")
    } throws: { error in
      guard let error = error as? TraceInputError else { return false }
      return error.file == "j.jsonl" && error.location == .line(4) && error.problem.hasPrefix("not a trial record")
    }
  }

  @Test("bytes that are not UTF-8 are refused naming the file")
  func notUTF8() {
    #expect(throws: TraceInputError(file: "j.jsonl", location: .file, problem: "not UTF-8 text, so not a tuning journal")) {
      try TuningJournal.parse(Data([0x7B, 0xFF, 0xFE, 0x0A]), path: "j.jsonl")
    }
  }

  @Test("a choice index beyond Int, NaN or out of the names is refused naming file, line and field", arguments: ["1e300", "-1e300", "\"nan\"", "2"])
  func choiceIndex(value: String) {
    let text = Self.header + "\n" + Self.trial(value) + "\n"
    #expect {
      try TunedConfiguration(journalData: Data(text.utf8), path: "j.jsonl", catalog: .workbench)
    } throws: { error in
      guard let error = error as? TunedConfiguration.Failure else { return false }
      return error.path == "j.jsonl:2" && error.problem.hasPrefix("field 'values[0]' (pressure) of trial 0, the best: ")
        && error.problem.hasSuffix("is not an index of [\"hold\", \"extrapolate\"]")
    }
  }

  @Test("a valid choice index still configures the predictor")
  func validIndex() throws {
    let text = Self.header + "\n" + Self.trial("1") + "\n"
    let tuned = try TunedConfiguration(journalData: Data(text.utf8), path: "j.jsonl", catalog: .workbench)
    #expect(tuned.predictor.values.first { $0.name == "pressure" }?.value == .choice("extrapolate"))
  }
}
