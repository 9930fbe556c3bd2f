import Foundation
import LookaheadRuntime
import Testing

/// Fields that are each well formed but say two different things are refused, naming the field:
/// the device name beside the embedded profile's, an empty unit, a unit of "mm" whose
/// millimetres per unit is not 1.
@Suite("Model file: fields that contradict each other")
struct ModelFileConsistencyTests {
  static let fixture = ModelFixtures.file(ModelFixtures.configurations[3])

  @Test("the device name must be the embedded profile's")
  func deviceName() throws {
    var file = Self.fixture
    file.tunedFor.deviceProfileName = "finger60-phone"
    #expect(
      throws: ModelFileError.invalidParameter(
        field: "$.tunedFor.deviceProfileName",
        detail: "\"finger60-phone\", but the embedded profile ($.tunedFor.deviceProfile.name) is \"test\": expected the same name")
    ) { try LookaheadModel(bytes: try file.fileData()) }
    // Without an embedded profile the name stands alone.
    file.tunedFor.deviceProfile = nil
    #expect(try LookaheadModel(bytes: try file.fileData()).file.tunedFor.deviceProfileName == "finger60-phone")
  }

  @Test("the unit is named, and mm is 1 mm")
  func unit() throws {
    var file = Self.fixture
    file.coordinates = ModelCoordinates(unit: "", millimetresPerUnit: 0.1)
    #expect(
      throws: ModelFileError.invalidParameter(
        field: "$.coordinates.unit", detail: "empty: expected the unit's name (\"unknown\" when the data did not say)")
    ) { try LookaheadModel(bytes: try file.fileData()) }
    file.coordinates = ModelCoordinates(unit: "mm", millimetresPerUnit: 0.192)
    #expect(
      throws: ModelFileError.invalidParameter(
        field: "$.coordinates.millimetresPerUnit", detail: "0.192, but the unit is \"mm\": expected 1 (or no millimetresPerUnit)")
    ) { try LookaheadModel(bytes: try file.fileData()) }
    for mm in [1, nil] as [Double?] {
      file.coordinates = ModelCoordinates(unit: "mm", millimetresPerUnit: mm)
      #expect(try LookaheadModel(bytes: try file.fileData()).file.coordinates.millimetresPerUnit == mm)
    }
  }
}
