import Foundation
import LookaheadRuntime

/// Strokes of other datasets re-recorded as Henze 2017's tablet would have reported them, added to
/// every fold's fitting rows (`train --henze2017 --family mlp --henze-extra-fit DATASET`).
///
/// Why: the published networks were trained on a large data set of their own (the repository's
/// README), while a leave-one-participant-out fold here fits on six participants; pooling other
/// recordings is the lever the learned-model probe named (`LEARNED-PROBE.md`). The extra strokes
/// never enter early stopping or scoring, so the held-out cells stay the protocol's own.
///
/// How they are made to look like the tablet's:
/// - re-recorded by ``StrokeResampler`` at one sample every 17.5 ms with whole-millisecond
///   timestamps (steps of 17 and 18 ms, as the Henze files have; median 17 ms);
/// - lengths converted from millimetres to the tablet's pixels at ``pixelsPerMillimetre`` (the
///   dataset's `SOURCE.md`: 10 px is about 0.79 mm if the device was a Nexus 7 (2013) at 323 ppi,
///   unverified; 323 ppi is 12.7 px/mm);
/// - each stroke a down row, its moves and an up row, so Henze windows never cross strokes.
public struct Henze2017ExtraFitData: Sendable {
  /// The re-recorded strokes, positions in px and times in seconds from each stroke's start.
  public var strokes: [Stroke]
  /// What was added, for the fold setup (fold lines trained with other extra data do not combine).
  public var description: String

  /// The tablet's report interval the strokes are re-recorded at (seconds).
  public static let reportInterval = 0.0175

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// - Parameters:
  ///   - data: the datasets to add (each must know its millimetre scale).
  ///   - names: how the user named them, for ``description``.
  ///   - pixelsPerMillimetre: the tablet's pixel pitch assumed, > 0.
  ///   - seed: the resampler's clock phase per stroke.
  public init(data: TuningData, names: [String], pixelsPerMillimetre: Double, seed: UInt64) throws {
    guard pixelsPerMillimetre.isFinite, pixelsPerMillimetre > 0 else {
      throw Failure(description: "--henze-pixels-per-mm must be a positive number, got \(pixelsPerMillimetre)")
    }
    guard data.inMillimetres else {
      throw Failure(description: "extra fitting data must have a millimetre scale to convert to the tablet's pixels: \(names.joined(separator: ", ")) has none")
    }
    let resampler = StrokeResampler(rate: 1 / Self.reportInterval, tick: 0.001)
    let resampled = try data.resampled(with: resampler, seed: seed)
    strokes = resampled.strokes.indices.map { index in
      let stroke = resampled.strokes[index]
      let toPixels = resampled.scales[index] * pixelsPerMillimetre
      let source = resampled.traces[resampled.traceIndices[index]].metadata.source
      return Stroke(
        writer: "extra:\(source):\(stroke.writer ?? "unknown")", origin: "extra:\(source)",
        samples: stroke.samples.map { sample in
          var sample = sample
          sample.x *= toPixels
          sample.y *= toPixels
          return sample
        },
        pointerType: stroke.pointerType)
    }
    description = Self.description(names: names, pixelsPerMillimetre: pixelsPerMillimetre, seed: seed)
  }

  /// ``description`` of the data these would make, without loading it (`--henze-combine`).
  public static func description(names: [String], pixelsPerMillimetre: Double, seed: UInt64) -> String {
    "extra=\(names.joined(separator: ","))@\(pixelsPerMillimetre)px/mm,seed=\(seed)"
  }
}
