/// Refuses `--test` data that is not held out: strokes that are also in the data a tune searched
/// on or a model was trained on.
///
/// `tune` and `train` print the `--test` data's score as "held-out writers (never seen by the
/// search / never trained on)". Given the training dataset again, or a writer subset of it
/// (`train --test DS:writer=A DS`), that claim was false and the score an in-sample one, with
/// nothing said. A stroke counts as shared when its writer and every sample (time, position,
/// pressure, pen angles, phase) are identical, so two recordings that only share a writer's name
/// or an importer's source name are not confused with each other.
public struct HeldOutOverlap: Error, CustomStringConvertible {
  /// Shared strokes per writer, as "writer of source" (or "no writer, source"), in first-seen order.
  public var sharedByWriter: [(writer: String, strokes: Int)]
  /// Strokes of the test data.
  public var testStrokes: Int

  public var description: String {
    let shared = sharedByWriter.map(\.strokes).reduce(0, +)
    let who = sharedByWriter.prefix(4).map { "\($0.writer): \($0.strokes)" }.joined(separator: ", ")
      + (sharedByWriter.count > 4 ? ", and \(sharedByWriter.count - 4) more writers" : "")
    return "--test data is not held out: \(shared) of its \(testStrokes) strokes are also in the training datasets (\(who)); "
      + "a held-out score must come from strokes the search or training never saw. Give training datasets without them "
      + "(NAME:writer=W,… keeps only those writers), or leave out --test and hold writers out with --split"
  }

  /// Throws when any stroke of `test` is also a stroke of `training`.
  public static func check(test: TuningData?, training: TuningData) throws {
    guard let test else { return }
    let trainingStrokes = Set(training.strokes.map { StrokeKey($0) })
    var order: [String] = []
    var counts: [String: Int] = [:]
    for (index, stroke) in test.strokes.enumerated() where trainingStrokes.contains(StrokeKey(stroke)) {
      let source = test.traces[test.traceIndices[index]].metadata.source
      let name = stroke.writer.map { "\($0) of \(source)" } ?? "no writer, \(source)"
      if counts[name] == nil { order.append(name) }
      counts[name, default: 0] += 1
    }
    guard !order.isEmpty else { return }
    throw HeldOutOverlap(sharedByWriter: order.map { ($0, counts[$0] ?? 0) }, testStrokes: test.strokes.count)
  }

  /// What makes two strokes the same recording: the writer and the samples.
  private struct StrokeKey: Hashable {
    var writer: String?
    var samples: [TraceSample]
    init(_ stroke: Stroke) {
      writer = stroke.writer
      samples = stroke.samples
    }
  }
}
