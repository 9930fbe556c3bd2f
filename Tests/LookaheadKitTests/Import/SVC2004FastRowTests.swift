import Foundation
import Testing

@testable import LookaheadKit

/// The SVC2004 importer reads a row of seven integers separated by single spaces in one pass
/// (``PlainIntegerRow``) and leaves every other row to ``DelimitedText``: both readings must give
/// the same samples, and a bad row the same error (file, line, field, whole message) as before.
@Suite("SVC2004 fast row")
struct SVC2004FastRowTests {
  static let url = URL(fileURLWithPath: "/data/U3S1.TXT")

  func samples(_ text: String) throws -> [[TraceSample]] {
    try SVC2004Importer().importTrace(data: Data(text.utf8), file: Self.url).strokes.map(\.samples)
  }

  @Test("rows the fast path declines (runs of spaces, tabs, '+', trailing space) read as the plain rows do")
  func declinedRowsReadTheSame() throws {
    let plain = "4\r\n10 20 100 1 0 900 5\r\n11 -21 110 1 1 901 6\r\n12 22 120 1 2 902 7\r\n13 23 200 1 3 903 8\r\n"
    let unusual = "4\r\n10  20 100 1 0 900 5\r\n 11 -21\t110 1 1 901 6 \r\n\r\n12 +22 120 1 2 902 7\r\n13 23 200 1 3 903 8"
    let expected = try samples(plain)
    #expect(expected.map(\.count) == [3, 1])
    #expect(expected[0][1].x == 11 && expected[0][1].y == 21)
    #expect(try samples(unusual) == expected)
  }

  @Test("a bad row the fast path declines fails with the general reading's exact error", arguments: [
    ("2\r\n1 2 100 1 0 900 5\r\n1 2 1.5 1 0 900 5\r\n", TraceInputError(file: url.path, location: .line(3), field: "T", problem: "'1.5' is not an integer")),
    ("1\r\n1 2 100 1 0 900 5 7\r\n", TraceInputError(file: url.path, location: .line(2), field: nil,
      problem: "expected 7 fields (X Y T button azimuth altitude pressure), found 8")),
    ("1\r\n1 2 100 1 0 900\r\n", TraceInputError(file: url.path, location: .line(2), field: "pressure",
      problem: "is missing: expected 7 fields (X, Y, T, button, azimuth, altitude, pressure), found 6 (file truncated?)")),
    ("2\r\n1 2 100 1 0 900 5\r\n", TraceInputError(file: url.path, location: .line(3), field: "N",
      problem: "line 1 declares 2 samples but only 1 follow (file truncated?)")),
  ])
  func declinedBadRow(_ text: String, _ expected: TraceInputError) throws {
    let error = #expect(throws: TraceInputError.self) { try samples(text) }
    #expect(error == expected)
  }
}
