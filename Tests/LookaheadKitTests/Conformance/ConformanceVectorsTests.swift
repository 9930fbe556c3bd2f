import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// The conformance vectors (`Docs/ConformanceVectors.md`): the text format on a hand-worked
/// stream, and the folder `lookahead export --vectors` writes.
@Suite("Conformance vectors")
struct ConformanceVectorsTests {
  /// A linear model in 0.1 mm pixels whose digitizer runs at 128 Hz, so every time below is exact
  /// in binary (1/128 s = 0.0078125 s).
  static func linearModel() throws -> ModelFile {
    try ModelExporter.modelFile(
      configuration: PredictorConfiguration(family: .linear(LinearParameters())),
      coordinates: ModelCoordinates(unit: "px", millimetresPerUnit: 0.1), profile: .pencil240ProMotion120,
      digitizerRateHz: 128, provenance: ModelProvenance(lookaheadVersion: "test"))
  }

  @Test("a hand-worked stream: every call with the runtime's answer, numbers exact")
  func handWorked() throws {
    let model = try LookaheadModel(bytes: try Self.linearModel().fileData())
    let stream = ConformanceStream(
      name: "hand", about: "worked by hand",
      events: [
        .reset,
        .sample(PointerSample(time: 1, x: 10, y: 20, pressure: 0.5)),
        .predict(presentationTime: 1.0078125),  // one sample: not ready
        .sample(PointerSample(time: 1.0078125, x: 11, y: 22, pressure: 0.75)),
        // Velocity (128, 256) px/s; 1/128 s ahead: (12, 24); pressure held.
        .predict(presentationTime: 1.015625),
        // Before the newest sample: horizon 0, the newest sample at its own time.
        .predict(presentationTime: 1),
        // The model's 1/128 s: one point strictly before the presentation time, then that time.
        .path(presentationTime: 1.0234375, sampleIntervalSeconds: 0, capacity: 8),
        .sample(PointerSample(time: .nan, x: 1, y: 1)),  // ignored
        .sample(PointerSample(time: 1, x: 50, y: 50)),  // time going backwards: ignored
        .predict(presentationTime: .nan),
        .predict(presentationTime: 1.015625),  // unchanged by the ignored samples
        .reset,
        .predict(presentationTime: 1.015625),
      ])
    let text = try ConformanceVectorText.render(stream, model: model, modelFileName: "m.model")
    #expect(
      text == """
        # lookahead-vectors: 1
        # stream: hand
        # about: worked by hand
        # model: m.model (linear)
        scale 0.0
        reset
        sample 1.0 10.0 20.0 0.5 - -
        predict 1.0078125 -> none
        sample 1.0078125 11.0 22.0 0.75 - -
        predict 1.015625 -> 1.015625 12.0 24.0 0.75 - -
        predict 1.0 -> 1.0078125 11.0 22.0 0.75 - -
        path 1.0234375 0.0 8 -> 2
        point 1.015625 12.0 24.0 0.75 - -
        point 1.0234375 13.0 26.0 0.75 - -
        sample nan 1.0 1.0 - - -
        sample 1.0 50.0 50.0 - - -
        predict nan -> none
        predict 1.015625 -> 1.015625 12.0 24.0 0.75 - -
        reset
        predict 1.015625 -> none

        """)
  }

  @Test("every number a stream writes reads back to the same bits")
  func numbersRoundTrip() {
    for value in [0.1, 1.0 / 3, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1e-5, 720394.4144370707, .infinity, -.infinity] {
      let text = ConformanceVectorText.number(value)
      #expect(Double(text)?.bitPattern == value.bitPattern, "\(text)")
      #expect(strtod(text, nil).bitPattern == value.bitPattern, "C strtod: \(text)")
    }
    #expect(ConformanceVectorText.number(.nan) == "nan" && strtod("nan", nil).isNaN)
  }

  @Test("the folder: the model's own bytes, every awkward stream, a replay equal to lookahead predict; no overwrite without force")
  func folder() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vectors-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try Self.linearModel()
    let trace = try DatasetRegistry.load("Inkable-ApplePencil")
    let replay = try Replay(profile: .pencil240ProMotion120, seed: 0)
    let written = try ConformanceVectors.write(
      file, traces: [.init(name: "inkable", trace: trace)], replay: replay, to: folder, force: false)
    #expect(
      written.map(\.lastPathComponent) == [
        "lookahead.model", "steady.vectors", "gap.vectors", "duplicate-times.vectors", "reversal.vectors",
        "stop.vectors", "time-backwards.vectors", "non-finite.vectors", "app-scale.vectors", "replay-inkable.vectors",
      ])
    #expect(try Data(contentsOf: folder.appendingPathComponent("lookahead.model")) == file.fileData())

    // The replay stream's answers are `lookahead predict`'s rows, in order (Inkable is in points
    // of 0.192 mm, the model in 0.1 mm pixels: the stream records the scale).
    let model = try LookaheadModel(bytes: try file.fileData())
    var rows: [PredictedPoint?] = []
    try ModelEvaluation.predictions(model, on: trace, replay: replay) { rows.append($0.predicted) }
    let lines = try String(contentsOf: folder.appendingPathComponent("replay-inkable.vectors"), encoding: .utf8)
      .split(separator: "\n")
    #expect(lines.contains("scale \(1 / 0.192)"))
    let answers = lines.filter { $0.hasPrefix("predict ") }.map { $0.split(separator: " ").dropFirst(3).joined(separator: " ") }
    #expect(answers.count == rows.count)
    #expect(rows.contains { $0 != nil })
    for (answer, row) in zip(answers, rows) {
      let expected = row.map {
        [$0.time, $0.x, $0.y].map(ConformanceVectorText.number).joined(separator: " ") + " "
          + [$0.pressure, $0.altitude, $0.azimuth].map { $0.map(ConformanceVectorText.number) ?? "-" }.joined(separator: " ")
      }
      #expect(answer == expected ?? "none")
    }
    #expect(lines.filter { $0 == "reset" }.count == trace.strokes.filter { !$0.isHover }.count)

    // Written again: refused before anything is touched, unless forced.
    #expect(throws: OutputExistsError.self) {
      try ConformanceVectors.write(file, replay: replay, to: folder, force: false)
    }
    #expect(try ConformanceVectors.write(file, replay: replay, to: folder, force: true).count == 9)
  }

  @Test("the awkward streams each hold their case", arguments: [0.1, nil] as [Double?])
  func awkwardStreams(millimetresPerUnit: Double?) throws {
    var file = try Self.linearModel()
    file.coordinates.millimetresPerUnit = millimetresPerUnit
    let model = try LookaheadModel(file: file)
    let streams = Dictionary(uniqueKeysWithValues: ConformanceStreams.standard(for: model).map { ($0.name, $0) })
    // Without a known unit size there is no app scale to state.
    #expect((streams["app-scale"] != nil) == (millimetresPerUnit != nil))
    func samples(_ name: String) -> [PointerSample] {
      streams[name]!.events.compactMap { if case .sample(let s) = $0 { s } else { nil } }
    }
    let gaps = zip(samples("gap"), samples("gap").dropFirst()).map { $1.time - $0.time }
    #expect(gaps.contains { $0 > model.configuration.stages.gapLimitSeconds })
    #expect(zip(samples("duplicate-times"), samples("duplicate-times").dropFirst()).contains { $0.time == $1.time })
    #expect(zip(samples("time-backwards"), samples("time-backwards").dropFirst()).contains { $1.time < $0.time })
    let reversal = samples("reversal").map(\.x)
    #expect(zip(reversal, reversal.dropFirst()).contains { $1 < $0 } && zip(reversal, reversal.dropFirst()).contains { $1 > $0 })
    let stop = samples("stop")
    #expect(zip(stop, stop.dropFirst()).filter { $0.x == $1.x }.count > 10)  // held still
    #expect(samples("non-finite").contains { $0.time.isNaN } && samples("non-finite").contains { $0.x.isInfinite })
    for stream in streams.values {
      for case .path(_, _, let capacity) in stream.events { #expect(capacity <= ConformanceStream.maximumPathCapacity) }
    }
  }
}
