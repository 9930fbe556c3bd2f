import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// A dataset given as one file records that file in the provenance: `evaluate --predictor linear
/// Docs/Examples/browser-recording.json --json` listed its file as `browser-recording.json`, which
/// the CSV comment lines and the report joined to the reference as
/// `Docs/Examples/browser-recording.json/browser-recording.json`, naming no real file. A registry
/// name and a dataset folder still list their files relative to the dataset's folder.
@Suite("A one-file dataset reference records the file itself")
struct DatasetFileProvenanceTests {
  static func files(_ reference: String, records: URL? = nil) throws -> [[String: String]] {
    let result = try DatasetsCommandTests.run(
      ["evaluate", "--predictor", "linear", reference, "--quiet", "--json"]
        + (records.map { ["--records", $0.path] } ?? []))
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let provenance = try #require(object["provenance"] as? [String: Any])
    let datasets = try #require(provenance["datasets"] as? [[String: Any]])
    return try #require(datasets.first?["files"] as? [[String: String]])
  }

  @Test func fileFolderAndName() throws {
    let reference = "Docs/Examples/browser-recording.json"
    let digest = try FileDigest.sha256Hex(fileAt: SharedDatasets.repositoryRoot.appendingPathComponent(reference))
    let records = DatasetsCommandTests.temporaryURL("file-provenance.csv")
    defer { try? FileManager.default.removeItem(at: records) }
    #expect(try Self.files(reference, records: records) == [["path": reference, "sha256": digest]])
    let comments = try String(contentsOf: records, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("# sha256:") }
    #expect(comments == ["# sha256: \(digest)  \(reference)"])

    // convert's input_sha256 still hashes the one file by its name, however the path is spelled.
    let converted = DatasetsCommandTests.temporaryURL("file-provenance.lktrace.csv")
    defer { try? FileManager.default.removeItem(at: converted) }
    let convert = try DatasetsCommandTests.run(["datasets", "convert", reference, converted.path])
    #expect(convert.status == 0, "\(convert.stderr)")
    let expected = FileDigest.sha256Hex(Data("\(digest)  browser-recording.json\n".utf8))
    #expect(try String(contentsOf: converted, encoding: .utf8).contains("input_sha256=\(expected)"))

    // The registry name and its folder given as a path: paths relative to the folder, as before.
    let byName = try Self.files("Inkable-ApplePencil")
    #expect(!byName.isEmpty && byName.allSatisfy { !($0["path"] ?? "/").contains("/") })
    #expect(byName.contains { $0["path"] == "events.json" })
    #expect(try Self.files("Datasets/Inkable-ApplePencil") == byName)
  }
}
