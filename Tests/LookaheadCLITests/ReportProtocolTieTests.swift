import Foundation
import Testing
import _LookaheadTestSupport

/// The report's anchor-protocol tables star every row that prints the lowest mean, as the
/// `compare` text does (`ProtocolTableTieTests`): the report prints our means to four digits and
/// the reference rows are published to three, so `report` of `compare hold:gap-limit=0
/// linear:gap-limit=0 --protocol anchor Inkable-ApplePencil --json` starred '[ref] b) linear'
/// 0.173 mm alone at 4.17 ms beside our 0.1735 (0.17349, which prints 0.173 at three digits), and
/// ours alone or the reference alone at the other horizons of the native table.
@Suite("report: protocol tables star every row that prints the best mean")
struct ReportProtocolTieTests {
  @Test func referenceAndOursShareTheStar() throws {
    let compareURL = DatasetsCommandTests.temporaryURL("tie-compare.json")
    let reportURL = DatasetsCommandTests.temporaryURL("tie-report.md")
    let figures = reportURL.deletingPathExtension().path + "-figures"
    defer { for path in [compareURL.path, reportURL.path, figures] { try? FileManager.default.removeItem(atPath: path) } }
    let compare = try DatasetsCommandTests.run([
      "compare", "hold:gap-limit=0", "linear:gap-limit=0", "--protocol", "anchor", "--quiet", "Inkable-ApplePencil",
      "--json", "--output", compareURL.path,
    ])
    #expect(compare.status == 0, "\(compare.stderr)")
    let report = try DatasetsCommandTests.run(["report", compareURL.path, "--quiet", "-o", reportURL.path])
    #expect(report.status == 0, "\(report.stderr)")
    let lines = try String(contentsOf: reportURL, encoding: .utf8).split(separator: "\n").map(String.init)
    /// The cells of every table row with this label, table by table (mm first, then native).
    func rows(_ label: String) -> [[String]] {
      lines.filter { $0.hasPrefix("| \(label) |") }.map {
        $0.split(separator: "|").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
      }
    }
    let ours = rows("linear:gap-limit=0")
    let reference = rows("b) linear (last two samples) [ref]")
    try #require(ours.count == 2 && reference.count == 2, "\(lines.filter { $0.hasPrefix("|") })")
    // mm, 4.17 ms: ours 0.1735 beside the published 0.173; both starred.
    #expect(ours[0][0] == "0.1735 ★")
    #expect(reference[0][0] == "0.173 ★")
    // Native: every horizon prints the same three digits on both rows, and both carry the star.
    for (o, r) in zip(ours[1], reference[1]) {
      #expect(o.hasSuffix("★") && r.hasSuffix("★"), "ours \(o), reference \(r)")
    }
    #expect(rows("hold:gap-limit=0").allSatisfy { $0.allSatisfy { !$0.hasSuffix("★") } })
  }
}
