/// Where a sample sits in the life of a contact, as the platform reported it.
///
/// `hover` samples are pen-up motion in proximity (Wacom MSP13 records them); they never belong
/// to a contact stroke and a replay normally skips them.
public enum StrokePhase: String, Sendable, Hashable, Codable, CaseIterable {
  case down
  case move
  case up
  case hover
}
