/// A rectangular plot area with linear x and y scales, tick marks at "nice" steps (1, 2, 5 × 10ⁿ,
/// the rule of Heckbert's "Nice numbers for graph labels", *Graphics Gems*, 1990) and axis labels.
/// Figures map data through ``x(_:)`` and ``y(_:)`` and add ``axes()`` beneath their marks.
public struct ChartAxes: Sendable {
  /// Pixel rectangle of the plotting area inside the SVG.
  public var left: Double
  public var top: Double
  public var width: Double
  public var height: Double
  public var xDomain: ClosedRange<Double>
  public var yDomain: ClosedRange<Double>
  public var xLabel: String
  public var yLabel: String

  /// Axes over the data extents `xValues` and `yValues` (non-finite values ignored), padded to
  /// nice tick boundaries; `yIncludesZero` pins errors and counts to a zero baseline.
  public init(
    left: Double, top: Double, width: Double, height: Double, xValues: [Double], yValues: [Double],
    xLabel: String, yLabel: String, xIncludesZero: Bool = false, yIncludesZero: Bool = true
  ) {
    self.left = left
    self.top = top
    self.width = width
    self.height = height
    self.xLabel = xLabel
    self.yLabel = yLabel
    xDomain = Self.niceDomain(xValues, includingZero: xIncludesZero)
    yDomain = Self.niceDomain(yValues, includingZero: yIncludesZero)
  }

  /// The pixel x of data value `value`.
  public func x(_ value: Double) -> Double {
    left + (value - xDomain.lowerBound) / (xDomain.upperBound - xDomain.lowerBound) * width
  }

  /// The pixel y of data value `value` (up is larger).
  public func y(_ value: Double) -> Double {
    top + height - (value - yDomain.lowerBound) / (yDomain.upperBound - yDomain.lowerBound) * height
  }

  /// Frame, ticks, tick labels and axis titles.
  public func axes() -> SVGElement {
    var group = SVGElement("g", [("class", "axes"), ("font-size", "10"), ("fill", "#333")])
    group.append(.rect(x: left, y: top, width: width, height: height, fill: "none", extra: [("stroke", "#999")]))
    for tick in Self.ticks(xDomain) {
      let px = x(tick)
      group.append(.line(x1: px, y1: top + height, x2: px, y2: top + height + 4, stroke: "#999"))
      group.append(.line(x1: px, y1: top, x2: px, y2: top + height, stroke: "#eee"))
      group.append(.text(Self.label(tick), x: px, y: top + height + 15, anchor: "middle", size: 10))
    }
    for tick in Self.ticks(yDomain) {
      let py = y(tick)
      group.append(.line(x1: left - 4, y1: py, x2: left, y2: py, stroke: "#999"))
      group.append(.line(x1: left, y1: py, x2: left + width, y2: py, stroke: "#eee"))
      group.append(.text(Self.label(tick), x: left - 6, y: py + 3.5, anchor: "end", size: 10))
    }
    group.append(.text(xLabel, x: left + width / 2, y: top + height + 30, anchor: "middle", size: 11))
    group.append(
      SVGElement(
        "text",
        [("transform", "translate(\(SVGElement.pixel(left - 38)),\(SVGElement.pixel(top + height / 2))) rotate(-90)"),
         ("text-anchor", "middle"), ("font-size", "11")],
        text: yLabel))
    return group
  }

  /// The step 1, 2 or 5 × 10ⁿ that cuts `span` into about `count` intervals.
  public static func niceStep(_ span: Double, count: Int = 5) -> Double {
    guard span > 0, span.isFinite else { return 1 }
    let raw = span / Double(max(1, count))
    var magnitude = 1.0
    while magnitude * 10 <= raw { magnitude *= 10 }
    while magnitude > raw { magnitude /= 10 }
    let fraction = raw / magnitude
    let nice: Double = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
    return nice * magnitude
  }

  /// The data extent widened to multiples of the nice step (and to zero if asked); a single
  /// value or no data gives a unit-wide domain, so scales never divide by zero.
  public static func niceDomain(_ values: [Double], includingZero: Bool) -> ClosedRange<Double> {
    var finite = values.filter(\.isFinite)
    if includingZero { finite.append(0) }
    guard var low = finite.min(), var high = finite.max() else { return 0...1 }
    if high - low < 1e-12 * max(1, abs(high)) {
      low -= 0.5
      high += 0.5
    }
    let step = niceStep(high - low)
    low = (low / step).rounded(.down) * step
    high = (high / step).rounded(.up) * step
    return low...high
  }

  /// Tick values at the nice step inside `domain`.
  public static func ticks(_ domain: ClosedRange<Double>) -> [Double] {
    let step = niceStep(domain.upperBound - domain.lowerBound)
    var ticks: [Double] = []
    var k = (domain.lowerBound / step).rounded(.up)
    while k * step <= domain.upperBound + step * 1e-9, ticks.count < 50 {
      ticks.append(k * step)
      k += 1
    }
    return ticks
  }

  /// A tick label: up to four significant digits, no trailing zeros.
  public static func label(_ value: Double) -> String {
    if abs(value) < 1e-12 { return "0" }
    return ReportFormat.number(value)
  }
}
