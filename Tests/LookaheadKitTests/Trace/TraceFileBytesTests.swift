import Foundation
import Testing
import _LookaheadTestSupport

@testable import LookaheadKit

/// The trace reader parses bytes in place (``DecimalText``, ``TraceRowReader``); these check that
/// it reads exactly what the `String`-splitting reader it replaced read.
@Suite("Trace file reader on bytes")
struct TraceFileBytesTests {
  /// ``DecimalText`` against `Double(String)`, bit for bit, on text the writer makes (shortest
  /// round-trip form of random doubles of every magnitude) and on hand-picked edge cases: the
  /// fast path's limits (2⁵³, 10²², 19 and 20 digits), signs, zeros, a bare point, exponents.
  @Test("decimal text reads every number exactly as Double(String) does")
  func decimalMatchesStandardLibrary() {
    var rng = SeededGenerator(seed: 7)
    var texts = [
      "0", "-0", "+0", "0.0", "-0.0", ".5", "5.", "1e5", "1E-5", "1e+22", "1e23", "1e-22", "1e-23",
      "9007199254740992", "9007199254740993", "9007199254740993.0", "1234567890123456789",
      "12345678901234567890", "0.000000000000000000000000001", "4.9e-324", "2.2250738585072014e-308",
      "1.7976931348623157e308", "1e400", "1e-400", "123.456e-3", "00012.50", "1.e3", "0.1", "0.3",
      "9999999999.999998", "-1e10", "3.141592653589793", "1e0000003", "1.5e-7",
    ]
    for _ in 0..<20_000 {
      let magnitude = Double.random(in: -320...308, using: &rng)
      let value = Double.random(in: -10...10, using: &rng) * pow(10, magnitude)
      texts.append("\(value)")
      texts.append("\(Double(Int.random(in: -100_000...100_000, using: &rng)) / 64)")
      texts.append("\(Double(Int.random(in: 0...1023, using: &rng)) / 1023)")
    }
    for text in texts where Double(text)?.isFinite ?? false {
      let bytes = Array(text.utf8)
      let parsed = bytes.withUnsafeBufferPointer { DecimalText.double($0, 0..<bytes.count) }
      #expect(parsed?.bitPattern == Double(text)?.bitPattern, "\(text)")
    }
  }

  /// The integer paths (``DecimalText``'s quotient and product of up to 19 digits by a power of
  /// ten up to 10¹⁹) against `Double(String)`, bit for bit: random 15- to 19-digit mantissas with
  /// the point anywhere in or after them, or an exponent, and hand-made exact ties between two
  /// doubles (`4503599627370496.5` lies halfway between 2⁵² and 2⁵² + 1, so ties go to even).
  @Test("long decimals (beyond Clinger's fast path) read exactly as Double(String) does")
  func longDecimalsMatchStandardLibrary() {
    var rng = SeededGenerator(seed: 11)
    var texts = [
      "4503599627370496.5", "4503599627370497.5", "-4503599627370498.5", "9007199254740995", "9007199254740997",
      "0.9999999999999999999", "9999999999999999999", "9999999999999999999e19", "1844674407370955161.5",
      "0.34310850439882695", "2.199114857512855", "0.6981317007977318", "18014398509481985e-1",
      "1.0000000000000001", "1.0000000000000002", "0.30000000000000004",
      // Exactly representable by no 64-bit quotient: rounded wrongly without the sticky bit
      // (found by a Python search with exact fractions).
      "124.1198629165519165", "757702418.5182986856", "528047686653248.6563", "0.6316318140594894826",
      "0.450026023759485444", "3377378.946717603365",
    ]
    for _ in 0..<30_000 {
      let digits = Int.random(in: 15...19, using: &rng)
      var mantissa = String(Int.random(in: 1...9, using: &rng))
      for _ in 1..<digits { mantissa += String(Int.random(in: 0...9, using: &rng)) }
      let point = Int.random(in: 0...digits, using: &rng)
      var text = String(mantissa.prefix(point)) + "." + String(mantissa.dropFirst(point))
      if Bool.random(using: &rng) { text = mantissa + "e\(Int.random(in: -25...25, using: &rng))" }
      texts.append(Bool.random(using: &rng) ? "-" + text : text)
    }
    for text in texts {
      let bytes = Array(text.utf8)
      let parsed = bytes.withUnsafeBufferPointer { DecimalText.double($0, 0..<bytes.count) }
      #expect(parsed?.bitPattern == Double(text)?.bitPattern, "\(text)")
    }
  }

  @Test("decimal text leaves what is not a plain decimal to the caller",
    arguments: ["", "-", "+", ".", "e5", "1e", "1e+", "1.2.3", "1e5e", "--1", "nan", "inf", "0x1p3", " 1", "1 ", "1,5"])
  func notDecimal(text: String) {
    let bytes = Array(text.utf8)
    #expect(bytes.withUnsafeBufferPointer { DecimalText.double($0, 0..<bytes.count) } == nil)
  }

  static let file = """
    # lookahead-trace: 2
    # source: s
    # device: d
    # digitizer_rate_hz: 240.0
    # coordinate_unit: px
    # millimetres_per_unit: unknown
    # licence: MIT
    record,stroke,index,t,x,y,pressure,altitude,azimuth,phase,estimated,property,value,estimated_value,arrival_t,writer,origin,pointer_type
    sample,0,0,0.0,1.0,2.0,0.5,,,down,1,,,,,w,o,pen
    sample,0,1,0.004,1.25,2.5,0.625,,,up,0,,,,,w,o,pen
    update,0,0,,,,,,,,,pressure,0.5,0.375,0.01,w,o,pen
    prediction,0,1,0.02,1.5,3.0,,,,,,,,,,w,o,pen

    """

  /// A file saved with Windows line endings reads like the original (the `String` reader saw one
  /// long line and refused it).
  @Test("a trace file with CRLF line endings reads like the LF original")
  func crlf() throws {
    let lf = try TraceFileReader.parse(Self.file, file: "lf.lktrace.csv")
    let crlf = try TraceFileReader.parse(Self.file.replacingOccurrences(of: "\n", with: "\r\n"), file: "crlf.lktrace.csv")
    #expect(crlf == lf)
    #expect(lf.strokes.first?.samples.count == 2)
    #expect(lf.strokes.first?.recordedPredictions.count == 1)
  }

  @Test("bytes that are not UTF-8 are refused for the whole file")
  func notUTF8() {
    var data = Data(Self.file.utf8)
    data[data.count - 5] = 0xFF
    #expect(throws: TraceInputError(file: "b.lktrace.csv", location: .file, problem: "is not UTF-8 text")) {
      try TraceFileReader.parse(data, file: "b.lktrace.csv")
    }
    // Non-ASCII UTF-8 (a writer's name) is fine.
    let named = Self.file.replacingOccurrences(of: ",w,o,", with: ",Zoë,o,")
    #expect((try? TraceFileReader.parse(named, file: "n.lktrace.csv"))?.strokes.first?.writer == "Zoë")
  }

  /// The in-place UTF-8 check agrees with the standard library's validation on random bytes
  /// biased towards the edges of the well-formed sequences (overlong forms, surrogates, past
  /// U+10FFFF, truncated sequences) and on every well-formed scalar's encoding.
  @Test("the UTF-8 check agrees with String(validating:) on random and edge-case bytes")
  func utf8MatchesStandardLibrary() {
    var rng = SeededGenerator(seed: 3)
    let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
      0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
    for _ in 0..<40_000 {
      let count = Int.random(in: 0...12, using: &rng)
      var bytes = (0..<count).map { _ in interesting.randomElement(using: &rng)! }
      if Bool.random(using: &rng) { bytes = Array(repeating: 0x61, count: Int.random(in: 0...9, using: &rng)) + bytes }
      let data = Data(bytes)
      #expect(TraceFileReader.isUTF8(data) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
    }
    for value in stride(from: 0, through: 0x10FFFF, by: 97) {
      guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
      #expect(TraceFileReader.isUTF8(Data(("abcdefgh" + String(Character(scalar))).utf8)))
    }
  }

  /// Cells the fast paths leave to the standard library keep their old meaning: a `+` sign,
  /// leading zeros past 18 digits, an exponent, hex (a number to `Double(String)`); and bad ones
  /// their old errors.
  @Test("odd but valid cells read as before; bad ones fail on their line and field")
  func oddCells() throws {
    let row = "sample,0,1,0.004,1.25,2.5,0.625,,,up,0,"
    func replacingRow(_ replacement: String) -> String { Self.file.replacingOccurrences(of: row, with: replacement) }
    let plain = try TraceFileReader.parse(Self.file, file: "o.lktrace.csv")
    let odd = try TraceFileReader.parse(replacingRow("sample,+0,0000000000000000001,4e-3,+1.25,2.5,0.625,,,up,+0,"), file: "o.lktrace.csv")
    #expect(odd == plain)
    let hex = try TraceFileReader.parse(replacingRow("sample,0,1,0x1p-8,1.25,2.5,0.625,,,up,0,"), file: "h.lktrace.csv")
    #expect(hex.strokes.first?.samples.last?.time == 1.0 / 256)
    let bad: [(row: String, field: String)] = [
      ("sample,0,1,0.004, 1.25,2.5,0.625,,,up,0,", "x"),
      ("sample,0,1,0.004,1.25,2.5,0.625,,,up,256,", "estimated"),
      ("sample,0,-1,0.004,1.25,2.5,0.625,,,up,0,", "index"),
      ("sample,0,1,0.004,1.25,1e400,0.625,,,up,0,", "y"),
      ("sample,0,1,0.004,1.25,2.5,0.6.25,,,up,0,", "pressure"),
    ]
    for (replacement, field) in bad {
      let error = #expect(throws: TraceInputError.self) { try TraceFileReader.parse(replacingRow(replacement), file: "x.lktrace.csv") }
      #expect(error?.location == .line(10), "\(replacement)")
      #expect(error?.field == field, "\(replacement)")
    }
  }

  /// Several files load in parallel and join in the order given; the error is the first failing
  /// file's in that order, whichever finished first.
  @Test("several trace files join in order, and the first bad one in that order is the error")
  func parallelFilesInOrder() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trace-bytes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var files: [URL] = []
    var expected: [Stroke] = []
    for index in 0..<12 {
      let trace = TraceFileRoundTripTests.randomTrace(seed: UInt64(100 + index))
      let url = folder.appendingPathComponent("f\(index).lktrace.csv")
      try TraceFileWriter.text(of: trace).write(to: url, atomically: true, encoding: .utf8)
      files.append(url)
      expected += trace.strokes
    }
    let joined = try LookaheadTraceImporter().importTrace(files: files, options: ImportOptions())
    #expect(joined.strokes == expected)
    try "broken".write(to: files[3], atomically: true, encoding: .utf8)
    try "broken".write(to: files[9], atomically: true, encoding: .utf8)
    let error = #expect(throws: TraceInputError.self) {
      try LookaheadTraceImporter().importTrace(files: files, options: ImportOptions())
    }
    #expect(error?.file == files[3].path)
  }
}
