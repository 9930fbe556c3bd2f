import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// The bundled datasets are found wherever the CLI runs from, and by an installed copy of the
/// binary (`BundledDatasetSearch`): checked through the built binary, run from a folder outside
/// the repository.
@Suite("lookahead finds the bundled datasets from anywhere")
struct DatasetSearchCommandTests {
  /// A fresh empty folder outside the repository.
  static func scratchFolder(_ name: String) throws -> URL {
    let url = DatasetsCommandTests.temporaryURL(name)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// `datasets list --json`, as (name → folder path) of the bundled entries.
  static func bundledPaths(_ result: DatasetsCommandTests.Result) throws -> [String: String] {
    #expect(result.status == 0, "\(result.stderr)")
    let entries = try JSONDecoder().decode([DatasetListing].self, from: Data(result.stdout.utf8))
    var paths: [String: String] = [:]
    for entry in entries where entry.origin == "bundled" { paths[entry.name] = entry.path }
    return paths
  }

  static let repositoryDatasets = SharedDatasets.bundled.standardizedFileURL

  @Test("run from another working directory, the built binary reads the repository's Datasets/")
  func otherWorkingDirectory() throws {
    let elsewhere = try Self.scratchFolder("elsewhere")
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let inspect = try DatasetsCommandTests.run(
      ["datasets", "inspect", "Inkable-ApplePencil"], in: elsewhere,
      environment: [BundledDatasetSearch.environmentVariable: nil])
    #expect(inspect.status == 0, "\(inspect.stderr)")
    #expect(inspect.stdout.contains("samples:     571"))
    #expect(inspect.stdout.contains("from bundled \(Self.repositoryDatasets.path)/Inkable-ApplePencil"))
  }

  @Test("an installed copy finds Datasets/ above its own folder, else the checkout it was built from")
  func installedCopy() throws {
    let prefix = try Self.scratchFolder("prefix")
    defer { try? FileManager.default.removeItem(at: prefix) }
    let bin = prefix.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let copy = bin.appendingPathComponent("lookahead")
    try FileManager.default.copyItem(at: try DatasetsCommandTests.executable(), to: copy)
    // The install prefix carries Inkable only (a link to the repository's copy).
    let installed = prefix.appendingPathComponent("Datasets")
    try FileManager.default.createDirectory(at: installed, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: installed.appendingPathComponent("Inkable-ApplePencil"),
      withDestinationURL: Self.repositoryDatasets.appendingPathComponent("Inkable-ApplePencil"))
    // An empty working directory, also the shared data directory: `datasets list` imports every
    // dataset it finds, and only the bundled ones matter here.
    let elsewhere = try Self.scratchFolder("cwd")
    defer { try? FileManager.default.removeItem(at: elsewhere) }

    let paths = try Self.bundledPaths(try DatasetsCommandTests.run(
      ["datasets", "list", "--json"], executable: copy, in: elsewhere,
      environment: [BundledDatasetSearch.environmentVariable: nil, "LOOKAHEAD_SHARED_DATASETS": elsewhere.path]))
    #expect(paths["Inkable-ApplePencil"] == installed.appendingPathComponent("Inkable-ApplePencil").path)
    #expect(paths["Henze2017-MobileHCI"] == Self.repositoryDatasets.appendingPathComponent("Henze2017-MobileHCI").path)

    // The environment variable comes first.
    let override = try Self.scratchFolder("override")
    defer { try? FileManager.default.removeItem(at: override) }
    try FileManager.default.createSymbolicLink(
      at: override.appendingPathComponent("Henze2017-MobileHCI"),
      withDestinationURL: Self.repositoryDatasets.appendingPathComponent("Henze2017-MobileHCI"))
    let overridden = try Self.bundledPaths(try DatasetsCommandTests.run(
      ["datasets", "list", "--json"], executable: copy, in: elsewhere,
      environment: [BundledDatasetSearch.environmentVariable: override.path, "LOOKAHEAD_SHARED_DATASETS": elsewhere.path]))
    #expect(overridden["Henze2017-MobileHCI"] == override.appendingPathComponent("Henze2017-MobileHCI").path)
    #expect(overridden["Inkable-ApplePencil"] == installed.appendingPathComponent("Inkable-ApplePencil").path)

    // And the copy evaluates on a bundled dataset from there.
    let compare = try DatasetsCommandTests.run(
      ["compare", "hold", "linear", "Inkable-ApplePencil", "--csv", "--quiet"], executable: copy, in: elsewhere)
    #expect(compare.status == 0, "\(compare.stderr)")
    #expect(compare.stdout.contains("linear"))
  }
}
