import Foundation
import _LookaheadTestSupport

/// `Docs/Examples/tablet.tsv` and its sidecar mapping copied into a fresh temporary folder, as
/// `rec.tsv` and `rec.tsv.mapping`: a researcher's own recording that the output-is-not-an-input
/// and mapping-provenance tests may overwrite or change. The caller removes `folder`.
struct TabletRecordingCopy {
  let folder: URL
  let data: URL
  let sidecar: URL
  /// Where the examples are, for tests that copy more of them.
  static let examples = SharedDatasets.repositoryRoot.appendingPathComponent("Docs/Examples")

  init(_ name: String) throws {
    folder = DatasetsCommandTests.temporaryURL(name)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    data = folder.appendingPathComponent("rec.tsv")
    sidecar = folder.appendingPathComponent("rec.tsv.mapping")
    try FileManager.default.copyItem(at: Self.examples.appendingPathComponent("tablet.tsv"), to: data)
    try FileManager.default.copyItem(at: Self.examples.appendingPathComponent("tablet.tsv.mapping"), to: sidecar)
  }
}
