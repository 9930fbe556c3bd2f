import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

@Suite("Bundled dataset search")
struct BundledDatasetSearchTests {
  @Test("order: the environment, above the executable's real path, above the working directory, the built checkout")
  func order() throws {
    let fm = FileManager.default
    let root = fm.temporaryDirectory.appendingPathComponent("lookahead-search-\(UInt64.random(in: 0...UInt64.max))")
    defer { try? fm.removeItem(at: root) }
    for folder in ["env", "install/bin", "install/Datasets", "links", "work/deep/er", "work/Datasets"] {
      try fm.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    let tool = root.appendingPathComponent("install/bin/lookahead")
    try Data().write(to: tool)
    // Run through a link on the PATH: the search starts from the link's target.
    let link = root.appendingPathComponent("links/lookahead")
    try fm.createSymbolicLink(at: link, withDestinationURL: tool)

    let found = BundledDatasetSearch.directories(
      environment: [BundledDatasetSearch.environmentVariable: root.appendingPathComponent("env").path],
      executable: link, currentDirectory: root.appendingPathComponent("work/deep/er"))
    let expected = ["env", "install/Datasets", "work/Datasets"].map { root.appendingPathComponent($0).standardizedFileURL }
    #expect(Array(found.prefix(3)) == expected)
    #expect(found.last == SharedDatasets.bundled.standardizedFileURL)
    #expect(Set(found).count == found.count)

    // Folders that do not exist are left out; without the variable the executable comes first.
    let plain = BundledDatasetSearch.directories(
      environment: [BundledDatasetSearch.environmentVariable: root.appendingPathComponent("missing").path],
      executable: link, currentDirectory: root.appendingPathComponent("work"))
    #expect(plain.first == expected[1])
    #expect(!plain.contains(root.appendingPathComponent("missing").standardizedFileURL))
  }
}
