import CZlib
import Foundation
import LookaheadKit
import LookaheadRuntime

/// libFuzzer's entry point: one input, handed to the reader named by `LOOKAHEAD_FUZZ_TARGET`
/// (one of ``FuzzTarget``'s cases). A trap, a hang (libFuzzer's `-timeout`) or a broken
/// promise checked below is a finding; an input error is the expected outcome for most inputs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  FuzzTarget.selected.run(Data(bytes: bytes, count: count))
  return 0
}

/// What one fuzzing run feeds the input to.
enum FuzzTarget: String, CaseIterable {
  case henze2017, svc2004, wacomMSP13 = "wacom-msp13", turboTouchStrokes = "turbotouch-strokes"
  case turboTouchPredicted = "turbotouch-predicted", turboTouchOptitrack = "turbotouch-optitrack"
  case inkable = "inkable-json", trace = "lookahead-trace"
  /// A CSV/TSV recording read through a fixed mapping (the browser example's), and Android
  /// `getevent -lt` logs: the importers of a researcher's own data.
  case delimitedText = "delimited-text", androidGetevent = "android-getevent"
  /// Session files saved by the recorder page (`lookahead recorder`).
  case browserRecording = "browser-recording"
  /// The text of a mapping file itself (`t = timeStamp:ms, x = clientX, …`).
  case mapping
  case model
  /// A device profile file (`--profile FILE`), then a replay of ``syntheticStroke`` through it.
  case profile
  /// A predictor specification (`--predictor NAME:KEY=VALUE,…`), then the predictor run over
  /// ``syntheticStroke`` at a few horizons.
  case predictorSpec = "predictor-spec"
  /// A tune journal (`tune --journal`, read on resume and by `export --from-tune`).
  case tuneJournal = "tune-journal"

  static let selected: FuzzTarget = {
    // `Fuzz/targets.txt` is the list run.sh runs: a case missing from it would never be fuzzed,
    // and a name there without a case would stop every run, so the two must agree.
    let list = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("targets.txt")
    if let text = try? String(contentsOf: list, encoding: .utf8) {
      let listed = Set(text.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") })
      let cases = Set(allCases.map(\.rawValue))
      guard listed == cases else {
        fatalError("Fuzz/targets.txt and FuzzTarget differ: only listed \(listed.subtracting(cases).sorted()), only cases \(cases.subtracting(listed).sorted())")
      }
    }
    let name = ProcessInfo.processInfo.environment["LOOKAHEAD_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
      fatalError("set LOOKAHEAD_FUZZ_TARGET to one of \(allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return target
  }()

  func run(_ data: Data) {
    switch self {
    case .model: Self.model(data)
    case .profile: Self.profile(data)
    case .predictorSpec: Self.predictorSpec(data)
    case .tuneJournal: Self.tuneJournal(data)
    case .mapping:
      guard let settings = try? ImportSettings.parse(String(decoding: data, as: UTF8.self), file: "fuzz", lineNumbers: true)
      else { return }
      _ = try? ColumnMapping(settings: settings, file: "fuzz")
    case .delimitedText:
      Self.replay(try? DelimitedTextImporter(mapping: Self.browserMapping).importTrace(
        data: data, file: URL(fileURLWithPath: "/fuzz/input.csv")))
    case .trace: Self.replay((try? TraceFileReader.parse(String(decoding: data, as: UTF8.self), file: "fuzz")))
    default:
      // Every case but model and trace names an importer format by its raw value.
      guard let format = TraceSourceFormat(rawValue: rawValue) else { fatalError("no format \(rawValue)") }
      Self.replay(try? format.importer.importTrace(data: data, file: URL(fileURLWithPath: "/fuzz/input")))
    }
  }

  /// The mapping of `Docs/Examples/pointer-events.mapping`, which the seeds of the
  /// delimited-text target follow.
  static let browserMapping: ColumnMapping? = {
    let text = """
      t = timeStamp:ms, x = clientX, y = clientY, pressure
      tilt_x = tiltX:deg, tilt_y = tiltY:deg
      stroke = pointerId, phase = type, type = pointerType
      dpi = 96, unit = CSS px
      """
    guard let settings = try? ImportSettings.parse(text, file: "fuzz mapping", lineNumbers: true) else { return nil }
    return try? ColumnMapping(settings: settings, file: "fuzz mapping")
  }()

  /// A trace that imported is replayed and scored: where the hang of issue #24 was.
  static func replay(_ trace: Trace?) {
    guard let trace, let replay = try? Replay(profile: .pencil240ProMotion120) else { return }
    for (index, stroke) in trace.strokes.enumerated() where !stroke.isHover {
      _ = try? replay.frameArray(of: stroke, strokeIndex: index)
    }
    _ = RecordedPredictionScoring.evaluate(strokes: trace.contactStrokes).buckets()
  }

  /// A fixed stroke built in code: 48 samples at 240 Hz, a 0.5 s pause, 24 more (a pause is
  /// where the replay's refresh skipping lives), in CSS px with pressure.
  static let syntheticStroke: Stroke = {
    var samples: [TraceSample] = []
    for step in 0..<72 {
      let time = Double(step) / 240 + (step >= 48 ? 0.5 : 0)
      let x = 100 + 3 * Double(step), y = 200 + 20 * sin(Double(step) / 8)
      samples.append(TraceSample(time: time, x: x, y: y, pressure: 0.2 + Double(step % 10) / 20,
        phase: step == 0 ? .down : step == 71 ? .up : .move))
    }
    return Stroke(writer: "fuzz", origin: "fuzz", samples: samples)
  }()

  /// A profile that decodes and validates replays the synthetic stroke: a crafted frame period,
  /// delay or missed-frame list is where a hang or a huge allocation would be.
  static func profile(_ data: Data) {
    guard let profile = try? DeviceProfile.decode(data, file: "fuzz.json"),
      let replay = try? Replay(profile: profile, seed: 1)
    else { return }
    for index in 0..<2 { _ = try? replay.frameArray(of: syntheticStroke, strokeIndex: index) }
  }

  /// A specification that configures a predictor (as `--predictor` does) is run over the
  /// synthetic stroke, predicting 0, 8, 16.7 and 50 ms ahead of each sample: a crafted window,
  /// order or gap limit is where a hang or a trap would be. Predictions must be finite or none.
  static func predictorSpec(_ data: Data) {
    guard let subject = try? EvaluationSubject.resolve(String(decoding: data, as: UTF8.self)) else { return }
    runOverSyntheticStroke(subject.makePredictor(for: syntheticStroke), label: subject.label)
  }

  static func runOverSyntheticStroke(_ predictor: any Predictor, label: String) {
    var predictor = predictor
    for sample in syntheticStroke.samples {
      predictor.observe(PointerSample(time: sample.time, x: sample.x, y: sample.y, pressure: sample.pressure))
      for lead in [0, 0.008, 1.0 / 60, 0.05] {
        if let point = predictor.predict(at: sample.time + lead), !(point.x.isFinite && point.y.isFinite) {
          fatalError("non-finite prediction \(point) from \(label)")
        }
      }
    }
  }

  /// A journal is read as resume and `export --from-tune` read it: its header and trials
  /// (``TuningJournal/parse(_:path:)``), the check a resumed run makes against its own header
  /// (here the journal's own, and one with another seed), and the best trial configured from the
  /// catalog (``TunedConfiguration``), whose predictor is then run as `predictor-spec` runs one.
  /// No file is read or written.
  static func tuneJournal(_ data: Data) {
    guard let read = try? TuningJournal.parse(data, path: "fuzz.jsonl") else { return }
    var other = read.header
    other.seed &+= 1
    _ = read.header.resumes(read.header)
    if !read.header.resumes(other) { _ = read.header.differences(resumedBy: other) }
    guard let tuned = try? TunedConfiguration(journalData: data, path: "fuzz.jsonl", catalog: .workbench) else { return }
    runOverSyntheticStroke(tuned.predictor.makePredictor(), label: tuned.predictor.specification)
  }

  /// The model target tries each input twice: as it is, and resealed (``resealed(_:)``).
  static func model(_ data: Data) {
    loadAndPredict(data)
    if let resealed = resealed(data) { loadAndPredict(resealed) }
  }

  /// The input with its header's CRC-32 recomputed over its body (zlib's `crc32`), its format
  /// name and version kept; nil when the first line is not a model header or the checksum was
  /// already right. Nearly every mutation breaks the checksum, so without this the loader refused
  /// almost every input at the header and the fuzzer never reached the body's field checks.
  static func resealed(_ data: Data) -> Data? {
    guard let newline = data.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
    let fields = String(decoding: data[data.startIndex..<newline], as: UTF8.self).split(separator: " ")
    guard fields.count == 3, fields[0] == "lookahead-model" else { return nil }
    let body = data[data.index(after: newline)...]
    let crc = body.withUnsafeBytes { bytes in
      crc32(0, bytes.bindMemory(to: Bytef.self).baseAddress, uInt(bytes.count))
    }
    let hex = String(crc, radix: 16)
    let header = "lookahead-model \(fields[1]) crc32=\(String(repeating: "0", count: 8 - hex.count) + hex)"
    guard header != String(decoding: data[data.startIndex..<newline], as: UTF8.self) else { return nil }
    return Data((header + "\n").utf8) + body
  }

  /// A model that loads must predict finite points or none, at its own unit and at 5.2 pt/mm.
  static func loadAndPredict(_ data: Data) {
    guard let model = try? LookaheadModel(bytes: data) else { return }
    var predictors = [model.makePredictor()]
    if let scale = try? model.scale(pointsPerMillimetre: 5.2) { predictors.append(model.makePredictor(scale: scale)) }
    for var predictor in predictors {
      for step in 0..<64 {
        let time = Double(step) / 240
        predictor.observe(PointerSample(time: time, x: 3 * Double(step), y: 0.5 * Double(step * step), pressure: 0.5))
        if let point = predictor.predict(at: time + 0.02), !(point.x.isFinite && point.y.isFinite) {
          fatalError("non-finite prediction \(point)")
        }
      }
    }
  }
}
