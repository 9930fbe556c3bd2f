import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

@Suite("Trace file round trip")
struct TraceFileRoundTripTests {
  /// A random trace that exercises every field: nil and present optionals, awkward doubles
  /// (subnormal-ish, huge, negative zero), escaped strings, updates and predictions.
  static func randomTrace(seed: UInt64) -> Trace {
    var rng = SeededGenerator(seed: seed)
    func awkward() -> Double {
      switch Int.random(in: 0..<6, using: &rng) {
      case 0: return Double.random(in: -1e6...1e6, using: &rng)
      case 1: return Double.random(in: -1...1, using: &rng) * 1e-300
      case 2: return Double(Int.random(in: -5000...5000, using: &rng)) / 2
      case 3: return -0.0
      case 4: return Double.random(in: 0...1, using: &rng) * 1e300
      default: return 0.1 + Double(Int.random(in: 0...100, using: &rng))
      }
    }
    // Times stay within ``TraceTimeLimit`` (the reader refuses others), awkward inside it.
    func awkwardTime() -> Double {
      let value = awkward()
      return abs(value) <= TraceTimeLimit.seconds ? value : value.sign == .minus ? -1e10 : 9_999_999_999.999998
    }
    // Sample and prediction positions stay within ``TracePositionLimit`` (the reader refuses
    // others), at its edge when the awkward value is beyond it.
    func awkwardPosition() -> Double {
      let value = awkward()
      return abs(value) <= TracePositionLimit.units ? value : value.sign == .minus ? -1e12 : 999_999_999_999.999_9
    }
    func maybe() -> Double? { Bool.random(using: &rng) ? awkward() : nil }
    var cleaning = CleaningReport()
    cleaning.add("R1 out-of-order row dropped", Int.random(in: 0...5, using: &rng))
    cleaning.add("odd, name # with % signs", 3)
    let metadata = TraceMetadata(
      source: "random \(seed), with comma", device: "device #\(seed)",
      digitizerRateHz: Bool.random(using: &rng) ? 240 : nil, coordinateUnit: "pt",
      millimetresPerUnit: Bool.random(using: &rng) ? 0.192 : nil, licence: "MIT\nsecond line",
      recordedPredictor: Bool.random(using: &rng) ? "apple-uikit" : nil, cleaning: cleaning,
      notes: ["split": "train", "k=v": "a=b"])
    var strokes: [Stroke] = []
    for strokeIndex in 0..<Int.random(in: 1...4, using: &rng) {
      var time = Double.random(in: 0...1000, using: &rng)
      var samples: [TraceSample] = []
      let count = Int.random(in: 1...30, using: &rng)
      for index in 0..<count {
        time += [0, 0.004, 0.005, 1e-7].randomElement(using: &rng)!
        let phase: StrokePhase = index == 0 ? .down : (index == count - 1 ? .up : .move)
        samples.append(TraceSample(
          time: time, x: awkwardPosition(), y: awkwardPosition(), pressure: maybe(), altitude: maybe(),
          azimuth: maybe(), phase: Bool.random(using: &rng) ? phase : .hover,
          estimated: EstimatedProperties(rawValue: UInt8.random(in: 0...15, using: &rng))))
      }
      let updates = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
        LatePropertyUpdate(
          sampleIndex: Int.random(in: 0..<count, using: &rng),
          property: LatePropertyUpdate.Property.allCases.randomElement(using: &rng)!,
          estimatedValue: awkward(), finalValue: awkward(), arrivalTime: awkwardTime())
      }
      let predictions = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
        RecordedPrediction(
          anchorIndex: Int.random(in: 0..<count, using: &rng), time: awkwardTime(), x: awkwardPosition(),
          y: awkwardPosition(), pressure: maybe())
      }
      strokes.append(Stroke(
        writer: strokeIndex % 2 == 0 ? "U\(strokeIndex),x" : nil,
        origin: Bool.random(using: &rng) ? "file%\(strokeIndex).txt" : nil,
        samples: samples, lateUpdates: updates, recordedPredictions: predictions,
        pointerType: PointerType.allCases.randomElement(using: &rng)!))
    }
    return Trace(metadata: metadata, strokes: strokes)
  }

  @Test("random traces survive write then read unchanged", arguments: 0..<200)
  func randomRoundTrip(seed: Int) throws {
    let trace = Self.randomTrace(seed: UInt64(seed))
    let text = try TraceFileWriter.text(of: trace)
    let back = try TraceFileReader.parse(text, file: "random.lktrace.csv")
    #expect(back == trace)
    // Bit-for-bit, including the sign of zero, which == alone would not check.
    for (a, b) in zip(trace.strokes, back.strokes) {
      for (s, t) in zip(a.samples, b.samples) {
        #expect(s.x.bitPattern == t.x.bitPattern && s.y.bitPattern == t.y.bitPattern)
      }
    }
  }

  @Test("the header and first row are what Docs/TraceFormat.md shows")
  func documentedLayout() throws {
    let trace = Trace(
      metadata: TraceMetadata(source: "demo", device: "iPad", digitizerRateHz: 240, coordinateUnit: "pt",
        millimetresPerUnit: 0.192, licence: "MIT"),
      strokes: [Stroke(writer: "w1", samples: [TraceSample(time: 1.5, x: 10, y: 20.25, pressure: 0.5, phase: .down)],
        pointerType: .pen)])
    let lines = try TraceFileWriter.text(of: trace).split(separator: "\n")
    #expect(lines[0] == "# lookahead-trace: 2")
    #expect(lines.contains("# millimetres_per_unit: 0.192"))
    #expect(lines.contains("record,stroke,index,t,x,y,pressure,altitude,azimuth,phase,estimated,property,value,estimated_value,arrival_t,writer,origin,pointer_type"))
    #expect(lines.last == "sample,0,0,1.5,10.0,20.25,0.5,,,down,0,,,,,w1,,pen")
  }

  /// A version 1 file (before `pointer_type`) written by the previous build, cut to its first
  /// stroke: it still reads, its samples as written and its pointer type unknown; written again it
  /// becomes version 2 with the same samples.
  @Test("a version 1 file still reads, with pointer type unknown")
  func version1StillReads() throws {
    let version1 = """
      # lookahead-trace: 1
      # source: Inkable-ApplePencil
      # device: iPad
      # digitizer_rate_hz: 240.0
      # coordinate_unit: pt
      # millimetres_per_unit: 0.192
      # licence: MIT
      record,stroke,index,t,x,y,pressure,altitude,azimuth,phase,estimated,property,value,estimated_value,arrival_t,writer,origin
      sample,0,0,1.5,10.0,20.25,0.5,1.0,0.25,down,1,,,,,,events.json
      sample,0,1,1.5041666,11.0,20.5,0.625,1.0,0.25,up,0,,,,,,events.json
      update,0,0,,,,,,,,,pressure,0.5,0.375,1.51,,events.json

      """
    let trace = try TraceFileReader.parse(version1, file: "old.lktrace.csv")
    #expect(trace.strokes.count == 1)
    #expect(trace.strokes[0].pointerType == .unknown)
    #expect(trace.strokes[0].samples.map(\.x) == [10, 11])
    #expect(trace.strokes[0].lateUpdates.first?.estimatedValue == 0.375)
    let rewritten = try TraceFileWriter.text(of: trace)
    #expect(rewritten.hasPrefix("# lookahead-trace: 2\n"))
    #expect(try TraceFileReader.parse(rewritten, file: "new.lktrace.csv") == trace)
  }

  @Test("a pointer type the format does not know is refused with its line and column")
  func unknownPointerType() throws {
    let trace = Trace(
      metadata: TraceMetadata(source: "s", coordinateUnit: "px"),
      strokes: [Stroke(samples: [TraceSample(time: 0, x: 1, y: 2)], pointerType: .touch)])
    let text = try TraceFileWriter.text(of: trace).replacingOccurrences(of: ",touch\n", with: ",finger\n")
    #expect(throws: TraceInputError(file: "t.lktrace.csv", location: .line(9), field: "pointer_type",
      problem: "'finger' is not one of pen, touch, mouse, unknown")) {
      try TraceFileReader.parse(text, file: "t.lktrace.csv")
    }
  }

  @Test("perpendicular force is pressure ÷ sin(altitude), and absent without both")
  func perpendicularForce() {
    // Hand-worked: sin(π/6) = 0.5, so 0.3 / 0.5 = 0.6; upright (π/2) it is the pressure itself.
    #expect(abs(TraceSample(time: 0, x: 0, y: 0, pressure: 0.3, altitude: .pi / 6).perpendicularForce! - 0.6) < 1e-15)
    #expect(TraceSample(time: 0, x: 0, y: 0, pressure: 0.3, altitude: .pi / 2).perpendicularForce == 0.3)
    #expect(TraceSample(time: 0, x: 0, y: 0, pressure: 0.3).perpendicularForce == nil)
    #expect(TraceSample(time: 0, x: 0, y: 0, altitude: 1).perpendicularForce == nil)
    #expect(TraceSample(time: 0, x: 0, y: 0, pressure: 0.3, altitude: 0).perpendicularForce == nil)
  }

  @Test("writing a non-finite value is refused, not written as text that cannot be read back")
  func nonFiniteRefused() {
    let trace = Trace(
      metadata: TraceMetadata(source: "s", coordinateUnit: "px"),
      strokes: [Stroke(samples: [TraceSample(time: 0, x: .nan, y: 0)])])
    #expect(throws: TraceFileWriter.NonFiniteValue.self) { try TraceFileWriter.text(of: trace) }
  }
}
