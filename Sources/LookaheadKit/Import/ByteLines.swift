#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lines of a text file's bytes, one after another, found with `memchr` (vectorised in the C
/// library) rather than a byte-at-a-time loop, and without keeping a list of them.
///
/// The one rule for line endings that every byte reader shares (``DelimitedText``,
/// ``TraceFileReader``): lines end in LF or CRLF (the CR is not part of the line); a final line
/// without a newline counts, and nothing follows a final newline. A UTF-8 byte-order mark before
/// the first line is not part of it (``ByteOrderMark``).
struct ByteLines {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var start = 0
  /// 1-based number of the line `next()` returned last (0 before the first).
  private(set) var lineNumber = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    start = ByteOrderMark.length(bytes)
  }

  /// The byte range of the next line without its line ending, or `nil` at the end.
  mutating func next() -> Range<Int>? {
    let count = bytes.count
    guard start < count, let base = bytes.baseAddress else { return nil }
    var end: Int
    var after: Int
    if let newline = memchr(base + start, 0x0A, count - start) {
      end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
      after = end + 1
    } else {
      end = count
      after = count
    }
    if end > start, bytes[end - 1] == 0x0D { end -= 1 }
    let line = start..<end
    start = after
    lineNumber += 1
    return line
  }

  /// Whether `line` of `bytes` holds only spaces and tabs (``DelimitedText/isBlank(_:)``'s rule).
  static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
    for index in line where bytes[index] != 0x20 && bytes[index] != 0x09 { return false }
    return true
  }
}
