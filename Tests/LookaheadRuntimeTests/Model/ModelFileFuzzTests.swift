import Foundation
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

/// Seeded mutations of valid model files: whatever the damage, loading either succeeds with a
/// model whose predictions are finite, or throws a ``ModelFileError``; it never traps (a trap
/// would end the test run).
@Suite("Model file fuzz")
struct ModelFileFuzzTests {
  static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6, 7, 8]

  @Test("bit flips anywhere in the file", arguments: seeds)
  func bitFlips(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    var outcomes: Set<String> = []
    for configuration in ModelFixtures.configurations {
      let original = try ModelFixtures.file(configuration).fileData()
      for _ in 0..<40 {
        var data = original
        let flips = Int.random(in: 1...3, using: &random)
        for _ in 0..<flips {
          let index = Int.random(in: 0..<data.count, using: &random)
          data[index] ^= UInt8(1) << UInt8.random(in: 0...7, using: &random)
        }
        outcomes.insert(try check(data, mustFail: false))
      }
    }
    #expect(outcomes.contains("checksumMismatch"), "\(outcomes)")
  }

  @Test("truncation at any length is refused", arguments: seeds)
  func truncation(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    for configuration in ModelFixtures.configurations {
      let original = try ModelFixtures.file(configuration).fileData()
      for _ in 0..<20 {
        let length = Int.random(in: 0..<original.count, using: &random)
        try check(original.prefix(length), mustFail: true)
      }
    }
  }

  /// Edits behind a correct checksum: numbers replaced by out-of-range, non-JSON (NaN, inf) or
  /// wrongly typed values, names by unknown ones. These reach the body checks.
  @Test("resealed edits of numbers and names", arguments: seeds)
  func resealedEdits(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let replacements = [
      "NaN", "nan", "Infinity", "-1e400", "1e308", "-1", "0", "1e-320", "\"x\"", "null", "[]", "{}", "true",
      "99999999999999999999",
    ]
    var outcomes: Set<String> = []
    for configuration in ModelFixtures.configurations {
      let file = ModelFixtures.file(configuration)
      let body = String(decoding: try file.fileData(), as: UTF8.self)
      let numbers = numberRanges(in: body)
      for _ in 0..<30 {
        guard let range = numbers.randomElement(using: &random) else { continue }
        let replacement = replacements.randomElement(using: &random)!
        let offset = body.distance(from: body.startIndex, to: range.lowerBound)
        let length = body.distance(from: range.lowerBound, to: range.upperBound)
        let data = try ModelFixtures.resealed(file) { text in
          // The body starts after the header line; shift the range accordingly.
          let headerLength = body.firstIndex(of: "\n").map { body.distance(from: body.startIndex, to: $0) + 1 } ?? 0
          let start = text.index(text.startIndex, offsetBy: offset - headerLength)
          let end = text.index(start, offsetBy: length)
          text.replaceSubrange(start..<end, with: replacement)
        }
        outcomes.insert(try check(data, mustFail: false))
      }
      let unknown = try ModelFixtures.resealed(file) {
        $0 = $0.replacingOccurrences(of: "\"family\" : \"\(configuration.family.name)\"", with: "\"family\" : \"mystery\"")
      }
      #expect(throws: ModelFileError.unknownPredictor("mystery")) { try LookaheadModel(bytes: unknown) }
    }
    // The edits reach both body checks: JSON shape and parameter ranges.
    #expect(outcomes.isSuperset(of: ["malformed", "invalidParameter"]), "\(outcomes)")
  }

  /// Loads `data`; a refusal must be a ``ModelFileError`` with a message, a success must predict
  /// finite points.
  @discardableResult
  private func check(_ data: Data, mustFail: Bool) throws -> String {
    do {
      let model = try LookaheadModel(bytes: data)
      #expect(!mustFail, "a damaged file was accepted")
      var predictor = model.makePredictor()
      for sample in ModelFixtures.stroke(count: 40) {
        predictor.observe(sample)
        if let point = predictor.predict(at: sample.time + 0.03) {
          #expect(point.x.isFinite && point.y.isFinite)
        }
      }
      return "loaded"
    } catch {
      #expect(!error.description.isEmpty)
      switch error {
      case .malformed: return "malformed"
      case .invalidParameter: return "invalidParameter"
      case .checksumMismatch: return "checksumMismatch"
      case .unsupportedVersion: return "unsupportedVersion"
      case .unknownPredictor: return "unknownPredictor"
      case .notAModelFile: return "notAModelFile"
      case .unreadable: return "unreadable"
      }
    }
  }

  /// The ranges of every JSON number in `text`.
  private func numberRanges(in text: String) -> [Range<String.Index>] {
    var ranges: [Range<String.Index>] = []
    var index = text.startIndex
    let header = text.firstIndex(of: "\n") ?? text.startIndex
    index = header
    while index < text.endIndex {
      let c = text[index]
      if c == "-" || c.isNumber, index > header, text[text.index(before: index)] == " " {
        var end = index
        while end < text.endIndex, "-+.eE0123456789".contains(text[end]) { end = text.index(after: end) }
        if end < text.endIndex, text[end] == "," || text[end] == "\n" { ranges.append(index..<end) }
        index = end
      } else {
        index = text.index(after: index)
      }
    }
    return ranges
  }
}
