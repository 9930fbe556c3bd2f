/// Escaping for text and attribute values written into XML, SVG and HTML.
///
/// The five predefined entities of XML 1.0 (W3C, *Extensible Markup Language 1.0*, §4.6) are
/// enough for both text nodes and double-quoted attribute values; characters XML 1.0 forbids
/// outright (C0 controls other than tab, newline and carriage return) are dropped, since no
/// escape makes them legal. Labels in reports come from user input (predictor specifications,
/// file paths, command lines), so everything goes through here.
public enum XMLEscaping {
  /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities and illegal controls removed.
  public static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
