import Foundation
import LookaheadRuntime

/// The MLP trainer's state after an epoch, written so that an interrupted run resumes where it
/// stopped (`lookahead train --family mlp --checkpoint FILE`) and then ends exactly as an
/// uninterrupted run would: weights, optimiser moments, the best weights so far and the epoch
/// records. The fingerprint (options, row counts and row weights) guards against resuming another run.
struct MLPCheckpoint: Codable {
  var format = "lookahead-mlp-checkpoint"
  var fingerprint: String
  var completedEpochs: Int
  var weights: [Double]
  var optimizer: AdamOptimizer
  var bestWeights: [Double]
  var bestValidationError: Double
  var bestEpoch: Int
  var epochs: [MLPTrainer.Epoch]
  /// The running weight average (``MLPTrainer/Options/weightAverageDecay``); `nil` when off.
  var weightAverage: WeightAverage? = nil

  /// A checkpoint whose fingerprint is not this run's. The message names only what differs,
  /// with both values (`lr: checkpoint 0.002, this run 0.001`): it printed both whole
  /// fingerprints, two lines of a dozen settings and every horizon, to be compared by eye.
  struct Mismatch: Error, CustomStringConvertible {
    var path: String
    var found: String
    var expected: String
    var description: String {
      "\(path): the checkpoint is of another run (\(Self.differences(checkpoint: found, run: expected))). "
        + "Remove it or pick another --checkpoint"
    }

    /// The settings of a fingerprint (``MLPTrainer/Options/fingerprint`` and ` rows=FIT/VALIDATION`)
    /// by name, in order: `name=value` items (a value may hold spaces inside brackets, as
    /// `hidden=[64, 64]` does), the activation (a bare `relu` or `tanh`), and bare flags
    /// (`pen-inputs`), whose value is their presence.
    static func settings(of fingerprint: String) -> [(name: String, value: String)] {
      var items: [String] = []
      var current = "", depth = 0
      for character in fingerprint {
        if character == "[" || character == "(" { depth += 1 }
        if character == "]" || character == ")" { depth = max(0, depth - 1) }
        if character == " ", depth == 0 {
          if !current.isEmpty { items.append(current) }
          current = ""
        } else {
          current.append(character)
        }
      }
      if !current.isEmpty { items.append(current) }
      return items.map { item in
        if let equals = item.firstIndex(of: "=") {
          return (String(item[..<equals]), String(item[item.index(after: equals)...]))
        }
        if MLPPredictor.Activation(rawValue: item) != nil { return ("activation", item) }
        return (item, "on")
      }
    }

    /// Each setting whose value differs, `name: checkpoint A, this run B` (`none` where one side
    /// lacks it, `off` for an absent flag), in the fingerprint's order; the whole fingerprints
    /// when they differ in nothing nameable (a setting repeated, say).
    static func differences(checkpoint: String, run: String) -> String {
      let saved = settings(of: checkpoint), current = settings(of: run)
      func lookup(_ list: [(name: String, value: String)]) -> [String: String] {
        Dictionary(list.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
      }
      let savedValues = lookup(saved), currentValues = lookup(current)
      var names: [String] = []
      for name in (saved + current).map(\.name) where !names.contains(name) { names.append(name) }
      let differing = names.compactMap { name -> String? in
        let old = savedValues[name], new = currentValues[name]
        guard old != new else { return nil }
        let absent = (old ?? new) == "on" ? "off" : "none"
        return "\(name): checkpoint \(old ?? absent), this run \(new ?? absent)"
      }
      guard !differing.isEmpty else { return "\(checkpoint); this run is \(run)" }
      return differing.joined(separator: "; ")
    }
  }

  /// The rows' part of the fingerprint: ` rows=FIT/VALIDATION`, and when the rows are weighed
  /// (``MLPTrainingRows/weights``, the early-stopping weights), a digest of each list of weights,
  /// ` row-weights=…` and ` stopping-weights=…` (the first 16 hex digits of the SHA-256 of the
  /// weights' bit patterns). Weights change the loss or the chosen epoch without changing a count,
  /// so without them a run with other weights would resume this one's state.
  static func rowsFingerprint(
    fitRows: MLPTrainingRows, validationRows: MLPTrainingRows, validationWeights: [Double]?
  ) -> String {
    func digest(_ weights: [Double]) -> String {
      let bytes = weights.withUnsafeBytes { Data($0) }
      return String(FileDigest.sha256Hex(bytes).prefix(16))
    }
    return " rows=\(fitRows.count)/\(validationRows.count)"
      + (fitRows.weights.isEmpty ? "" : " row-weights=\(digest(fitRows.weights))")
      + (validationWeights.map { " stopping-weights=\(digest($0))" } ?? "")
  }

  /// A `--checkpoint` file that is not a checkpoint (a folder, an empty or cut-short file, a data
  /// file or another JSON): named with what is wrong, where Foundation said only "The data isn't
  /// in the correct format" or "The data is missing", naming no file.
  struct Unreadable: Error, CustomStringConvertible {
    var path: String
    var problem: String
    var description: String {
      "\(path): \(problem), so it is not a checkpoint of train --family mlp. Remove it or pick another --checkpoint"
    }
  }

  /// The saved state, nil when there is no file; throws when it is unreadable or of another run.
  static func read(_ url: URL, expecting fingerprint: String) throws -> MLPCheckpoint? {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return nil }
    guard !isFolder.boolValue else { throw Unreadable(path: url.path, problem: "is a folder") }
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw Unreadable(path: url.path, problem: "cannot be read (\(error.localizedDescription))")
    }
    let saved: MLPCheckpoint
    do { saved = try ResultJSON.decoder().decode(MLPCheckpoint.self, from: data) } catch {
      guard !data.isEmpty else { throw Unreadable(path: url.path, problem: "is empty") }
      guard case .malformed(let at, let detail) = ModelFile.describe(error) else { throw error }
      throw Unreadable(path: url.path, problem: at == "$" ? detail : "at \(at): \(detail)")
    }
    guard saved.format == "lookahead-mlp-checkpoint" else {
      throw Unreadable(path: url.path, problem: "its format is \"\(saved.format)\"")
    }
    guard saved.fingerprint == fingerprint else {
      throw Mismatch(path: url.path, found: saved.fingerprint, expected: fingerprint)
    }
    return saved
  }

  func write(to url: URL) throws {
    try ResultJSON.encode(self).write(to: url, options: .atomic)
  }
}
