import Foundation

/// Writes a configured catalog predictor as the catalog's JSON config file
/// (`{"predictor": "name", "parameters": {…}}`, ``PredictorConfigFileItem``, read back by
/// ``PredictorCatalog/configure(contentsOf:)``), so that a tuned configuration is ready for
/// `evaluate` and `export`. Every parameter is written, defaults included, so the file does not
/// change meaning if a default changes later.
public enum PredictorConfigFile {
  /// The JSON text of `predictor` (keys sorted, pretty-printed; numbers in the shortest text
  /// that reads back to the same double).
  public static func json(_ predictor: CatalogPredictor, entry: PredictorCatalogEntry) throws -> String {
    let item = PredictorConfigFileItem(
      predictor: predictor.name,
      parameters: predictor.values.map { name, value in
        switch (value, entry.parameter(named: name)?.domain) {
        case (.number(let v), .flag?): (name, .flag(v != 0))
        case (.number(let v), _): (name, .number(v))
        case (.choice(let s), _): (name, .text(s))
        }
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return String(decoding: try encoder.encode(item), as: UTF8.self) + "\n"
  }

  /// Writes the file; an existing file needs `force`.
  public static func write(
    _ predictor: CatalogPredictor, entry: PredictorCatalogEntry, to url: URL, force: Bool
  ) throws {
    try ResultFile.write(Data(try json(predictor, entry: entry).utf8), to: url, force: force)
  }

  /// Shortest text that reads back to the same double (Swift's description is round-trip exact),
  /// whole numbers without a fraction.
  static func number(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return "\(v)"
  }
}
