import Foundation
import LookaheadKit
import Testing

/// Dataset folders given by path: through symbolic links, and with a subset after the path.
/// Uses the bundled datasets only.
@Suite("Dataset folders by path")
struct DatasetFolderReferenceTests {
  /// A temporary folder holding `links` (name → target), removed by the caller.
  static func folder(links: [String: URL]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lookahead-links-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: root.appendingPathComponent("nested"), withIntermediateDirectories: true)
    for (name, target) in links {
      try FileManager.default.createSymbolicLink(at: root.appendingPathComponent(name), withDestinationURL: target)
    }
    return root
  }

  static func bundled(_ name: String) throws -> URL {
    let location = try #require(DatasetRegistry.locate(name), "the bundled \(name) is part of the repository")
    return location.folder
  }

  @Test("a link to a dataset folder, under any name, loads that dataset with the same files and strokes")
  func symlinkedFolders() throws {
    let henze = try Self.bundled("Henze2017-MobileHCI")
    let root = try Self.folder(links: ["nested/my-henze": henze, "Inkable-ApplePencil": try Self.bundled("Inkable-ApplePencil")])
    defer { try? FileManager.default.removeItem(at: root) }
    let linked = try DatasetRegistry.load(root.appendingPathComponent("nested/my-henze").path)
    let direct = try DatasetRegistry.load("Henze2017-MobileHCI")
    #expect(linked.metadata.source == "Henze2017-MobileHCI")
    #expect(linked.strokes.count == direct.strokes.count)
    #expect(linked.strokes.map(\.samples.count) == direct.strokes.map(\.samples.count))
    let sums = try DatasetRegistry.checksums(of: root.appendingPathComponent("nested/my-henze").path)
    #expect(sums.map(\.path) == (try DatasetRegistry.checksums(of: "Henze2017-MobileHCI")).map(\.path))
    #expect(try DatasetRegistry.load(root.appendingPathComponent("Inkable-ApplePencil").path).strokes.count == 5)
  }

  /// A plain folder recorded each file by its name alone, so a nested one's `a/events.json` and
  /// `b/events.json` were two provenance entries named `events.json`.
  @Test("a plain folder's checksums name each file by its path inside the folder")
  func nestedFolderPaths() throws {
    let root = try Self.folder(links: [:])
    defer { try? FileManager.default.removeItem(at: root) }
    let inkable = try Self.bundled("Inkable-ApplePencil")
    for (folder, file) in [("a", "events.json"), ("b", "pencil-error.json")] {
      try FileManager.default.createDirectory(at: root.appendingPathComponent("nested/\(folder)"), withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: inkable.appendingPathComponent(file), to: root.appendingPathComponent("nested/\(folder)/events.json"))
    }
    let sums = try DatasetRegistry.checksums(of: root.appendingPathComponent("nested").path)
    #expect(sums.map(\.path) == ["a/events.json", "b/events.json"])
    #expect(Set(sums.map(\.sha256)).count == 2)
    // A one-file reference still names the file as given.
    let one = root.appendingPathComponent("nested/a/events.json").path
    #expect(try DatasetRegistry.checksums(of: one).map(\.path) == [one])
  }

  @Test("FOLDER:SUBSET takes the subset of a dataset given by its folder's path")
  func folderWithSubset() throws {
    let root = try Self.folder(links: ["Henze2017-MobileHCI": try Self.bundled("Henze2017-MobileHCI")])
    defer { try? FileManager.default.removeItem(at: root) }
    let byPath = try DatasetRegistry.load(root.appendingPathComponent("Henze2017-MobileHCI").path + ":Fitts")
    let byName = try DatasetRegistry.load("Henze2017-MobileHCI:Fitts")
    #expect(byPath.strokes.count == byName.strokes.count)
    #expect(byPath.strokes.count < (try DatasetRegistry.load("Henze2017-MobileHCI")).strokes.count)
    #expect(throws: DatasetReferenceError.self) {
      try DatasetRegistry.load(root.appendingPathComponent("Henze2017-MobileHCI").path + ":NoSuchSubset")
    }
  }
}
