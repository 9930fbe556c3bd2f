import LookaheadRuntime

/// Why a predictor could not be configured from a name and parameter values. Every case names
/// the predictor and the parameter (and, for files, the file and JSON path) so the user can fix
/// the exact spot.
public enum PredictorCatalogError: Error, Sendable, Equatable, CustomStringConvertible {
  case unknownPredictor(name: String, known: [String])
  case unknownParameter(predictor: String, parameter: String, known: [String])
  case nonNumericValue(predictor: String, parameter: String, value: String)
  case notAnInteger(predictor: String, parameter: String, value: String)
  case invalidChoice(predictor: String, parameter: String, value: String, choices: [String])
  case outOfRange(predictor: String, parameter: String, value: Double, range: String)
  case duplicateParameter(predictor: String, parameter: String)
  /// The `name:key=value,…` text does not have that shape.
  case malformedSpecification(text: String, problem: String)
  /// Values that are each in range but inconsistent together (for example a window smaller
  /// than the order needs).
  case inconsistentParameters(predictor: String, error: PredictorParameterError)
  /// A config file that cannot be read or has the wrong shape.
  case configFile(path: String, jsonPath: String, problem: String)
  /// A parameter error inside a config file.
  indirect case inConfigFile(path: String, jsonPath: String, error: PredictorCatalogError)

  public var description: String {
    switch self {
    case .unknownPredictor(let name, let known):
      "unknown predictor \"\(name)\"; known predictors: \(known.joined(separator: ", "))"
    case .unknownParameter(let predictor, let parameter, let known):
      "predictor \(predictor) has no parameter \"\(parameter)\"; its parameters: "
        + known.joined(separator: ", ")
    case .nonNumericValue(let predictor, let parameter, let value):
      "\(predictor): parameter \(parameter) needs a number, got \"\(value)\""
    case .notAnInteger(let predictor, let parameter, let value):
      "\(predictor): parameter \(parameter) needs a whole number, got \"\(value)\""
    case .invalidChoice(let predictor, let parameter, let value, let choices):
      "\(predictor): parameter \(parameter) must be one of \(choices.joined(separator: ", ")), got \"\(value)\""
    case .outOfRange(let predictor, let parameter, let value, let range):
      "\(predictor): parameter \(parameter) = \(value) is out of range \(range)"
    case .duplicateParameter(let predictor, let parameter):
      "\(predictor): parameter \(parameter) is given twice"
    case .malformedSpecification(let text, let problem):
      "cannot read predictor specification \"\(text)\": \(problem) "
        + "(expected name or name:key=value,key=value)"
    case .inconsistentParameters(let predictor, let error):
      "\(predictor): \(error)"
    case .configFile(let path, let jsonPath, let problem):
      "\(path): at \(jsonPath): \(problem)"
    case .inConfigFile(let path, let jsonPath, let error):
      "\(path): at \(jsonPath): \(error)"
    }
  }
}
