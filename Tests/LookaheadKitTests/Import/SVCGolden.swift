/// Golden SVC2004 figures for the shared copy (U1–U32, 1,280 files), computed independently by
/// `Tools/svc2004_counts.py` (plain Python, its own stroke split and R1–R3 cleaning):
/// `files 1280 rows 273036 strokes 7996 kept 272502 R1 13 R2 516 R3 5`.
/// The 13 out-of-order rows and 516 same-time rows agree with SOURCE.md's "13 negative-dt
/// intervals" and "516 zero-dt intervals" (counted over all 40 users: the anomalies all lie in U1–U32).
enum SVCGolden {
  static let rows = 273_036
  static let strokes = 7_996
  static let kept = 272_502
  static let outOfOrder = 13
  static let sameTime = 516
  static let duplicate = 5
  /// `Task2/U29S1.TXT` line 2: `3936 8499 60961768 0 1040 470 245`.
  static let u29s1First = (x: 3936.0, y: 8499.0, t: 60961768.0, azimuth: 1040.0, altitude: 470.0, pressure: 245.0)
}
