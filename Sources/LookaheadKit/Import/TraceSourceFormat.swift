/// The input formats Lookahead can import, by the name `--format` takes.
public enum TraceSourceFormat: String, CaseIterable, Sendable, Codable {
  /// Lookahead's own trace file (`Docs/TraceFormat.md`).
  case lookaheadTrace = "lookahead-trace"
  /// Inkable's recorded `TouchEvent` JSON (Apple Pencil on iPad).
  case inkableJSON = "inkable-json"
  /// Henze et al. 2017 `data/*.txt` (finger touch on Android).
  case henze2017 = "henze2017"
  /// TurboTouch `strokes.csv` (`When,X,Y,Type`).
  case turboTouchStrokes = "turbotouch-strokes"
  /// TurboTouch `strokesPredicted64GroundTruth.csv`: strokes plus the 64 ms reference predictions.
  case turboTouchPredicted = "turbotouch-predicted"
  /// TurboTouch `optimization/OptitrackData/data.csv` (the 60 Hz set).
  case turboTouchOptitrack = "turbotouch-optitrack"
  /// SVC2004 Task 2 `U<u>S<s>.TXT`.
  case svc2004 = "svc2004"
  /// Wacom MobileStudio Pro 13 capture CSV (`EventType;T;X;Y;P;Altitude;Azimuth;Distance`).
  case wacomMSP13 = "wacom-msp13"
  /// Any CSV/TSV file read through a column mapping (``ColumnMapping``).
  case delimitedText = "delimited-text"
  /// An Android `adb shell getevent -lt` log of a touchscreen or pen digitizer.
  case androidGetevent = "android-getevent"
  /// A session file saved by the recorder page (`lookahead recorder`, `Docs/Recorder.md`).
  case browserRecording = "browser-recording"

  /// Whether the format needs ``ImportSettings`` to be read (a column mapping), rather than
  /// describing itself.
  public var takesSettings: Bool { self == .delimitedText || self == .androidGetevent }

  /// The importer for this format, configured by `settings` where the format takes them
  /// (``takesSettings``); the self-describing formats refuse settings, so that a mapping given to
  /// the wrong file is not silently ignored.
  public func importer(for settings: ImportSettings) throws -> any TraceImporter {
    switch self {
    case .delimitedText:
      return DelimitedTextImporter(mapping: settings.isEmpty ? nil : try ColumnMapping(settings: settings))
    case .androidGetevent:
      return try AndroidGeteventImporter(settings: settings)
    default:
      if let entry = settings.entries.first { throw refusal(of: settings, at: entry) }
      return importer
    }
  }

  /// Settings given to a self-describing file, named, where they were written (the reference
  /// typed, or the mapping file's first line), with why none applies and, for a scale, how to
  /// give the file another one.
  func refusal(of settings: ImportSettings, at first: ImportSettings.Entry) -> TraceInputError {
    var problem = "import settings (\(settings.entries.map(\.key).joined(separator: ", "))) cannot be applied to this "
      + "\(rawValue) file: it describes itself (its columns, time unit, coordinate unit and scale come from the file, "
      + "not from settings); settings are for delimited-text and android-getevent files"
    if settings.entries.contains(where: { ImportSettings.scaleKeys.contains($0.key) }) {
      problem += self == .lookaheadTrace
        ? ". For another scale, edit the file's '# millimetres_per_unit:' line"
        : ". For another scale, convert it (lookahead datasets convert FILE OUT.lktrace.csv) and edit that file's "
          + "'# millimetres_per_unit:' line"
    }
    return TraceInputError(file: first.file, location: first.line.map { .line($0) } ?? .file, problem: problem)
  }

  /// The importer for this format with no settings (a delimited-text importer without a mapping
  /// refuses every file, asking for one).
  public var importer: any TraceImporter {
    switch self {
    case .lookaheadTrace: LookaheadTraceImporter()
    case .inkableJSON: InkableImporter()
    case .henze2017: Henze2017Importer()
    case .turboTouchStrokes: TurboTouchImporter(variant: .strokes)
    case .turboTouchPredicted: TurboTouchImporter(variant: .predicted)
    case .turboTouchOptitrack: TurboTouchImporter(variant: .optitrack)
    case .svc2004: SVC2004Importer()
    case .wacomMSP13: WacomMSP13Importer()
    case .delimitedText: DelimitedTextImporter(mapping: nil)
    case .androidGetevent: AndroidGeteventImporter()
    case .browserRecording: BrowserRecordingImporter()
    }
  }

  /// Parses a `--format` value (case-insensitive), or fails listing the accepted names.
  public static func named(_ name: String) throws -> TraceSourceFormat {
    guard let format = TraceSourceFormat(rawValue: name.lowercased()) else {
      throw UnknownFormatError(name: name)
    }
    return format
  }
}

/// A `--format` name that is not one of ``TraceSourceFormat``.
public struct UnknownFormatError: Error, Sendable, CustomStringConvertible {
  public var name: String
  public var description: String {
    "unknown format '\(name)'; expected one of: "
      + TraceSourceFormat.allCases.map(\.rawValue).joined(separator: ", ")
  }
}
