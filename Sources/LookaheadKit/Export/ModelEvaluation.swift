import Foundation
import LookaheadRuntime

/// Scores and runs an exported model the way an app would use it: only the runtime predicts
/// (``LookaheadModel/makePredictor(scale:)``), with the trace's coordinates stated as the app's
/// scale, so a model can be scored on data in any unit, including data the workbench never saw.
public enum ModelEvaluation {
  /// Loads a model file for the workbench: the runtime's checks, then its embedded device
  /// profile decoded and validated. One rule for every command (`evaluate --model` used to
  /// skip the profile that `predict` refused): a model whose embedded profile is invalid is a
  /// bad file, whether or not `--profile` overrides it for the run.
  ///
  /// - Returns: the model and the profile it was tuned for (nil when it carries none).
  /// - Throws: ``ModelLoadError`` or ``DeviceProfileError``, each naming the file.
  public static func loadModel(contentsOf url: URL) throws -> (model: LookaheadModel, deviceProfile: DeviceProfile?) {
    let model: LookaheadModel
    do { model = try LookaheadModel(contentsOf: url) } catch {
      if let problem = WorkbenchFileKind.misplaced(url, in: .model) { throw MisplacedFileError(path: url.path, problem: problem) }
      throw ModelLoadError(path: url.path, problem: error)
    }
    return (model, try ModelExporter.deviceProfile(of: model.file, path: url.path))
  }

  /// A model file the runtime refused, with the file's path (the runtime's
  /// ``ModelFileError`` cannot say which file: it also loads bytes from app bundles).
  public struct ModelLoadError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var problem: ModelFileError
    public var description: String {
      if case .unreadable = problem { return problem.description }  // already names the path
      return "\(path): \(problem)"
    }
  }

  /// The scale that feeds `trace`'s coordinates to `model`: identity when the trace is in the
  /// model's unit (same size, or the model's unit has no known size and the trace's unit has its
  /// name), else from the trace's millimetres per unit.
  ///
  /// A model tuned on data of unknown size (a mapping without `mm_per_unit`) "can only be used on
  /// data in that unit", and that is what the name says: the same recording, or a trace file of
  /// it whose `millimetres_per_unit` was filled in since, was refused with exactly that message
  /// (the sizes differed: unknown against 0.192), so the model could be scored on nothing of
  /// known size, not even its own data.
  ///
  /// Two unknown sizes are not the same size: a model of unknown size was used unscaled on data of
  /// unknown size in any unit (a tablet-count model on a recording in px) until 30 November.
  public static func scale(for model: LookaheadModel, trace metadata: TraceMetadata) throws -> CoordinateScale {
    let modelCoordinates = model.file.coordinates
    guard let modelMillimetres = modelCoordinates.millimetresPerUnit else {
      guard metadata.coordinateUnit == modelCoordinates.unit else {
        throw ScaleMismatch(
          problem: "the model's unit \"\(modelCoordinates.unit)\" has no known size in millimetres; "
            + "it can only be used on data in that unit, and the trace's is \"\(metadata.coordinateUnit)\"")
      }
      return .identity
    }
    if metadata.millimetresPerUnit == modelMillimetres { return .identity }
    guard let traceMillimetres = metadata.millimetresPerUnit else {
      throw ScaleMismatch(
        problem: "the trace's unit \"\(metadata.coordinateUnit)\" has no known size in millimetres, "
          + "so it cannot be converted into the model's \"\(modelCoordinates.unit)\"")
    }
    return try model.scale(pointsPerMillimetre: 1 / traceMillimetres)
  }

  /// The scorecard of `model` on every contact stroke of `trace` through `evaluator`'s replay
  /// and metrics (what `lookahead evaluate --model` reports).
  public static func evaluate(
    _ model: LookaheadModel, on trace: Trace, evaluator: Evaluator, progress: (@Sendable (Int) -> Void)? = nil
  ) throws -> Scorecard {
    let scale = try scale(for: model, trace: trace.metadata)
    return try evaluator.evaluate(trace, makePredictor: { model.makePredictor(scale: scale) }, progress: progress)
  }

  /// One runtime prediction at one replayed frame.
  public struct Row: Sendable, Hashable {
    public var strokeIndex: Int
    public var frameIndex: Int
    public var callbackTime: Double
    public var newestSampleTime: Double
    public var targetPresentationTime: Double
    /// Nil when the predictor declined (warm-up or a gate).
    public var predicted: PredictedPoint?
  }

  /// Every frame of every contact stroke of `trace` replayed through `replay`, with the
  /// runtime's prediction for the frame's target presentation time, in stroke and frame order.
  /// `observed` sees each stroke's start (nil) and every sample the predictor is fed, in order
  /// (the conformance vectors record the stream an embedding must replay).
  public static func predictions(
    _ model: LookaheadModel, on trace: Trace, replay: Replay,
    observed: (PointerSample?) throws -> Void = { _ in }, row: (Row) throws -> Void
  ) throws {
    let scale = try scale(for: model, trace: trace.metadata)
    for strokeIndex in trace.strokes.indices where !trace.strokes[strokeIndex].isHover {
      var predictor = model.makePredictor(scale: scale)
      try observed(nil)
      var frames = try replay.frames(of: trace.strokes[strokeIndex], strokeIndex: strokeIndex)
      while let frame = frames.next() {
        for index in frame.deliveredSamples {
          let sample = frames.pointerSample(index, knownAt: frame.callbackTime)
          try observed(sample)
          predictor.observe(sample)
        }
        try row(
          Row(
            strokeIndex: strokeIndex, frameIndex: frame.index, callbackTime: frame.callbackTime,
            newestSampleTime: frame.newestSampleTime, targetPresentationTime: frame.targetPresentationTime,
            predicted: predictor.predict(forPresentationTime: frame.targetPresentationTime)))
      }
    }
  }

  /// The header of ``csvLine(_:)``'s lines.
  public static let csvHeader =
    "stroke,frame,callback_time_s,newest_sample_time_s,target_presentation_time_s,x,y,pressure"

  /// One row as CSV; numbers in Swift's shortest round-trip form, empty where unknown.
  public static func csvLine(_ row: Row) -> String {
    func text(_ value: Double?) -> String { value.map { "\($0)" } ?? "" }
    return [
      "\(row.strokeIndex)", "\(row.frameIndex)", text(row.callbackTime), text(row.newestSampleTime),
      text(row.targetPresentationTime), text(row.predicted?.x), text(row.predicted?.y),
      text(row.predicted?.pressure),
    ].joined(separator: ",")
  }

  /// The trace cannot be fed to the model.
  public struct ScaleMismatch: Error, CustomStringConvertible, Sendable {
    public var problem: String
    public var description: String { problem }
  }
}

extension ModelEvaluation {
  /// An evaluation row for `model` on data described by `metadata` (what `evaluate --model FILE`
  /// and `compare` put beside catalog predictors): the runtime makes each stroke's predictor,
  /// scaled from the data's coordinates into the model's. Build one subject per dataset unit.
  public static func subject(
    _ model: LookaheadModel, label: String, for metadata: TraceMetadata
  ) throws -> EvaluationSubject {
    let scale = try scale(for: model, trace: metadata)
    let configuration = model.configuration
    // Sorted keys: a dictionary-backed encoding otherwise orders them differently from run to
    // run, and the same model would give a different JSON result each time.
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let specification = (try? String(decoding: encoder.encode(configuration), as: UTF8.self))
      ?? model.file.predictor.catalogName
    return EvaluationSubject(
      label: label, specification: specification, isExportable: true,
      makePredictor: { _ in model.makePredictor(scale: scale) })
  }
}
