import Foundation
import LookaheadRuntime

/// The parameter tables of `Docs/Predictors.md`, written from the runtime's field tables
/// (``ParameterField``), so the page, the catalog and `validate()` cannot disagree.
///
/// Each table sits in the page between `<!-- fields: NAME -->` and `<!-- end fields -->`;
/// `PredictorParameterDocsTests` fails when a block differs from ``tables`` and rewrites the page
/// when run with `LOOKAHEAD_REGENERATE_DOCS=1`.
package enum PredictorParameterDocs {
  /// Every generated table by its marker name, in page order.
  package static var tables: [(name: String, markdown: String)] {
    [
      ("linear", table(presets: [("", LinearParameters())])),
      ("polynomial", table(presets: [
        ("polynomial", PredictorCatalog.polynomialPreset), ("savitzky-golay", PredictorCatalog.savitzkyGolayPreset),
      ])),
      ("kalman", table(presets: [("chromium", KalmanParameters.chromium), ("androidx", KalmanParameters.androidx)])),
      ("doubleExponential", table(presets: [("", DoubleExponentialParameters())])),
      ("alphaBetaGamma", table(presets: [("", AlphaBetaGammaParameters())])),
      ("learnedLinear", table(presets: [("", LearnedLinearPredictor.Parameters.constantVelocity(historyCount: 4))])),
      ("mlp", table(presets: [("", MLPPredictor.Parameters.linearStart(historyCount: 8, hiddenSizes: [32, 32], activation: .relu))])),
      ("stages", stagesTable()),
    ]
  }

  /// `page` with every generated block replaced by its table; throws naming a marker that is
  /// missing or unterminated.
  package static func regenerate(_ page: String) throws(Missing) -> String {
    var text = page
    for (name, markdown) in tables {
      let open = "<!-- fields: \(name) -->\n"
      let close = "<!-- end fields -->"
      guard let start = text.range(of: open) else { throw Missing(marker: open) }
      guard let end = text.range(of: close, range: start.upperBound..<text.endIndex) else {
        throw Missing(marker: "\(close) after \(open)")
      }
      text.replaceSubrange(start.upperBound..<end.lowerBound, with: markdown)
    }
    return text
  }

  package struct Missing: Error, CustomStringConvertible {
    package var marker: String
    package var description: String { "Docs/Predictors.md has no \(marker.trimmingCharacters(in: .newlines))" }
  }

  /// One row per field: property / key, unit, default (one per preset when they differ), range,
  /// summary.
  static func table<Parameters: ParameterFieldTable>(presets: [(label: String, value: Parameters)]) -> String {
    let labels = presets.map(\.label).filter { !$0.isEmpty }
    let defaultHeader = labels.count > 1 ? "default (\(labels.joined(separator: " / ")))" : "default"
    var rows = [header(defaultHeader)]
    for field in Parameters.fields {
      let specs = presets.map { PredictorParameterSpec(field, named: field.key ?? field.property, default: $0.value) }
      let defaults = specs.map(\.defaultDescription)
      let shownDefault = Set(defaults).count == 1 ? defaults[0] : defaults.joined(separator: " / ")
      rows.append(row(path: field.property, key: field.key, spec: specs[0], default: shownDefault))
    }
    return rows.joined(separator: "\n") + "\n"
  }

  /// The stages, gates and both 1€ filters, in catalog order.
  static func stagesTable() -> String {
    let rows = StageParameterSpecs.items.map {
      row(path: $0.propertyPath, key: $0.spec.name, spec: $0.spec, default: $0.spec.defaultDescription)
    }
    return ([header("default")] + rows).joined(separator: "\n") + "\n"
  }

  private static func header(_ defaultColumn: String) -> String {
    "| field / key | unit | \(defaultColumn) | range | meaning |\n|---|---|---|---|---|"
  }

  private static func row(path: String, key: String?, spec: PredictorParameterSpec, default shown: String) -> String {
    let name = key.map { "`\(path)` / `\($0)`" } ?? "`\(path)` / – (set by the entry)"
    let unit = spec.unit.isEmpty ? "–" : spec.unit
    // Choice ranges are written `a|b` elsewhere; a table cell needs them without the bar.
    let range = spec.rangeAndSearchDescription.replacingOccurrences(of: "|", with: ", ")
    return "| \(name) | \(unit) | \(shown) | \(range) | \(spec.summary) |"
  }
}
