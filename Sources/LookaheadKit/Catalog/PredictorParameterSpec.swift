import Foundation
import LookaheadRuntime

// ParameterScale, ParameterDomain and ParameterValue live in LookaheadRuntime, beside the
// parameter field tables they describe (`ParameterField`).

extension ParameterValue: CustomStringConvertible {
  public var description: String {
    switch self {
    case .number(let v): formatNumber(v)
    case .choice(let s): s
    }
  }

  /// The value as text that parses back to exactly the same value (``description`` rounds
  /// very large and very small numbers for reading).
  public var exactText: String {
    switch self {
    case .number(let v): PredictorConfigFile.number(v)
    case .choice(let s): s
    }
  }
}

/// One declared parameter of a catalog entry: what the CLI shows, what a tuner searches, and
/// what a `name:key=value` specification is checked against.
public struct PredictorParameterSpec: Sendable, Equatable {
  /// The key in `name:key=value` and in config files (kebab-case).
  public var name: String
  /// Unit of the value ("s", "Hz", "units/s", "samples", "" for none).
  public var unit: String
  public var defaultValue: ParameterValue
  public var domain: ParameterDomain
  /// One line: what it does and a sensible range.
  public var summary: String
  /// What a default `tune` searches instead of ``domain`` (``ParameterField/defaultSearch``);
  /// nil searches ``domain``.
  package var defaultSearch: ParameterDomain?

  public init(
    _ name: String, unit: String, default defaultValue: ParameterValue, domain: ParameterDomain,
    _ summary: String
  ) {
    self.name = name
    self.unit = unit
    self.defaultValue = defaultValue
    self.domain = domain
    self.summary = summary
  }

  /// The catalog's view of a runtime parameter field (``ParameterField``): its key, unit, domain
  /// and summary, with the default read from `preset`.
  init<Parameters>(_ field: ParameterField<Parameters>, default preset: Parameters) {
    guard let key = field.key else { preconditionFailure("\(field.property) has no catalog key") }
    self.init(field, named: key, default: preset)
  }

  /// The same, under another name (the docs show fields the catalog has no key for).
  init<Parameters>(_ field: ParameterField<Parameters>, named name: String, default preset: Parameters) {
    self.init(name, unit: field.unit, default: field.value(in: preset), domain: field.domain, field.summary)
    defaultSearch = field.defaultSearch
  }

  /// The default as shown to people (flags as true/false).
  public var defaultDescription: String {
    if case .flag = domain { return defaultValue == .number(0) ? "false" : "true" }
    if case .real(let r, _) = domain, r.upperBound == Double.pi, case .number(let v) = defaultValue, v == .pi { return "π" }
    return defaultValue.description
  }

  /// ``rangeDescription``, followed by what a default tune searches where that differs:
  /// `0…1e+09 (linear); default tune 1…10000 (log)`.
  package var rangeAndSearchDescription: String {
    guard let defaultSearch else { return rangeDescription }
    return "\(rangeDescription); default tune \(Self.describe(defaultSearch))"
  }

  /// The domain as a short text: `0…1 (linear)`, `1…64`, `hold|extrapolate`, `true|false`.
  public var rangeDescription: String { Self.describe(domain) }

  private static func describe(_ domain: ParameterDomain) -> String {
    switch domain {
    case .real(let r, let scale):
      "\(format(r.lowerBound))…\(r.upperBound == Double.pi ? "π" : format(r.upperBound)) (\(scale.rawValue))"
    case .integer(let r): "\(r.lowerBound)…\(r.upperBound)"
    case .choice(let names): names.joined(separator: "|")
    case .flag: "true|false"
    }
  }

  /// Checks `text` (as written on a command line or in a file) against the domain.
  func parse(_ text: String, predictor: String) throws(PredictorCatalogError) -> ParameterValue {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    switch domain {
    case .real(let range, _):
      guard let v = Double(trimmed), v.isFinite else {
        throw .nonNumericValue(predictor: predictor, parameter: name, value: text)
      }
      return try check(v, range: range, predictor: predictor)
    case .integer(let range):
      guard let v = Double(trimmed), v.isFinite else {
        throw .nonNumericValue(predictor: predictor, parameter: name, value: text)
      }
      guard v == v.rounded() else {
        throw .notAnInteger(predictor: predictor, parameter: name, value: text)
      }
      return try check(v, range: Double(range.lowerBound)...Double(range.upperBound), predictor: predictor)
    case .choice(let names):
      guard names.contains(trimmed) else {
        throw .invalidChoice(predictor: predictor, parameter: name, value: text, choices: names)
      }
      return .choice(trimmed)
    case .flag:
      switch trimmed.lowercased() {
      case "true", "1", "1.0", "yes", "on": return .number(1)
      case "false", "0", "0.0", "no", "off": return .number(0)
      default: throw .invalidChoice(predictor: predictor, parameter: name, value: text, choices: ["true", "false"])
      }
    }
  }

  /// Checks an already typed value against the domain.
  func check(_ value: ParameterValue, predictor: String) throws(PredictorCatalogError) -> ParameterValue {
    switch (domain, value) {
    case (.choice, .choice(let s)), (.flag, .choice(let s)): return try parse(s, predictor: predictor)
    case (.choice, .number(let v)):
      throw .invalidChoice(predictor: predictor, parameter: name, value: formatNumber(v), choices: choices)
    case (.flag, .number(let v)):
      guard v == 0 || v == 1 else {
        throw .invalidChoice(predictor: predictor, parameter: name, value: formatNumber(v), choices: ["true", "false"])
      }
      return .number(v)
    case (.real(let range, _), .number(let v)):
      guard v.isFinite else { throw .nonNumericValue(predictor: predictor, parameter: name, value: String(v)) }
      return try check(v, range: range, predictor: predictor)
    case (.integer(let range), .number(let v)):
      guard v.isFinite else { throw .nonNumericValue(predictor: predictor, parameter: name, value: String(v)) }
      guard v == v.rounded() else { throw .notAnInteger(predictor: predictor, parameter: name, value: String(v)) }
      return try check(v, range: Double(range.lowerBound)...Double(range.upperBound), predictor: predictor)
    case (.real, .choice(let s)), (.integer, .choice(let s)): return try parse(s, predictor: predictor)
    }
  }

  private var choices: [String] {
    if case .choice(let names) = domain { return names }
    return []
  }

  private func check(
    _ v: Double, range: ClosedRange<Double>, predictor: String
  ) throws(PredictorCatalogError) -> ParameterValue {
    guard range.contains(v) else {
      throw .outOfRange(predictor: predictor, parameter: name, value: v, range: rangeDescription)
    }
    return .number(v)
  }
}

private func format(_ v: Double) -> String { formatNumber(v) }

/// Whole numbers below a million as integers; very large or small ones in `%g` form when that
/// reads back as the same number, else in the shortest form that does; the rest as Swift prints
/// them. Every form reads back exactly: `%g` keeps 6 digits, so a tuned process noise of
/// 6.697080690006676e-07 was printed, and read back from a specification, as 6.69708e-07 (found
/// trying the CLI from outside).
func formatNumber(_ v: Double) -> String {
  if v == v.rounded(), abs(v) < 1e6 { return String(Int(v)) }
  if abs(v) >= 1e6 || abs(v) < 1e-4 {
    let short = String(format: "%g", v)
    return Double(short) == v ? short : String(v)
  }
  return String(v)
}
