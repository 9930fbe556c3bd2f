import Foundation
import LookaheadRuntime

/// A Henze 2017 file's strokes re-recorded as the tablet would have reported the same motion had
/// its clock started at another phase: fresh windows of the same finger movements, for the
/// repeats that balance the tasks (`train --henze2017 --family mlp --henze-balance-repeats
/// rerecorded`).
///
/// Why: balancing repeats each Fitts file's rows about nine times (Write has about nine times
/// Fitts's windows), so the network sees the same few hundred aimed movements over and over. The
/// tablet samples every 17–18 ms while a Fitts drag covers up to 70 px a step; sampled a few
/// milliseconds later, the same drag gives other displacements, other decelerations into the
/// target, and other targets — what a new recording of the same participant would give, not a copy.
///
/// How: each stroke (a down row, its moves, an up row) is re-recorded by ``StrokeResampler`` at
/// one sample every 17.5 ms with whole-millisecond timestamps (``Henze2017ExtraFitData/reportInterval``),
/// its first instant a random fraction of a period after the touch-down. Between recorded rows the
/// path is the resampler's cubic Hermite curve; each stroke is first cleaned as every importer
/// cleans (``StrokeCleaner``: rows at the same millisecond are one report, the later position). A pause longer than the resampler's gap stays a pause. Only the participants a
/// fold fits on are re-recorded into its fitting rows; early stopping and scoring read the files
/// as recorded.
package enum Henze2017Rerecording {
  /// The file's rows re-recorded; each stroke keeps its start time, so windows never cross strokes.
  ///
  /// - Parameters:
  ///   - seed: draws each stroke's clock phase, timestamp rounding phase and speed.
  ///   - speedSpread: F ≥ 1: each stroke is replayed F^u times as fast, u uniform in [−1, 1] (log-
  ///     uniform between 1/F and F), before it is re-recorded: the same path drawn a little faster
  ///     or slower, as participants' movement times differ. 1 replays every stroke at its own speed.
  package static func rerecord(
    _ rows: [Henze2017Protocol.Row], seed: UInt64, speedSpread: Double = 1
  ) -> [Henze2017Protocol.Row] {
    let resampler = StrokeResampler(rate: 1 / Henze2017ExtraFitData.reportInterval, tick: 0.001)
    var generator = SplitMix64(seed: seed)
    var result: [Henze2017Protocol.Row] = []
    result.reserveCapacity(rows.count)
    for stroke in strokes(of: rows) {
      let samples = reports(of: stroke)
      guard samples.count >= 2, let start = stroke.first?.timeMilliseconds else {
        result += stroke
        continue
      }
      let phase = generator.nextUnit()
      var replayed = samples
      if speedSpread != 1 {
        let speed = Foundation.exp((2 * generator.nextUnit() - 1) * Foundation.log(speedSpread))
        for i in replayed.indices { replayed[i].time /= speed }
      }
      let resampled = resampler.resample(replayed, startPhase: phase, using: &generator)
      for (index, sample) in resampled.enumerated() {
        result.append(
          .init(
            timeMilliseconds: start + (sample.time * 1000).rounded(), x: sample.x, y: sample.y,
            isMove: index != 0 && index != resampled.count - 1))
      }
    }
    return result
  }

  /// The rows split into strokes: each from a row that is not a move (the down) to the next such
  /// row (the up), both included. Moves before any down form a stroke of their own.
  static func strokes(of rows: [Henze2017Protocol.Row]) -> [[Henze2017Protocol.Row]] {
    var strokes: [[Henze2017Protocol.Row]] = []
    var current: [Henze2017Protocol.Row] = []
    for row in rows {
      if row.isMove {
        current.append(row)
      } else if current.contains(where: \.isMove) {
        current.append(row)
        strokes.append(current)
        current = []
      } else {
        // A down: a stroke starts (a down with no moves before it stays as it was).
        if !current.isEmpty { strokes.append(current) }
        current = [row]
      }
    }
    if !current.isEmpty { strokes.append(current) }
    return strokes
  }

  /// A stroke's rows as the resampler's samples (seconds from the stroke's first row), cleaned by
  /// the anchor protocol's rules (``StrokeCleaner``): a later row at the same time replaces the
  /// earlier's position, so every time is one report.
  static func reports(of stroke: [Henze2017Protocol.Row]) -> [PointerSample] {
    guard let start = stroke.first?.timeMilliseconds else { return [] }
    let rows = stroke.map { TraceSample(time: ($0.timeMilliseconds - start) / 1000, x: $0.x, y: $0.y) }
    var uncounted = CleaningReport()
    return StrokeCleaner().clean(rows, report: &uncounted).kept.map { PointerSample(time: $0.time, x: $0.x, y: $0.y) }
  }
}
