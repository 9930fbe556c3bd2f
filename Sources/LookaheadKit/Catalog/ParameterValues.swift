import LookaheadRuntime

/// The values of an entry's parameters (defaults filled in), read by the entry's builder.
public struct ParameterValues: Sendable {
  private var values: [String: ParameterValue]

  package init(_ values: [String: ParameterValue]) { self.values = values }

  /// The value given for `name` (or its default), or nil for a name the entry does not declare.
  public func value(_ name: String) -> ParameterValue? { values[name] }

  /// A numeric parameter (integers and flags are numbers too); 0 when absent.
  public func number(_ name: String) -> Double {
    if case .number(let v)? = values[name] { return v }
    return 0
  }

  public func integer(_ name: String) -> Int {
    let v = number(name)
    return v.isFinite && abs(v) < 1e9 ? Int(v) : 0
  }

  public func flag(_ name: String) -> Bool { number(name) != 0 }

  /// A choice parameter's name; empty when absent.
  public func choice(_ name: String) -> String {
    if case .choice(let s)? = values[name] { return s }
    return ""
  }

  /// A choice parsed into a `RawRepresentable` enum, or `fallback`.
  public func choice<E: RawRepresentable>(_ name: String, as type: E.Type, default fallback: E) -> E
  where E.RawValue == String {
    E(rawValue: choice(name)) ?? fallback
  }
}
