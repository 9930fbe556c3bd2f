/// Table 1 of N. Henze, H. V. Le, S. Mayer, V. Schwind, "Improving Software-Reduced Touchscreen
/// Latency", MobileHCI 2017 adjunct: mean Euclidean error in px of five predictors on the three
/// tasks at 2, 4 and 6 rows ahead ("33.33 / 66.67 / 100 ms"), as restated in
/// `shared/datasets/Henze2017-MobileHCI/SOURCE.md` and shown in its `Table.png`; with the
/// kept-window counts that SOURCE.md's independent re-implementation of the protocol found.
enum Henze2017Table {
  /// Tasks in the paper's column order, with the file-name prefix of their traces.
  static let tasks = ["Write", "Paint", "Fitts"]
  /// Rows ahead for the three columns of each task.
  static let samplesAhead = [2, 4, 6]
  static let horizonLabels = ["33.33 ms", "66.67 ms", "100 ms"]

  /// Mean error, px: per predictor, Write 33/67/100, Paint 33/67/100, Fitts 33/67/100.
  static let means: [(predictor: ReferencePredictor, values: [Double])] = [
    (.hold, [15.4, 29.7, 42.5, 40.2, 77.9, 110.1, 31.7, 52.6, 66.3]),
    (.linear, [7.8, 21.1, 38.5, 25.1, 67.9, 123.3, 16.9, 39.6, 69.0]),
    (.henze2016Ensemble, [6.0, 14.5, 24.8, 16.1, 36.5, 60.2, 11.4, 26.1, 43.4]),
    (.henze2017MLP, [5.6, 13.0, 23.1, 14.3, 32.8, 55.4, 8.7, 16.8, 27.8]),
    (.henze2017LSTM, [5.1, 13.0, 23.0, 13.2, 31.9, 54.3, 7.4, 15.6, 25.4]),
  ]

  /// Kept windows in the same column order (SOURCE.md, "a second golden check").
  static let keptWindows = [70_998, 70_968, 70_938, 36_788, 36_777, 36_769, 7_566, 7_538, 7_511]

  /// The paper's own conversion: "10 mm are equivalent to 127.20 px".
  static let millimetresPerPixel = 10 / 127.20
}
