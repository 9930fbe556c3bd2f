import LookaheadKit
import LookaheadRuntime
import Testing

@Suite("Export: a trace that names no unit")
struct ModelExportUnitTests {
  /// The loader refuses an empty `coordinates.unit`, so a trace whose `# coordinate_unit:` is
  /// empty exports as `unknown`, the format's word for it, and its model loads.
  @Test("an empty unit is exported as unknown")
  func emptyUnit() throws {
    let metadata = TraceMetadata(source: "t", coordinateUnit: "", millimetresPerUnit: nil)
    let coordinates = ModelExporter.coordinates(of: metadata)
    #expect(coordinates == ModelCoordinates(unit: "unknown", millimetresPerUnit: nil))
    let file = try ModelExporter.modelFile(
      configuration: PredictorConfiguration(family: .hold(HoldParameters())), coordinates: coordinates,
      profile: .pencil240ProMotion120, digitizerRateHz: nil, provenance: ModelProvenance(lookaheadVersion: "test"))
    #expect(try LookaheadModel(bytes: try file.fileData()).file.coordinates.unit == "unknown")
    #expect(ModelExporter.coordinates(of: TraceMetadata(source: "t", coordinateUnit: "pt")).unit == "pt")
  }
}
