#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a plain decimal number (`-12.5`, `3`, `1e-05`, `.5`) straight from bytes, giving exactly
/// the `Double` that `Double(String)` gives for the same text, without making a `String`.
///
/// Why: the trace reader spent most of its time building `String`s to parse numbers. Exactness
/// matters more than speed here (a trace must read back bit for bit), so only the one case that is
/// exact by construction is done by hand, Clinger's fast path (W. D. Clinger, "How to read
/// floating point numbers accurately", PLDI 1990, §"fast path"): when the digits form an integer
/// m ≤ 2⁵³ and the decimal exponent e satisfies |e| ≤ 22, both m and 10^|e| are exact doubles, so
/// one correctly rounded multiplication or division gives the correctly rounded result. Anything
/// else with only number characters goes to the C library's `strtod`, which glibc rounds
/// correctly and which is what the standard library's `Double(String)` calls on Linux.
/// Text with any other character (`inf`, `nan`, hex, spaces) is left to the caller (`nil`).
enum DecimalText {
  /// Powers of ten that are exact doubles (10²² is the largest).
  private static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// The value of `bytes[range]` if it is a decimal number `[+-]digits[.digits][(e|E)[+-]digits]`
  /// (digits on at least one side of the point), else `nil`.
  static func double(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
    var index = range.lowerBound
    let end = range.upperBound
    guard index < end else { return nil }
    var negative = false
    if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      negative = bytes[index] == UInt8(ascii: "-")
      index += 1
    }
    var mantissa: UInt64 = 0
    var significantDigits = 0
    var digitsSeen = 0
    var exponent = 0
    // Integer part, then fraction; leading zeros do not count as significant.
    var seenPoint = false
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: ".") {
        guard !seenPoint else { return nil }
        seenPoint = true
      } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        digitsSeen += 1
        if mantissa != 0 || byte != UInt8(ascii: "0") { significantDigits += 1 }
        if significantDigits <= 19 { mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0")) }
        if seenPoint { exponent -= 1 }
      } else {
        break
      }
      index += 1
    }
    guard digitsSeen > 0 else { return nil }
    if index < end {
      guard bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") else { return nil }
      index += 1
      var exponentNegative = false
      if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
        exponentNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      guard index < end else { return nil }
      var written = 0
      while index < end {
        let byte = bytes[index]
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        if written < 100_000 { written = written * 10 + Int(byte - UInt8(ascii: "0")) }
        index += 1
      }
      exponent += exponentNegative ? -written : written
    }
    if significantDigits <= 19, mantissa <= 1 << 53, (-22...22).contains(exponent) {
      var value = Double(mantissa)
      value = exponent < 0 ? value / exactPowersOfTen[-exponent] : value * exactPowersOfTen[exponent]
      return negative ? -value : value
    }
    return libraryValue(bytes, range)
  }

  /// `strtod` on a NUL-terminated copy of the field (already checked to be a plain decimal).
  private static func libraryValue(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: range.count + 1) { copy -> Double? in
      guard let start = copy.baseAddress else { return nil }
      for offset in 0..<range.count { copy[offset] = CChar(bitPattern: bytes[range.lowerBound + offset]) }
      copy[range.count] = 0
      var stop: UnsafeMutablePointer<CChar>? = nil
      let value = strtod(start, &stop)
      guard let stop, stop - start == range.count else { return nil }
      return value
    }
  }
}
