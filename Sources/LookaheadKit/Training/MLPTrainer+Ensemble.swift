import Foundation
import LookaheadRuntime

extension MLPTrainer {
  /// Trains `memberCount` networks that differ only in their seed — member m (from 0) uses
  /// ``Options/seed`` + m for its initial weights and batch order — on the same rows, each
  /// early-stopped on the same validation writers (drawn with ``Options/seed``), and returns
  /// them as one model, an ensemble (``LookaheadRuntime/MLPPredictor/Member``) predicting the
  /// mean of theirs. Averaging networks from different starting points lowers the variance part
  /// of a small network's error (Hansen & Salamon, IEEE PAMI 1990; Lakshminarayanan et al.,
  /// NeurIPS 2017, use random initialisation and order alone, as here).
  ///
  /// The top-level fields of the result (epochs, best epoch) are the first member's; ``Result/members``
  /// holds each member's. With one member this is ``train(data:checkpoint:progress:)``.
  ///
  /// - Parameters:
  ///   - checkpoint: the first member's checkpoint; member m + 1 ≥ 2 writes and resumes
  ///     ``memberCheckpoint(_:member:)`` beside it. Each checkpoint's fingerprint holds its seed,
  ///     so one member's file is never resumed as another's, and a finished member's file makes
  ///     a resumed run skip to the next member with the same weights.
  ///   - memberStarted: called before each member trains, with its index (from 0) and seed.
  public func trainEnsemble(
    data: TuningData, memberCount: Int, checkpoint: URL? = nil,
    memberStarted: (_ member: Int, _ seed: UInt64) -> Void = { _, _ in },
    progress: (Epoch, Int) -> Void = { _, _ in }
  ) throws -> Result {
    guard (1...MLPPredictor.Parameters.maximumMemberCount).contains(memberCount) else {
      throw Failure(description: "an ensemble has 1…\(MLPPredictor.Parameters.maximumMemberCount) networks, asked for \(memberCount)")
    }
    let rows = try trainingRows(data)
    var members: [Result] = []
    for member in 0..<memberCount {
      var memberOptions = options
      memberOptions.seed = options.seed &+ UInt64(member)
      memberStarted(member, memberOptions.seed)
      var result = try MLPTrainer(options: memberOptions).train(
        fitRows: rows.fit, validationRows: rows.validation,
        checkpoint: checkpoint.map { Self.memberCheckpoint($0, member: member) }, progress: progress)
      result.validationWriters = rows.validationWriters
      result.fitWriters = rows.fitWriters
      result.parameters.lengthScale = data.scales.first ?? 1
      members.append(result)
    }
    var ensemble = members[0]
    guard memberCount > 1 else { return ensemble }
    do {
      ensemble.parameters = try .ensemble(members.map(\.parameters))
    } catch {
      throw Failure(description: "the ensemble of the trained networks: \(error)")
    }
    ensemble.members = members
    ensemble.ensembleValidationError = Self.ensembleValidationError(members.map(\.parameters), rows: rows.validation)
    return ensemble
  }

  /// Mean Euclidean error on `rows` of the members' mean prediction — each member standardises
  /// the rows its own way and adds `outputScale · net` to the constant-velocity base, and the
  /// corrections are averaged as the runtime's ensemble does — in the units of each member's own
  /// validation error. By the triangle inequality it is never above the mean of the members' own
  /// errors on the same rows.
  static func ensembleValidationError(_ members: [MLPPredictor.Parameters], rows: MLPTrainingRows) -> Double {
    guard !members.isEmpty, rows.count > 0 else { return .nan }
    var correction = [Double](repeating: 0, count: 2 * rows.count)
    for member in members {
      let network = MLPNetwork(layerSizes: member.layerSizes, activation: member.activation)
      let standardised = StandardisedRows<Double>(rows, parameters: member)
      var workspace = MLPNetwork.Workspace<Double>(network: network, capacity: 256)
      var batch = BatchBuffers(capacity: workspace.capacity)
      var start = 0
      while start < rows.count {
        let count = min(workspace.capacity, rows.count - start)
        batch.gather(start..<(start + count), from: standardised, into: &workspace)
        network.forward(member.weights, rows: count, workspace: &workspace)
        for r in 0..<count {
          let y = workspace.output(r)
          correction[2 * (start + r)] += member.outputScale * y.0
          correction[2 * (start + r) + 1] += member.outputScale * y.1
        }
        start += count
      }
    }
    let count = Double(members.count)
    var sum = 0.0
    for r in 0..<rows.count {
      let ex = rows.horizons[r] * (rows.along(r) + correction[2 * r] / count - rows.targets[2 * r])
      let ey = rows.horizons[r] * (correction[2 * r + 1] / count - rows.targets[2 * r + 1])
      sum += (ex * ex + ey * ey).squareRoot()
    }
    return sum / Double(rows.count)
  }

  /// Member `member`'s (from 0) checkpoint: the file given for the first, `FILE.member2`, … for
  /// the others.
  public static func memberCheckpoint(_ url: URL, member: Int) -> URL {
    member == 0 ? url : url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".member\(member + 1)")
  }
}
