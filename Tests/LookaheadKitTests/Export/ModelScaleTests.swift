import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// `ModelEvaluation.scale(for:trace:)`, the scale `evaluate --model`, `compare --model`,
/// `predict` and the conformance vectors feed a trace through: a model of a unit without a known
/// size is used on data in that unit (identity), as its refusal always said, rather than refused
/// on its own recording once that recording's size is known.
@Suite("a model's scale for a trace")
struct ModelScaleTests {
  static func model(unit: String, millimetresPerUnit: Double?) throws -> LookaheadModel {
    let file = try ModelExporter.modelFile(
      configuration: PredictorConfiguration(family: .linear(LinearParameters())),
      coordinates: ModelCoordinates(unit: unit, millimetresPerUnit: millimetresPerUnit), profile: .pencil240ProMotion120,
      digitizerRateHz: 240, provenance: ModelProvenance(lookaheadVersion: "test"))
    return try LookaheadModel(bytes: try file.fileData())
  }

  static func trace(unit: String, millimetresPerUnit: Double?) -> TraceMetadata {
    TraceMetadata(source: "mine", coordinateUnit: unit, millimetresPerUnit: millimetresPerUnit)
  }

  @Test("a model of unknown size: identity on a trace in its unit, of any size; refused on another unit, naming both")
  func unknownModelSize() throws {
    let model = try Self.model(unit: "pt", millimetresPerUnit: nil)
    // The tune's own recording (no mm_per_unit), then its trace file once the size was filled in:
    // the second was refused with "it can only be used on data in that unit".
    #expect(try ModelEvaluation.scale(for: model, trace: Self.trace(unit: "pt", millimetresPerUnit: nil)).isIdentity)
    #expect(try ModelEvaluation.scale(for: model, trace: Self.trace(unit: "pt", millimetresPerUnit: 0.192)).isIdentity)
    #expect {
      try ModelEvaluation.scale(for: model, trace: Self.trace(unit: "px", millimetresPerUnit: 0.0786))
    } throws: { error in
      "\(error)" == "the model's unit \"pt\" has no known size in millimetres; it can only be used on data in that unit, and the trace's is \"px\""
    }
    // Another unit of unknown size too: two unknown sizes are not one size (it was used unscaled).
    #expect {
      try ModelEvaluation.scale(for: model, trace: Self.trace(unit: "px", millimetresPerUnit: nil))
    } throws: { error in
      "\(error)" == "the model's unit \"pt\" has no known size in millimetres; it can only be used on data in that unit, and the trace's is \"px\""
    }
  }

  @Test("a model of known size: identity at its size, converted at another, refused on data of unknown size")
  func knownModelSize() throws {
    let model = try Self.model(unit: "pt", millimetresPerUnit: 0.192)
    #expect(try ModelEvaluation.scale(for: model, trace: Self.trace(unit: "pt", millimetresPerUnit: 0.192)).isIdentity)
    let converted = try ModelEvaluation.scale(for: model, trace: Self.trace(unit: "px", millimetresPerUnit: 0.0786))
    #expect(!converted.isIdentity)
    #expect(throws: ModelEvaluation.ScaleMismatch.self) {
      try ModelEvaluation.scale(for: model, trace: Self.trace(unit: "pt", millimetresPerUnit: nil))
    }
  }
}
