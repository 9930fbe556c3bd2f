import Foundation
import LookaheadRuntime
import Testing

@testable import LookaheadKit

/// The validation error of an ensemble's mean prediction, printed beside each member's own.
@Suite("MLP ensemble: validation error of the mean")
struct MLPEnsembleValidationTests {
  @Test("one network's ensemble error is its own best validation error, to the bit; two networks' is at most their mean")
  func againstTheMembers() throws {
    let data = try MLPTrainerTests.arcs()
    let options = MLPTrainerTests.options(epochs: 3)
    let trainer = MLPTrainer(options: options)
    let result = try trainer.trainEnsemble(data: data, memberCount: 2)
    let members = result.members
    #expect(members.count == 2)
    let own = members.map { member in member.epochs.first { $0.epoch == member.bestEpoch }!.validationError }
    let rows = try trainer.trainingRows(data).validation

    for (member, error) in zip(members, own) {
      #expect(MLPTrainer.ensembleValidationError([member.parameters], rows: rows) == error)
    }
    let mean = try #require(result.ensembleValidationError)
    #expect(mean == MLPTrainer.ensembleValidationError(members.map(\.parameters), rows: rows))
    // Per row, the error of the mean correction is at most the mean of the errors (triangle inequality).
    #expect(mean <= (own[0] + own[1]) / 2 * (1 + 1e-12))
    #expect(mean != own[0] && mean != own[1])
    // One network has no ensemble error.
    #expect(try trainer.trainEnsemble(data: data, memberCount: 1).ensembleValidationError == nil)
  }
}
