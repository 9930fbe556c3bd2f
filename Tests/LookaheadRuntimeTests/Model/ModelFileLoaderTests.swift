import Foundation
import LookaheadRuntime
import Testing

@Suite("Model file loader")
struct ModelFileLoaderTests {
  @Test("every family round-trips through a model file unchanged", arguments: ModelFixtures.configurations)
  func roundTrip(configuration: PredictorConfiguration) throws {
    let file = ModelFixtures.file(configuration)
    let model = try LookaheadModel(bytes: try file.fileData())
    #expect(model.file == file)
    #expect(model.configuration == configuration)
  }

  @Test("the header line is the documented one and the checksum is zlib's CRC-32 of the body")
  func header() throws {
    let data = try ModelFixtures.file(ModelFixtures.configurations[0]).fileData()
    let newline = data.firstIndex(of: UInt8(ascii: "\n"))!
    let header = String(decoding: data[..<newline], as: UTF8.self)
    let crc = CRC32.checksum(data[(newline + 1)...])
    let hex = String(crc, radix: 16)
    #expect(header == "lookahead-model 1 crc32=" + String(repeating: "0", count: 8 - hex.count) + hex)
  }

  @Test("loading from a file reads the same model; a missing file names its path")
  func fromFile() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("lookahead-loader-\(UInt64.random(in: 0...UInt64.max)).model")
    defer { try? FileManager.default.removeItem(at: url) }
    let file = ModelFixtures.file(ModelFixtures.configurations[3])
    try file.fileData().write(to: url)
    #expect(try LookaheadModel(contentsOf: url).file == file)
    let missing = url.appendingPathExtension("missing")
    #expect {
      try LookaheadModel(contentsOf: missing)
    } throws: { error in
      guard case .unreadable(let path, let detail) = error as? ModelFileError else { return false }
      return path == missing.path && detail == "the file doesn't exist"
    }
    // The runtime links FoundationEssentials only (no localizedDescription): the cause is named
    // by the loader itself.
    #expect(throws: ModelFileError.unreadable(path: FileManager.default.temporaryDirectory.path, detail: "it is a directory")) {
      try LookaheadModel(contentsOf: FileManager.default.temporaryDirectory)
    }
    // A device is named as one, not as "permission denied" (which it was, to root as well).
    let device = "not a regular file (a device, pipe or socket); a model is read from a file"
    #expect(throws: ModelFileError.unreadable(path: "/dev/null", detail: device)) {
      try LookaheadModel(contentsOf: URL(fileURLWithPath: "/dev/null"))
    }
  }

  @Test("an unknown version in the header is refused as such")
  func unknownVersionHeader() throws {
    var data = try ModelFixtures.file(ModelFixtures.configurations[0]).fileData()
    data[data.startIndex + 16] = UInt8(ascii: "8")  // "lookahead-model 8 crc32=…"
    #expect(throws: ModelFileError.unsupportedVersion(found: 8, supported: 6)) { try LookaheadModel(bytes: data) }
  }

  @Test("an unknown version in the body is refused as such")
  func unknownVersionBody() throws {
    let data = try ModelFixtures.resealed(ModelFixtures.file(ModelFixtures.configurations[0])) {
      $0 = $0.replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 7")
    }
    #expect(throws: ModelFileError.unsupportedVersion(found: 7, supported: 6)) { try LookaheadModel(bytes: data) }
  }

  @Test("a changed byte in the body fails the checksum")
  func badChecksum() throws {
    var data = try ModelFixtures.file(ModelFixtures.configurations[0]).fileData()
    let index = data.count - 10
    data[index] ^= 0x01
    #expect {
      try LookaheadModel(bytes: data)
    } throws: { error in
      if case .checksumMismatch = error as? ModelFileError { return true }
      return false
    }
  }

  @Test("an unknown predictor family is named")
  func unknownFamily() throws {
    let data = try ModelFixtures.resealed(ModelFixtures.file(ModelFixtures.configurations[3])) {
      $0 = $0.replacingOccurrences(of: "\"family\" : \"kalman\"", with: "\"family\" : \"neural\"")
    }
    #expect(throws: ModelFileError.unknownPredictor("neural")) { try LookaheadModel(bytes: data) }
  }

  @Test("an out-of-range parameter is refused naming the field")
  func outOfRange() throws {
    let data = try ModelFixtures.resealed(ModelFixtures.file(ModelFixtures.configurations[5])) {
      $0 = $0.replacingOccurrences(of: "\"alpha\" : 0.5", with: "\"alpha\" : 1.5")
    }
    #expect {
      try LookaheadModel(bytes: data)
    } throws: { error in
      guard case .invalidParameter(let field, let detail) = error as? ModelFileError else { return false }
      return field.contains("doubleExponential.alpha") && detail.hasPrefix("1.5")
    }
  }

  @Test("trained weights of the wrong count are refused naming the weights")
  func wrongWeightCount() throws {
    var parameters = LearnedLinearPredictor.Parameters.constantVelocity(historyCount: 2)
    parameters.weights.removeLast()
    let file = ModelFixtures.file(PredictorConfiguration(family: .learnedLinear(parameters)))
    #expect {
      try LookaheadModel(bytes: try file.fileData())
    } throws: { error in
      guard case .invalidParameter(let field, _) = error as? ModelFileError else { return false }
      return field.contains("learnedLinear.weights")
    }
  }

  @Test("an MLP model of the wrong shape or with a non-finite weight is refused naming the field")
  func mlpShapesAndNumbers() throws {
    var parameters = MLPPredictor.Parameters.linearStart(historyCount: 2, hiddenSizes: [3])
    parameters.hiddenSizes = [4]  // the weights are for 3 hidden units
    let wrongShape = ModelFixtures.file(PredictorConfiguration(family: .mlp(parameters)))
    #expect {
      try LookaheadModel(bytes: try wrongShape.fileData())
    } throws: { error in
      guard case .invalidParameter(let field, _) = error as? ModelFileError else { return false }
      return field.contains("mlp.weights")
    }
    // A weight too large for a Double (JSON has no NaN) is refused before anything predicts.
    let good = ModelFixtures.file(
      PredictorConfiguration(family: .mlp(.linearStart(historyCount: 2, hiddenSizes: [3]))))
    #expect(throws: Never.self) { try LookaheadModel(bytes: try good.fileData()) }
    let huge = try ModelFixtures.resealed(good) {
      $0 = $0.replacingOccurrences(of: "\"outputScale\" : 1", with: "\"outputScale\" : 1e999")
    }
    #expect(throws: (any Error).self) { try LookaheadModel(bytes: huge) }
  }

  @Test("a missing or mistyped field is reported with its JSON path")
  func malformedPaths() throws {
    let file = ModelFixtures.file(ModelFixtures.configurations[3])
    let missing = try ModelFixtures.resealed(file) {
      $0 = $0.replacingOccurrences(of: "\"processNoise\"", with: "\"processNoize\"")
    }
    #expect(throws: ModelFileError.malformed(path: "$.predictor.configuration.parameters.processNoise", detail: "missing field")) {
      try LookaheadModel(bytes: missing)
    }
    let mistyped = try ModelFixtures.resealed(file) {
      $0 = $0.replacingOccurrences(of: "\"seed\" : 7", with: "\"seed\" : \"seven\"")
    }
    #expect {
      try LookaheadModel(bytes: mistyped)
    } throws: { error in
      guard case .malformed(let path, _) = error as? ModelFileError else { return false }
      return path == "$.provenance.seed"
    }
    // A number that does not fit a whole-number field: Foundation names no field, but the file is
    // valid JSON and is not called invalid (it was: "not valid JSON"). A cut-off file still is.
    for seed in ["-5", "1.5"] {
      let unfit = try ModelFixtures.resealed(file) { $0 = $0.replacingOccurrences(of: "\"seed\" : 7", with: "\"seed\" : \(seed)") }
      #expect {
        try LookaheadModel(bytes: unfit)
      } throws: { error in
        guard case .malformed("$", let detail) = error as? ModelFileError else { return false }
        return detail.hasPrefix("valid JSON, but a number does not fit the field it is in")
      }
    }
    let cut = try ModelFixtures.resealed(file) { $0 = String($0.dropLast(40)) }
    #expect(throws: ModelFileError.malformed(path: "$", detail: "not valid JSON")) { try LookaheadModel(bytes: cut) }
  }

  @Test("coordinate and horizon numbers must be usable")
  func unusableNumbers() throws {
    // 1e-320 was taken, and the app's valid scale times it was zero: refused in the file now.
    for millimetres in [0, 1e-320, 1e-7, 2e6] {
      let badScale = ModelFixtures.file(ModelFixtures.configurations[0], millimetresPerUnit: millimetres)
      #expect {
        try LookaheadModel(bytes: try badScale.fileData())
      } throws: { error in
        guard case .invalidParameter(let field, _) = error as? ModelFileError else { return false }
        return field == "$.coordinates.millimetresPerUnit"
      }
    }
    for millimetres in [1e-6, 0.0627, 1e6] {
      #expect(throws: Never.self) {
        try LookaheadModel(bytes: try ModelFixtures.file(ModelFixtures.configurations[0], millimetresPerUnit: millimetres).fileData())
      }
    }
    let badHorizon = ModelFixtures.file(ModelFixtures.configurations[0], horizonPolicy: .fixed(-0.01))
    #expect {
      try LookaheadModel(bytes: try badHorizon.fileData())
    } throws: { error in
      guard case .invalidParameter(let field, _) = error as? ModelFileError else { return false }
      return field == "$.tunedFor.horizonPolicy.horizonSeconds"
    }
  }
}
