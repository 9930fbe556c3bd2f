import Foundation
import LookaheadRuntime

/// One row of an evaluation: a configured predictor from the catalog, or the predictions a
/// platform recorded with the trace (`recorded`: UIKit's predicted touches in Inkable,
/// TurboTouch's 64 ms reference output), which need the stroke to be built.
public struct EvaluationSubject: Sendable {
  public enum Kind: String, Sendable, Hashable, Codable {
    /// A catalog predictor (exportable or a baseline), or a model file's predictor.
    case catalog
    /// The trace's recorded platform predictions (``RecordedFramePredictor``).
    case recorded
  }

  /// The row label: what the user typed, made unique by ``uniquingLabels(_:)``.
  public var label: String
  /// A specification that configures the same predictor again (every parameter value).
  public var specification: String
  public var kind: Kind
  public var isExportable: Bool
  /// The catalog predictor, for catalog subjects.
  public var catalogPredictor: CatalogPredictor?
  private let make: @Sendable (Stroke) -> any Predictor

  /// A catalog predictor's row.
  public init(_ predictor: CatalogPredictor, label: String? = nil) {
    self.label = label ?? predictor.name
    specification = predictor.specification
    kind = .catalog
    isExportable = predictor.isExportable
    catalogPredictor = predictor
    make = { _ in predictor.makePredictor() }
  }

  /// Any predictor factory as a row: the hook for `evaluate --model FILE`, where the runtime's
  /// model loader (`LookaheadModel`, branch `export`) makes the predictor, scaled to the
  /// evaluated trace's coordinates (so build one subject per dataset unit).
  public init(
    label: String, specification: String, isExportable: Bool,
    makePredictor: @escaping @Sendable (Stroke) -> any Predictor
  ) {
    self.label = label
    self.specification = specification
    kind = .catalog
    self.isExportable = isExportable
    catalogPredictor = nil
    make = makePredictor
  }

  private init(recordedLabel label: String) {
    self.label = label
    specification = Self.recordedName
    kind = .recorded
    isExportable = false
    catalogPredictor = nil
    make = { stroke in RecordedFramePredictor(stroke: stroke) }
  }

  /// The name that selects recorded platform predictions.
  public static let recordedName = "recorded"

  /// The recorded platform predictions of whatever trace is evaluated.
  public static let recorded = EvaluationSubject(recordedLabel: recordedName)

  /// A fresh predictor for `stroke` (catalog predictors ignore the stroke).
  public func makePredictor(for stroke: Stroke) -> any Predictor { make(stroke) }

  /// A predictor that does not depend on a stroke, for protocols that reset one predictor at
  /// every stroke start (not meaningful for ``Kind/recorded``, which the runs leave out there).
  func strokeIndependentPredictor() -> any Predictor {
    catalogPredictor?.makePredictor() ?? make(Stroke(samples: []))
  }

  /// A subject from `name` or `name:key=value,…` (or `recorded`), from `catalog`.
  public static func resolve(
    _ text: String, catalog: PredictorCatalog = .workbench
  ) throws(PredictorCatalogError) -> EvaluationSubject {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed == recordedName { return .recorded }
    let predictor: CatalogPredictor
    do {
      predictor = try catalog.configure(specification: trimmed)
    } catch .unknownPredictor(let name, let known) {
      throw .unknownPredictor(name: name, known: known + [recordedName])
    }
    return EvaluationSubject(predictor, label: trimmed)
  }

  /// The subjects of a predictor config file (``PredictorCatalog/configure(contentsOf:)``),
  /// labelled by name.
  public static func resolve(
    contentsOf url: URL, catalog: PredictorCatalog = .workbench
  ) throws(PredictorCatalogError) -> [EvaluationSubject] {
    try catalog.configure(contentsOf: url).map { EvaluationSubject($0) }
  }

  /// The same subjects with labels made unique (`kalman`, `kalman#2`, …), in order.
  public static func uniquingLabels(_ subjects: [EvaluationSubject]) -> [EvaluationSubject] {
    var seen: [String: Int] = [:]
    return subjects.map { subject in
      var subject = subject
      let count = (seen[subject.label] ?? 0) + 1
      seen[subject.label] = count
      if count > 1 { subject.label += "#\(count)" }
      return subject
    }
  }

  /// What a `recorded` row is on `trace`: `"Apple UIKit predicted touches"`, the trace's own
  /// `recordedPredictor` name, or `nil` when the trace has no recorded predictions.
  public static func recordedDescription(of trace: Trace) -> String? {
    guard trace.strokes.contains(where: { !$0.recordedPredictions.isEmpty }) else { return nil }
    return trace.metadata.recordedPredictor ?? "recorded platform predictions"
  }
}
