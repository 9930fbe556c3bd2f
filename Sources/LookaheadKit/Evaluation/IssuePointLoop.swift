import LookaheadRuntime

/// The per-sample issue-point loop, the one implementation every per-sample score runs on: feed a
/// predictor a stroke's samples one by one; at each issue point (a sample past the warm-up) ask it
/// for the position at `t + horizon`, for every horizon, and pair the answer with the true pen
/// position there (``PiecewiseLinearPath``). The anchor protocol (``PerSampleReplay``), the tuner's
/// per-sample objectives (``ObjectiveEvaluator``), the error-versus-latency sweep
/// (``HorizonSweep``) and the learned-linear trainer's cross-validation all run it; what differs
/// between them is a named setting here, never a private copy of the loop:
///
/// - ``Cleaning``: the anchor rules R1–R3 with times from the stroke's first kept sample
///   (`ANCHOR-PROTOCOL.md` §1 steps 1–2), or the samples as recorded;
/// - ``warmUpSamples``: how many observed samples come before the first issue point (§1 step 2: 4);
/// - ``decimation``: which samples the predictor observes (every one, or every n-th: a digitizer
///   that reports less often than the recording); the truth is always the whole recording;
/// - ``issueStride``: which issue points issue (every one, or every n-th: the MLP trainer's
///   up-sampled strokes);
/// - ``DeclinedPrediction``: what a `nil` answer (not ready, or a gate) counts as;
/// - ``PastEnd``: whether a target more than ``endTolerance`` after the stroke's last sample issues
///   nothing (every score: there is no recorded truth there) or is held at the last sample (the
///   MLP trainer's stroke-end rows: where the ink really ends).
///
/// Fixed for all: the predictor is reset at each stroke's start and sees no stroke end; an
/// event-count horizon's target and truth are the sample that many events later.
public struct IssuePointLoop: Sendable {
  /// How a stroke's samples are prepared before the loop.
  public enum Cleaning: Sendable, Hashable {
    /// The anchor protocol's R1–R3 (``StrokeCleaner``, the importers' own rules, so cleaning an
    /// imported trace again changes nothing), times relative to the first kept sample.
    case anchorRules
    /// The samples as recorded, in absolute time. The learned-linear trainer trains and
    /// cross-validates this way (its rows are built from the raw strokes, and K and λ were chosen
    /// on them since the family was added), and the sweep scores the raw stroke through
    /// ``MetricsScorer``, whose truth is the recorded path too.
    case asRecorded
  }

  /// What a prediction the predictor declined (`nil`) counts as.
  public enum DeclinedPrediction: Sendable, Hashable {
    /// The newest observed sample, which is what an app draws when it has no prediction: scored
    /// as a hold (the anchor protocol, the tuner, held-out training scores).
    case newestSample
    /// Passed on as `nil`, for a scorer that counts declines itself (``MetricsScorer``'s
    /// `declined_*` columns, the sweep).
    case reported
    /// Left out: no issue point. The learned-linear trainer's cross-validation scores only the
    /// predictions made (its choice of K and λ is defined on them; counting holds would change the
    /// chosen model), which is why its `predictionCount` can be below the issue points.
    case skipped
  }

  /// What a time horizon's target past the stroke's last sample becomes.
  public enum PastEnd: Sendable, Hashable {
    /// No issue point: every score (the anchor protocol's §1 has truth only inside the stroke).
    case skipped
    /// An issue point whose truth is the last sample: the pen lifted there, so that is where the
    /// ink ends and where a prediction for a later time should land. For training rows that show
    /// a network the stroke's end (the "spring effect", `Docs/Metrics.md`), never for scoring.
    case heldAtLastSample
  }

  /// One issue point at one horizon.
  public struct IssuePoint: Sendable, Hashable {
    /// Index of the issuing (newest observed) sample in the prepared stroke.
    public var sampleIndex: Int
    /// Index into ``IssuePointLoop/horizons``.
    public var horizonIndex: Int
    /// The issuing sample's time, seconds (prepared stroke's clock).
    public var issueTime: Double
    /// When the prediction is for, seconds.
    public var targetTime: Double
    /// The true pen position at ``targetTime``.
    public var truthX: Double
    public var truthY: Double
    /// The predictor's answer; with ``DeclinedPrediction/newestSample`` a declined answer is the
    /// newest sample (at ``targetTime``); `nil` only with ``DeclinedPrediction/reported``.
    public var predicted: PredictedPoint?
  }

  /// Allowance for a target just past the last sample, seconds (the protocol's 1e-6 ms).
  public static let endTolerance = 1e-9

  public var horizons: [FixedHorizon]
  public var cleaning: Cleaning
  public var warmUpSamples: Int
  public var decimation: Int
  /// Of the issue points, every n-th issues (1: all); the predictor still observes every sample
  /// it would. The MLP trainer thins an up-sampled stroke's strongly correlated issue points so
  /// that each variant weighs in the fit as its recording does (``MLPTrainingRows``).
  public var issueStride: Int
  public var declined: DeclinedPrediction
  public var pastEnd: PastEnd
  /// Per horizon, the segment of the last truth found: targets only move forward within a
  /// stroke, so the next search starts there (amortised O(1); same answers as starting anywhere).
  private var segments: [Int]

  public init(
    horizons: [FixedHorizon], cleaning: Cleaning, warmUpSamples: Int = PerSampleReplay.warmUpSamples,
    decimation: Int = 1, issueStride: Int = 1, declined: DeclinedPrediction, pastEnd: PastEnd = .skipped
  ) {
    self.horizons = horizons
    self.cleaning = cleaning
    self.warmUpSamples = warmUpSamples
    self.decimation = max(1, decimation)
    self.issueStride = max(1, issueStride)
    self.declined = declined
    self.pastEnd = pastEnd
    segments = [Int](repeating: 0, count: horizons.count)
  }

  /// The anchor protocol's loop (`ANCHOR-PROTOCOL.md` §1): cleaned, warm-up 4, every sample, a
  /// declined prediction scored as the newest sample.
  public static func anchorProtocol(horizons: [FixedHorizon]) -> IssuePointLoop {
    IssuePointLoop(horizons: horizons, cleaning: .anchorRules, declined: .newestSample)
  }

  /// `stroke`'s samples as the loop feeds them under ``cleaning``; R1–R3's changes are counted
  /// in `report`.
  public func prepared(_ stroke: Stroke, report: inout CleaningReport) -> [PointerSample] {
    switch cleaning {
    case .anchorRules:
      let kept = StrokeCleaner().clean(stroke.samples, report: &report).kept
      let start = kept.first?.time ?? 0
      return kept.map { Self.pointerSample($0, minus: start) }
    case .asRecorded:
      return stroke.samples.map { Self.pointerSample($0, minus: 0) }
    }
  }

  static func pointerSample(_ sample: TraceSample, minus start: Double) -> PointerSample {
    PointerSample(
      time: sample.time - start, x: sample.x, y: sample.y, pressure: sample.pressure, altitude: sample.altitude,
      azimuth: sample.azimuth)
  }

  /// Runs `predictor` over one stroke (prepared by ``prepared(_:report:)``) and calls `visit`
  /// with every issue point, in sample then horizon order. Inlined, like the loop itself, so that
  /// each caller's `visit` is compiled into the loop rather than called per point.
  @inline(__always)
  public mutating func run<P: Predictor>(
    _ predictor: inout P, on stroke: Stroke, report: inout CleaningReport, _ visit: (IssuePoint) -> Void
  ) {
    let samples = prepared(stroke, report: &report)
    samples.withUnsafeBufferPointer { run(&predictor, onPrepared: $0, visit) }
  }

  /// The loop itself, over samples already prepared under ``cleaning`` (the tuner prepares its
  /// strokes once for thousands of trials: ``TuningData/cleanedSamples``): the walk
  /// (``forEachTarget(_:onPrepared:_:)``) with the predictor asked at every target, and a declined
  /// answer treated as ``declined`` says.
  @inline(__always)
  public mutating func run<P: Predictor>(
    _ predictor: inout P, onPrepared samples: UnsafeBufferPointer<PointerSample>, _ visit: (IssuePoint) -> Void
  ) {
    let declined = self.declined
    forEachTarget(&predictor, onPrepared: samples) { predictor, target in
      var predicted = predictor.predict(at: target.targetTime)
      if predicted == nil {
        switch declined {
        case .newestSample:
          let sample = samples[target.sampleIndex]
          predicted = PredictedPoint(time: target.targetTime, x: sample.x, y: sample.y)
        case .reported: break
        case .skipped: return
        }
      }
      visit(
        IssuePoint(
          sampleIndex: target.sampleIndex, horizonIndex: target.horizonIndex, issueTime: target.issueTime,
          targetTime: target.targetTime, truthX: target.truthX, truthY: target.truthY, predicted: predicted))
    }
  }

  /// The walk under every use of the loop: feeds `predictor` the samples (reset first; every
  /// ``decimation``-th) and, at each issue point and horizon with a truth, calls `visit` with the
  /// predictor as it stands and the target (``IssuePoint`` without the answer). ``run(_:onPrepared:_:)``
  /// asks the predictor for a prediction here; the MLP trainer's rows (``MLPTrainingRows``) ask
  /// the family for its inputs instead. ``declined`` plays no part (nothing is asked).
  @inline(__always)
  public mutating func forEachTarget<P: Predictor>(
    _ predictor: inout P, onPrepared samples: UnsafeBufferPointer<PointerSample>,
    _ visit: (inout P, IssuePoint) -> Void
  ) {
    predictor.reset()
    let n = samples.count
    guard n > 0 else { return }
    let lastTime = samples[n - 1].time
    // Local, so the inner loop neither reads through `self` nor has the cursors shared: the
    // cursors' buffer is moved out (not copied, which a write would then duplicate) and back.
    let horizons = self.horizons
    let issueStride = self.issueStride
    let holdsPastEnd = pastEnd == .heldAtLastSample
    var segments: [Int] = []
    swap(&segments, &self.segments)
    defer { swap(&segments, &self.segments) }
    for h in segments.indices { segments[h] = 0 }
    var observed = 0
    // The observed-sample count at which the next issue point falls.
    var nextIssue = warmUpSamples < .max ? warmUpSamples + 1 : .max
    var i = 0
    while i < n {
      let sample = samples[i]
      predictor.observe(sample)
      observed += 1
      if observed >= nextIssue {
        let (next, overflow) = observed.addingReportingOverflow(issueStride)
        nextIssue = overflow ? .max : next
        for (h, horizon) in horizons.enumerated() {
          let target: Double
          let truthX: Double
          let truthY: Double
          switch horizon {
          case .seconds(let seconds):
            target = sample.time + seconds
            if target <= lastTime + Self.endTolerance {
              var segment = max(segments[h], i)
              (truthX, truthY) = PiecewiseLinearPath.position(in: samples, at: target, searchingFrom: &segment)
              segments[h] = segment
            } else {
              guard holdsPastEnd else { continue }
              (truthX, truthY) = (samples[n - 1].x, samples[n - 1].y)
            }
          case .events(let j):
            guard j >= 1, j <= n - 1 - i else { continue }
            target = samples[i + j].time
            truthX = samples[i + j].x
            truthY = samples[i + j].y
          }
          visit(
            &predictor,
            IssuePoint(
              sampleIndex: i, horizonIndex: h, issueTime: sample.time, targetTime: target, truthX: truthX,
              truthY: truthY, predicted: nil))
        }
      }
      i += decimation
    }
  }
}
