import Foundation

/// Writes a configured catalog predictor as the catalog's JSON config file
/// (`{"predictor": "name", "parameters": {…}}`, read back by
/// ``PredictorCatalog/configure(contentsOf:)``), so that a tuned configuration is ready for
/// `evaluate` and `export`. Every parameter is written, defaults included, so the file does not
/// change meaning if a default changes later.
public enum PredictorConfigFile {
  /// The JSON text of `predictor` (keys sorted, pretty-printed).
  public static func json(_ predictor: CatalogPredictor, entry: PredictorCatalogEntry) -> String {
    var lines: [String] = []
    for (name, value) in predictor.values.sorted(by: { $0.name < $1.name }) {
      let text: String
      switch (value, entry.parameter(named: name)?.domain) {
      case (.number(let v), .flag?): text = v != 0 ? "true" : "false"
      case (.number(let v), _): text = number(v)
      case (.choice(let s), _): text = quoted(s)
      }
      lines.append("    \(quoted(name)): \(text)")
    }
    return "{\n  \"predictor\": \(quoted(predictor.name)),\n  \"parameters\": {\n"
      + lines.joined(separator: ",\n") + "\n  }\n}\n"
  }

  /// Writes the file; an existing file needs `force`.
  public static func write(
    _ predictor: CatalogPredictor, entry: PredictorCatalogEntry, to url: URL, force: Bool
  ) throws {
    try ResultFile.write(Data(json(predictor, entry: entry).utf8), to: url, force: force)
  }

  /// Shortest text that reads back to the same double (Swift's description is round-trip exact).
  static func number(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return "\(v)"
  }

  static func quoted(_ s: String) -> String {
    var out = "\""
    for c in s.unicodeScalars {
      switch c {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      default: out.unicodeScalars.append(c)
      }
    }
    return out + "\""
  }
}
