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
/// one correctly rounded multiplication or division gives the correctly rounded result. Up to 19
/// digits times or over a power of ten up to 10¹⁹ are rounded exactly in integer arithmetic
/// (``quotient(_:_:)``, ``product(_:_:)``). Anything else with only number characters goes to the
/// C library's `strtod`, which glibc rounds correctly and which is what the standard library's
/// `Double(String)` calls on Linux.
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
    if significantDigits <= 19 {
      var value: Double?
      if mantissa <= 1 << 53, (-22...22).contains(exponent) {
        let exact = Double(mantissa)
        value = exponent < 0 ? exact / exactPowersOfTen[-exponent] : exact * exactPowersOfTen[exponent]
      } else if (-19 ... -1).contains(exponent) {
        value = quotient(mantissa, powersOfTen[-exponent])
      } else if (0...19).contains(exponent) {
        value = product(mantissa, powersOfTen[exponent])
      }
      if let value { return negative ? -value : value }
    }
    return libraryValue(bytes, range)
  }

  /// 10⁰ … 10¹⁹, every power of ten a `UInt64` holds.
  private static let powersOfTen: [UInt64] = (0...19).map { power in (0..<power).reduce(1) { value, _ in value * 10 } }

  /// `mantissa / divisor` correctly rounded, for the digits Clinger's fast path cannot take: the
  /// up-to-17-digit fractions (`0.34310850439882695`) that the writer's shortest round-trip form
  /// gives most pressures and angles, which would otherwise all go through `strtod`.
  ///
  /// Integer arithmetic only, so exact by construction: the mantissa shifted left by `shift` bits
  /// is divided by the power of ten in one 128-by-64-bit division, with `shift` chosen so the
  /// quotient has 63 or 64 bits. A non-zero remainder is folded into the quotient's lowest bit
  /// (a "sticky" bit, ten bits below where the rounding to 53 bits looks), so the one rounding of
  /// `Double(UInt64)` (to nearest, ties to even) rounds the exact quotient; scaling by 2^-shift is
  /// exact. Both operands below 2⁶⁴ keep every value far from overflow and subnormals.
  private static func quotient(_ mantissa: UInt64, _ divisor: UInt64) -> Double {
    guard mantissa != 0 else { return 0 }
    let mantissaBits = UInt64.bitWidth - mantissa.leadingZeroBitCount
    let divisorBits = UInt64.bitWidth - divisor.leadingZeroBitCount
    // mantissa · 2^shift < 2^(63 + divisorBits) ≤ 2^127, and the quotient is in [2⁶², 2⁶⁴).
    let shift = 63 + divisorBits - mantissaBits
    let high = shift >= 64 ? mantissa << (shift - 64) : mantissa >> (64 - shift)
    let low = shift >= 64 ? 0 : mantissa << shift
    let (quotient, remainder) = divisor.dividingFullWidth((high: high, low: low))
    let rounded = Double(quotient | (remainder == 0 ? 0 : 1))
    return Double(sign: .plus, exponent: -shift, significand: rounded)
  }

  /// `mantissa × factor` correctly rounded: the exact 128-bit product's top 64 bits, the bits
  /// below them folded into a sticky bit, rounded once (as in ``quotient(_:_:)``).
  private static func product(_ mantissa: UInt64, _ factor: UInt64) -> Double {
    let (high, low) = mantissa.multipliedFullWidth(by: factor)
    guard high != 0 else { return Double(low) }
    let shift = UInt64.bitWidth - high.leadingZeroBitCount
    let top = (high << (64 - shift)) | (low >> shift)
    let below = low & ((1 << shift) &- 1)
    let rounded = Double(top | (below == 0 ? 0 : 1))
    return Double(sign: .plus, exponent: shift, significand: rounded)
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
