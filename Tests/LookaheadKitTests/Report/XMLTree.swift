import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A parsed XML document for the report tests: Foundation's `XMLDocument` is missing on Linux, so
/// `XMLParser` (SAX) builds this small tree. A parse error fails with its line and column.
final class XMLTree {
  final class Node {
    let name: String
    let attributes: [String: String]
    var children: [Node] = []
    var text = ""
    weak var parent: Node?

    init(name: String, attributes: [String: String]) {
      self.name = name
      self.attributes = attributes
    }

    /// Every descendant (and self) in document order.
    var all: [Node] { [self] + children.flatMap(\.all) }

    /// Descendants named `name` whose attribute `key` (if given) equals `value`.
    func find(_ name: String, _ key: String? = nil, _ value: String? = nil) -> [Node] {
      all.filter { $0.name == name && (key == nil || $0.attributes[key!] == value) }
    }

    /// Text of this node and its descendants, concatenated.
    var fullText: String { text + children.map(\.fullText).joined() }

    func double(_ key: String) -> Double? { attributes[key].flatMap(Double.init) }
  }

  struct ParseError: Error, CustomStringConvertible {
    var description: String
  }

  let root: Node

  init(_ text: String) throws {
    // HTML5's doctype is not XML's concern; the rest must be well-formed XML.
    let xml = text.hasPrefix("<!DOCTYPE html>") ? String(text.dropFirst("<!DOCTYPE html>".count)) : text
    let parser = XMLParser(data: Data(xml.utf8))
    let delegate = Delegate()
    parser.delegate = delegate
    guard parser.parse(), let root = delegate.root else {
      throw ParseError(
        description: "XML parse failed at \(parser.lineNumber):\(parser.columnNumber): "
          + "\(parser.parserError.map { "\($0)" } ?? "no root")")
    }
    self.root = root
  }

  private final class Delegate: NSObject, XMLParserDelegate {
    var root: Node?
    var current: Node?

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      let node = Node(name: elementName, attributes: attributes)
      node.parent = current
      if let current { current.children.append(node) } else { root = node }
      current = node
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
      current = current?.parent
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { current?.text += string }
  }
}
