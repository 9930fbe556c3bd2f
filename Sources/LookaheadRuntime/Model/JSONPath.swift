/// Where a decoding error happened, as a JSON path: `$` for the document, `.name` for an object
/// member, `[i]` for an array element (`$.predictor.parameters[2]`), the notation of
/// S. Gössner's JSONPath (RFC 9535) that our error messages use. The one formatter behind every
/// "bad file" message of the model loader, the predictor configuration files, the device
/// profiles and the report's inputs, so that they all name a place the same way.
package enum JSONPath {
  /// The path of `codingPath` (a `DecodingError` context's), from the document root.
  package static func text(of codingPath: [any CodingKey]) -> String {
    var text = "$"
    for key in codingPath {
      if let index = key.intValue { text += "[\(index)]" } else { text += "." + key.stringValue }
    }
    return text
  }
}
