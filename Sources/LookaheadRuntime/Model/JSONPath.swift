/// Where a decoding error happened, as a JSON path: `$` for the document, `.name` for an object
/// member, `[i]` for an array element (`$.predictor.parameters[2]`), the notation of
/// S. Gössner's JSONPath (RFC 9535) that our error messages use. The one formatter behind every
/// "bad file" message of the model loader, the predictor configuration files, the device
/// profiles and the report's inputs, so that they all name a place the same way.
///
/// A member whose name is not a plain word (letters, digits, `_`, `-`) is written in brackets,
/// `$['display.phaseOffsetSeconds']` (RFC 9535's name selector), so that a top-level key spelt
/// with a dot is not named as the nested member it resembles, which is a real field.
package enum JSONPath {
  /// The path of `codingPath` (a `DecodingError` context's), from the document root.
  package static func text(of codingPath: [any CodingKey]) -> String {
    var text = "$"
    for key in codingPath {
      if let index = key.intValue {
        text += "[\(index)]"
      } else if isPlainName(key.stringValue) {
        text += "." + key.stringValue
      } else {
        text += "['"
        for character in key.stringValue {
          if character == "\\" || character == "'" { text.append("\\") }
          text.append(character)
        }
        text += "']"
      }
    }
    return text
  }

  /// A name dot notation can show as it is.
  private static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        || scalar == "_" || scalar == "-")
    }
  }
}
