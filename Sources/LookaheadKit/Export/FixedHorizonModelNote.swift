import LookaheadRuntime

/// The note `evaluate`, `compare` and `predict` print for a model exported with a fixed horizon
/// (`tunedFor.horizonPolicy.kind == fixed`, `export --fixed-horizon S`).
///
/// The runtime has one way to ask a model, ``PointerPredictor/predict(forPresentationTime:)``;
/// the policy is a statement of how the model was tuned, for the app to follow, and nothing in
/// the runtime or the workbench acts on it. A frame replay asks the model for each frame's own
/// presentation time (a 60 Hz phone: about 50 ms ahead), so a model tuned at 16.67 ms per sample
/// was scored at horizons it was never tuned for without a word. Replaying it at its horizon
/// instead would give a model row a different protocol from the catalog rows beside it in
/// `compare`, so the frame replay stays and the note says so and where the per-sample scores are.
public enum FixedHorizonModelNote {
  /// The one-line note, or nil when `model` records per-frame prediction. `path` is the model
  /// file as the user gave it; `command` the command that replays it per frame.
  public static func text(for model: ModelFile, path: String, command: String) -> String? {
    let policy = model.tunedFor.horizonPolicy
    guard policy.kind == .fixed, let seconds = policy.horizonSeconds else { return nil }
    let perSample = command == "predict"
      ? "evaluate --model \(path) --protocol anchor, or sweep --model \(path)"
      : "--protocol anchor, or sweep --model \(path)"
    return "note: \(path) records a fixed horizon of \(horizonMillisecondsText(seconds * 1000)) ms per sample "
      + "(tunedFor.horizonPolicy); \(command) replays it per frame, for each frame's presentation time, as it does "
      + "every model; for per-sample scores at fixed horizons use \(perSample)"
  }
}
