import LookaheadKit
import Testing

@Suite("Trace file reader errors name file, line and field")
struct TraceFileReaderErrorTests {
  static let head = """
    # lookahead-trace: 1
    # source: s
    # device: d
    # digitizer_rate_hz: 240.0
    # coordinate_unit: px
    # millimetres_per_unit: unknown
    # licence: MIT
    record,stroke,index,t,x,y,pressure,altitude,azimuth,phase,estimated,property,value,estimated_value,arrival_t,writer,origin
    sample,0,0,0.0,1.0,2.0,,,,down,0,,,,,,
    """

  static let cases: [(body: String, line: Int?, field: String?)] = [
    ("sample,0,1,0.1,abc,2.0,,,,move,0,,,,,,", 10, "x"),
    ("sample,0,1,0.1,nan,2.0,,,,move,0,,,,,,", 10, "x"),
    ("sample,0,1,0.1,inf,2.0,,,,move,0,,,,,,", 10, "x"),
    ("sample,0,1,-0.5,1.0,2.0,,,,move,0,,,,,,", 10, "t"),
    ("sample,0,1,0.1,1.0", 10, nil),
    ("sample,0,1,0.1,1.0,2.0,,,,jump,0,,,,,,", 10, "phase"),
    ("sample,0,5,0.1,1.0,2.0,,,,move,0,,,,,,", 10, "index"),
    ("update,0,3,,,,,,,,,pressure,1.0,0.5,0.2,,", 10, "index"),
    ("sample,3,0,0.1,1.0,2.0,,,,move,0,,,,,,", 10, "stroke"),
    ("point,0,1,0.1,1.0,2.0,,,,move,0,,,,,,", 10, "record"),
    // Times past ``TraceTimeLimit`` (the replay would step forever toward them).
    ("sample,0,1,1e300,1.0,2.0,,,,move,0,,,,,,", 10, "t"),
    ("update,0,0,,,,,,,,,pressure,1.0,0.5,-2e10,,", 10, "arrival_t"),
    ("prediction,0,0,1e11,1.0,2.0,,,,,,,,,,,", 10, "t"),
  ]

  @Test("a bad row is reported with its line and column", arguments: cases.indices)
  func badRow(caseIndex: Int) {
    let testCase = Self.cases[caseIndex]
    let text = Self.head + "\n" + testCase.body + "\n"
    do {
      _ = try TraceFileReader.parse(text, file: "t.csv")
      Issue.record("expected an error for \(testCase.body)")
    } catch let error as TraceInputError {
      #expect(error.file == "t.csv")
      #expect(error.location == .line(testCase.line!))
      #expect(error.field == testCase.field)
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  /// A `# cleaning:` count is a number of rows: never negative, and the counts of one file must
  /// sum within `Int` (today's reader took both, and the second trapped on the sum).
  @Test("negative cleaning counts and counts summing past Int.max are refused on their line")
  func badCleaningCounts() {
    let negative = Self.head.replacingOccurrences(of: "# licence: MIT", with: "# licence: MIT\n# cleaning: R1=-3")
    let overflow = Self.head.replacingOccurrences(
      of: "# licence: MIT", with: "# licence: MIT\n# cleaning: R1=\(Int.max)\n# cleaning: R2=1")
    for (text, line, words) in [(negative, 8, "negative"), (overflow, 9, "pass")] {
      let error = #expect(throws: TraceInputError.self) { try TraceFileReader.parse(text, file: "c.csv") }
      #expect(error?.location == .line(line))
      #expect(error?.field == "cleaning")
      #expect(error?.problem.contains(words) == true, "\(error?.description ?? "")")
    }
  }

  /// A bad number in a `#` line is reported on its line, as a bad row is (it was reported for the
  /// whole file, without a line).
  @Test(
    "a bad millimetres_per_unit or digitizer_rate_hz is refused on its line",
    arguments: [
      ("# millimetres_per_unit: unknown", "# millimetres_per_unit: 0,2", 6, "millimetres_per_unit", "'0,2'"),
      ("# millimetres_per_unit: unknown", "# millimetres_per_unit: -0.2", 6, "millimetres_per_unit", "'-0.2'"),
      ("# digitizer_rate_hz: 240.0", "# digitizer_rate_hz: nan", 4, "digitizer_rate_hz", "'nan'"),
    ])
  func badHeaderNumber(original: String, replacement: String, line: Int, field: String, value: String) {
    let text = Self.head.replacingOccurrences(of: original, with: replacement)
    let error = #expect(throws: TraceInputError.self) { try TraceFileReader.parse(text, file: "h.csv") }
    #expect(error?.description == "h.csv:\(line): field '\(field)': \(value) is not a positive number or 'unknown'")
  }

  /// The format lists its metadata keys and gives free facts a `# note: KEY=VALUE` line, so a key
  /// outside the list is a misspelling or another format's line: it is refused on its line,
  /// naming the key. An extra key and a misspelt optional one were dropped without a word; a
  /// misspelt required one failed as a missing line, naming the file alone.
  @Test(
    "an unknown # key: value line is refused with its line and key",
    arguments: [
      ("# licence: MIT", "# licence: MIT\n# sampling_rate: 120", 8, "sampling_rate"),
      ("# licence: MIT", "# licence: MIT\n# recorded_predicter: UIKit", 8, "recorded_predicter"),
      ("# digitizer_rate_hz: 240.0", "# digitiser_rate_hz: 240.0", 4, "digitiser_rate_hz"),
    ])
  func unknownMetadataKey(original: String, replacement: String, line: Int, key: String) {
    let text = Self.head.replacingOccurrences(of: original, with: replacement)
    let error = #expect(throws: TraceInputError.self) { try TraceFileReader.parse(text, file: "k.csv") }
    #expect(error?.description == "k.csv:\(line): field '\(key)': is not a metadata key of a Lookahead trace file "
      + "(one of source, device, digitizer_rate_hz, coordinate_unit, millimetres_per_unit, licence, "
      + "recorded_predictor, cleaning, note); anything else goes in '# note: KEY=VALUE'")
  }

  /// Every key the writer writes reads back, the optional and repeated ones included.
  @Test("every metadata key the format lists is read")
  func everyKnownMetadataKeyReads() throws {
    let text = Self.head.replacingOccurrences(
      of: "# licence: MIT",
      with: "# licence: MIT\n# recorded_predictor: UIKit\n# cleaning: R1=2\n# note: sampling_rate=120")
    let trace = try TraceFileReader.parse(text, file: "n.csv")
    #expect(trace.metadata.recordedPredictor == "UIKit")
    #expect(trace.metadata.cleaning["R1"] == 2)
    #expect(trace.metadata.notes == ["sampling_rate": "120"])
  }

  /// The format gives each key but `cleaning` and `note` once; a second line of one was read
  /// over the first without a word (two `# source:` lines: the last won). It is refused on its
  /// line, naming the key and the line of the first.
  @Test(
    "a repeated metadata key is refused on its second line, naming the first",
    arguments: [
      ("# licence: MIT\n# source: t", 8, "source", 2),
      ("# licence: MIT\n# digitizer_rate_hz: 120", 8, "digitizer_rate_hz", 4),
      ("# licence: MIT\n# recorded_predictor: A\n# cleaning: R1=2\n# recorded_predictor: B", 10, "recorded_predictor", 8),
    ])
  func repeatedMetadataKey(replacement: String, line: Int, key: String, first: Int) {
    let text = Self.head.replacingOccurrences(of: "# licence: MIT", with: replacement)
    let error = #expect(throws: TraceInputError.self) { try TraceFileReader.parse(text, file: "r.csv") }
    #expect(error?.description == "r.csv:\(line): field '\(key)': is repeated (first on line \(first)); a Lookahead "
      + "trace file gives each metadata key once, but cleaning and note")
  }

  /// A note is `KEY=VALUE` and a trace keeps one value per KEY (``TraceMetadata/notes``), as the
  /// writer writes them; a second note of the same KEY replaced the first without a word.
  @Test("a repeated note KEY is refused on its second line, naming the first; other notes and cleaning lines read")
  func repeatedNoteKey() throws {
    let repeated = Self.head.replacingOccurrences(
      of: "# licence: MIT", with: "# licence: MIT\n# note: origin=a%2Cb\n# note: pen=yes\n# note: origin=c")
    let error = #expect(throws: TraceInputError.self) { try TraceFileReader.parse(repeated, file: "n.csv") }
    #expect(error?.description == "n.csv:10: field 'note': KEY 'origin' is repeated (first on line 8); a trace keeps "
      + "one value per note KEY: give it once, or name the other one differently")

    let distinct = Self.head.replacingOccurrences(
      of: "# licence: MIT", with: "# licence: MIT\n# cleaning: R1=2\n# cleaning: R2=0\n# note: origin=a%2Cb\n# note: pen=yes")
    let trace = try TraceFileReader.parse(distinct, file: "n.csv")
    #expect(trace.metadata.notes == ["origin": "a,b", "pen": "yes"])
    #expect(trace.metadata.cleaning.entries.map(\.rule) == ["R1", "R2"])
  }

  /// The format gives one `# cleaning:` line per rule, with its count (the writer writes each
  /// once); a second line of a rule was added to the first without a word, so a pasted or edited
  /// header reported rows cleaned that never were. It is refused on its line, naming the rule
  /// (as read, %-escapes undone) and the line of the first.
  @Test("a repeated cleaning rule is refused on its second line, naming the rule and the first")
  func repeatedCleaningRule() {
    let repeated = Self.head.replacingOccurrences(
      of: "# licence: MIT", with: "# licence: MIT\n# cleaning: R1 a%3Db=0\n# cleaning: R2=1\n# cleaning: R1 a%3Db=5")
    let error = #expect(throws: TraceInputError.self) { try TraceFileReader.parse(repeated, file: "c.csv") }
    #expect(error?.description == "c.csv:10: field 'cleaning': RULE 'R1 a=b' is repeated (first on line 8); a trace "
      + "gives each cleaning rule once, with its count")
  }

  /// A version 2 file whose stroke 0 starts on line 9, writer `p%3D1`, origin `f.csv`, a pen.
  static let strokeHead = head.replacingOccurrences(of: "trace: 1", with: "trace: 2")
    .replacingOccurrences(of: "arrival_t,writer,origin", with: "arrival_t,writer,origin,pointer_type")
    .replacingOccurrences(of: "down,0,,,,,,", with: "down,0,,,,,p%3D1,f.csv,pen")

  /// The writer, origin and pointer type belong to the stroke (`Docs/TraceFormat.md`), and the
  /// reader took them from its first row alone: a later row naming another, or one not even
  /// readable, was accepted without a word. It is refused on its line and column.
  @Test(
    "a later row of a stroke with another writer, origin or pointer type, or an unreadable one, is refused",
    arguments: [
      ("sample,0,1,0.1,1.0,2.0,,,,move,0,,,,,p%3D1,f.csv,touch", "pointer_type", "'touch' differs from the stroke's first row (line 9: 'pen')"),
      ("prediction,0,0,0.1,1.0,2.0,,,,,,,,,,p%3D1,f.csv,stylus", "pointer_type", "'stylus' is not one of"),
      ("sample,0,1,0.1,1.0,2.0,,,,move,0,,,,,bad%zz,f.csv,pen", "writer", "'bad%zz' has a bad %-escape"),
      ("update,0,0,,,,,,,,,pressure,1.0,0.5,0.2,p2,f.csv,pen", "writer", "'p2' differs from the stroke's first row (line 9: 'p%3D1')"),
      ("sample,0,1,0.1,1.0,2.0,,,,move,0,,,,,p%3D1,g.csv,pen", "origin", "'g.csv' differs"),
    ])
  func strokeCellsRepeat(row: String, column: String, problem: String) throws {
    let error = #expect(throws: TraceInputError.self) { try TraceFileReader.parse(Self.strokeHead + "\n" + row + "\n", file: "s.csv") }
    #expect(error?.location == .line(10))
    #expect(error?.field == column)
    #expect(error?.problem.contains(problem) == true, "\(error?.description ?? "")")
    // The same value written another way (an escape where none is needed) is the same writer.
    let same = try TraceFileReader.parse(Self.strokeHead + "\nsample,0,1,0.1,1.0,2.0,,,,move,0,,,,,p=1,f.csv,pen\n", file: "s.csv")
    #expect(same.strokes.map(\.writer) == ["p=1"] && same.strokes[0].samples.count == 2)
  }

  /// Merging reports (one per imported file) saturates instead of trapping.
  @Test("cleaning counts saturate at Int.max when reports are merged")
  func cleaningReportSaturates() {
    var report = CleaningReport([("R1", Int.max)])
    report.merge(CleaningReport([("R1", 5), ("R2", Int.max)]))
    #expect(report["R1"] == Int.max)
    #expect(report.total == Int.max)
  }

  @Test("a wrong version, a missing header line and an empty file are refused")
  func fileLevelErrors() {
    #expect(throws: TraceInputError.self) { try TraceFileReader.parse("", file: "e.csv") }
    #expect(throws: TraceInputError.self) {
      try TraceFileReader.parse(Self.head.replacingOccurrences(of: "trace: 1", with: "trace: 9"), file: "v.csv")
    }
    #expect(throws: TraceInputError.self) {
      try TraceFileReader.parse(Self.head.replacingOccurrences(of: "# device: d\n", with: ""), file: "m.csv")
    }
  }
}
