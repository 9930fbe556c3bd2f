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
  case model

  static let selected: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["LOOKAHEAD_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
      fatalError("set LOOKAHEAD_FUZZ_TARGET to one of \(allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return target
  }()

  func run(_ data: Data) {
    switch self {
    case .model: Self.model(data)
    case .trace: Self.replay((try? TraceFileReader.parse(String(decoding: data, as: UTF8.self), file: "fuzz")))
    default:
      // Every case but model and trace names an importer format by its raw value.
      guard let format = TraceSourceFormat(rawValue: rawValue) else { fatalError("no format \(rawValue)") }
      Self.replay(try? format.importer.importTrace(data: data, file: URL(fileURLWithPath: "/fuzz/input")))
    }
  }

  /// A trace that imported is replayed and scored: where the hang of issue #24 was.
  static func replay(_ trace: Trace?) {
    guard let trace, let replay = try? Replay(profile: .pencil240ProMotion120) else { return }
    for (index, stroke) in trace.strokes.enumerated() where !stroke.isHover {
      _ = try? replay.frameArray(of: stroke, strokeIndex: index)
    }
    _ = RecordedPredictionScoring.evaluate(strokes: trace.contactStrokes).buckets()
  }

  /// A model that loads must predict finite points or none, at its own unit and at 5.2 pt/mm.
  static func model(_ data: Data) {
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
