import Foundation

/// One object of a predictor config file, `{"predictor": "name", "parameters": {…}}`: the one
/// type that both reads it (``PredictorCatalog/configure(contentsOf:)``) and writes it
/// (``PredictorConfigFile``, `tune --out`).
///
/// It names a catalog entry, not a runtime family, because a catalog entry may be a preset
/// (`kalman-androidx`) or a workbench-only baseline that the runtime's
/// ``LookaheadRuntime/PredictorConfiguration`` (`{"family", "parameters", "stages"}`, the model
/// file's shape) has no name for; an exported model carries that configuration instead.
struct PredictorConfigFileItem: Codable {
  /// A parameter's value as written in JSON: a flag, a number or a choice.
  enum Value: Codable, Equatable {
    case flag(Bool)
    case number(Double)
    case text(String)

    /// The value as the catalog's `key=value` text reads it.
    var text: String {
      switch self {
      case .flag(let on): on ? "true" : "false"
      case .number(let v): String(v)
      case .text(let s): s
      }
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let flag = try? container.decode(Bool.self) {
        self = .flag(flag)
      } else if let number = try? container.decode(Double.self) {
        self = .number(number)
      } else if let text = try? container.decode(String.self) {
        self = .text(text)
      } else {
        throw DecodingError.typeMismatch(
          Double.self, .init(codingPath: decoder.codingPath, debugDescription: "expected a number, a string or a boolean"))
      }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .flag(let on): try container.encode(on)
      case .number(let v): try container.encode(v)
      case .text(let s): try container.encode(s)
      }
    }
  }

  var predictor: String
  /// The values by key, sorted by key (so errors are deterministic).
  var parameters: [(key: String, value: Value)]

  init(predictor: String, parameters: [(key: String, value: Value)]) {
    self.predictor = predictor
    self.parameters = parameters.sorted { $0.key < $1.key }
  }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    for key in container.allKeys where key.stringValue != "predictor" && key.stringValue != "parameters" {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container, debugDescription: "unknown field (expected \"predictor\" and \"parameters\")")
    }
    predictor = try container.decode(String.self, forKey: Key(stringValue: "predictor"))
    parameters = []
    guard container.contains(Key(stringValue: "parameters")) else { return }
    let values = try container.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "parameters"))
    for key in values.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
      parameters.append((key.stringValue, try values.decode(Value.self, forKey: key)))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(predictor, forKey: Key(stringValue: "predictor"))
    var values = container.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "parameters"))
    for (key, value) in parameters { try values.encode(value, forKey: Key(stringValue: key)) }
  }
}
