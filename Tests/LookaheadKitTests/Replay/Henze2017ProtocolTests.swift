import LookaheadKit
import Testing
import _LookaheadTestSupport

@Suite("Henze 2017 protocol")
struct Henze2017ProtocolTests {
  /// The paper's table (hold and linear rows, mean px) and the kept-window counts of the
  /// dataset's SOURCE.md, for j = 2, 4, 6.
  static let golden: [(task: String, windows: [Int], hold: [Double], linear: [Double])] = [
    ("WriteTasks", [70_998, 70_968, 70_938], [15.4, 29.7, 42.5], [7.8, 21.1, 38.5]),
    ("PaintTasks", [36_788, 36_777, 36_769], [40.2, 77.9, 110.1], [25.1, 67.9, 123.3]),
    ("FittsTasks", [7_566, 7_538, 7_511], [31.7, 52.6, 66.3], [16.9, 39.6, 69.0]),
  ]

  @Test(arguments: 0..<3)
  func publishedHoldAndLinearRows(task: Int) throws {
    let golden = Self.golden[task]
    let trace = try Henze2017Importer().importTrace(
      files: try AnchorDatasets.henzeFiles(task: golden.task), options: ImportOptions(raw: true))
    let files = Henze2017Protocol.rows(fromRawStrokes: trace.strokes)
    #expect(files.count == 8)
    for (k, j) in [2, 4, 6].enumerated() {
      let protocolJ = Henze2017Protocol(eventsAhead: j)
      let hold = protocolJ.score(files: files, Henze2017Protocol.hold)
      let linear = protocolJ.score(files: files, protocolJ.linear)
      #expect(hold.windows == golden.windows[k], "\(golden.task) j=\(j) windows")
      #expect(linear.windows == golden.windows[k])
      #expect(abs(hold.meanError - golden.hold[k]) <= 0.1, "\(golden.task) j=\(j) hold \(hold.meanError)")
      #expect(abs(linear.meanError - golden.linear[k]) <= 0.1, "\(golden.task) j=\(j) linear \(linear.meanError)")
    }
  }

  /// Hand-worked: a file of down, 13 moves (x = 0, 1, …, 12 at 10 ms steps), up. With j = 2
  /// (L = 13) the window at row 1 covers moves 0…12 (cut = 14 → kept, no repeat), at row 2 the
  /// up row cuts at 14: positions from row 13 repeat row 13 (x = 12). At row 3, cut − i = 11: dropped.
  @Test func windowsOnAHandMadeStroke() {
    var rows = [Henze2017Protocol.Row(timeMilliseconds: 0, x: -5, y: 0, isMove: false)]
    for k in 0...12 { rows.append(.init(timeMilliseconds: Double(k + 1) * 10, x: Double(k), y: 0, isMove: true)) }
    rows.append(.init(timeMilliseconds: 140, x: 99, y: 0, isMove: false))
    var windows: [Henze2017Protocol.Window] = []
    Henze2017Protocol(eventsAhead: 2).forEachWindow(in: rows) { windows.append($0) }
    #expect(windows.map(\.firstRow) == [1, 2])
    #expect(windows[0].inputs.allSatisfy { $0.dx == 1 && $0.dy == 0 && $0.dtMilliseconds == 10 })
    #expect(windows[0].targetDX == 2)  // row 11 (x = 10) → row 13 (x = 12)
    #expect(windows[1].targetDX == 1)  // row 12 (x = 11) → row 14 repeats row 13 (x = 12)
    #expect(windows.map(\.targetDtMilliseconds) == [20, 20])
    // The time to the target row sums the j later positions' dt; a repeated position takes the
    // dt of the stroke's last move (row 13, made 15 ms here).
    var slower = rows
    slower[13].timeMilliseconds = 135
    slower[14].timeMilliseconds = 150
    var targetTimes: [Double] = []
    Henze2017Protocol(eventsAhead: 2).forEachWindow(in: slower) { targetTimes.append($0.targetDtMilliseconds) }
    #expect(targetTimes == [10 + 15, 15 + 15])
    // A 0.5 ms step anywhere in the window drops it.
    rows[5].timeMilliseconds = rows[4].timeMilliseconds + 0.5
    var kept = 0
    Henze2017Protocol(eventsAhead: 2).forEachWindow(in: rows) { _ in kept += 1 }
    #expect(kept == 0)
  }
}
