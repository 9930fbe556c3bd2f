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
          time: time, x: awkward(), y: awkward(), pressure: maybe(), altitude: maybe(),
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
          anchorIndex: Int.random(in: 0..<count, using: &rng), time: awkwardTime(), x: awkward(),
          y: awkward(), pressure: maybe())
      }
      strokes.append(Stroke(
        writer: strokeIndex % 2 == 0 ? "U\(strokeIndex),x" : nil,
        origin: Bool.random(using: &rng) ? "file%\(strokeIndex).txt" : nil,
        samples: samples, lateUpdates: updates, recordedPredictions: predictions))
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
      strokes: [Stroke(writer: "w1", samples: [TraceSample(time: 1.5, x: 10, y: 20.25, pressure: 0.5, phase: .down)])])
    let lines = try TraceFileWriter.text(of: trace).split(separator: "\n")
    #expect(lines[0] == "# lookahead-trace: 1")
    #expect(lines.contains("# millimetres_per_unit: 0.192"))
    #expect(lines.contains("record,stroke,index,t,x,y,pressure,altitude,azimuth,phase,estimated,property,value,estimated_value,arrival_t,writer,origin"))
    #expect(lines.last == "sample,0,0,1.5,10.0,20.25,0.5,,,down,0,,,,,w1,")
  }

  @Test("writing a non-finite value is refused, not written as text that cannot be read back")
  func nonFiniteRefused() {
    let trace = Trace(
      metadata: TraceMetadata(source: "s", coordinateUnit: "px"),
      strokes: [Stroke(samples: [TraceSample(time: 0, x: .nan, y: 0)])])
    #expect(throws: TraceFileWriter.NonFiniteValue.self) { try TraceFileWriter.text(of: trace) }
  }
}
