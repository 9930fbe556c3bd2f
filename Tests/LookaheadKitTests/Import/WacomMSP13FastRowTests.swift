import Foundation
import Testing

@testable import LookaheadKit

/// The Wacom importer reads a row of eight plain integers in one pass and leaves every other row
/// to ``DelimitedText``: both readings must give the same samples, and a bad row the same error
/// (file, line, field and the whole message) as the general reading always gave.
@Suite("Wacom MSP13 fast row")
struct WacomMSP13FastRowTests {
  static let url = URL(fileURLWithPath: "/data/ID0003-1/capture_01_x.csv")

  func samples(_ rows: String) throws -> [[TraceSample]] {
    try WacomMSP13Importer().importTrace(data: Data((WacomHeader.text + rows).utf8), file: Self.url).strokes.map(\.samples)
  }

  @Test("rows the fast path declines (spaces, tabs, '+', CRLF, extra cells, '-0') read as the plain rows do")
  func declinedRowsReadTheSame() throws {
    let plain = "1;100;10;20;5;900;0;0\n1;106;-11;21;6;901;1;0\n1;112;12;22;7;902;2;0\n3;118;13;23;0;903;3;40\n"
    let unusual = "1; 100;10;20 ;5;900;0;0\r\n1;106;-11;+21;6;901;1;0;extra;cells\n1;112;12;\t22;7;902;2;-0\n\n  \n3;118;13;23;0;903;3;40;\n"
    let expected = try samples(plain)
    #expect(expected.map(\.count) == [3, 1])
    #expect(expected[0][1].x == 21 && expected[0][1].y == 11)
    #expect(try samples(unusual) == expected)
  }

  @Test("a bad row the fast path declines fails with the general reading's exact error", arguments: [
    ("1;100;1.5;2;3;900;0;0\n", TraceInputError(file: url.path, location: .line(2), field: "X", problem: "'1.5' is not an integer")),
    ("1;100;1;2;3;900;0;\n", TraceInputError(file: url.path, location: .line(2), field: "Distance", problem: "is empty; expected an integer")),
    ("1;100;1;2;-;900;0;0\n", TraceInputError(file: url.path, location: .line(2), field: "P", problem: "'-' is not an integer")),
    ("1;100;1;2;3;900;0;0\n1;12345678901234567890;1;2;3;900;0;0\n",
     TraceInputError(file: url.path, location: .line(3), field: "T", problem: "'12345678901234567890' is too large")),
    ("1;100;1;2;3;900;0\n", TraceInputError(file: url.path, location: .line(2), field: "Distance",
      problem: "is missing: expected 8 fields (EventType, T, X, Y, P, Altitude, Azimuth, Distance), found 7 (file truncated?)")),
  ])
  func declinedBadRow(_ rows: String, _ expected: TraceInputError) throws {
    let error = #expect(throws: TraceInputError.self) { try samples(rows) }
    #expect(error == expected)
  }

  /// In the pressure column: a position of 18 digits is beyond ``TracePositionLimit`` and refused.
  @Test("an 18-digit value is read on the fast path, exactly")
  func longestFastValue() throws {
    let read = try samples("1;100;1;2;999999999999999999;900;0;0\n")
    #expect(read.first?.first?.pressure == 999999999999999999.0 / 32767)
  }
}
