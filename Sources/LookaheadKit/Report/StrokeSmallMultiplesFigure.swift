/// Small multiples of single strokes (Tufte, *Envisioning Information*, 1990, ch. 4): per stroke,
/// the true ink and, from every scored frame, the provisional segment an app would draw from the
/// newest real sample to the shown (predicted) point, from the per-prediction records of
/// `lookahead evaluate --records`.
///
/// - true ink (dark): the anchor samples and the true positions at the target times, in time order;
/// - provisional ink (orange): anchor → shown point, one segment per frame;
/// - stroke end (blue ring) and the frames within the last 50 ms whose shown point lies past the
///   end along the final direction (blue segments), the arrow giving the largest such distance:
///   the overshoot of `Docs/Metrics.md` as far as the records show it (the metric itself uses the
///   start of the final rest, which the records do not carry; `data-overshoot` is this figure's
///   measure, not the scorecard's).
///
/// Coordinates keep the trace's aspect ratio with y pointing down, as on screen.
public enum StrokeSmallMultiplesFigure {
  /// Seconds before the last anchor within which frames count for the overshoot marks (the
  /// metric's default `strokeEndWindowSeconds`).
  public static let endWindowSeconds = 0.05

  /// What one panel shows, computed from the records of one stroke.
  public struct Panel: Sendable {
    public var dataset: String
    public var predictor: String
    public var stroke: Int
    public var ink: [(x: Double, y: Double)]
    public var records: [PredictionRecordTable.Record]
    public var end: (x: Double, y: Double)
    /// Unit final direction, `nil` when the stroke never moved.
    public var finalDirection: (x: Double, y: Double)?
    /// Frames within the end window and how far past the end their shown point is (> 0 only).
    public var overshoots: [(frame: Int, distance: Double)]
    public var maximumOvershoot: Double { overshoots.map(\.distance).max() ?? 0 }

    public init(dataset: String, predictor: String, stroke: Int, records: [PredictionRecordTable.Record]) {
      self.dataset = dataset
      self.predictor = predictor
      self.stroke = stroke
      self.records = records
      var timed: [(t: Double, x: Double, y: Double)] = []
      for r in records {
        timed.append((r.anchorTime, r.anchorX, r.anchorY))
        timed.append((r.targetTime, r.truthX, r.truthY))
      }
      timed.sort { $0.t < $1.t }
      var ink: [(x: Double, y: Double)] = []
      var lastTime = -Double.infinity
      for p in timed where p.t > lastTime {
        ink.append((p.x, p.y))
        lastTime = p.t
      }
      self.ink = ink
      let last = records.max { $0.anchorTime < $1.anchorTime }
      let end = last.map { (x: $0.anchorX, y: $0.anchorY) } ?? ink.last ?? (x: 0, y: 0)
      self.end = end
      // The final direction: from the last anchor sample at least a little away from the end.
      let anchors = records.sorted { $0.anchorTime < $1.anchorTime }.map { (x: $0.anchorX, y: $0.anchorY) }
      let span = ink.isEmpty ? 0 : Self.extent(ink)
      var direction: (x: Double, y: Double)?
      for a in anchors.reversed() {
        let dx = end.x - a.x
        let dy = end.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        if length > 0.02 * span, length > 0 {
          direction = (dx / length, dy / length)
          break
        }
      }
      finalDirection = direction
      var overshoots: [(frame: Int, distance: Double)] = []
      if let direction, let lastTime = last?.anchorTime {
        for r in records where r.anchorTime >= lastTime - StrokeSmallMultiplesFigure.endWindowSeconds {
          guard let sx = r.shownX, let sy = r.shownY else { continue }
          let along = (sx - end.x) * direction.x + (sy - end.y) * direction.y
          if along > 0 { overshoots.append((r.frame, along)) }
        }
      }
      self.overshoots = overshoots
    }

    static func extent(_ points: [(x: Double, y: Double)]) -> Double {
      let xs = points.map(\.x)
      let ys = points.map(\.y)
      return max((xs.max() ?? 0) - (xs.min() ?? 0), (ys.max() ?? 0) - (ys.min() ?? 0))
    }
  }

  /// Panels for the first `maximumStrokes` strokes of `table`.
  public static func panels(_ table: PredictionRecordTable, maximumStrokes: Int = 12) -> [Panel] {
    table.strokes.prefix(maximumStrokes).map {
      Panel(dataset: $0.dataset, predictor: $0.predictor, stroke: $0.stroke, records: $0.records)
    }
  }

  public static func svg(_ panels: [Panel], title: String) -> SVGElement {
    let size = 220.0
    let gap = 14.0
    let columns = max(1, min(3, panels.count))
    let rows = (panels.count + columns - 1) / columns
    var children: [SVGElement] = []
    for (i, panel) in panels.enumerated() {
      let left = Double(i % columns) * (size + gap) + 10
      let top = Double(i / columns) * (size + gap + 20) + 10
      children.append(self.panel(panel, left: left, top: top, size: size))
    }
    let legendTop = Double(rows) * (size + gap + 20) + 14
    children.append(.line(x1: 14, y1: legendTop, x2: 34, y2: legendTop, stroke: ReportPalette.ink, width: 2))
    children.append(.text("true ink", x: 40, y: legendTop + 4))
    children.append(.line(x1: 110, y1: legendTop, x2: 130, y2: legendTop, stroke: ReportPalette.provisional, width: 2))
    children.append(.text("provisional ink (newest sample → shown point)", x: 136, y: legendTop + 4))
    children.append(.line(x1: 420, y1: legendTop, x2: 440, y2: legendTop, stroke: ReportPalette.strokeEnd, width: 2))
    children.append(.text("past the stroke end", x: 446, y: legendTop + 4))
    let width = max(600, Double(columns) * (size + gap) + 10)
    return .root(width: width, height: legendTop + 14, title: title, figure: "strokes", children: children)
  }

  static func panel(_ panel: Panel, left: Double, top: Double, size: Double) -> SVGElement {
    var points = panel.ink
    for r in panel.records { if let x = r.shownX, let y = r.shownY { points.append((x, y)) } }
    let xs = points.map(\.x)
    let ys = points.map(\.y)
    let minX = xs.min() ?? 0
    let minY = ys.min() ?? 0
    let span = max(Panel.extent(points), 1e-9)
    let inner = size - 16
    let scale = inner / span
    let offsetX = left + 8 + (inner - ((xs.max() ?? 0) - minX) * scale) / 2
    let offsetY = top + 8 + (inner - ((ys.max() ?? 0) - minY) * scale) / 2
    func px(_ x: Double) -> Double { offsetX + (x - minX) * scale }
    func py(_ y: Double) -> Double { offsetY + (y - minY) * scale }

    var group = SVGElement(
      "g",
      [
        ("class", "stroke-panel"), ("data-dataset", panel.dataset), ("data-predictor", panel.predictor),
        ("data-stroke", String(panel.stroke)), ("data-records", String(panel.records.count)),
        ("data-overshoot", SVGElement.number(panel.maximumOvershoot)),
        ("data-end-x", SVGElement.number(panel.end.x)), ("data-end-y", SVGElement.number(panel.end.y)),
      ])
    group.append(.rect(x: left, y: top, width: size, height: size, fill: "#fff", extra: [("stroke", "#ccc")]))
    let overshootFrames = Set(panel.overshoots.map(\.frame))
    var provisional = SVGElement("g", [("class", "provisional"), ("stroke-opacity", "0.55")])
    for r in panel.records {
      guard let sx = r.shownX, let sy = r.shownY else { continue }
      let past = overshootFrames.contains(r.frame)
      provisional.append(
        .line(
          x1: px(r.anchorX), y1: py(r.anchorY), x2: px(sx), y2: py(sy),
          stroke: past ? ReportPalette.strokeEnd : ReportPalette.provisional, width: past ? 1.4 : 1,
          extra: [
            ("data-frame", String(r.frame)), ("data-shown-x", SVGElement.number(sx)),
            ("data-shown-y", SVGElement.number(sy)),
          ]))
    }
    group.append(.polyline(panel.ink.map { (px($0.x), py($0.y)) }, stroke: ReportPalette.ink, width: 2,
                           extra: [("class", "ink")]))
    group.append(provisional)
    group.append(
      .circle(x: px(panel.end.x), y: py(panel.end.y), radius: 5, fill: "none",
              extra: [("stroke", ReportPalette.strokeEnd), ("stroke-width", "1.5"), ("class", "stroke-end")]))
    if let direction = panel.finalDirection, panel.maximumOvershoot > 0 {
      let tipX = panel.end.x + direction.x * panel.maximumOvershoot
      let tipY = panel.end.y + direction.y * panel.maximumOvershoot
      group.append(.line(x1: px(panel.end.x), y1: py(panel.end.y), x2: px(tipX), y2: py(tipY),
                         stroke: ReportPalette.strokeEnd, width: 2.5, extra: [("class", "overshoot")]))
    }
    let caption = "stroke \(panel.stroke) · \(panel.records.count) frames · overshoot "
      + ReportFormat.number(panel.maximumOvershoot) + " (trace units)"
    group.append(.text(caption, x: left + 2, y: top + size + 13, size: 10.5))
    return group
  }
}
