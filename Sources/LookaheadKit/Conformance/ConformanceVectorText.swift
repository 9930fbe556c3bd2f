import Foundation
import LookaheadRuntime

/// The plain-text vectors file (`Docs/ConformanceVectors.md`): a stream's events with the Swift
/// runtime's answers, one call a line.
///
/// Numbers are written in Swift's shortest round-trip decimal form (`0.1`, `1e-05`, `nan`, `inf`,
/// `-inf`), which any correctly rounding parser (C `strtod`, Kotlin `toDouble`, JavaScript
/// `Number`) reads back to the same bits; `-` is an unknown pen property.
public enum ConformanceVectorText {
  /// The first line of every vectors file.
  public static let formatLine = "# lookahead-vectors: 1"

  /// Runs `stream` through the runtime (`LookaheadModel` → `PointerPredictor`, as an app does)
  /// and writes every event with its answer.
  public static func render(
    _ stream: ConformanceStream, model: LookaheadModel, modelFileName: String
  ) throws(CoordinateScaleError) -> String {
    var predictor = model.makePredictor(
      scale: stream.pointsPerMillimetre == 0 ? .identity : try model.scale(pointsPerMillimetre: stream.pointsPerMillimetre))
    var lines = [
      formatLine, "# stream: \(stream.name)", "# about: \(stream.about)",
      "# model: \(modelFileName) (\(model.file.predictor.catalogName))",
      "scale \(number(stream.pointsPerMillimetre))",
    ]
    let path = UnsafeMutableBufferPointer<PredictedPoint>.allocate(capacity: ConformanceStream.maximumPathCapacity)
    defer { path.deallocate() }
    path.initialize(repeating: PredictedPoint(time: 0, x: 0, y: 0))
    for event in stream.events {
      switch event {
      case .reset:
        predictor.reset()
        lines.append("reset")
      case .sample(let sample):
        predictor.observe(sample)
        lines.append(
          "sample \(number(sample.time)) \(number(sample.x)) \(number(sample.y)) "
            + "\(optional(sample.pressure)) \(optional(sample.altitude)) \(optional(sample.azimuth))")
      case .predict(let time):
        let answer = predictor.predict(forPresentationTime: time).map(point) ?? "none"
        lines.append("predict \(number(time)) -> \(answer)")
      case .path(let time, let interval, let capacity):
        let slots = UnsafeMutableBufferPointer(rebasing: path[0..<min(capacity, path.count)])
        let count = predictor.predictPath(
          toPresentationTime: time, sampleIntervalSeconds: interval == 0 ? nil : interval, into: slots)
        lines.append("path \(number(time)) \(number(interval)) \(capacity) -> \(count)")
        for index in 0..<count { lines.append("point \(point(slots[index]))") }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A number, exactly: shortest round-trip decimal.
  public static func number(_ value: Double) -> String { "\(value)" }

  static func optional(_ value: Double?) -> String { value.map(number) ?? "-" }

  /// `TIME X Y PRESSURE ALTITUDE AZIMUTH`.
  static func point(_ point: PredictedPoint) -> String {
    "\(number(point.time)) \(number(point.x)) \(number(point.y)) "
      + "\(optional(point.pressure)) \(optional(point.altitude)) \(optional(point.azimuth))"
  }
}
