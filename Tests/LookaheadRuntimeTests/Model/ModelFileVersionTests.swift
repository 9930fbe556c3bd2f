import Foundation
import Testing

@testable import LookaheadRuntime

/// Version 2 of the model file is version 1 plus MLP ensembles: an ensemble is written as version
/// 2, so a runtime that reads only version 1 refuses it (instead of ignoring `additionalMembers`
/// and predicting with the first network alone), and every other model stays version 1.
@Suite("Model file versions")
struct ModelFileVersionTests {
  static func ensembleFile() throws -> ModelFile {
    let first = MLPEnsembleTests.trainedLike(historyCount: 3, hiddenSizes: [5])
    let second = MLPEnsembleTests.trainedLike(historyCount: 3, hiddenSizes: [4, 3], seed: 2)
    return ModelFixtures.file(PredictorConfiguration(family: .mlp(try MLPPredictor.Parameters.ensemble([first, second]))))
  }

  static func header(_ data: Data) -> String {
    String(decoding: data[..<data.firstIndex(of: UInt8(ascii: "\n"))!], as: UTF8.self)
  }

  @Test("every family, a single MLP included, is written as version 1; an MLP ensemble as version 2")
  func writtenVersions() throws {
    let single = ModelFixtures.file(PredictorConfiguration(family: .mlp(MLPEnsembleTests.trainedLike(historyCount: 3, hiddenSizes: [5]))))
    for file in ModelFixtures.configurations.map({ ModelFixtures.file($0) }) + [single] {
      #expect(file.version == 1)
      #expect(Self.header(try file.fileData()).hasPrefix("lookahead-model 1 "))
    }
    let ensemble = try Self.ensembleFile()
    #expect(ensemble.version == 2)
    let data = try ensemble.fileData()
    #expect(Self.header(data).hasPrefix("lookahead-model 2 "))
    #expect(String(decoding: data, as: UTF8.self).contains("\"version\" : 2"))
    #expect(try LookaheadModel(bytes: data).file == ensemble)
  }

  @Test("an ensemble in a version-1 file is refused naming $.version (a version-1 reader would use one network)")
  func ensembleInVersionOne() throws {
    var file = try Self.ensembleFile()
    file.version = 1
    Self.expectRefusedAtVersion(file, saying: "needs version 2")
  }

  /// Expects `file`, written and loaded, to be refused at `$.version` with a detail containing `text`.
  /// An MLP model whose `parameters` hold the optional `key` (`value` as JSON, `true` for a flag)
  /// is written as format `version`, in the header and the body, with `"key" : value`, and reads
  /// back equal; the same model without it (`plain`) has no such key at all. Returns the file.
  @discardableResult
  static func expectWrittenOnlyWhenOn(
    _ key: String, value: String = "true", version: Int, plain: MLPPredictor.Parameters,
    with parameters: MLPPredictor.Parameters
  ) throws -> ModelFile {
    try expectWrittenOnlyWhenOn(key, value: value, version: version, plain: plain, with: .mlp(parameters))
  }

  /// The same for any family: `plain` is the family's parameters without the key, `family` the
  /// model with it.
  @discardableResult
  static func expectWrittenOnlyWhenOn(
    _ key: String, value: String = "true", version: Int, plain: some Encodable, with family: PredictorFamily
  ) throws -> ModelFile {
    let off = String(decoding: try JSONEncoder().encode(plain), as: UTF8.self)
    #expect(!off.contains(key))
    let file = ModelFixtures.file(PredictorConfiguration(family: family))
    #expect(file.version == version)
    let data = try file.fileData()
    #expect(Self.header(data).hasPrefix("lookahead-model \(version) "))
    #expect(String(decoding: data, as: UTF8.self).contains("\"\(key)\" : \(value)"))
    #expect(try LookaheadModel(bytes: data).file == file)
    return file
  }

  static func expectRefusedAtVersion(_ file: ModelFile, saying text: String) {
    #expect {
      try LookaheadModel(bytes: try file.fileData())
    } throws: { error in
      guard case .malformed(let path, let detail) = error as? ModelFileError else { return false }
      return path == "$.version" && detail.contains(text)
    }
  }

  @Test("a body whose version differs from the header's is refused")
  func headerAndBodyDisagree() throws {
    let data = try ModelFixtures.resealed(ModelFixtures.file(ModelFixtures.configurations[0])) {
      $0 = $0.replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 2")
    }
    #expect(throws: ModelFileError.malformed(path: "$.version", detail: "2, but the header says version 1")) {
      try LookaheadModel(bytes: data)
    }
  }
}
