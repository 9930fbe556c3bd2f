import Foundation
import Testing

/// A cross-fitted tune printed "fold 1: trained on 2 writers" for each fold, though a tune trains
/// nothing: it searches configurations on the fold's writers and scores the one left out, which
/// the rest of its report (and the provenance's trainWriters, "searched or fitted on") says.
@Suite("tune's fold lines say the configuration was searched on the fold's writers")
struct TuneFoldLineTests {
  @Test("leave-one-writer-out over three writers: each fold searched on 2 writers")
  func foldLinesSaySearched() throws {
    let tune = try DatasetsCommandTests.run([
      "tune", "--predictor", "linear", "--trials", "2", "--quiet", "--split", "leave-one-writer-out",
      "Henze2017-MobileHCI:Fitts:writer=participant1,participant2,participant3",
    ])
    try #require(tune.status == 0, "\(tune.stderr)")
    for fold in 1...3 {
      #expect(tune.stdout.contains("  fold \(fold): searched on 2 writers, best trial "), "\(tune.stdout)")
    }
    #expect(!tune.stdout.contains("trained on"), "\(tune.stdout)")
  }
}
