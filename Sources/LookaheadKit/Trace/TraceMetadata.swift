/// What a trace is: where it came from, what recorded it and in which units.
public struct TraceMetadata: Sendable, Hashable {
  /// Dataset or source name, for example `"Inkable-ApplePencil"`.
  public var source: String
  /// Recording device as far as the source says, for example `"iPad + Apple Pencil"`.
  public var device: String
  /// Nominal digitizer scan rate, Hz; `nil` if the source does not say and none was measured.
  public var digitizerRateHz: Double?
  /// Name of the coordinate unit, for example `"pt"`, `"px"`, `"tablet counts"`.
  public var coordinateUnit: String
  /// Millimetres per coordinate unit; `nil` means unknown, and metrics then stay in native units.
  public var millimetresPerUnit: Double?
  /// Licence of the data, in a few words.
  public var licence: String
  /// Name of the platform predictor whose output ``Stroke/recordedPredictions`` holds, if any.
  public var recordedPredictor: String?
  /// What the importer cleaned.
  public var cleaning: CleaningReport
  /// Anything else the source states, as ordered key/value notes (kept in the trace file).
  public var notes: [String: String]
  /// The recorded display frame times and the profile measured with them, when the source
  /// recorded them (browser recordings); `nil` otherwise. Not written to trace files.
  public var recordedDisplay: RecordedDisplay?

  public init(
    source: String, device: String = "unknown", digitizerRateHz: Double? = nil,
    coordinateUnit: String, millimetresPerUnit: Double? = nil, licence: String = "unknown",
    recordedPredictor: String? = nil, cleaning: CleaningReport = CleaningReport(),
    notes: [String: String] = [:], recordedDisplay: RecordedDisplay? = nil
  ) {
    self.source = source
    self.device = device
    self.digitizerRateHz = digitizerRateHz
    self.coordinateUnit = coordinateUnit
    self.millimetresPerUnit = millimetresPerUnit
    self.licence = licence
    self.recordedPredictor = recordedPredictor
    self.cleaning = cleaning
    self.notes = notes
    self.recordedDisplay = recordedDisplay
  }
}
