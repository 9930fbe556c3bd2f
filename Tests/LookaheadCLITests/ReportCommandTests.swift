import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// `lookahead report` as a user runs it: on the bundled Inkable traces, sweep and evaluate results
/// are drawn into one HTML file that parses as XML and holds the sweep's numbers; Markdown writes
/// its SVG files beside it; existing outputs need --force; unreadable inputs exit 1.
@Suite("lookahead report, end to end")
struct ReportCommandTests {
  /// Every element's attributes, in document order (XMLParser, as Foundation on Linux has no XMLDocument).
  final class Attributes: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) { elements.append((elementName, attributes)) }

    static func parse(_ text: String) throws -> [(name: String, attributes: [String: String])] {
      let body = text.hasPrefix("<!DOCTYPE html>") ? String(text.dropFirst("<!DOCTYPE html>".count)) : text
      let parser = XMLParser(data: Data(body.utf8))
      let collector = Attributes()
      parser.delegate = collector
      guard parser.parse() else {
        throw CocoaError(.coderReadCorrupt, userInfo: [NSDebugDescriptionErrorKey: "XML error at line \(parser.lineNumber)"])
      }
      return collector.elements
    }
  }

  @Test func htmlFromSweepAndRecordsHoldsTheirNumbers() throws {
    let sweepURL = DatasetsCommandTests.temporaryURL("sweep.json")
    let recordsURL = DatasetsCommandTests.temporaryURL("records.csv")
    let evaluateURL = DatasetsCommandTests.temporaryURL("evaluate.json")
    let reportURL = DatasetsCommandTests.temporaryURL("report.html")
    defer { for url in [sweepURL, recordsURL, evaluateURL, reportURL] { try? FileManager.default.removeItem(at: url) } }
    let sweep = try DatasetsCommandTests.run(
      ["sweep", "--predictor", "linear", "--predictor", "hold", "Inkable-ApplePencil", "--json", "--output", sweepURL.path])
    #expect(sweep.status == 0, "\(sweep.stderr)")
    let evaluate = try DatasetsCommandTests.run(
      ["evaluate", "--predictor", "linear", "Inkable-ApplePencil", "--records", recordsURL.path, "--json",
       "--output", evaluateURL.path])
    #expect(evaluate.status == 0, "\(evaluate.stderr)")

    let report = try DatasetsCommandTests.run(
      ["report", sweepURL.path, evaluateURL.path, recordsURL.path, "-o", reportURL.path])
    #expect(report.status == 0, "\(report.stderr)")
    let html = try String(contentsOf: reportURL, encoding: .utf8)
    #expect(!html.contains("<script") && !html.contains("src=\"http"))
    let elements = try Attributes.parse(html)

    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    let result = try decoder.decode(SweepResult.self, from: Data(contentsOf: sweepURL))
    let linear = try #require(result.datasets.first?.curves.first { $0.label == "linear" })
    let points = elements.filter { $0.name == "circle" && $0.attributes["data-predictor"] == "linear" && $0.attributes["data-horizon-ms"] != nil }
    #expect(points.count == linear.points.count)
    for (mark, point) in zip(points, linear.points) {
      #expect(mark.attributes["data-error"].flatMap(Double.init) == point.errorMean)
      #expect(mark.attributes["data-latency-saved-ms"].flatMap(Double.init) == point.latencySavedMeanMilliseconds)
    }
    // Five stroke panels (Inkable has five strokes), one timing diagram, the checksums.
    #expect(elements.filter { $0.attributes["class"] == "stroke-panel" }.count == 5)
    #expect(elements.filter { $0.attributes["data-figure"] == "timing" }.count == 1)
    let checksums = Set(elements.compactMap { $0.attributes["data-sha256"] })
    #expect(Set(result.provenance.datasets.flatMap(\.files).map(\.sha256)).isSubset(of: checksums))

    // The report records how it was made: its inputs' SHA-256.
    let sweepHash = try FileDigest.sha256Hex(fileAt: sweepURL)
    #expect(html.contains(sweepHash + "  " + sweepURL.path))
    // Never overwritten without --force.
    let again = try DatasetsCommandTests.run(["report", sweepURL.path, "-o", reportURL.path])
    #expect(again.status == 1 && again.stderr.contains("--force"))
  }

  /// A linear sweep of Inkable saved as `sweep.json` in `directory` (created), for a report to read.
  static func linearSweep(in directory: URL) throws -> URL {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let sweepURL = directory.appendingPathComponent("sweep.json")
    let sweep = try DatasetsCommandTests.run(
      ["sweep", "--predictor", "linear", "Inkable-ApplePencil", "--json", "--output", sweepURL.path])
    #expect(sweep.status == 0, "\(sweep.stderr)")
    return sweepURL
  }

  @Test func markdownWritesFiguresBesideIt() throws {
    let directory = DatasetsCommandTests.temporaryURL("md")
    defer { try? FileManager.default.removeItem(at: directory) }
    let sweepURL = try Self.linearSweep(in: directory)
    let reportURL = directory.appendingPathComponent("out.md")
    let report = try DatasetsCommandTests.run(["report", sweepURL.path, "--format", "md", "-o", reportURL.path])
    #expect(report.status == 0, "\(report.stderr)")
    let text = try String(contentsOf: reportURL, encoding: .utf8)
    let figures = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("out-figures").path)
    #expect(figures.sorted() == ["figure1-1-error-latency.svg", "timing-1.svg"])
    for figure in figures {
      #expect(text.contains("(out-figures/\(figure))"))
      let svg = try String(contentsOf: directory.appendingPathComponent("out-figures/\(figure)"), encoding: .utf8)
      #expect(try Attributes.parse(svg).first?.name == "svg")
    }
  }

  /// A --force re-run wrote its figures over the earlier ones and said nothing of an earlier
  /// figure it no longer references, left in NAME-figures/ beside the new ones. It is kept
  /// (nothing records which files there the report wrote) and named.
  @Test("report --format md --force names the earlier figures it leaves in NAME-figures/")
  func markdownNamesFiguresItLeaves() throws {
    let directory = DatasetsCommandTests.temporaryURL("md-stale")
    defer { try? FileManager.default.removeItem(at: directory) }
    let sweepURL = try Self.linearSweep(in: directory)
    let reportURL = directory.appendingPathComponent("out.md")
    let stale = directory.appendingPathComponent("out-figures/figure2-1-error-latency.svg")
    try FileManager.default.createDirectory(at: stale.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("<svg/>".utf8).write(to: stale)
    let report = try DatasetsCommandTests.run(["report", sweepURL.path, "--format", "md", "-o", reportURL.path, "--force"])
    #expect(report.status == 0, "\(report.stderr)")
    #expect(report.stderr.contains("note: out-figures/ also holds figure2-1-error-latency.svg, which this report does not reference"), "\(report.stderr)")
    #expect(FileManager.default.fileExists(atPath: stale.path))
    let quiet = try DatasetsCommandTests.run(["report", sweepURL.path, "--format", "md", "-o", reportURL.path, "--force", "--quiet"])
    #expect(quiet.status == 0 && quiet.stderr.contains("figure2-1-error-latency.svg"), "\(quiet.stderr)")
  }

  @Test func unreadableInputsExitOne() throws {
    let url = DatasetsCommandTests.temporaryURL("bad.json")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(#"{"provenance": {"command": 1}, "datasets": []}"#.utf8).write(to: url)
    let bad = try DatasetsCommandTests.run(["report", url.path, "-o", DatasetsCommandTests.temporaryURL("x.html").path])
    #expect(bad.status == 1)
    #expect(bad.stderr.contains(url.path) && bad.stderr.contains("$.provenance"))
    let missing = try DatasetsCommandTests.run(["report", "/nonexistent/result.json"])
    #expect(missing.status == 1 && missing.stderr.contains("no such file"))
    // A folder said "NSCocoaErrorDomain error 256"; a result given twice doubled every table row.
    let folder = FileManager.default.temporaryDirectory.path
    let given = try DatasetsCommandTests.run(["report", folder, "-o", DatasetsCommandTests.temporaryURL("x.html").path])
    #expect(given.status == 1 && given.stderr.contains("\(folder): a folder; report reads result files"), "\(given.stderr)")
    let twice = try DatasetsCommandTests.run(["report", url.path, url.path, "-o", DatasetsCommandTests.temporaryURL("x.html").path])
    #expect(twice.status == 1 && twice.stderr.contains("\(url.path) is given twice"), "\(twice.stderr)")
  }

  /// Another command's result is named for what it is, with what to give instead (a training
  /// result used to be read as a sweep and fail at `$.datasets`).
  @Test("a tune or training result is refused, saying what to give instead", arguments: [
    ("lookahead-tune-result", "tune --journal"), ("lookahead-train-mlp-result", "export --from-train"),
    ("lookahead-train-result", "export --from-train"),
  ])
  func otherResultsAreNamed(format: String, instead: String) throws {
    let url = DatasetsCommandTests.temporaryURL("other.json")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(#"{"format": "\#(format)", "formatVersion": 1, "heldOut": []}"#.utf8).write(to: url)
    let run = try DatasetsCommandTests.run(["report", url.path, "-o", DatasetsCommandTests.temporaryURL("y.html").path])
    #expect(run.status == 1)
    #expect(run.stderr.contains(url.path) && run.stderr.contains(format) && run.stderr.contains(instead), "\(run.stderr)")
  }
}
