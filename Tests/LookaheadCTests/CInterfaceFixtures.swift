import CLookahead
import Foundation
import LookaheadKit
import LookaheadRuntime

/// Models and handles for the C interface tests: catalog predictors exported as model files,
/// loaded through `lookahead_model_load_bytes` as a C app would.
enum CInterfaceFixtures {
  /// Every exportable family, by catalog specification.
  static let specifications = [
    "hold", "linear:order=2", "polynomial", "kalman-chromium", "kalman-androidx", "desp", "alpha-beta-gamma",
    "learned-linear",
  ]

  static func modelFile(_ specification: String, millimetresPerUnit: Double? = 0.1) throws -> ModelFile {
    let predictor = try PredictorCatalog.exported.configure(specification: specification)
    return try ModelExporter.modelFile(
      predictor: predictor, entry: try? PredictorCatalog.exported.entry(named: predictor.name),
      coordinates: ModelCoordinates(unit: "px", millimetresPerUnit: millimetresPerUnit),
      profile: .pencil240ProMotion120, digitizerRateHz: 240,
      provenance: ModelProvenance(lookaheadVersion: LookaheadVersion.string))
  }

  /// `lookahead_model_load_bytes` on `bytes`: the status, the handle and the message.
  static func load(_ bytes: Data) -> (status: lookahead_status, model: OpaquePointer?, message: String) {
    var model: OpaquePointer?
    var message = [CChar](repeating: 0x7F, count: 512)
    let status = bytes.withUnsafeBytes { raw in
      lookahead_model_load_bytes(raw.baseAddress, raw.count, &model, &message, message.count)
    }
    return (status, model, CInterfaceFixtures.text(message))
  }

  /// `lookahead_predictor_create`: the status, the handle and the message.
  static func predictor(
    _ model: OpaquePointer?, pointsPerMillimetre: Double
  ) -> (status: lookahead_status, predictor: OpaquePointer?, message: String) {
    var predictor: OpaquePointer?
    var message = [CChar](repeating: 0x7F, count: 512)
    let status = lookahead_predictor_create(model, pointsPerMillimetre, &predictor, &message, message.count)
    return (status, predictor, CInterfaceFixtures.text(message))
  }

  /// The NUL-terminated text in a message buffer.
  static func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// A C point and a Swift prediction agree to the bit (an unknown property is NaN in C).
  static func same(_ point: lookahead_point, _ predicted: PredictedPoint) -> Bool {
    func same(_ c: Double, _ swift: Double?) -> Bool {
      guard let swift else { return c.isNaN }
      return c.bitPattern == swift.bitPattern
    }
    return point.time.bitPattern == predicted.time.bitPattern && point.x.bitPattern == predicted.x.bitPattern
      && point.y.bitPattern == predicted.y.bitPattern && same(point.pressure, predicted.pressure)
      && same(point.altitude, predicted.altitude) && same(point.azimuth, predicted.azimuth)
  }
}
