import Foundation

/// The text `lookahead predictors list` and `show` print: plain tables for people, JSON for
/// machines.
public enum PredictorCatalogReport {
  public static func listTable(_ catalog: PredictorCatalog) -> String {
    let rows = catalog.entries.map { [$0.name, $0.isExportable ? "yes" : "no", $0.summary] }
    return table(header: ["name", "exportable", "description"], rows: rows)
  }

  public static func showTable(_ entry: PredictorCatalogEntry) -> String {
    var text = "\(entry.name): \(entry.summary)\n"
    text += "source: \(entry.source)\n"
    text += "exportable: \(entry.isExportable ? "yes" : "no")\n\n"
    guard !entry.parameters.isEmpty else {
      // An empty table was a header line alone.
      return text + "parameters: none (a fixed configuration: nothing to set with \(entry.name):key=value or to tune)\n"
    }
    let rows = entry.parameters.map {
      [$0.name, $0.unit.isEmpty ? "-" : $0.unit, $0.defaultDescription, $0.rangeAndSearchDescription, $0.summary]
    }
    text += table(header: ["parameter", "unit", "default", "range", "description"], rows: rows)
    return text
  }

  public static func listJSON(_ catalog: PredictorCatalog) -> String {
    json(catalog.entries.map { ["name": $0.name, "exportable": $0.isExportable, "summary": $0.summary, "source": $0.source] })
  }

  public static func showJSON(_ entry: PredictorCatalogEntry) -> String {
    let parameters: [[String: Any]] = entry.parameters.map { spec in
      var item: [String: Any] = ["name": spec.name, "unit": spec.unit, "summary": spec.summary]
      switch spec.defaultValue {
      case .number(let v): item["default"] = v
      case .choice(let s): item["default"] = s
      }
      switch spec.domain {
      case .real(let r, let scale):
        item["kind"] = "real"
        item["minimum"] = r.lowerBound
        item["maximum"] = r.upperBound
        item["scale"] = scale.rawValue
        if case .real(let searched, let searchScale)? = spec.defaultSearch {
          item["defaultSearch"] = ["minimum": searched.lowerBound, "maximum": searched.upperBound, "scale": searchScale.rawValue]
        }
      case .integer(let r):
        item["kind"] = "integer"
        item["minimum"] = r.lowerBound
        item["maximum"] = r.upperBound
        item["scale"] = "linear"
      case .choice(let names):
        item["kind"] = "choice"
        item["choices"] = names
      case .flag:
        item["kind"] = "flag"
      }
      return item
    }
    return json([
      "name": entry.name, "summary": entry.summary, "source": entry.source,
      "exportable": entry.isExportable, "parameters": parameters,
    ])
  }

  private static func json(_ object: Any) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]),
      let text = String(data: data, encoding: .utf8)
    else { return "{}" }
    return text
  }

  private static func table(header: [String], rows: [[String]]) -> String {
    var widths = header.map(\.count)
    for row in rows { for (i, cell) in row.enumerated() where i < widths.count - 1 { widths[i] = max(widths[i], cell.count) } }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { i, cell in
        i == cells.count - 1 ? cell : cell.padding(toLength: widths[i], withPad: " ", startingAt: 0)
      }.joined(separator: "  ")
    }
    return ([line(header)] + rows.map(line)).joined(separator: "\n")
  }
}
