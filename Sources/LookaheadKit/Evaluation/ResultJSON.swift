import Foundation

/// How the workbench writes a result as JSON (a `tune`/`train` result file, `--json` output, a
/// training checkpoint): pretty-printed with sorted keys, so the same result gives the same bytes,
/// and non-finite numbers as the strings `"inf"`, `"-inf"` and `"nan"` (JSON has no such numbers;
/// a diverged trial or an empty score must still be written, and read back by name).
public enum ResultJSON {
  public static func encode<Value: Encodable>(_ value: Value) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return try encoder.encode(value)
  }

  /// The top-level `format` of a result file (`lookahead-tune-result`, `lookahead-train-result`, …):
  /// what it is, read without decoding the rest; `nil` for JSON without one, or not JSON at all.
  static func format(of data: Data) -> String? {
    struct Probe: Decodable { var format: String? }
    return (try? JSONDecoder().decode(Probe.self, from: data))?.format
  }

  /// A decoder that reads what ``encode(_:)`` writes (the non-finite strings included).
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return decoder
  }
}
