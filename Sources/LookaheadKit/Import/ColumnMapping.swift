import Foundation

/// How the generic delimited-text importer (``DelimitedTextImporter``) reads a CSV/TSV file: which
/// column holds each field, in which unit, and how rows become strokes. Built from
/// ``ImportSettings``; every mistake is reported at the setting that holds it.
///
/// Settings (documented with examples in `Docs/BringYourOwnData.md`):
/// - fields `t`, `x`, `y` (required), `pressure`, `altitude`, `azimuth`, `tilt_x`, `tilt_y`,
///   `stroke`, `writer`, `type`, `phase`: the column, by header name, or by 1-based number when
///   the file has no header, optionally followed by `:MODIFIER`: `t=COL:s|ms|us|ns` (default s),
///   `y=COL:up` (the source's y points up), `pressure=COL:MAX` (divided by MAX, default 1),
///   `altitude|azimuth|tilt_x|tilt_y=COL:deg|rad` (default rad);
/// - stroke splitting (at least one): `stroke=COL` (one open stroke per distinct id),
///   `phase=COL` with `down=A|B`, `up=C|D` and `move=E|F` markers (defaults below; any other
///   non-empty phase cell is refused with its file, line and column), `gap=DURATION`
///   (`30ms`: a longer pause starts a new stroke);
/// - file shape: `separator=comma|tab|semicolon|space` (default: tab for `.tsv`, else the first
///   of tab, comma, semicolon found in the first line), `header=yes|no` (default: yes when a cell
///   of the first line is not a number);
/// - what the trace is: `mm_per_unit=N` or `dpi=N`, `rate_hz=N` (the digitizer's nominal rate),
///   `unit=NAME` (default `units`),
///   `pointer=pen|touch|mouse` (for every stroke, when there is no `type` column),
///   `source=NAME` (default: the file name), `device=TEXT`.
public struct ColumnMapping: Sendable {
  /// A column named in the settings; resolved against the file's header by the importer.
  public struct ColumnReference: Sendable {
    /// The header name, or the 1-based number for a file without a header, as written.
    public var column: String
    /// The setting that named it, for errors.
    public var entry: ImportSettings.Entry
  }

  public struct TimeColumn: Sendable {
    public var column: String
    /// Units of the column per second (1000 for milliseconds); times are divided by it, as the
    /// other importers do, so that whole milliseconds become the nearest double in seconds.
    public var ticksPerSecond: Double
    /// Seconds per unit of the column (1e-3 for milliseconds).
    public var secondsPerTick: Double { 1 / ticksPerSecond }
  }

  public static let fieldKeys = ["t", "x", "y", "pressure", "altitude", "azimuth", "tilt_x", "tilt_y", "stroke", "writer", "type", "phase"]
  public static let optionKeys = [
    "down", "up", "move", "gap", "separator", "header", "mm_per_unit", "dpi", "rate_hz", "unit", "pointer", "source", "device",
  ]
  /// Phase cells (case-insensitive) that start a contact unless `down=` says otherwise: Pointer
  /// Events, Android `MotionEvent.actionToString`, DOM touch events.
  public static let defaultDownMarkers: Set<String> = ["down", "pointerdown", "action_down", "action_pointer_down", "touchstart"]
  /// Phase cells that end one unless `up=` says otherwise (a cancel ends the contact too).
  public static let defaultUpMarkers: Set<String> = [
    "up", "pointerup", "pointercancel", "cancel", "action_up", "action_pointer_up", "action_cancel", "touchend", "touchcancel",
  ]
  /// Phase cells that neither open nor close a contact unless `move=` says otherwise: moves of
  /// each vocabulary above, and the hover and boundary events they deliver around a contact
  /// (continuing an open stroke, else dropped and counted as outside one). Any other non-empty
  /// phase cell is refused, so that a misspelt up marker (`pointrup`) does not leave the stroke
  /// open until the next down.
  public static let defaultMoveMarkers: Set<String> = [
    "move", "pointermove", "pointerrawupdate", "action_move", "touchmove",
    "hover", "action_hover_move", "action_hover_enter", "action_hover_exit",
    "pointerover", "pointerenter", "pointerout", "pointerleave",
  ]
  /// Ticks per second of each time unit a mapping may declare.
  static let timeUnits: [String: Double] = ["s": 1, "ms": 1e3, "us": 1e6, "µs": 1e6, "ns": 1e9]

  public var settings: ImportSettings
  public var time: TimeColumn
  public var timeReference: ColumnReference
  public var x: ColumnReference
  public var y: ColumnReference
  public var yPointsUp: Bool
  public var pressure: ColumnReference?
  public var pressureMaximum: Double
  /// Whether the maximum was given (`pressure=COLUMN:MAX`), not the default 1.
  public var pressureMaximumGiven = false
  /// Angle columns with their radians per unit.
  public var altitude: (ColumnReference, Double)?
  public var azimuth: (ColumnReference, Double)?
  public var tiltX: (ColumnReference, Double)?
  public var tiltY: (ColumnReference, Double)?
  public var stroke: ColumnReference?
  public var writer: ColumnReference?
  public var type: ColumnReference?
  public var phase: ColumnReference?
  public var downMarkers: Set<String>
  public var upMarkers: Set<String>
  /// Phase cells that continue an open stroke (or are dropped outside one); a cell in none of
  /// the three sets is an error.
  public var moveMarkers: Set<String>
  public var gapSeconds: Double?
  /// `nil`: detect from the file.
  public var separator: UInt8?
  /// `nil`: detect from the first line.
  public var hasHeader: Bool?
  public var millimetresPerUnit: Double?
  /// `rate_hz`: the digitizer's nominal rate, samples per second, as the trace's
  /// ``TraceMetadata/digitizerRateHz`` (a tune, training or model made from the file records it;
  /// `sweep` steps by it). Nil: unknown, as before the key existed.
  public var digitizerRateHz: Double?
  public var coordinateUnit: String
  public var pointerType: PointerType?
  public var source: String?
  public var device: String?

  /// The error for a delimited-text file read without any mapping.
  public static func missing(file: String) -> TraceInputError {
    TraceInputError(file: file, location: .file, field: "mapping",
      problem: "is a delimited-text file and needs a column mapping: give PATH:t=COLUMN:UNIT,x=COLUMN,y=COLUMN,stroke=COLUMN "
        + "or a mapping file PATH\(SettingsReference.sidecarSuffix) (Docs/BringYourOwnData.md)")
  }

  /// The mapping in `settings`; `file` is the data file, named when there are no settings at all.
  /// The error for a phase cell that is none of the markers: names the cell, the accepted
  /// markers of each kind and how to declare another.
  func unknownPhase(_ cell: String, file: String, line: Int) -> TraceInputError {
    func list(_ markers: Set<String>) -> String { markers.sorted().joined(separator: " ") }
    return TraceInputError(file: file, location: .line(line), field: phase?.column,
      problem: "'\(cell)' is not a phase marker (down: \(list(downMarkers)); up: \(list(upMarkers)); "
        + "move: \(list(moveMarkers)); any case); if it is one, declare it: down=, up= or move=A|B")
  }

  public init(settings: ImportSettings, file: String = "") throws {
    guard !settings.isEmpty else { throw Self.missing(file: file) }
    try settings.requireKnownKeys(Self.fieldKeys + Self.optionKeys, for: "delimited-text")
    self.settings = settings
    func required(_ key: String) throws -> ImportSettings.Entry {
      guard let entry = settings[key] else {
        let origin = settings.entries.first?.file ?? file
        throw TraceInputError(file: origin, location: .file, field: key,
          problem: "is missing from the mapping; the \(key) column must be named (\(key)=COLUMN)")
      }
      return entry
    }
    /// `COLUMN` and the modifier after its last `:` when it is one of `modifiers`.
    func column(_ entry: ImportSettings.Entry, modifiers: (String) -> Bool) -> (ColumnReference, String?) {
      if let colon = entry.value.lastIndex(of: ":") {
        let modifier = String(entry.value[entry.value.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        if modifiers(modifier.lowercased()) {
          let name = String(entry.value[..<colon]).trimmingCharacters(in: .whitespaces)
          return (ColumnReference(column: name, entry: entry), modifier.lowercased())
        }
      }
      return (ColumnReference(column: entry.value, entry: entry), nil)
    }
    func optionalColumn(_ key: String) -> ColumnReference? {
      settings[key].map { column($0, modifiers: { _ in false }).0 }
    }
    func angle(_ key: String) throws -> (ColumnReference, Double)? {
      guard let entry = settings[key] else { return nil }
      let (reference, unit) = column(entry, modifiers: { $0 == "deg" || $0 == "rad" })
      return (reference, unit == "deg" ? Double.pi / 180 : 1)
    }

    let timeEntry = try required("t")
    let (timeReference, timeUnit) = column(timeEntry, modifiers: { Self.timeUnits[$0] != nil })
    if timeUnit == nil, let colon = timeEntry.value.lastIndex(of: ":") {
      let unit = timeEntry.value[timeEntry.value.index(after: colon)...]
      throw ImportSettings.error(timeEntry, "'\(unit)' is not a time unit; expected s, ms, us or ns")
    }
    self.timeReference = timeReference
    time = TimeColumn(column: timeReference.column, ticksPerSecond: Self.timeUnits[timeUnit ?? "s"] ?? 1)
    x = column(try required("x"), modifiers: { _ in false }).0
    let (yReference, yModifier) = column(try required("y"), modifiers: { $0 == "up" || $0 == "down" })
    y = yReference
    yPointsUp = yModifier == "up"

    pressureMaximum = 1
    pressure = nil
    if let entry = settings["pressure"] {
      let (reference, maximum) = column(entry, modifiers: { Double($0) != nil })
      pressure = reference
      if let maximum {
        guard let value = Double(maximum), value.isFinite, value > 0 else {
          throw ImportSettings.error(entry, "maximum '\(maximum)' is not a positive number")
        }
        pressureMaximum = value
        pressureMaximumGiven = true
      }
    }
    altitude = try angle("altitude")
    azimuth = try angle("azimuth")
    tiltX = try angle("tilt_x")
    tiltY = try angle("tilt_y")
    if (tiltX == nil) != (tiltY == nil), let entry = settings["tilt_x"] ?? settings["tilt_y"] {
      throw ImportSettings.error(entry, "needs both tilt_x and tilt_y")
    }
    stroke = optionalColumn("stroke")
    writer = optionalColumn("writer")
    type = optionalColumn("type")
    phase = optionalColumn("phase")

    func markers(_ key: String, default defaults: Set<String>) -> Set<String> {
      guard let entry = settings[key] else { return defaults }
      return Set(entry.value.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
    }
    downMarkers = markers("down", default: Self.defaultDownMarkers)
    upMarkers = markers("up", default: Self.defaultUpMarkers)
    moveMarkers = markers("move", default: Self.defaultMoveMarkers)
    if let entry = settings["down"] ?? settings["up"] ?? settings["move"], phase == nil {
      throw ImportSettings.error(entry, "markers need the phase column that holds them (phase=COLUMN)")
    }

    gapSeconds = nil
    if let entry = settings["gap"] {
      let text = entry.value.lowercased().replacingOccurrences(of: " ", with: "")
      let unit = ["ns", "us", "µs", "ms", "s"].first { text.hasSuffix($0) }
      guard let unit, let value = Double(text.dropLast(unit.count)), value.isFinite, value > 0,
        let perSecond = Self.timeUnits[unit]
      else {
        throw ImportSettings.error(entry, "'\(entry.value)' is not a duration such as 30ms or 0.05s")
      }
      gapSeconds = value / perSecond
    }
    guard stroke != nil || phase != nil || gapSeconds != nil else {
      // No field is wrong: one is missing. Said of the mapping (its file, or the line `t` is on),
      // not of `t`, which was named as if its value were the problem.
      throw TraceInputError(
        file: timeEntry.file, location: timeEntry.line.map { .line($0) } ?? .file,
        problem: "the mapping must say how rows become strokes: stroke=ID_COLUMN, phase=COLUMN (down/up markers) or gap=DURATION")
    }

    separator = nil
    if let entry = settings["separator"] {
      switch entry.value.lowercased() {
      case "comma", ",": separator = UInt8(ascii: ",")
      case "tab", "\\t": separator = 0x09
      case "semicolon", ";": separator = UInt8(ascii: ";")
      case "space", " ": separator = 0x20
      default: throw ImportSettings.error(entry, "'\(entry.value)' is not one of comma, tab, semicolon, space")
      }
    }
    hasHeader = nil
    if let entry = settings["header"] {
      switch entry.value.lowercased() {
      case "yes", "true", "1": hasHeader = true
      case "no", "false", "0": hasHeader = false
      default: throw ImportSettings.error(entry, "'\(entry.value)' is not yes or no")
      }
    }
    millimetresPerUnit = try settings.millimetresPerUnit()
    digitizerRateHz = try settings.positiveNumber("rate_hz")
    coordinateUnit = settings["unit"]?.value ?? "units"
    pointerType = nil
    if let entry = settings["pointer"] {
      guard let named = PointerType(platformName: entry.value) else {
        throw ImportSettings.error(entry, "'\(entry.value)' is not one of pen, touch, mouse, unknown")
      }
      pointerType = named
    }
    source = settings["source"]?.value
    device = settings["device"]?.value
  }
}
