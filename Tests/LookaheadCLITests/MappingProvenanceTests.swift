import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// A researcher's own file is read through a mapping (a sidecar `FILE.mapping` or
/// `FILE:mapping=M`, `Docs/BringYourOwnData.md`) that says which column is time, x or pressure
/// and in which unit; the results recorded the data file's checksum only, so a changed mapping
/// changed every number with nothing recorded. The mapping file read, with its SHA-256, is now in
/// the provenance of evaluate's JSON and CSV, tune's journal and result, train's result and an
/// exported model; a dataset and a plain trace file record what they did.
@Suite("results record the mapping file the data was read through")
struct MappingProvenanceTests {
  static func sha256(_ url: URL) throws -> String { try FileDigest.sha256Hex(fileAt: url) }

  /// A JSON file, or a model file's JSON body (after its `lookahead-model` header line).
  static func json(_ url: URL) throws -> Any {
    var data = try Data(contentsOf: url)
    if data.starts(with: Data("lookahead-model".utf8)), let newline = data.firstIndex(of: 10) { data = data[(newline + 1)...] }
    return try JSONSerialization.jsonObject(with: data)
  }

  /// The `mappings` entries of every dataset in a JSON value, wherever they are, as (path, sha256).
  static func mappings(in value: Any) -> [[String]] {
    if let object = value as? [String: Any] {
      let own = (object["mappings"] as? [[String: Any]] ?? []).map { [$0["path"] as? String ?? "", $0["sha256"] as? String ?? ""] }
      return own + object.filter { $0.key != "mappings" }.values.flatMap { mappings(in: $0) }
    }
    if let array = value as? [Any] { return array.flatMap { mappings(in: $0) } }
    return []
  }

  @Test("evaluate's JSON and CSV name the sidecar or mapping= file with its SHA-256; none for a plain file")
  func evaluateRecordsTheMapping() throws {
    let dir = DatasetsCommandTests.temporaryURL("mapping-provenance")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let examples = SharedDatasets.repositoryRoot.appendingPathComponent("Docs/Examples")
    let data = dir.appendingPathComponent("rec.tsv"), sidecar = dir.appendingPathComponent("rec.tsv.mapping")
    let other = dir.appendingPathComponent("other.mapping")
    try FileManager.default.copyItem(at: examples.appendingPathComponent("tablet.tsv"), to: data)
    try FileManager.default.copyItem(at: examples.appendingPathComponent("tablet.tsv.mapping"), to: sidecar)
    // The same mapping but for a comment: the numbers are the same, the file is not.
    try Data((try String(contentsOf: sidecar, encoding: .utf8) + "# a copy\n").utf8).write(to: other)

    let json = dir.appendingPathComponent("r.json")
    let viaSidecar = try DatasetsCommandTests.run(["evaluate", "--predictor", "kalman", "--json", "--quiet", "--output", json.path, data.path])
    #expect(viaSidecar.status == 0, "\(viaSidecar.stderr)")
    #expect(Self.mappings(in: try Self.json(json)) == [[sidecar.path, try Self.sha256(sidecar)]])

    let csv = dir.appendingPathComponent("r.csv")
    let viaMapping = try DatasetsCommandTests.run([
      "evaluate", "--predictor", "kalman", "--csv", "--quiet", "--output", csv.path, data.path + ":mapping=" + other.path,
    ])
    #expect(viaMapping.status == 0, "\(viaMapping.stderr)")
    let comments = try String(contentsOf: csv, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("# ") }
    #expect(comments.contains("# mapping-sha256: \(try Self.sha256(other))  \(other.path)"), "\(comments)")
    #expect(comments.contains("# sha256: \(try Self.sha256(data))  \(data.path)"), "\(comments)")

    let plain = dir.appendingPathComponent("plain.json")
    let browser = examples.appendingPathComponent("browser-recording.json")
    let run = try DatasetsCommandTests.run(["evaluate", "--predictor", "kalman", "--json", "--quiet", "--output", plain.path, browser.path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!(try String(contentsOf: plain, encoding: .utf8)).contains("\"mappings\""))
  }

  @Test("tune's journal and result, train's result and an exported model record the mapping")
  func runsAndModelsRecordTheMapping() throws {
    let copy = try TabletRecordingCopy("mapping-provenance-runs")
    let dir = copy.folder
    defer { try? FileManager.default.removeItem(at: dir) }
    let data = copy.data, sidecar = copy.sidecar
    let expected = [[sidecar.path, try Self.sha256(sidecar)]]

    let journal = dir.appendingPathComponent("j.jsonl"), best = dir.appendingPathComponent("best.json")
    let tuned = try DatasetsCommandTests.run([
      "tune", "--predictor", "linear", "--params", "stop-factor", "--trials", "2", "--test", "Henze2017-MobileHCI:Fitts",
      "--journal", journal.path, "--out", best.path, "--quiet", data.path,
    ])
    #expect(tuned.status == 0, "\(tuned.stderr)")
    let header = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n").first.map(String.init) ?? ""
    #expect(Self.mappings(in: try JSONSerialization.jsonObject(with: Data(header.utf8))) == expected, "\(header)")
    #expect(Self.mappings(in: try Self.json(dir.appendingPathComponent("best.tune.json"))) == expected)
    // A journal written before mapping files were recorded (its header without them) still resumes.
    let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    var oldHeader = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any] ?? [:]
    var provenance = oldHeader["provenance"] as? [String: Any] ?? [:]
    provenance["datasets"] = (provenance["datasets"] as? [[String: Any]] ?? []).map { $0.filter { $0.key != "mappings" } }
    oldHeader["provenance"] = provenance
    let old = dir.appendingPathComponent("old.jsonl")
    let oldLine = String(decoding: try JSONSerialization.data(withJSONObject: oldHeader, options: [.sortedKeys]), as: UTF8.self)
    try Data(([oldLine] + lines.dropFirst().map(String.init)).joined(separator: "\n").utf8).write(to: old)
    #expect(Self.mappings(in: try JSONSerialization.jsonObject(with: Data(oldLine.utf8))).isEmpty)
    let resumed = try DatasetsCommandTests.run([
      "tune", "--predictor", "linear", "--params", "stop-factor", "--trials", "2", "--test", "Henze2017-MobileHCI:Fitts",
      "--journal", old.path, "--quiet", data.path,
    ])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    let fromTune = dir.appendingPathComponent("k.model")
    let exported = try DatasetsCommandTests.run(["export", "--from-tune", best.path, "-o", fromTune.path])
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(Self.mappings(in: try Self.json(fromTune)) == expected)

    let model = dir.appendingPathComponent("m.json")
    let trained = try DatasetsCommandTests.run([
      "train", "--test", data.path, "--history", "2", "--lambdas", "1", "-o", model.path, "--quiet", "Henze2017-MobileHCI:Fitts",
    ])
    #expect(trained.status == 0, "\(trained.stderr)")
    #expect(Self.mappings(in: try Self.json(dir.appendingPathComponent("m.train.json"))) == expected)

    let fromDataset = dir.appendingPathComponent("d.model")
    let made = try DatasetsCommandTests.run(["export", "--predictor", "kalman", "--dataset", data.path, "-o", fromDataset.path])
    #expect(made.status == 0, "\(made.stderr)")
    #expect(Self.mappings(in: try Self.json(fromDataset)) == expected)
  }
}
