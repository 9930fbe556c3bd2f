#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How deeply a JSON text nests, for an accurate message when Foundation's parser refuses it.
///
/// Foundation's JSON parser stops at 512 levels of arrays and objects and then reports only
/// "not valid JSON", which is wrong for a valid document that is merely deep. The readers call
/// ``problem(in:)`` after a parse failure, so the scan costs nothing on good files.
package enum JSONNesting {
  /// The deepest nesting Foundation's parser reads.
  package static let parserLimit = 512

  /// The greatest depth of `[`/`{` nesting in `data` (brackets inside strings do not count),
  /// stopping early once it passes `limit`.
  package static func depth(of data: Data, stoppingAfter limit: Int = .max) -> Int {
    var depth = 0, deepest = 0
    var inString = false, escaped = false
    for byte in data {
      if inString {
        if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        deepest = max(deepest, depth)
        if deepest > limit { return deepest }
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      default: break
      }
    }
    return deepest
  }

  /// A message for a text that failed to parse because it nests past ``parserLimit``; nil when
  /// depth is not the reason.
  package static func problem(in data: Data) -> String? {
    guard depth(of: data, stoppingAfter: parserLimit) > parserLimit else { return nil }
    return "nests arrays and objects more than \(parserLimit) levels deep, more than the JSON reader accepts"
  }
}
