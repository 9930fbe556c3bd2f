/// Converts between the app's coordinates and the model's.
///
/// A model's parameters (speeds, noise variances, gate thresholds) are in the unit of the data it
/// was tuned on (``ModelCoordinates``). Rather than rescaling every parameter, the runtime
/// rescales positions on the way in and out: a predictor fed `x · appToModel` predicts in model
/// units, and its output is multiplied by `modelToApp`. Because every family is a function of
/// positions that commutes with scaling (up to rounding), this is the same model in millimetres.
///
/// When the app's scale equals the model's (the product `pointsPerMillimetre ×
/// millimetresPerUnit` is 1 to within 4 ulp), the scale is ``identity`` and positions pass
/// through untouched, so the predictions are bit-for-bit those of the workbench.
public struct CoordinateScale: Sendable, Hashable {
  /// Model units per app point.
  public let appToModel: Double
  /// App points per model unit.
  public let modelToApp: Double

  /// True when positions pass through unchanged.
  @inlinable public var isIdentity: Bool { appToModel == 1 && modelToApp == 1 }

  /// The app already works in the model's unit.
  public static let identity = CoordinateScale(appToModel: 1, modelToApp: 1)

  private init(appToModel: Double, modelToApp: Double) {
    self.appToModel = appToModel
    self.modelToApp = modelToApp
  }

  /// The scale for an app whose coordinates have `pointsPerMillimetre` points per millimetre
  /// (UIKit points on an iPad Pro: about 5.2; Android px: `xdpi / 25.4`), for a model whose unit
  /// is `millimetresPerUnit` mm.
  public init(
    pointsPerMillimetre: Double, modelMillimetresPerUnit: Double
  ) throws(CoordinateScaleError) {
    guard pointsPerMillimetre.isFinite, pointsPerMillimetre > 0 else {
      throw .invalidAppScale(pointsPerMillimetre)
    }
    guard modelMillimetresPerUnit.isFinite, modelMillimetresPerUnit > 0 else {
      throw .unknownModelUnit
    }
    let modelToApp = pointsPerMillimetre * modelMillimetresPerUnit
    guard modelToApp.isNormal else { throw .invalidAppScale(pointsPerMillimetre) }
    if abs(modelToApp - 1) <= 4 * Double.ulpOfOne {
      self = .identity
    } else {
      let appToModel = 1 / modelToApp
      guard appToModel.isNormal else { throw .invalidAppScale(pointsPerMillimetre) }
      self.init(appToModel: appToModel, modelToApp: modelToApp)
    }
  }

  /// A sample in app coordinates, in model units (time and pen properties unchanged).
  @inlinable
  public func toModel(_ sample: PointerSample) -> PointerSample {
    if isIdentity { return sample }
    var scaled = sample
    scaled.x = sample.x * appToModel
    scaled.y = sample.y * appToModel
    return scaled
  }

  /// A prediction in model units, in app coordinates.
  @inlinable
  public func toApp(_ point: PredictedPoint) -> PredictedPoint {
    if isIdentity { return point }
    var scaled = point
    scaled.x = point.x * modelToApp
    scaled.y = point.y * modelToApp
    return scaled
  }
}

/// Why an app's coordinate scale cannot be used with a model.
public enum CoordinateScaleError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Points per millimetre must be a finite number above 0.
  case invalidAppScale(Double)
  /// The model does not know how many millimetres its unit is; use it in its own unit.
  case unknownModelUnit

  public var description: String {
    switch self {
    case .invalidAppScale(let value):
      "coordinate scale \(value) points per millimetre: expected a finite number above 0"
    case .unknownModelUnit:
      "the model's coordinate unit has no known size in millimetres (coordinates.millimetresPerUnit); "
        + "feed it coordinates in its own unit with makePredictor()"
    }
  }
}
