import Foundation
import Testing
import LookaheadRuntime
import _LookaheadTestSupport

@testable import LookaheadKit

/// ``JSONByteParser`` gives `JSONDecoder`'s value for plain valid JSON, and `nil` (so that
/// `JSONDecoder` answers) for everything else.
@Suite("JSON read from bytes")
struct JSONByteParserTests {
  static func decoded(_ data: Data) -> JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: data) }

  /// Equal trees with every number equal bit for bit (`==` would take 0 and -0 as equal).
  static func identical(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.number(let x), .number(let y)): return x.bitPattern == y.bitPattern
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(identical)
    case (.object(let x), .object(let y)):
      return x.count == y.count && x.allSatisfy { key, value in y[key].map { identical(value, $0) } ?? false }
    default: return a == b
    }
  }

  @Test("the bundled Inkable files read exactly as JSONDecoder reads them")
  func bundledFiles() throws {
    let folder = DatasetRegistry.bundledDirectories().map { $0.appendingPathComponent("Inkable-ApplePencil") }
      .first { FileManager.default.fileExists(atPath: $0.path) }
    let files = try #require(folder.map { try TraceLoader.dataFiles(in: $0) })
    #expect(files.count >= 5)
    for file in files {
      let data = try Data(contentsOf: file)
      let fast = try #require(JSONByteParser.parse(data), "\(file.lastPathComponent)")
      let reference = try #require(Self.decoded(data))
      #expect(Self.identical(fast, reference), "\(file.lastPathComponent)")
    }
  }

  @Test("escapes, surrogate pairs, nesting, numbers and whitespace read as JSONDecoder reads them", arguments: [
    #"{"a": [1, -0, 0.5, 1e3, -2.5E-3, 123456789012345678901234, 0.34310850439882695], "b": {"c": null, "d": true, "e": false}}"#,
    #"["plain", "tab\there", "quote \" backslash \\ slash \/", "\u00e9\u0041", "\ud83d\ude00 smile", "Zoë", "\b\f\n\r"]"#,
    " \n\t[ [ [ [ ] ] ], { } , \"\" ] \r\n",
    "42", "\"top\"", "null", "-1.7976931348623157e308", "4.9e-324",
  ])
  func sameAsDecoder(text: String) throws {
    let data = Data(text.utf8)
    let fast = try #require(JSONByteParser.parse(data))
    let reference = try #require(Self.decoded(data))
    #expect(Self.identical(fast, reference))
  }

  /// Whatever the parser does not take, it leaves to JSONDecoder: invalid JSON, and valid JSON
  /// whose reading it does not claim (a duplicate key, a number beyond Double, an underflow).
  @Test("what is not plain valid JSON is left to JSONDecoder", arguments: [
    "", " ", "[1,]", "{\"a\":1,}", "[01]", "[1.]", "[.5]", "[+1]", "[1e]", "[-]", "tru", "nul", "[\"a\" \"b\"]",
    "{\"a\" 1}", "{1: 2}", "[\"\\x\"]", "[\"\\ud83d\"]", "[\"\\ude00\"]", "[\"tab\tinside\"]", "[1] x", "[1e400]",
    "[1e-400]", "{\"a\": 1, \"a\": 2}", "[NaN]", "[Infinity]",
  ])
  func leftToDecoder(text: String) {
    #expect(JSONByteParser.parse(Data(text.utf8)) == nil)
  }

  @Test("bad UTF-8 in a string and nesting past the parser's limit are left to JSONDecoder")
  func badBytesAndDepth() {
    #expect(JSONByteParser.parse(Data([0x5B, 0x22, 0xFF, 0x22, 0x5D])) == nil)  // ["\xFF"]
    let deep = String(repeating: "[", count: JSONNesting.parserLimit + 1) + String(repeating: "]", count: JSONNesting.parserLimit + 1)
    #expect(JSONByteParser.parse(Data(deep.utf8)) == nil)
    let limit = String(repeating: "[", count: JSONNesting.parserLimit) + String(repeating: "]", count: JSONNesting.parserLimit)
    #expect(JSONByteParser.parse(Data(limit.utf8)) != nil)
  }
}
