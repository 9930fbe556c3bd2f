/// A node of an SVG (or XHTML) tree, rendered to text with every attribute value and text node
/// escaped (``XMLEscaping``), so that a report stays well-formed XML whatever its labels hold.
///
/// Figures build these trees and attach the numbers they draw as `data-*` attributes, so that a
/// reader (and the tests) can check each mark against the result it came from.
public struct SVGElement: Sendable, Hashable {
  public var name: String
  /// Attributes in the order given (kept, so that output is deterministic).
  public var attributes: [(name: String, value: String)]
  public var children: [SVGElement]
  /// Text content, written before the children.
  public var text: String?

  public init(_ name: String, _ attributes: [(String, String)] = [], text: String? = nil, children: [SVGElement] = []) {
    self.name = name
    self.attributes = attributes.map { (name: $0.0, value: $0.1) }
    self.text = text
    self.children = children
  }

  public static func == (lhs: SVGElement, rhs: SVGElement) -> Bool {
    lhs.name == rhs.name && lhs.text == rhs.text && lhs.children == rhs.children
      && lhs.attributes.map(\.name) == rhs.attributes.map(\.name)
      && lhs.attributes.map(\.value) == rhs.attributes.map(\.value)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(text)
    hasher.combine(children)
    for attribute in attributes {
      hasher.combine(attribute.name)
      hasher.combine(attribute.value)
    }
  }

  /// Appends a child.
  public mutating func append(_ child: SVGElement) { children.append(child) }

  /// The element as XML text.
  public var xml: String {
    var out = ""
    write(to: &out)
    return out
  }

  /// Writes the element as XML text to `out`.
  public func write(to out: inout String) {
    out += "<" + name
    for attribute in attributes {
      out += " " + attribute.name + "=\"" + XMLEscaping.escape(attribute.value) + "\""
    }
    if text == nil, children.isEmpty {
      out += "/>"
      return
    }
    out += ">"
    if let text { out += XMLEscaping.escape(text) }
    for child in children { child.write(to: &out) }
    out += "</" + name + ">"
  }

  // MARK: - Shapes

  /// A number as an attribute value: the shortest text that reads back as the same `Double`
  /// (Swift's `description`), so that `data-*` values compare exactly.
  public static func number(_ value: Double) -> String { "\(value)" }

  /// A pixel coordinate, rounded to 0.01 px to keep files small.
  public static func pixel(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : "\(rounded)"
  }

  public static func text(
    _ content: String, x: Double, y: Double, anchor: String = "start", size: Double = 11,
    extra: [(String, String)] = []
  ) -> SVGElement {
    SVGElement(
      "text",
      [("x", pixel(x)), ("y", pixel(y)), ("text-anchor", anchor), ("font-size", pixel(size))] + extra,
      text: content)
  }

  public static func line(
    x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1,
    extra: [(String, String)] = []
  ) -> SVGElement {
    SVGElement(
      "line",
      [
        ("x1", pixel(x1)), ("y1", pixel(y1)), ("x2", pixel(x2)), ("y2", pixel(y2)), ("stroke", stroke),
        ("stroke-width", pixel(width)),
      ] + extra)
  }

  public static func polyline(
    _ points: [(x: Double, y: Double)], stroke: String, width: Double = 1.5, extra: [(String, String)] = []
  ) -> SVGElement {
    let list = points.map { pixel($0.x) + "," + pixel($0.y) }.joined(separator: " ")
    return SVGElement(
      "polyline",
      [("points", list), ("fill", "none"), ("stroke", stroke), ("stroke-width", pixel(width)),
       ("stroke-linejoin", "round"), ("stroke-linecap", "round")] + extra)
  }

  public static func circle(
    x: Double, y: Double, radius: Double, fill: String, extra: [(String, String)] = []
  ) -> SVGElement {
    SVGElement("circle", [("cx", pixel(x)), ("cy", pixel(y)), ("r", pixel(radius)), ("fill", fill)] + extra)
  }

  public static func rect(
    x: Double, y: Double, width: Double, height: Double, fill: String, extra: [(String, String)] = []
  ) -> SVGElement {
    SVGElement(
      "rect",
      [("x", pixel(x)), ("y", pixel(y)), ("width", pixel(max(0, width))), ("height", pixel(max(0, height))),
       ("fill", fill)] + extra)
  }

  /// An `<svg>` root of the given size with the SVG namespace and a title for screen readers.
  public static func root(width: Double, height: Double, title: String, figure: String, children: [SVGElement])
    -> SVGElement
  {
    SVGElement(
      "svg",
      [
        ("xmlns", "http://www.w3.org/2000/svg"), ("width", pixel(width)), ("height", pixel(height)),
        ("viewBox", "0 0 \(pixel(width)) \(pixel(height))"), ("font-family", "Helvetica, Arial, sans-serif"),
        ("data-figure", figure), ("role", "img"),
      ],
      children: [SVGElement("title", text: title)] + children)
  }
}
