/// The five shared datasets of the per-sample anchor protocol (ANCHOR-PROTOCOL.md §2), with the
/// unit and millimetre scale under which their reference numbers were computed.
public enum AnchorDataset: String, Sendable, Hashable, CaseIterable {
  case inkableApplePencil = "Inkable-ApplePencil"
  case turboTouch = "TurboTouch-Nancel2018"
  case henze2017 = "Henze2017-MobileHCI"
  case svc2004Task2 = "SVC2004-Task2"
  case wacomMSP13 = "WacomMSP13-HandwritingSpeed"

  /// The dataset folder name under `../shared/datasets`.
  public var folder: String { rawValue }

  /// The native coordinate unit, as §3's table titles name it.
  public var nativeUnit: String {
    switch self {
    case .inkableApplePencil: "pt"
    case .turboTouch, .henze2017: "px"
    case .svc2004Task2, .wacomMSP13: "tablet counts"
    }
  }

  /// Millimetres per native unit used for §3's mm tables (§2's "mm per unit" column).
  public var millimetresPerUnit: Double {
    switch self {
    case .inkableApplePencil: 0.192
    case .turboTouch: 0.248
    case .henze2017: 0.07864
    case .svc2004Task2: 0.01
    case .wacomMSP13: 0.005
    }
  }

  /// What §2 says about that scale.
  public var scaleNote: String {
    switch self {
    case .inkableApplePencil: "1 pt = 0.0192 cm, as the Inkable SOURCE.md assumes"
    case .turboTouch: "assumes a 21.5\" 1920×1080 3M display (the \"3M\" in the repository's config name); unverified"
    case .henze2017: "323 ppi Nexus 7 (2013), per SOURCE.md; unverified"
    case .svc2004Task2: "2540 lpi; unverified"
    case .wacomMSP13: "5080 lpi; unverified"
    }
  }

  /// The dataset named by its folder, or `nil`.
  public init?(folder: String) {
    self.init(rawValue: folder)
  }
}
