/// What touched the surface: a pen (stylus or its eraser end), a finger, or a mouse.
///
/// Platforms tell them apart (UIKit `UITouch.TouchType`, Android `MotionEvent.getToolType`, the
/// W3C Pointer Events `pointerType`, Linux `BTN_TOOL_PEN`/`ABS_MT_TOOL_TYPE`) because their motion
/// differs (a pen is faster and smoother than a finger, a mouse moves without contact), so
/// predictors may be tuned per type. `unknown` where the source does not say.
public enum PointerType: String, Sendable, Hashable, Codable, CaseIterable {
  case pen
  case touch
  case mouse
  case unknown

  /// The type named by a platform's word for it, case-insensitively: `pen`, `stylus`, `eraser`
  /// (Android `TOOL_TYPE_STYLUS`/`TOOL_TYPE_ERASER`, UIKit `.pencil`) → pen; `touch`, `finger`,
  /// `direct` → touch; `mouse` → mouse; empty, `unknown` → unknown. `nil` for any other word, so
  /// that an importer can report it.
  public init?(platformName: String) {
    var name = Substring(platformName.lowercased())
    for prefix in ["tool_type_", "pointer_type_"] where name.hasPrefix(prefix) { name = name.dropFirst(prefix.count) }
    switch name {
    case "pen", "stylus", "eraser", "pencil": self = .pen
    case "touch", "finger", "direct": self = .touch
    case "mouse": self = .mouse
    case "", "unknown": self = .unknown
    default: return nil
    }
  }
}
