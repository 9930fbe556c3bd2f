/// How the training reports name late-report re-timing (`train --retime-late-reports F`), the same
/// words for both learned families, in their text and in their results' recorded settings.
enum LateReportRetimingText {
  /// The phrase in a report's model line.
  static func label(_ fraction: Double) -> String {
    "late reports re-timed (steps under \(String(format: "%g", fraction)) of the window's median step)"
  }

  /// The value of the provenance setting (`mlp.lateReportFraction`, `learnedLinear.lateReportFraction`).
  static func setting(_ fraction: Double) -> String {
    "\(fraction) (steps shorter than this fraction of the window's median step re-timed)"
  }
}
