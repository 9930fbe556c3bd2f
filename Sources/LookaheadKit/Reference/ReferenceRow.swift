/// A number someone else's predictor achieved, kept beside ours so that `compare` can show where a
/// configuration stands against the field. Never computed by Lookahead: either measured once on
/// the shared traces with the other project's code, or published in a paper, and always said which
/// (``ReferenceProvenance``).
public struct ReferenceRow: Sendable, Hashable {
  public var predictor: ReferencePredictor
  /// The dataset folder under `../shared/datasets`, for example `"Inkable-ApplePencil"`.
  public var dataset: String
  /// A part of the dataset the row is restricted to (Henze 2017's `"Write"`, `"Paint"`, `"Fitts"`),
  /// or `nil` for all of it.
  public var subset: String?
  public var evaluationProtocol: ReferenceProtocol
  /// The horizon, seconds. For ``ReferenceProtocol/henze2017Windows`` it is nominal (the target
  /// is `samplesAhead` rows later, about 1/60 s each); for
  /// ``ReferenceProtocol/recordedPredictionLeads`` it is the bucket's mean lead.
  public var horizonSeconds: Double
  /// The horizon as the source prints it, for table headers.
  public var horizonLabel: String
  /// Rows ahead, for protocols whose target is a number of samples rather than a time.
  public var samplesAhead: Int?
  /// Error in the dataset's native unit (``ReferenceProvenance/nativeUnit``), where the source
  /// gives it.
  public var native: ReferenceStatistic?
  /// Error in millimetres, where the source gives it.
  public var millimetres: ReferenceStatistic?
  /// How many predictions were scored: issue points, kept windows, scored recorded predictions.
  public var count: Int?
  public var provenance: ReferenceProvenance

  public init(
    predictor: ReferencePredictor, dataset: String, subset: String? = nil,
    evaluationProtocol: ReferenceProtocol, horizonSeconds: Double, horizonLabel: String,
    samplesAhead: Int? = nil, native: ReferenceStatistic?, millimetres: ReferenceStatistic?,
    count: Int?, provenance: ReferenceProvenance
  ) {
    self.predictor = predictor
    self.dataset = dataset
    self.subset = subset
    self.evaluationProtocol = evaluationProtocol
    self.horizonSeconds = horizonSeconds
    self.horizonLabel = horizonLabel
    self.samplesAhead = samplesAhead
    self.native = native
    self.millimetres = millimetres
    self.count = count
    self.provenance = provenance
  }
}

/// Mean and 95th percentile of the Euclidean error at the horizon, as printed by the source
/// (three significant digits in ANCHOR-PROTOCOL.md, one decimal in Henze 2017).
public struct ReferenceStatistic: Sendable, Hashable {
  public var mean: Double
  /// `numpy.percentile(e, 95)` (linear, Hyndman–Fan type 7) where given; `nil` when the source
  /// gives the mean only.
  public var p95: Double?

  public init(mean: Double, p95: Double? = nil) {
    self.mean = mean
    self.p95 = p95
  }
}

/// Which predictor a reference row is for: a stable identifier, and the source's own label.
public struct ReferencePredictor: Sendable, Hashable {
  /// Stable, lower-case, for matching and file output, for example `"ism-kalman"`.
  public var id: String
  /// The label the source uses, for example `"c2) ISM KalmanPredictor on raw samples, point at t+h"`.
  public var label: String

  public init(id: String, label: String) {
    self.id = id
    self.label = label
  }

  /// Hold: the newest sample is the prediction.
  public static let hold = ReferencePredictor(id: "hold", label: "a) hold")
  /// `p_i + (p_i − p_{i−1})·h/(t_i − t_{i−1})`.
  public static let linear = ReferencePredictor(id: "linear", label: "b) linear (last two samples)")
  /// google/ink-stroke-modeler's `KalmanPredictor` fed the raw samples, its point at t+h.
  public static let ismKalman = ReferencePredictor(
    id: "ism-kalman", label: "c2) ISM KalmanPredictor on raw samples, point at t+h")
  /// The same Kalman state extrapolated with its cubic `p + v h + a h²/2 + j h³/6` (diagnostic).
  public static let ismKalmanCubic = ReferencePredictor(
    id: "ism-kalman-cubic", label: "c4) ISM Kalman state, cubic at t+h (diagnostic)")
  /// The Android framework's TFLite motion-predictor model, 5 raw steps of 4.17 ms.
  public static let androidTFLite = ReferencePredictor(
    id: "android-tflite", label: "d1) Android TFLite model, raw steps")
  /// Henze, Funk & Sahami Shirazi, MobileHCI 2016: an ensemble of shallow networks.
  public static let henze2016Ensemble = ReferencePredictor(
    id: "henze2016-ensemble", label: "Neural networks [1] (shallow-network ensemble, 2016)")
  /// Henze, Le, Mayer & Schwind, MobileHCI 2017: a multilayer perceptron.
  public static let henze2017MLP = ReferencePredictor(id: "henze2017-mlp", label: "Multilayer perceptron (2017)")
  /// Henze, Le, Mayer & Schwind, MobileHCI 2017: an LSTM network.
  public static let henze2017LSTM = ReferencePredictor(id: "henze2017-lstm", label: "LSTM network (2017)")
  /// UIKit's `predictedTouches(for:)` as recorded in the Inkable traces.
  public static let appleUIKit = ReferencePredictor(
    id: "apple-uikit-predicted-touches", label: "Apple UIKit predicted touches")
}

/// The protocol a reference number was obtained under. A reference row is comparable with ours
/// only under the same protocol, dataset and horizon.
public enum ReferenceProtocol: String, Sendable, Hashable, CaseIterable {
  /// ANCHOR-PROTOCOL.md §1: a prediction at every sample after a 4-sample warm-up, fixed horizons
  /// `k·1000/240 ms`, truth interpolated piecewise-linearly, errors pooled over strokes.
  case perSampleFixedHorizon = "per-sample-fixed-horizon"
  /// Henze et al. 2017 (Henze2017-MobileHCI SOURCE.md): windows of 11 + j move rows, 10
  /// displacements in, the position j rows later as target, mean over kept windows.
  case henze2017Windows = "henze2017-windows"
  /// ANCHOR-PROTOCOL.md, "Apple UIKit predicted touches": each recorded prediction scored at its
  /// own timestamp, bucketed by its lead in 240 Hz periods.
  case recordedPredictionLeads = "recorded-prediction-leads"
}

/// Where a reference number comes from, so that a reader can check it.
public struct ReferenceProvenance: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable {
    /// Measured on the shared traces by running the other project's code under the protocol.
    case measured
    /// Printed in a paper; Lookahead did not (could not) rerun it.
    case published
  }

  /// The document that states the number, for example `"shared/design/ANCHOR-PROTOCOL.md"`.
  public var document: String
  /// Where in it: section and table.
  public var section: String
  public var kind: Kind
  /// The dataset's native unit, for example `"pt"`, `"px"`, `"tablet counts"`.
  public var nativeUnit: String
  /// The millimetres per native unit the source used for its mm values; `nil` if none.
  public var millimetresPerUnit: Double?
  /// Whether that scale is an assumption of the source rather than a known device property.
  public var scaleIsAssumption: Bool
  /// Anything a reader must know to compare fairly.
  public var note: String?

  public init(
    document: String, section: String, kind: Kind, nativeUnit: String, millimetresPerUnit: Double?,
    scaleIsAssumption: Bool, note: String? = nil
  ) {
    self.document = document
    self.section = section
    self.kind = kind
    self.nativeUnit = nativeUnit
    self.millimetresPerUnit = millimetresPerUnit
    self.scaleIsAssumption = scaleIsAssumption
    self.note = note
  }
}
