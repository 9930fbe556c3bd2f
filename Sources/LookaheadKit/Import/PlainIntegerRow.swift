/// The fast path for rows of plain integers (the Wacom and SVC2004 files): `count` integers, each
/// an optional `-` and 1–18 digits (so nothing can overflow), separated by exactly one
/// `separator` byte, read in one pass over the line's bytes in place, with no cell list.
///
/// It accepts only rows whose value is plain to read; anything else (spaces, a `+`, an empty or
/// too long cell, a missing cell) is declined with `nil`, and the importer reads that row with
/// ``DelimitedText``, which gives it the value or the error (file, line, field) it always had.
/// Issue #21: callgrind put most of those importers' cost in the cell list, the copy of the file
/// and the per-cell checks of the general reading.
enum PlainIntegerRow {
  /// Reads `values.count` integers from the start of `line` into `values` (a fixed buffer, so
  /// that no array is checked for uniqueness per cell); the index just after the last one (the
  /// caller decides what may follow it), or `nil` to decline the row.
  static func read(
    _ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, separator: UInt8, into values: UnsafeMutableBufferPointer<Int>
  ) -> Int? {
    var index = line.lowerBound
    let end = line.upperBound
    for column in values.indices {
      if column > 0 {
        guard index < end, bytes[index] == separator else { return nil }
        index += 1
      }
      var negative = false
      if index < end, bytes[index] == UInt8(ascii: "-") {
        negative = true
        index += 1
      }
      let digitsStart = index
      var value = 0
      while index < end {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit <= 9 else { break }
        value = value &* 10 &+ Int(digit)
        index += 1
      }
      guard index > digitsStart, index - digitsStart <= 18 else { return nil }
      values[column] = negative ? -value : value
    }
    return index
  }
}
