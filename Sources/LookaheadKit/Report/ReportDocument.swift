import Foundation

/// One report from any number of results (`lookahead report`): per input file a section with
/// its figures, tables and provenance, plus one timing diagram per device profile named in the
/// provenance. Renders as a single self-contained HTML file (inline SVG and CSS, no scripts, no
/// network: it opens in any browser and is well-formed XML, so tests read it with `XMLParser`) or
/// as Markdown with the SVG figures as files beside it.
public struct ReportDocument: Sendable {
  /// A figure: its file stem (for Markdown), caption and SVG.
  public struct Figure: Sendable {
    public var name: String
    public var caption: String
    public var svg: SVGElement
  }

  /// One part of the report.
  public struct Section: Sendable {
    public var title: String
    /// Plain-text paragraphs before the content.
    public var paragraphs: [String]
    public var figures: [Figure]
    public var tables: [(caption: String, table: SVGElement)]
    /// The provenance as a definition list, if the input has one.
    public var provenance: SVGElement?
  }

  public var title: String
  public var sections: [Section]
  /// What produced the report itself: the report's command line and every input with its
  /// SHA-256 (`CONVENTIONS.md`: every result file records what produced it).
  public var reportProvenance: [(field: String, value: String)] = []

  /// Builds the report.
  ///
  /// - Parameters:
  ///   - digitizerRateHz: sample rate of the synthetic stroke in the timing diagram; `nil` takes
  ///     a sweep's step (one delivered-sample period), else 240 Hz (Apple Pencil).
  ///   - maximumStrokes: small multiples drawn per records file.
  public init(inputs: [ReportInput], title: String = "Lookahead report", digitizerRateHz: Double? = nil,
              maximumStrokes: Int = 12) throws {
    self.title = title
    var sections: [Section] = []
    var profiles: [(DeviceProfile, UInt64, String)] = []
    func noteProfile(_ provenance: ResultProvenance, path: String) {
      if let profile = provenance.profileDefinition, !profiles.contains(where: { $0.0 == profile }) {
        // A run that drew nothing at random (a sweep) records no seed; the diagram draws with 0.
        profiles.append((profile, provenance.seed ?? 0, path))
      }
    }
    var sweepRate: Double?
    // The recorded platform predictions and TurboTouch of any evaluation given, drawn beside
    // every tune's side-effect front.
    let frontReferences = SideEffectFrontFigure.references(inputs.compactMap {
      if case .evaluation(let result, _) = $0 { result } else { nil }
    })
    for (n, input) in inputs.enumerated() {
      let stem = "figure\(n + 1)"
      let file = (input.path as NSString).lastPathComponent
      switch input {
      case .evaluation(let result, let path):
        noteProfile(result.provenance, path: path)
        for (d, dataset) in result.datasets.enumerated() {
          var section = Section(
            title: "\(result.provenance.command): \(dataset.reference)",
            paragraphs: [
              "\(dataset.source), \(dataset.strokes) strokes, unit \(dataset.coordinateUnit); protocol "
                + "\(result.evaluationProtocol.rawValue)" + (result.provenance.profile.map { ", profile \($0)" } ?? "")
                + "; from \(file). ★ marks the best value of each column.",
            ] + dataset.notes.map { "Note: " + $0 },
            figures: [], tables: [], provenance: d == 0 ? ProvenanceBlock.html(result.provenance, file: path) : nil)
          switch result.evaluationProtocol {
          case .frameReplay:
            section.tables.append(("Predictors side by side (aggregates over all strokes; ↓ lower is better, ↑ higher, →0 closer to zero)", ResultTables.comparison(dataset)))
            section.paragraphs.append(contentsOf: dataset.comparisons.map(Self.pairedParagraph))
            if !dataset.subjects.isEmpty {
              section.figures.append(Figure(
                name: "\(stem)-\(d + 1)-distribution",
                caption: "Stroke-end overshoot and jitter per stroke (dots) and the scorecard aggregate (bars).",
                svg: DistributionFigure.svg(dataset)))
            }
          case .anchor, .henze2017:
            let scores = dataset.protocolRows.flatMap(\.scores)
            for millimetres in [true, false]
            where scores.contains(where: { (millimetres ? $0.meanMillimetres : $0.meanNative) != nil }) {
              section.tables.append((
                "Mean error per horizon in \(millimetres ? "mm" : dataset.coordinateUnit); [ref] rows are published or reference results",
                ResultTables.protocolRows(dataset, millimetres: millimetres)))
            }
            section.paragraphs.append(contentsOf: dataset.comparisons.map(Self.pairedParagraph))
          }
          sections.append(section)
        }
      case .sweep(let result, let path):
        noteProfile(result.provenance, path: path)
        if sweepRate == nil, let step = result.datasets.first?.stepMilliseconds, step > 0 { sweepRate = 1000 / step }
        for (d, dataset) in result.datasets.enumerated() {
          sections.append(Section(
            title: "sweep: \(dataset.reference)",
            paragraphs: [
              "\(dataset.source); per-sample fixed horizon, step \(ReportFormat.number(dataset.stepMilliseconds)) ms; "
                + "from \(file). Lower and further right is better. ★ marks the lowest error at each horizon."
            ],
            figures: [Figure(
              name: "\(stem)-\(d + 1)-error-latency", caption: "Error versus effective latency saved, one point per horizon.",
              svg: ErrorLatencyFigure.svg(dataset))],
            tables: [("Per horizon", ResultTables.sweep(dataset))],
            provenance: d == 0 ? ProvenanceBlock.html(result.provenance, file: path) : nil))
        }
      case .journal(let header, let trials, let path):
        var lines: [(field: String, value: String)] = [
          ("predictor", header.predictor), ("strategy", header.strategy), ("objective", header.objective),
          ("seed", String(header.seed)),
        ]
        for dimension in header.space.dimensions {
          lines.append(("dimension", "\(dimension.name) \(dimension.lowerBound)…\(dimension.upperBound) \(dimension.scale.rawValue)"))
        }
        for key in header.context.keys.sorted() { lines.append((key, header.context[key] ?? "")) }
        let failed = trials.filter { $0.objective?.isFinite != true }.count
        var figures = [Figure(
          name: "\(stem)-tuning", caption: "Objective per trial (best so far joined), trade-off with its Pareto front, and per-parameter sensitivity.",
          svg: TuningFigure.svg(header: header, trials: trials))]
        if let front = SideEffectFrontFigure.svg(trials: trials, references: frontReferences) {
          figures.append(Figure(
            name: "\(stem)-side-effect-front",
            caption: "Share of the latency hidden against stroke-end overshoot p95 per trial; the side-effect front (latency saved, overshoot p95, jitter RMS) joined; squares: recorded platform predictions and TurboTouch from the evaluations given.",
            svg: front))
        }
        sections.append(Section(
          title: "tune: \(header.predictor)",
          paragraphs: ["\(trials.count) trials (\(failed) failed or infeasible) from \(file); ★ marks the best objective."],
          figures: figures,
          tables: [("Best trials", ResultTables.tuningTrials(header: header, trials: trials))],
          provenance: ProvenanceBlock.html(lines: lines, file: path)))
      case .records(let table):
        let panels = StrokeSmallMultiplesFigure.panels(table, maximumStrokes: maximumStrokes)
        let predictor = panels.first?.predictor ?? "?"
        let strokeCount = table.strokes.count
        sections.append(Section(
          title: "strokes: \(predictor) on \(panels.first?.dataset ?? "?")",
          paragraphs: [
            "\(table.records.count) scored frames on \(strokeCount) strokes from \(file)"
              + (strokeCount > panels.count ? "; the first \(panels.count) strokes are drawn." : ".")
              + " Lengths in the trace's units."
          ],
          figures: [Figure(
            name: "\(stem)-strokes",
            caption: "True ink (dark), the provisional segment of every frame (orange), the stroke end (ring) and frames shown past it (blue).",
            svg: StrokeSmallMultiplesFigure.svg(panels, title: "strokes with \(predictor)'s predictions"))],
          tables: [],
          provenance: ProvenanceBlock.html(lines: ProvenanceBlock.split(commentLines: table.provenanceLines), file: table.path)))
      }
    }
    for (p, (profile, seed, path)) in profiles.enumerated() {
      let rate = digitizerRateHz ?? sweepRate ?? 240
      let timing: SVGElement
      do { timing = try TimingDiagramFigure.svg(profile: profile, seed: seed, digitizerRateHz: rate) } catch {
        throw TraceInputError(
          file: path, location: .jsonPath("$.provenance.profileDefinition"), field: "profileDefinition",
          problem: "the recorded device profile cannot be replayed: \(error)")
      }
      sections.append(Section(
        title: "timing: profile \(profile.name)",
        paragraphs: [profile.summary],
        figures: [Figure(
          name: "timing-\(p + 1)",
          caption: "Replay of the profile (seed \(seed)) on a straight stroke sampled at \(ReportFormat.number(rate)) Hz: samples, frame callbacks with the samples each receives, target presentation times and each frame's horizon.",
          svg: timing)],
        tables: [], provenance: nil))
    }
    self.sections = sections
  }

  // MARK: - HTML

  static let style = """
    body { font-family: Helvetica, Arial, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; padding: 0 1em; }
    h1 { font-size: 1.6em; } h2 { font-size: 1.25em; border-bottom: 1px solid #ccc; padding-bottom: .2em; margin-top: 2em; }
    table.results { border-collapse: collapse; font-size: .85em; margin: .8em 0; }
    table.results th, table.results td { border: 1px solid #ddd; padding: .25em .5em; text-align: right; }
    table.results th[scope=row], table.results thead th:first-child { text-align: left; }
    table.results td.best { background: #e6f4ea; font-weight: bold; }
    tr.reference th, tr.reference td { color: #666; font-style: italic; }
    div.table-wrap { overflow-x: auto; }
    figure { margin: 1em 0; } figcaption { font-size: .85em; color: #555; max-width: 800px; }
    dl.provenance { font-size: .8em; display: grid; grid-template-columns: max-content auto; gap: .15em 1em; }
    dl.provenance dt { font-weight: bold; } dl.provenance dd { margin: 0; overflow-wrap: anywhere; }
    dl.provenance pre { margin: 0; font-size: .9em; }
    details { margin: .8em 0; } summary { cursor: pointer; color: #555; }
    """

  /// The report as one self-contained HTML5 file, also well-formed XML (XHTML syntax).
  public var html: String {
    var body = SVGElement("body", children: [SVGElement("h1", text: title)])
    var contents = SVGElement("ul", [("class", "contents")])
    for (s, section) in sections.enumerated() {
      contents.append(SVGElement("li", children: [SVGElement("a", [("href", "#section-\(s + 1)")], text: section.title)]))
    }
    body.append(contents)
    if !reportProvenance.isEmpty {
      body.append(SVGElement(
        "details", [("class", "report-provenance")],
        children: [SVGElement("summary", text: "how this report was made"),
                   ProvenanceBlock.html(lines: reportProvenance, file: "report")]))
    }
    for (s, section) in sections.enumerated() {
      var part = SVGElement("section", [("id", "section-\(s + 1)")], children: [SVGElement("h2", text: section.title)])
      for paragraph in section.paragraphs { part.append(SVGElement("p", text: paragraph)) }
      for (caption, table) in section.tables {
        part.append(SVGElement("h3", text: caption))
        part.append(SVGElement("div", [("class", "table-wrap")], children: [table]))
      }
      for figure in section.figures {
        part.append(SVGElement(
          "figure", [("id", figure.name)], children: [figure.svg, SVGElement("figcaption", text: figure.caption)]))
      }
      if let provenance = section.provenance {
        part.append(SVGElement("details", children: [SVGElement("summary", text: "provenance"), provenance]))
      }
      body.append(part)
    }
    let head = SVGElement(
      "head",
      children: [
        SVGElement("meta", [("charset", "utf-8")]),
        SVGElement("meta", [("name", "generator"), ("content", "lookahead \(LookaheadVersion.string) report")]),
        SVGElement("title", text: title),
        SVGElement("style", text: Self.style),
      ])
    let html = SVGElement("html", [("xmlns", "http://www.w3.org/1999/xhtml"), ("lang", "en")], children: [head, body])
    return "<!DOCTYPE html>\n" + html.xml + "\n"
  }

  // MARK: - Markdown

  /// The report as Markdown, with each figure as an SVG file in `figureDirectory` (a path
  /// relative to the Markdown file). Returns the text and the files to write (relative paths).
  public func markdown(figureDirectory: String) -> (text: String, files: [(path: String, contents: String)]) {
    var lines = ["# " + Self.markdownEscape(title), ""]
    if !reportProvenance.isEmpty {
      lines += ["<details><summary>how this report was made</summary>", "", "```"]
      lines += reportProvenance.map { $0.field + ": " + $0.value.replacingOccurrences(of: "```", with: "'''") }
      lines += ["```", "", "</details>", ""]
    }
    var files: [(String, String)] = []
    for section in sections {
      lines.append("## " + Self.markdownEscape(section.title))
      lines.append("")
      for paragraph in section.paragraphs {
        lines.append(Self.markdownEscape(paragraph))
        lines.append("")
      }
      for (caption, table) in section.tables {
        lines.append("**" + Self.markdownEscape(caption) + "**")
        lines.append("")
        lines.append(contentsOf: Self.markdownTable(table))
        lines.append("")
      }
      for figure in section.figures {
        let path = figureDirectory + "/" + figure.name + ".svg"
        files.append((path, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + figure.svg.xml + "\n"))
        lines.append("![\(Self.markdownEscape(figure.caption))](\(path))")
        lines.append("")
        lines.append("*" + Self.markdownEscape(figure.caption) + "*")
        lines.append("")
      }
      if let provenance = section.provenance {
        lines.append("<details><summary>provenance</summary>")
        lines.append("")
        lines.append("```")
        lines.append(contentsOf: Self.definitionLines(provenance))
        lines.append("```")
        lines.append("")
        lines.append("</details>")
        lines.append("")
      }
    }
    return (lines.joined(separator: "\n"), files)
  }

  /// A table tree as Markdown table lines (cell texts, `|` escaped).
  /// One paired comparison as a sentence (at its horizon, under a per-sample protocol).
  static func pairedParagraph(_ c: PairedComparison) -> String {
    "Paired vs \(c.baseline): \(c.candidate) \(c.column)" + (c.horizon.map { " at \($0)" } ?? "")
      + " mean difference \(ReportFormat.number(c.meanDifference)) [95% CI \(ReportFormat.number(c.lower)), "
      + "\(ReportFormat.number(c.upper))] over \(c.pairedStrokes) strokes: \(c.verdict.rawValue)"
      + (c.limitation.map { " (\($0))" } ?? "") + "."
  }

  static func markdownTable(_ table: SVGElement) -> [String] {
    var rows: [[String]] = []
    func collect(_ node: SVGElement) {
      if node.name == "tr" {
        rows.append(node.children.map { cellText($0).replacingOccurrences(of: "|", with: "\\|") })
      } else {
        node.children.forEach(collect)
      }
    }
    collect(table)
    guard let header = rows.first else { return [] }
    var lines = ["| " + header.joined(separator: " | ") + " |"]
    lines.append("|" + header.indices.map { $0 == 0 ? " --- " : " ---: " }.joined(separator: "|") + "|")
    for row in rows.dropFirst() { lines.append("| " + row.joined(separator: " | ") + " |") }
    return lines
  }

  static func cellText(_ node: SVGElement) -> String {
    (node.text ?? "") + node.children.map(cellText).joined()
  }

  static func definitionLines(_ list: SVGElement) -> [String] {
    var lines: [String] = []
    var field = ""
    for child in list.children {
      if child.name == "dt" { field = child.text ?? "" } else { lines.append(field + ": " + cellText(child)) }
    }
    return lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
      .map { $0.replacingOccurrences(of: "```", with: "'''") }
  }

  /// Escapes the characters Markdown would read as markup or HTML.
  static func markdownEscape(_ text: String) -> String {
    var out = ""
    for c in text {
      switch c {
      case "\\", "`", "*", "_", "[", "]", "#", "|": out += "\\" + String(c)
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "&": out += "&amp;"
      default: out.append(c)
      }
    }
    return out
  }
}
