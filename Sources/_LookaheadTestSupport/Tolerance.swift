/// Named tolerances, so that a test says *why* two numbers may differ.
public enum Tolerance {
  /// Two computations of the same closed form in different orders (a few ulps, scaled).
  public static let arithmetic = 1e-9
  /// Reproducing numbers printed with three significant digits (half a unit in the last digit).
  public static func printed(_ value: Double) -> Double {
    guard value != 0 else { return 0.0005 }
    let magnitude = (abs(value)).log10Floor
    return 0.5 * pow10(magnitude - 2) + 1e-12
  }

  private static func pow10(_ exponent: Int) -> Double {
    var result = 1.0
    if exponent >= 0 { for _ in 0..<exponent { result *= 10 } } else { for _ in 0..<(-exponent) { result /= 10 } }
    return result
  }
}

extension Double {
  fileprivate var log10Floor: Int {
    var exponent = 0
    var value = self
    while value >= 10 { value /= 10; exponent += 1 }
    while value < 1 { value *= 10; exponent -= 1 }
    return exponent
  }
}
