import Foundation

/// Apple Pencil event streams recorded by Inkable (Adam Wulf, `adamwulf/Inkable`,
/// `Tests/InkableTests/*.json`, described in `Inkable-ApplePencil/SOURCE.md`): UIKit `UITouch`
/// events serialized from Inkable's `TouchEvent` (`Sources/Inkable/Model/TouchEvent.swift`).
///
/// Import, following the SOURCE.md recommendation and ANCHOR-PROTOCOL §2:
/// - Real samples are the pencil events (`type == 2`) with `isUpdate == false` and
///   `isPrediction == false`; other touch types are skipped and counted. One stroke per
///   `touchIdentifier` (first-seen order), its samples stable-sorted by `timestamp`, phases from
///   `UITouch.Phase` (0 began → down, 1 moved and 2 stationary → move, 3 ended and 4 cancelled → up).
/// - Each `isUpdate` event refines the sample of the same touch with the same
///   `estimationUpdateIndex`: the sample keeps the final force, and a ``LatePropertyUpdate`` keeps
///   the estimate with the update's arrival time, which is the timestamp of the newest real sample
///   of that touch delivered before the update (stream order), since UIKit stamps no time on the
///   update itself. Altitude and azimuth updates are recorded only where they change the value.
/// - Each `isPrediction` event is UIKit's `predictedTouches(for:)` output, kept as a
///   ``RecordedPrediction`` anchored at the newest real sample of the same touch delivered
///   earlier in the stream.
/// Units: time s (UITouch.timestamp); x, y in UIKit points (0.192 mm assumed per SOURCE.md);
/// pressure = force / maximumPossibleForce; angles already in radians.
public struct InkableImporter: TraceImporter {
  public init() {}
  public var format: TraceSourceFormat { .inkableJSON }

  public static let nonPencilRule = "Inkable non-pencil event skipped"
  public static let orphanUpdateRule = "Inkable update without its sample dropped"
  public static let orphanPredictionRule = "Inkable prediction before any sample dropped"
  public static let predictorName = "apple-uikit-predicted-touches"

  public func metadata() -> TraceMetadata {
    TraceMetadata(
      source: "Inkable-ApplePencil", device: "iPad + Apple Pencil (UIKit)", digitizerRateHz: 240,
      coordinateUnit: "pt", millimetresPerUnit: 0.192,
      licence: "MIT (Copyright (c) 2021 Adam Wulf)", recordedPredictor: Self.predictorName,
      notes: [
        "millimetres_per_unit": "assumption: 1 pt = 0.0192 cm as the Inkable SOURCE.md assumes, unverified",
        "pressure": "force / maximumPossibleForce, final value after updates",
      ])
  }

  /// One decoded event, with where it sits in the stream.
  struct Event {
    /// The touch's number, in order of first appearance in the file (any event type).
    var touch: Int
    var isPencil: Bool
    var isUpdate: Bool
    var isPrediction: Bool
    var phase: StrokePhase
    var sample: TraceSample
    var updateIndex: Int?
  }

  /// Per-touch state while the stream is read.
  private struct Touch {
    var rows: [TraceSample] = []
    var rowUpdateIndex: [Int?] = []
    /// Row of the newest real sample delivered so far (greatest timestamp, later wins ties).
    var newestRow: Int?
    var predictions: [(row: Int, prediction: RecordedPrediction)] = []
    var updates: [(row: Int, update: LatePropertyUpdate)] = []

    mutating func addSample(_ event: Event) {
      var sample = event.sample
      sample.phase = event.phase
      rows.append(sample)
      rowUpdateIndex.append(event.updateIndex)
      if newestRow.map({ rows[$0].time <= sample.time }) ?? true { newestRow = rows.count - 1 }
    }

    /// Anchors a UIKit prediction at the newest real sample delivered so far; `false` if none.
    mutating func addPrediction(_ event: Event) -> Bool {
      guard let anchor = newestRow else { return false }
      predictions.append((anchor, RecordedPrediction(
        anchorIndex: anchor, time: event.sample.time, x: event.sample.x, y: event.sample.y,
        pressure: event.sample.pressure)))
      return true
    }

    /// Applies an estimated-property update to its sample; `false` if no sample matches.
    mutating func applyUpdate(_ event: Event) -> Bool {
      guard let updateIndex = event.updateIndex,
        let row = rowUpdateIndex.lastIndex(where: { $0 == updateIndex })
      else { return false }
      let arrival = newestRow.map { rows[$0].time } ?? rows[row].time
      let final: [(LatePropertyUpdate.Property, Double?, WritableKeyPath<TraceSample, Double?>)] = [
        (.pressure, event.sample.pressure, \.pressure),
        (.altitude, event.sample.altitude, \.altitude),
        (.azimuth, event.sample.azimuth, \.azimuth),
      ]
      for (property, value, keyPath) in final {
        guard let value else { continue }
        let current = rows[row][keyPath: keyPath]
        // Force is always recorded (it is what updates are for); angles only when they change.
        guard property == .pressure || value != current else { continue }
        // The estimate is the value first delivered, kept by an earlier update of the same row.
        let estimate = updates.first { $0.row == row && $0.update.property == property }?.update.estimatedValue
          ?? current ?? 0
        updates.append((row, LatePropertyUpdate(
          sampleIndex: row, property: property, estimatedValue: estimate, finalValue: value, arrivalTime: arrival)))
        rows[row][keyPath: keyPath] = value
      }
      return true
    }
  }

  public func strokes(in data: Data, file: URL, options: ImportOptions, report: inout CleaningReport) throws -> [Stroke] {
    let assembler = StrokeAssembler(options: options, pointerType: .pen)
    assembler.declareRules(in: &report)
    for rule in [Self.nonPencilRule, Self.orphanUpdateRule, Self.orphanPredictionRule] { report.add(rule, 0) }
    let events = try InkableEventReader.events(in: data) ?? decodeEvents(data, file: file)
    // Pencil touches in order of first appearance; touchIndex[event.touch] is one's place.
    var touchIndex: [Int] = []
    var touches: [Touch] = []
    for event in events {
      guard event.isPencil else {
        report.add(Self.nonPencilRule)
        continue
      }
      if event.touch >= touchIndex.count { touchIndex += repeatElement(-1, count: event.touch + 1 - touchIndex.count) }
      if touchIndex[event.touch] < 0 {
        touchIndex[event.touch] = touches.count
        touches.append(Touch())
      }
      let index = touchIndex[event.touch]
      // Mutated in place through the array: a copy taken out of a dictionary would be copied
      // whole on every event.
      if event.isUpdate {
        if !touches[index].applyUpdate(event) { report.add(Self.orphanUpdateRule) }
      } else if event.isPrediction {
        if !touches[index].addPrediction(event) { report.add(Self.orphanPredictionRule) }
      } else {
        touches[index].addSample(event)
      }
    }

    var strokes: [Stroke] = []
    let name = fileName(file)
    for touch in touches {
      // Stable sort by timestamp; rows are re-indexed, so remap the row-anchored values.
      let sortedRows = touch.rows.indices.sorted { a, b in
        touch.rows[a].time < touch.rows[b].time || (touch.rows[a].time == touch.rows[b].time && a < b)
      }
      var newPosition = [Int](repeating: 0, count: sortedRows.count)
      for (position, row) in sortedRows.enumerated() { newPosition[row] = position }
      let rows = sortedRows.map { touch.rows[$0] }
      let predictions = touch.predictions.map { (newPosition[$0.row], $0.prediction) }
      let updates = touch.updates.map { (newPosition[$0.row], $0.update) }
      if let stroke = try assembler.assemble(
        rows: rows, file: file.path, keepPhases: true, writer: "adamwulf", origin: name, predictions: predictions,
        updates: updates, report: &report)
      {
        strokes.append(stroke)
      }
    }
    return strokes
  }

  /// The general way, for any file ``InkableEventReader`` does not take: the JSON tree, then
  /// each event in turn, failing at the first bad one with its JSON path and field.
  func decodeEvents(_ data: Data, file: URL) throws -> [Event] {
    guard case .array(let elements) = try JSONValue.parse(data, file: file.path) else {
      // Another JSON the workbench reads or writes, named with where it goes instead.
      let kind = WorkbenchFileKind.identify(data).map { "; it is \($0.summary): \($0.remedy(for: file.lastPathComponent))" } ?? ""
      throw TraceInputError(file: file.path, location: .jsonPath("$"), problem: "expected a top-level array of touch events" + kind)
    }
    var touchNumbers: [String: Int] = [:]
    return try elements.enumerated().map { index, element in
      try decode(element, path: "$[\(index)]", file: file, touchNumbers: &touchNumbers)
    }
  }

  static func phase(_ raw: Int) -> StrokePhase? {
    switch raw {
    case 0: .down
    case 1, 2: .move
    case 3, 4: .up
    default: nil
    }
  }

  /// An integral value that fits an `Int` exactly, as fields like `type` and `phase` must be.
  static func integer(_ value: Double) -> Int? {
    value == value.rounded() && abs(value) < 1e15 ? Int(value) : nil
  }

  /// A touch type other than the pencil's, skipped and counted.
  static func nonPencilEvent(touch: Int) -> Event {
    Event(touch: touch, isPencil: false, isUpdate: false, isPrediction: false, phase: .move,
      sample: TraceSample(time: 0, x: 0, y: 0), updateIndex: nil)
  }

  /// A pencil event from its checked fields (`pressure` is force / maximumPossibleForce).
  static func pencilEvent(
    touch: Int, isUpdate: Bool, isPrediction: Bool, phase: StrokePhase, timestamp: Double, x: Double, y: Double,
    pressure: Double, altitude: Double, azimuth: Double, estimatedBits: Int, updateIndex: Int?
  ) -> Event {
    var estimated: EstimatedProperties = []
    if estimatedBits & 1 != 0 { estimated.insert(.pressure) }
    if estimatedBits & 2 != 0 { estimated.insert(.azimuth) }
    if estimatedBits & 4 != 0 { estimated.insert(.altitude) }
    if estimatedBits & 8 != 0 { estimated.insert(.location) }
    return Event(
      touch: touch, isPencil: true, isUpdate: isUpdate, isPrediction: isPrediction, phase: phase,
      sample: TraceSample(
        time: timestamp, x: x, y: y, pressure: pressure, altitude: altitude, azimuth: azimuth, phase: phase,
        estimated: estimated),
      updateIndex: updateIndex)
  }

  private func decode(_ element: JSONValue, path: String, file: URL, touchNumbers: inout [String: Int]) throws -> Event {
    guard case .object(let object) = element else {
      throw TraceInputError(file: file.path, location: .jsonPath(path), problem: "expected a touch event object, found \(element.kind)")
    }
    func fail(_ key: String, _ problem: String) -> TraceInputError {
      TraceInputError(file: file.path, location: .jsonPath("\(path).\(key)"), field: key, problem: problem)
    }
    func value(_ key: String) throws -> JSONValue {
      guard let value = object[key] else { throw fail(key, "is missing") }
      return value
    }
    func number(_ key: String) throws -> Double {
      let raw = try value(key)
      guard case .number(let number) = raw else { throw fail(key, "expected a number, found \(raw.kind)") }
      guard number.isFinite else { throw fail(key, "\(number) is not finite") }
      return number
    }
    func integer(_ key: String) throws -> Int {
      let double = try number(key)
      guard let integer = Self.integer(double) else { throw fail(key, "\(double) is not an integer") }
      return integer
    }
    func flag(_ key: String) throws -> Bool {
      let raw = try value(key)
      guard case .bool(let flag) = raw else { throw fail(key, "expected true or false, found \(raw.kind)") }
      return flag
    }
    let touchValue = try value("touchIdentifier")
    guard case .string(let identifier) = touchValue else { throw fail("touchIdentifier", "expected a string, found \(touchValue.kind)") }
    let type = try integer("type")
    let touch = touchNumbers[identifier] ?? touchNumbers.count
    touchNumbers[identifier] = touch
    // Other touch types are skipped (and counted) without checking the pencil-only fields:
    // finger events carry maximumPossibleForce 0.
    guard type == 2 else { return Self.nonPencilEvent(touch: touch) }
    let isUpdate = try flag("isUpdate")
    let isPrediction = try flag("isPrediction")
    let rawPhase = try integer("phase")
    guard let phase = Self.phase(rawPhase) else { throw fail("phase", "\(rawPhase) is not a UITouch.Phase (0…4)") }
    let timestamp = try number("timestamp")
    guard TraceTimeLimit.accepts(timestamp) else { throw fail("timestamp", TraceTimeLimit.problem(timestamp)) }
    let locationValue = try value("location")
    guard case .array(let location) = locationValue, location.count == 2 else {
      throw fail("location", "expected an array [x, y], found \(locationValue.kind)")
    }
    var coordinates: [Double] = []
    for (axis, element) in location.enumerated() {
      guard case .number(let number) = element, number.isFinite else {
        throw TraceInputError(file: file.path, location: .jsonPath("\(path).location[\(axis)]"), field: "location",
          problem: "expected a finite number, found \(element.kind)")
      }
      // A sample's or a prediction's position is scored, so one past the limit is refused at its
      // path (an update's location is not read).
      guard isUpdate || TracePositionLimit.accepts(number) else {
        throw TraceInputError(file: file.path, location: .jsonPath("\(path).location[\(axis)]"), field: "location",
          problem: TracePositionLimit.problem(number))
      }
      coordinates.append(number)
    }
    guard coordinates.count == 2 else { throw fail("location", "expected an array [x, y]") }
    let force = try number("force")
    let maximumForce = try number("maximumPossibleForce")
    guard maximumForce > 0 else { throw fail("maximumPossibleForce", "\(maximumForce) must be positive") }
    // Two finite numbers can still divide to infinity (1e300 / 1e-10).
    let pressure = force / maximumForce
    guard pressure.isFinite else {
      throw fail("force", "force \(force) / maximumPossibleForce \(maximumForce) is not finite")
    }
    let altitude = try number("altitudeAngle")
    let azimuth = try number("azimuth")
    let estimatedBits = object["estimatedProperties"] == nil ? 0 : try integer("estimatedProperties")
    let updateIndex = object["estimationUpdateIndex"] == nil ? nil : try integer("estimationUpdateIndex")
    return Self.pencilEvent(
      touch: touch, isUpdate: isUpdate, isPrediction: isPrediction, phase: phase, timestamp: timestamp,
      x: coordinates[0], y: coordinates[1], pressure: pressure, altitude: altitude, azimuth: azimuth,
      estimatedBits: estimatedBits, updateIndex: updateIndex)
  }
}
