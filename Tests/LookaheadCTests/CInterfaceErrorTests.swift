import CLookahead
import Foundation
import LookaheadRuntime
import Testing

@testable import LookaheadC

/// Bad input through the C interface: a status code naming the reason and the runtime's own
/// message, never a trap (`Sources/CLookahead/lookahead.h`).
@Suite("C interface: errors are codes, never traps")
struct CInterfaceErrorTests {
  @Test("a model that cannot be loaded: the code for the reason and the runtime's message")
  func loadErrors() throws {
    let garbage = CInterfaceFixtures.load(Data("not a model\n{}".utf8))
    #expect(garbage.status == LOOKAHEAD_ERROR_NOT_A_MODEL_FILE && garbage.model == nil)
    #expect(garbage.message == ModelFileError.notAModelFile.description)

    var damaged = try CInterfaceFixtures.modelFile("kalman-chromium").fileData()
    damaged[damaged.count - 3] ^= 0x01  // a body byte: the checksum no longer matches
    let refused = CInterfaceFixtures.load(damaged)
    #expect(refused.status == LOOKAHEAD_ERROR_CHECKSUM_MISMATCH && refused.model == nil)
    #expect(refused.message.hasPrefix("model file is damaged"))

    #expect(CInterfaceFixtures.load(Data()).status == LOOKAHEAD_ERROR_NOT_A_MODEL_FILE)

    var model: OpaquePointer?
    #expect(lookahead_model_load_bytes(nil, 10, &model, nil, 0) == LOOKAHEAD_ERROR_NULL_ARGUMENT)
    #expect(lookahead_model_load_bytes("x", 1, nil, nil, 0) == LOOKAHEAD_ERROR_NULL_ARGUMENT)
    #expect(lookahead_model_load_file(nil, &model, nil, 0) == LOOKAHEAD_ERROR_NULL_ARGUMENT)

    var message = [CChar](repeating: 0, count: 256)
    let missing = "/nonexistent-folder/lookahead.model"
    #expect(lookahead_model_load_file(missing, &model, &message, message.count) == LOOKAHEAD_ERROR_UNREADABLE)
    #expect(model == nil && CInterfaceFixtures.text(message).contains(missing))
  }

  @Test("a model loads from a path as from its bytes")
  func loadFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cabi-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("k.model")
    let file = try CInterfaceFixtures.modelFile("kalman-androidx")
    try file.fileData().write(to: url)
    var model: OpaquePointer?
    #expect(lookahead_model_load_file(url.path, &model, nil, 0) == LOOKAHEAD_OK)
    defer { lookahead_model_free(model) }
    let handle = try #require(model)
    #expect(CModelHandle.model(handle).pointee.file == file)
  }

  @Test("predictor creation: an unknown model unit and unusable scales are codes")
  func createErrors() throws {
    let unsized = CInterfaceFixtures.load(try CInterfaceFixtures.modelFile("linear", millimetresPerUnit: nil).fileData())
    defer { lookahead_model_free(unsized.model) }
    let refused = CInterfaceFixtures.predictor(unsized.model, pointsPerMillimetre: 5.2)
    #expect(refused.status == LOOKAHEAD_ERROR_UNKNOWN_MODEL_UNIT && refused.predictor == nil)
    #expect(refused.message == CoordinateScaleError.unknownModelUnit.description)
    let ownUnit = CInterfaceFixtures.predictor(unsized.model, pointsPerMillimetre: LOOKAHEAD_MODEL_UNIT)
    #expect(ownUnit.status == LOOKAHEAD_OK && ownUnit.predictor != nil)
    lookahead_predictor_free(ownUnit.predictor)

    let sized = CInterfaceFixtures.load(try CInterfaceFixtures.modelFile("linear").fileData())
    defer { lookahead_model_free(sized.model) }
    for scale in [-1, .nan, .infinity, -.infinity, Double.leastNonzeroMagnitude] {
      let made = CInterfaceFixtures.predictor(sized.model, pointsPerMillimetre: scale)
      #expect(made.status == LOOKAHEAD_ERROR_INVALID_SCALE && made.predictor == nil, "\(scale)")
      #expect(made.message.hasPrefix("coordinate scale"), "\(scale)")
    }
    #expect(CInterfaceFixtures.predictor(nil, pointsPerMillimetre: 0).status == LOOKAHEAD_ERROR_NULL_ARGUMENT)
    #expect(lookahead_predictor_create(sized.model, 0, nil, nil, 0) == LOOKAHEAD_ERROR_NULL_ARGUMENT)
  }

  @Test("observe says why it ignored a sample; the predictor carries on")
  func observeReasons() throws {
    // A 0.1 mm model at 5.2 pt/mm: app to model multiplies by 1/0.52, so 1e308 pt overflows.
    let loaded = CInterfaceFixtures.load(try CInterfaceFixtures.modelFile("linear").fileData())
    defer { lookahead_model_free(loaded.model) }
    let made = CInterfaceFixtures.predictor(loaded.model, pointsPerMillimetre: 5.2)
    defer { lookahead_predictor_free(made.predictor) }
    let p = made.predictor
    let unknown = Double.nan  // LOOKAHEAD_UNKNOWN
    #expect(lookahead_predictor_observe(p, 1.0, 10, 10, unknown, unknown, unknown) == LOOKAHEAD_OK)
    #expect(lookahead_predictor_observe(p, .nan, 10, 10, 0.5, 1, 1) == LOOKAHEAD_ERROR_SAMPLE_NOT_FINITE)
    #expect(lookahead_predictor_observe(p, 1.01, .infinity, 10, 0.5, 1, 1) == LOOKAHEAD_ERROR_SAMPLE_NOT_FINITE)
    #expect(lookahead_predictor_observe(p, 1.01, 10, -.nan, 0.5, 1, 1) == LOOKAHEAD_ERROR_SAMPLE_NOT_FINITE)
    #expect(lookahead_predictor_observe(p, 0.99, 10, 10, 0.5, 1, 1) == LOOKAHEAD_ERROR_TIME_BACKWARDS)
    #expect(lookahead_predictor_observe(p, 1.01, 1e308, 10, 0.5, 1, 1) == LOOKAHEAD_ERROR_SAMPLE_OUT_OF_RANGE)
    #expect(lookahead_predictor_observe(p, 1.0, 11, 10, .infinity, unknown, unknown) == LOOKAHEAD_OK)  // a re-report
    #expect(lookahead_predictor_observe(p, 1.01, 12, 10, 0.5, unknown, unknown) == LOOKAHEAD_OK)
    // Linear from the two newest taken samples (1.0 s, 11) and (1.01 s, 12): 100 pt/s.
    var point = lookahead_point()
    #expect(lookahead_predictor_predict(p, 1.02, &point) == LOOKAHEAD_OK)
    #expect(abs(point.x - 13) < 1e-9 && abs(point.y - 10) < 1e-9)
    #expect(lookahead_predictor_predict(p, .nan, &point) == LOOKAHEAD_ERROR_TIME_NOT_FINITE)
    #expect(lookahead_predictor_predict(p, .infinity, &point) == LOOKAHEAD_ERROR_TIME_NOT_FINITE)
    #expect(lookahead_predictor_predict(nil, 1, &point) == LOOKAHEAD_ERROR_NULL_ARGUMENT)
    #expect(lookahead_predictor_predict(p, 1, nil) == LOOKAHEAD_ERROR_NULL_ARGUMENT)
    #expect(lookahead_predictor_observe(nil, 1, 1, 1, 1, 1, 1) == LOOKAHEAD_ERROR_NULL_ARGUMENT)
    #expect(lookahead_predictor_reset(nil) == LOOKAHEAD_ERROR_NULL_ARGUMENT)
    #expect(lookahead_predictor_reset(p) == LOOKAHEAD_OK)
    #expect(lookahead_predictor_predict(p, 1.02, &point) == LOOKAHEAD_NO_PREDICTION)
    lookahead_predictor_free(nil)
    lookahead_model_free(nil)
  }

  @Test("a path: a null buffer or count is a code, capacity 0 writes nothing, more than the maximum is clamped")
  func pathArguments() throws {
    let loaded = CInterfaceFixtures.load(try CInterfaceFixtures.modelFile("linear").fileData())
    defer { lookahead_model_free(loaded.model) }
    let made = CInterfaceFixtures.predictor(loaded.model, pointsPerMillimetre: 0)
    defer { lookahead_predictor_free(made.predictor) }
    let p = made.predictor
    for index in 0..<4 { _ = lookahead_predictor_observe(p, Double(index) / 240, Double(index), 0, 0.5, 1, 1) }
    var points = [lookahead_point](repeating: lookahead_point(), count: 100)
    var count = -1
    #expect(lookahead_predictor_predict_path(p, 1, 0, nil, 4, &count) == LOOKAHEAD_ERROR_NULL_ARGUMENT)
    #expect(lookahead_predictor_predict_path(p, 1, 0, &points, 4, nil) == LOOKAHEAD_ERROR_NULL_ARGUMENT)
    #expect(lookahead_predictor_predict_path(p, 1, 0, nil, 0, &count) == LOOKAHEAD_NO_PREDICTION && count == 0)
    #expect(lookahead_predictor_predict_path(p, .nan, 0, &points, 4, &count) == LOOKAHEAD_ERROR_TIME_NOT_FINITE && count == 0)
    // One second ahead at 240 Hz is 240 steps: the path stops at the maximum, the last slot the
    // presentation time.
    #expect(lookahead_predictor_predict_path(p, 3.0 / 240 + 1, 0, &points, 100, &count) == LOOKAHEAD_OK)
    #expect(count == Int(LOOKAHEAD_MAX_PATH_POINTS))
    #expect(points[count - 1].time == 3.0 / 240 + 1 && points[count - 2].time == 3.0 / 240 + 63.0 / 240)
  }

  @Test("the message buffer: NUL-terminated, cut at a character boundary, null or empty is fine")
  func messages() {
    var buffer = [CChar](repeating: 0x7F, count: 8)
    writeMessage("abcdefghij", to: &buffer, capacity: 4)
    #expect(CInterfaceFixtures.text(buffer) == "abc")
    writeMessage("aé", to: &buffer, capacity: 3)  // "é" is two bytes; only one would fit
    #expect(CInterfaceFixtures.text(buffer) == "a")
    writeMessage("a€b", to: &buffer, capacity: 4)  // "€" is three bytes: cut before it
    #expect(CInterfaceFixtures.text(buffer) == "a")
    writeMessage("a€b", to: &buffer, capacity: 5)
    #expect(CInterfaceFixtures.text(buffer) == "a€")
    writeMessage("", to: &buffer, capacity: 8)
    #expect(buffer[0] == 0)
    buffer[0] = 0x41
    writeMessage("xyz", to: &buffer, capacity: 0)
    #expect(buffer[0] == 0x41)
    writeMessage("xyz", to: nil, capacity: 8)
  }

  @Test("every status code has its name from the header")
  func statusNames() {
    let codes: [(lookahead_status, String)] = [
      (LOOKAHEAD_OK, "LOOKAHEAD_OK"), (LOOKAHEAD_NO_PREDICTION, "LOOKAHEAD_NO_PREDICTION"),
      (LOOKAHEAD_ERROR_NULL_ARGUMENT, "LOOKAHEAD_ERROR_NULL_ARGUMENT"),
      (LOOKAHEAD_ERROR_SAMPLE_NOT_FINITE, "LOOKAHEAD_ERROR_SAMPLE_NOT_FINITE"),
      (LOOKAHEAD_ERROR_TIME_BACKWARDS, "LOOKAHEAD_ERROR_TIME_BACKWARDS"),
      (LOOKAHEAD_ERROR_SAMPLE_OUT_OF_RANGE, "LOOKAHEAD_ERROR_SAMPLE_OUT_OF_RANGE"),
      (LOOKAHEAD_ERROR_TIME_NOT_FINITE, "LOOKAHEAD_ERROR_TIME_NOT_FINITE"),
      (LOOKAHEAD_ERROR_UNREADABLE, "LOOKAHEAD_ERROR_UNREADABLE"),
      (LOOKAHEAD_ERROR_NOT_A_MODEL_FILE, "LOOKAHEAD_ERROR_NOT_A_MODEL_FILE"),
      (LOOKAHEAD_ERROR_UNSUPPORTED_VERSION, "LOOKAHEAD_ERROR_UNSUPPORTED_VERSION"),
      (LOOKAHEAD_ERROR_CHECKSUM_MISMATCH, "LOOKAHEAD_ERROR_CHECKSUM_MISMATCH"),
      (LOOKAHEAD_ERROR_MALFORMED, "LOOKAHEAD_ERROR_MALFORMED"),
      (LOOKAHEAD_ERROR_UNKNOWN_PREDICTOR, "LOOKAHEAD_ERROR_UNKNOWN_PREDICTOR"),
      (LOOKAHEAD_ERROR_INVALID_PARAMETER, "LOOKAHEAD_ERROR_INVALID_PARAMETER"),
      (LOOKAHEAD_ERROR_INVALID_SCALE, "LOOKAHEAD_ERROR_INVALID_SCALE"),
      (LOOKAHEAD_ERROR_UNKNOWN_MODEL_UNIT, "LOOKAHEAD_ERROR_UNKNOWN_MODEL_UNIT"),
      (lookahead_status(rawValue: 77), "LOOKAHEAD_UNKNOWN_STATUS"),
    ]
    for (code, name) in codes { #expect(String(cString: lookahead_status_name(code)) == name) }
  }
}
