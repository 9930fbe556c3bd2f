import Foundation

/// Tells which ``TraceSourceFormat`` a file is in, from its first lines, falling back on its name
/// when the content says nothing (an empty or truncated file), so that the right importer can
/// report what is wrong with it.
///
/// Content signatures (first line unless said otherwise):
/// - `# lookahead-trace:` → Lookahead trace file;
/// - a JSON array whose text mentions `"touchIdentifier"` → Inkable JSON;
/// - a JSON object naming `"lookahead-browser-recording"` → a recorder session file;
/// - `When,X,Y,Type` / `When,X,Y,Typestate,predX,predY` / `timestamp,x,y,state` → TurboTouch;
/// - `EventType;T;X;Y;P;Altitude;Azimuth;Distance` → Wacom MSP13;
/// - six `;`-separated numbers → Henze 2017;
/// - one integer, then a line of seven space-separated integers → SVC2004;
/// - `add device N: /dev/input/…` first, or any line `[ SECONDS] … EV_…` in the first 4 KiB →
///   Android `getevent -lt` log (a `getevent -lp` dump may come first).
public enum TraceFormatDetector {
  /// How many leading bytes are looked at.
  static let prefixLength = 4096

  /// The format of `data` (named `fileName`), or `nil` if neither content nor name tells.
  public static func detect(data: Data, fileName: String) -> TraceSourceFormat? {
    byContent(data) ?? byName(fileName)
  }

  /// The format of the file at `url`, or an error naming the file when it cannot be told.
  public static func detect(url: URL) throws -> TraceSourceFormat {
    let data = try DelimitedText.readData(url)
    guard let format = detect(data: data, fileName: url.lastPathComponent) else {
      throw TraceInputError(
        file: url.path, location: .line(1), field: "format",
        problem: "is in an unknown format; your own CSV/TSV: FILE:t=COLUMN:ms,x=COLUMN,y=COLUMN,… or "
          + "FILE:mapping=MAPFILE (Docs/BringYourOwnData.md); a known format: --format NAME (datasets inspect, "
          + "datasets convert, replay) or convert it first (datasets convert FILE OUT.lktrace.csv --format NAME); NAME: "
          + TraceSourceFormat.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return format
  }

  /// With import settings: a `getevent` log when its content says so; the self-describing format
  /// its content names when the settings map no time column (`t`), since no delimited-text
  /// mapping can lack one, so that its importer refuses the settings by name (`trace.lktrace.csv:
  /// mm_per_unit=0.2` was read as a CSV and failed with "t is missing from the mapping"); else
  /// delimited text (a mapped CSV may look like a known format by chance, and the mapping is what
  /// the user asked for). Without settings, ``detect(url:)``.
  public static func detect(url: URL, settings: ImportSettings) throws -> TraceSourceFormat {
    guard !settings.isEmpty else { return try detect(url: url) }
    let content = byContent(try DelimitedText.readData(url))
    if content == .androidGetevent { return .androidGetevent }
    if let content, settings["t"] == nil { return content }
    return .delimitedText
  }

  static func byContent(_ data: Data) -> TraceSourceFormat? {
    let prefix = String(decoding: data.dropFirst(ByteOrderMark.length(of: data)).prefix(prefixLength), as: UTF8.self)
    var lines = prefix.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
      .map { $0.trimmingCharacters(in: .whitespaces) }
    lines.removeAll { $0.isEmpty }
    guard let first = lines.first else { return nil }
    if first.hasPrefix("# lookahead-trace:") { return .lookaheadTrace }
    if first.hasPrefix("add device "), first.contains("/dev/input/") { return .androidGetevent }
    if lines.contains(where: AndroidGeteventImporter.isEventLine) { return .androidGetevent }
    if first.hasPrefix("["), prefix.contains("\"touchIdentifier\"") { return .inkableJSON }
    if BrowserRecording.looksLikeRecording(prefix.trimmingCharacters(in: .whitespacesAndNewlines)) { return .browserRecording }
    switch first.replacingOccurrences(of: " ", with: "") {
    case "When,X,Y,Type": return .turboTouchStrokes
    case "When,X,Y,Typestate,predX,predY": return .turboTouchPredicted
    case "timestamp,x,y,state": return .turboTouchOptitrack
    case "EventType;T;X;Y;P;Altitude;Azimuth;Distance": return .wacomMSP13
    default: break
    }
    let henzeFields = first.split(separator: ";", omittingEmptySubsequences: false)
    if henzeFields.count == 6, henzeFields.allSatisfy({ Double($0) != nil }) { return .henze2017 }
    if Int(first) != nil, lines.count >= 2 {
      let fields = lines[1].split(separator: " ")
      if fields.count == 7, fields.allSatisfy({ Int($0) != nil }) { return .svc2004 }
    }
    return nil
  }

  static func byName(_ name: String) -> TraceSourceFormat? {
    let lower = name.lowercased()
    if lower.hasSuffix("." + TraceFileFormat.fileExtension) { return .lookaheadTrace }
    if lower.hasSuffix(".json") { return .inkableJSON }
    if lower == "strokes.csv" { return .turboTouchStrokes }
    if lower.hasPrefix("strokespredicted"), lower.hasSuffix(".csv") { return .turboTouchPredicted }
    if lower.hasPrefix("capture_"), lower.hasSuffix(".csv") { return .wacomMSP13 }
    if lower.contains("tasks-participant"), lower.hasSuffix(".txt") { return .henze2017 }
    if lower.hasSuffix(".txt"), SVC2004Importer.writer(fromFileName: name) != nil,
      lower.dropFirst().drop(while: \.isNumber).first == "s"
    {
      return .svc2004
    }
    return nil
  }
}
