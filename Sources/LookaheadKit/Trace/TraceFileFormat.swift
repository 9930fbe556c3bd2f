/// Lookahead's own trace file: a CSV with `#` metadata lines, documented in
/// `Docs/TraceFormat.md`. Chosen so that a notebook reads it in one line,
/// `pandas.read_csv(path, comment="#")`, and so that it round-trips losslessly (numbers are
/// written in Swift's shortest round-trip form).
public enum TraceFileFormat {
  /// The format version this build writes. Bump it on any change of the columns.
  ///
  /// Version 2 added `pointer_type`; version 1 files (without it) are still read, their strokes'
  /// pointer type `unknown`.
  public static let version = 2
  /// Every version this build reads.
  public static let readableVersions = 1...2
  /// First line of every trace file.
  public static let magic = "# lookahead-trace: \(version)"
  /// Conventional file extension.
  public static let fileExtension = "lktrace.csv"

  /// The header row this build writes, in order.
  public static let columns = columns(version: version)

  /// The header row of a format version: version 1 ends at `origin`, version 2 adds
  /// `pointer_type`.
  public static func columns(version: Int) -> [String] {
    let version1 = [
      "record", "stroke", "index", "t", "x", "y", "pressure", "altitude", "azimuth", "phase",
      "estimated", "property", "value", "estimated_value", "arrival_t", "writer", "origin",
    ]
    return version >= 2 ? version1 + ["pointer_type"] : version1
  }

  /// The `# key: value` metadata keys a file may hold, in the order ``TraceFileWriter`` writes
  /// them: each of the first seven at most once (all but `recorded_predictor` required), then
  /// `cleaning` and `note`, repeated (each rule and each note KEY once). The format has no other: anything else a source says goes
  /// in a `note: KEY=VALUE`, so an unknown key is a misspelling or another format's line, and the
  /// reader refuses it rather than drop it (a `# digitiser_rate_hz:` was read as no line at all).
  public static let metadataKeys = [
    "source", "device", "digitizer_rate_hz", "coordinate_unit", "millimetres_per_unit", "licence",
    "recorded_predictor", "cleaning", "note",
  ]

  /// Kinds of data row.
  public enum Record: String, Sendable, CaseIterable {
    /// A digitizer sample (`index` = position in its stroke).
    case sample
    /// A late property update of the sample `index`.
    case update
    /// A recorded platform prediction anchored at sample `index`.
    case prediction
  }

  /// Escapes the characters that would break a CSV cell or a pandas `comment="#"` read.
  static func escape(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "%": out += "%25"
      case ",": out += "%2C"
      case "#": out += "%23"
      case "\n": out += "%0A"
      case "\r": out += "%0D"
      case "\"": out += "%22"
      case "=": out += "%3D"
      default: out.append(character)
      }
    }
    return out
  }

  /// Reverses ``escape(_:)``; `nil` if a `%` is not followed by one of the codes it writes.
  static func unescape(_ text: Substring) -> String? {
    // The bytes, not `contains("%")`, which Foundation turns into a search costing thousands of
    // instructions (a stroke's writer and origin are unescaped as it is read).
    guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
    var out = ""
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "%" {
        let codeStart = text.index(after: index)
        guard let codeEnd = text.index(codeStart, offsetBy: 2, limitedBy: text.endIndex)
        else { return nil }
        switch text[codeStart..<codeEnd] {
        case "25": out += "%"
        case "2C": out += ","
        case "23": out += "#"
        case "0A": out += "\n"
        case "0D": out += "\r"
        case "22": out += "\""
        case "3D": out += "="
        default: return nil
        }
        index = codeEnd
      } else {
        out.append(character)
        index = text.index(after: index)
      }
    }
    return out
  }
}
