/// How reports print numbers for people (tables, labels); `data-*` attributes carry the exact
/// values instead (``SVGElement/number(_:)``).
public enum ReportFormat {
  /// Four significant digits in plain notation, trailing zeros dropped (`0.1734`, `12.5`, `3000`);
  /// `—` for a missing or non-finite value.
  public static func number(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "—" }
    if value == 0 { return "0" }
    let magnitude = abs(value)
    if magnitude >= 1e6 || magnitude < 1e-4 { return ComparisonTable.format(value) }
    var digits = 3
    var scale = 1.0
    while scale * 10 <= magnitude {
      scale *= 10
      digits -= 1
    }
    while scale > magnitude {
      scale /= 10
      digits += 1
    }
    return ComparisonTable.fixed(value, decimals: max(0, digits))
      .replacingTrailingZeros()
  }
}

extension String {
  /// `12.500` → `12.5`, `3.000` → `3`; strings without a decimal point are left alone.
  fileprivate func replacingTrailingZeros() -> String {
    guard contains(".") else { return self }
    var text = self
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}
