/// The coordinate unit a model's parameters assume. Speeds, noise variances and gate thresholds
/// are in these units, so an app in another unit states its scale once
/// (``LookaheadModel/makePredictor(pointsPerMillimetre:)``) and the runtime converts.
public struct ModelCoordinates: Codable, Sendable, Hashable {
  /// The unit's name as the training data called it (`"px"`, `"pt"`, `"mm"`, `"tablet units"`).
  public var unit: String
  /// How many millimetres one unit is, or nil when the training data did not say (then the
  /// model can only be used in that same unit).
  public var millimetresPerUnit: Double?

  public init(unit: String, millimetresPerUnit: Double?) {
    self.unit = unit
    self.millimetresPerUnit = millimetresPerUnit
  }
}
