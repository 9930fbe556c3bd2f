/// The evaluation protocol of Henze, Le, Mayer & Schwind, "Improving Software-Reduced Touchscreen
/// Latency" (MobileHCI 2017 adjunct), as its repository's test notebooks run it
/// (`interactionlab/MobileHCI17-Touch-Extrapolation`) and as the dataset's `SOURCE.md` restates it,
/// so that its published table (hold and linear rows) is reproduced and comparable.
///
/// The horizon is a count of events, j ∈ {2, 4, 6} ("33 / 67 / 100 ms" at about 60 Hz). Over the
/// rows of each file in order (windows never cross files), a window of L = 11 + j consecutive rows
/// starts at every row i:
/// 1. `cut` is the first index in i ..< i+L whose row is missing or not a move (i+L+1 if none); the
///    window is kept only if cut − i > 11, so down and up rows never enter it;
/// 2. every position at index ≥ cut−1 repeats row cut−1 (a stroke ending early holds its last
///    move); each position's dt is its row's time minus the previous row's (a repeated one takes the
///    dt of row cut−1);
/// 3. the L−1 displacements between consecutive positions carry the dt of their later position; a
///    window with any dt below 1 ms is dropped;
/// 4. the predictor sees the first 10 displacements (with dt) and predicts the sum of the next j:
///    where the pointer is j rows after the 11th row, relative to it;
/// 5. the score is the mean Euclidean distance between predicted and true displacement.
///
/// Hold predicts (0, 0); linear predicts j × the last input displacement.
public struct Henze2017Protocol: Sendable, Hashable {
  /// One row of a file, in file order.
  public struct Row: Sendable, Hashable {
    /// Milliseconds (the file's uptime column).
    public var timeMilliseconds: Double
    public var x: Double
    public var y: Double
    /// Whether the row is a move (action 2); down and up rows end windows.
    public var isMove: Bool

    public init(timeMilliseconds: Double, x: Double, y: Double, isMove: Bool) {
      self.timeMilliseconds = timeMilliseconds
      self.x = x
      self.y = y
      self.isMove = isMove
    }
  }

  /// A step between two consecutive window positions.
  public struct Displacement: Sendable, Hashable {
    public var dx: Double
    public var dy: Double
    /// Time of the step's later row minus its previous row's, milliseconds.
    public var dtMilliseconds: Double
  }

  /// One kept window: what the predictor sees and what it should predict.
  public struct Window: Sendable, Hashable {
    /// File-order index of the window's first row.
    public var firstRow: Int
    /// The ``Henze2017Protocol/inputDisplacements`` input steps, oldest first.
    public var inputs: [Displacement]
    /// The true displacement from the 11th row to the position j rows later.
    public var targetDX: Double
    public var targetDY: Double
    /// Time from the 11th row to the target row: the sum of the dt of the j positions after the
    /// 11th (step 3's rule, so a stroke that ended early repeats its last move's dt), ms. The
    /// published networks were given it (the MLP as an input, the LSTM through time inputs
    /// shifted by j); an app knows it as the display time it predicts for.
    public var targetDtMilliseconds: Double
  }

  /// The protocol's score over a set of files.
  public struct Score: Sendable, Hashable {
    public var eventsAhead: Int
    /// Kept windows.
    public var windows: Int
    /// Mean Euclidean error, px.
    public var meanError: Double
  }

  /// Input displacements per window (11 rows).
  public static let inputDisplacements = 10
  /// The dummy dt of a window's first position, milliseconds (the notebooks' value; it never
  /// enters a displacement).
  public static let firstPositionDt = 17.0
  /// Windows with a step shorter than this are dropped, milliseconds (with 1e-6 ms allowance
  /// for times converted from whole milliseconds to seconds and back).
  public static let minimumDtMilliseconds = 1.0 - 1e-6

  /// j: how many rows ahead of the 11th row the target is. The paper uses 2, 4 and 6.
  public var eventsAhead: Int

  public init(eventsAhead: Int) { self.eventsAhead = max(1, eventsAhead) }

  /// Calls `body` with every kept window of one file's rows, in order. The window's `inputs`
  /// buffer is reused from one call to the next.
  public func forEachWindow(in rows: [Row], _ body: (Window) -> Void) {
    let length = 11 + eventsAhead
    let count = rows.count
    var window = Window(
      firstRow: 0,
      inputs: [Displacement](repeating: Displacement(dx: 0, dy: 0, dtMilliseconds: 0), count: Self.inputDisplacements),
      targetDX: 0, targetDY: 0, targetDtMilliseconds: 0)
    for i in 0..<count {
      var cut = i + length + 1
      for index in i..<(i + length) where index >= count || !rows[index].isMove {
        cut = index
        break
      }
      guard cut - i > 11 else { continue }
      // Position m is row min(i + m, cut − 1); its dt is that row's time step.
      func source(_ m: Int) -> Int { Swift.min(i + m, cut - 1) }
      var keep = true
      for m in 1..<length {
        let s = source(m)
        if rows[s].timeMilliseconds - rows[s - 1].timeMilliseconds < Self.minimumDtMilliseconds {
          keep = false
          break
        }
      }
      guard keep else { continue }
      for k in 0..<Self.inputDisplacements {
        let a = rows[source(k)]
        let s = source(k + 1)
        let b = rows[s]
        window.inputs[k] = Displacement(
          dx: b.x - a.x, dy: b.y - a.y, dtMilliseconds: b.timeMilliseconds - rows[s - 1].timeMilliseconds)
      }
      let anchor = rows[source(10)]
      let target = rows[source(10 + eventsAhead)]
      window.firstRow = i
      window.targetDX = target.x - anchor.x
      window.targetDY = target.y - anchor.y
      window.targetDtMilliseconds = 0
      for m in 11...(10 + eventsAhead) {
        let s = source(m)
        window.targetDtMilliseconds += rows[s].timeMilliseconds - rows[s - 1].timeMilliseconds
      }
      body(window)
    }
  }

  /// Scores `predict` (input window → predicted displacement) over the files' rows.
  public func score(files: [[Row]], _ predict: (Window) -> (dx: Double, dy: Double)) -> Score {
    var sum = 0.0
    var windows = 0
    for rows in files {
      forEachWindow(in: rows) { window in
        let (dx, dy) = predict(window)
        let ex = dx - window.targetDX
        let ey = dy - window.targetDY
        sum += (ex * ex + ey * ey).squareRoot()
        windows += 1
      }
    }
    return Score(eventsAhead: eventsAhead, windows: windows, meanError: windows == 0 ? 0 : sum / Double(windows))
  }

  /// The hold baseline: no displacement.
  public static func hold(_ window: Window) -> (dx: Double, dy: Double) { (0, 0) }

  /// The linear baseline: the last input step repeated `eventsAhead` times.
  public func linear(_ window: Window) -> (dx: Double, dy: Double) {
    guard let last = window.inputs.last else { return (0, 0) }
    return (Double(eventsAhead) * last.dx, Double(eventsAhead) * last.dy)
  }

  /// One file's rows per origin from raw (uncleaned) strokes in file order, as the Henze importer
  /// produces them with `ImportOptions(raw: true)`: consecutive strokes with the same origin form
  /// one file; a sample is a move unless its phase is down or up.
  public static func rows(fromRawStrokes strokes: [Stroke]) -> [[Row]] {
    var files: [[Row]] = []
    var currentOrigin: String?? = .none
    for stroke in strokes {
      if currentOrigin != .some(stroke.origin) || files.isEmpty {
        files.append([])
        currentOrigin = .some(stroke.origin)
      }
      for sample in stroke.samples {
        files[files.count - 1].append(
          Row(
            timeMilliseconds: sample.time * 1000, x: sample.x, y: sample.y,
            isMove: sample.phase == .move))
      }
    }
    return files
  }
}
