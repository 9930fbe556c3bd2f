import Foundation

/// Writes result files without ever replacing what a user wrote unless asked
/// (`CONVENTIONS.md`: output paths that exist need `--force`).
public enum ResultFile {
  /// Fails with ``OutputExistsError`` when `url` exists and `force` is false.
  public static func checkWritable(_ url: URL, force: Bool) throws {
    if !force, FileManager.default.fileExists(atPath: url.path) { throw OutputExistsError(path: url.path) }
  }

  /// Writes `text` (with a final newline) to `url`, atomically.
  public static func write(_ text: String, to url: URL, force: Bool) throws {
    try checkWritable(url, force: force)
    try Data((text.hasSuffix("\n") ? text : text + "\n").utf8).write(to: url, options: .atomic)
  }
}

extension EvaluationRun {
  /// Writes the per-prediction records of the first subject on every dataset to `url` as CSV
  /// (provenance lines, then `dataset, predictor, stroke, frame, callback_time_s,
  /// presentation_time_s, missed` and the ``PredictionOutcome`` columns), for notebooks. One
  /// core, frames in order; the file is streamed, not held in memory.
  ///
  /// - Returns: the number of records written.
  @discardableResult
  public func writeRecords(to url: URL, force: Bool, provenance: ResultProvenance) throws -> Int {
    try ResultFile.checkWritable(url, force: force)
    guard let subject = subjects.first else { return 0 }
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var buffer = (provenance.csvCommentLines + [
      "dataset,predictor,stroke,frame,callback_time_s,presentation_time_s,missed," + PredictionOutcome.csvHeader,
    ]).joined(separator: "\n") + "\n"
    var count = 0
    let evaluator = Evaluator(
      replay: try Replay(profile: profile, seed: seed), metricSettings: metricSettings, parts: 1)
    for dataset in datasets {
      if subject.kind == .recorded, EvaluationSubject.recordedDescription(of: dataset.trace) == nil { continue }
      let prefix = Scorecard.csvField(dataset.reference) + "," + Scorecard.csvField(subject.label) + ","
      _ = try evaluator.evaluate(dataset.trace, subject: subject) { record in
        buffer += prefix + "\(record.strokeIndex),\(record.frame.index),\(record.frame.callbackTime),"
          + "\(record.frame.presentationTime),\(record.frame.isMissed ? 1 : 0)," + record.outcome.csvRow + "\n"
        count += 1
        if buffer.utf8.count > 1 << 20 {
          try handle.write(contentsOf: Data(buffer.utf8))
          buffer.removeAll(keepingCapacity: true)
        }
      }
    }
    try handle.write(contentsOf: Data(buffer.utf8))
    return count
  }
}
