import Foundation

/// The MLP trainer's state after an epoch, written so that an interrupted run resumes where it
/// stopped (`lookahead train --family mlp --checkpoint FILE`) and then ends exactly as an
/// uninterrupted run would: weights, optimiser moments, the best weights so far and the epoch
/// records. The fingerprint (options and row counts) guards against resuming another run.
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

  struct Mismatch: Error, CustomStringConvertible {
    var path: String
    var found: String
    var expected: String
    var description: String {
      "\(path): the checkpoint is of another run (\(found)); this run is \(expected). Remove it or pick another --checkpoint"
    }
  }

  /// The saved state, nil when there is no file; throws when it is unreadable or of another run.
  static func read(_ url: URL, expecting fingerprint: String) throws -> MLPCheckpoint? {
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    let decoder = ResultJSON.decoder()
    let saved = try decoder.decode(MLPCheckpoint.self, from: Data(contentsOf: url))
    guard saved.fingerprint == fingerprint else {
      throw Mismatch(path: url.path, found: saved.fingerprint, expected: fingerprint)
    }
    return saved
  }

  func write(to url: URL) throws {
    try ResultJSON.encode(self).write(to: url, options: .atomic)
  }
}
