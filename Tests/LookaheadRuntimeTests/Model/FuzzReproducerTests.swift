import Foundation
import LookaheadRuntime
import Testing

/// The model target's reproducers in Fuzz/Reproducers reach what they were made for: the
/// checksum holds, so the loader reads the body and refuses the field (before 5c6c0a4, the
/// Int.max warm-up crashed the process).
@Suite("Fuzz reproducers of the model loader")
struct FuzzReproducerTests {
  @Test("an integer field at Int.max is refused as out of range, past the checksum")
  func integerAtIntMax() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fuzz/Reproducers/model-kalman-warmup-int-max.model")
    let data = try Data(contentsOf: url)
    #expect(data.count <= 16384)  // the model target's -max_len in Fuzz/run.sh: a longer seed would be cut
    #expect(
      throws: ModelFileError.invalidParameter(
        field: "$.predictor.configuration (kalman.warmUpSamples)",
        detail: "9.223372036854776e+18: expected an integer in 1…64")
    ) { try LookaheadModel(bytes: data) }
  }
}
