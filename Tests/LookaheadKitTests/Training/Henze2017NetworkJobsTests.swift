import Foundation
@testable import LookaheadKit
import LookaheadRuntime
import Synchronization
import Testing

/// `train --henze2017 --family mlp --jobs N` trains the folds' candidate networks as its jobs, the
/// largest first when N > 1 (``Henze2017MLPComparison/trainFolds(rawStrokes:eventsAhead:candidates:horizonRule:scoring:earlyStopping:stoppingWeights:balanceRepeats:extraFit:folds:jobs:progress:finished:)``),
/// and puts each fold together once its last network is done.
@Suite("Henze 2017 MLP comparison: networks as the jobs")
struct Henze2017NetworkJobsTests {
  @Test("one worker or three, largest first: every fold the same to the bit, each finished once and whole, returned in the order given")
  func sameFoldsWhateverTheJobs() throws {
    let (_, strokes) = try Henze2017RotatingEarlyStoppingTests.firstFourParticipants()
    // Three sizes, so that the largest-first order is not the candidate order.
    var candidates = Henze2017RotatingEarlyStoppingTests.tinyCandidates()
    candidates[0].options.hiddenSizes = [2]
    candidates[1].options.hiddenSizes = [5]
    candidates[2].reflect = true
    func folds(jobs: Int) throws -> (returned: [String], finished: [String]) {
      let finished = Mutex<[String]>([])
      let returned = try Henze2017MLPComparison.trainFolds(
        rawStrokes: strokes, eventsAhead: [2], candidates: candidates, horizonRule: .targetTime,
        scoring: .meanOfCandidates, earlyStopping: .rotating, folds: [2, 0], jobs: jobs,
        finished: { result in
          #expect(result.validationErrors.count == 3 && result.bestEpochs.count == 3)
          finished.withLock { $0.append(try! result.jsonLine()) }
        })
      return (try returned.map { try $0.jsonLine() }, finished.withLock { $0 })
    }
    let one = try folds(jobs: 1), three = try folds(jobs: 3)
    // With one worker the folds end in the order given; returned in that order whatever the jobs.
    #expect(one.finished == one.returned)
    #expect(three.returned == one.returned)
    #expect(three.finished.sorted() == one.finished.sorted())
    let order = try one.returned.map { line -> Int in
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return try #require(object["fold"] as? Int)
    }
    #expect(order == [3, 1])
  }
}
