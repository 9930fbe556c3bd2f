/// The per-stroke cleaning rules of the anchor protocol (`../shared/design/ANCHOR-PROTOCOL.md`,
/// §1 step 2), shared by every importer so that every source is cleaned the same way and every
/// change is counted in the trace's ``CleaningReport``.
///
/// Each row of a stroke, in file order, is compared with the *last kept row*:
/// - R1: `t < t_last`: the row is dropped (out of order);
/// - R2: `t == t_last`: the row replaces the last kept row (the last row of a same-time run
///   survives);
/// - R3: `0 < t − t_last ≤ 1 ms` and the same x and y: the row is dropped (a duplicate report, the
///   WacomMSP13 `SOURCE.md` rule);
/// - otherwise the row is kept.
///
/// Times are seconds here, converted from the sources' whole milliseconds, so R3 compares with
/// 1 ms plus 1 ns to absorb the rounding of `T/1000` differences (no source has sub-ms steps that
/// this could misjudge).
public struct StrokeCleaner: Sendable {
  /// Stable rule names, as they appear in ``CleaningReport`` and the trace file.
  public static let outOfOrderRule = "R1 out-of-order row dropped"
  public static let sameTimeRule = "R2 same-time row replaced"
  public static let duplicatePositionRule = "R3 ≤1 ms duplicate position dropped"

  /// A recorded prediction whose anchor row was removed (dropped or replaced) by cleaning.
  public static let droppedPredictionRule = "recorded prediction of a removed row dropped"
  /// A late property update whose sample was removed by cleaning.
  public static let droppedUpdateRule = "late update of a removed row dropped"

  /// R3's window, seconds.
  public static let duplicateWindowSeconds = 0.001 + 1e-9

  /// Rule names to count under; hover runs use a suffixed set so that the contact-stroke counts
  /// stay comparable with the anchor protocol.
  public var ruleSuffix: String

  public init(ruleSuffix: String = "") { self.ruleSuffix = ruleSuffix }

  /// Registers the three rules with a zero count, so that a report shows rules that never fired.
  public func declare(in report: inout CleaningReport) {
    report.add(Self.outOfOrderRule + ruleSuffix, 0)
    report.add(Self.sameTimeRule + ruleSuffix, 0)
    report.add(Self.duplicatePositionRule + ruleSuffix, 0)
  }

  /// Cleans `rows` (one stroke, file order). Returns the kept rows and, for every input row, the
  /// index of the kept row it became (`nil` if it was dropped or later replaced), so that data
  /// attached to rows (recorded predictions) can follow them.
  public func clean(_ rows: [TraceSample], report: inout CleaningReport) -> (kept: [TraceSample], keptIndexOfRow: [Int?]) {
    var kept: [TraceSample] = []
    kept.reserveCapacity(rows.count)
    var keptIndexOfRow = [Int?](repeating: nil, count: rows.count)
    var rowOfKept: [Int] = []
    rowOfKept.reserveCapacity(rows.count)
    var r1 = 0, r2 = 0, r3 = 0
    for (rowIndex, row) in rows.enumerated() {
      guard let last = kept.last else {
        kept.append(row)
        rowOfKept.append(rowIndex)
        keptIndexOfRow[rowIndex] = 0
        continue
      }
      let dt = row.time - last.time
      if dt < 0 {
        r1 += 1
      } else if dt == 0 {
        r2 += 1
        let slot = kept.count - 1
        keptIndexOfRow[rowOfKept[slot]] = nil
        kept[slot] = row
        rowOfKept[slot] = rowIndex
        keptIndexOfRow[rowIndex] = slot
      } else if dt <= Self.duplicateWindowSeconds, row.x == last.x, row.y == last.y {
        r3 += 1
      } else {
        keptIndexOfRow[rowIndex] = kept.count
        kept.append(row)
        rowOfKept.append(rowIndex)
      }
    }
    report.add(Self.outOfOrderRule + ruleSuffix, r1)
    report.add(Self.sameTimeRule + ruleSuffix, r2)
    report.add(Self.duplicatePositionRule + ruleSuffix, r3)
    return (kept, keptIndexOfRow)
  }

  /// Sets the phases of a contact stroke by position: first `.down`, last `.up`, the rest
  /// `.move`. A one-sample stroke is a single `.down`.
  public static func assignContactPhases(_ samples: inout [TraceSample]) {
    for index in samples.indices {
      samples[index].phase = index == 0 ? .down : (index == samples.count - 1 ? .up : .move)
    }
  }
}
