import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

@Suite("Dataset registry")
struct DatasetRegistryTests {
  static var shared: URL { SharedDatasets.root }

  @Test("the anchor-protocol subsets load by name: SVC2004-Task2:test and WacomMSP13 ID0001", .needsShared("SVC2004-Task2", "WacomMSP13-HandwritingSpeed"))
  func anchorSubsets() throws {
    _ = try SharedDatasets.require("SVC2004-Task2")
    let svc = try DatasetRegistry.load("SVC2004-Task2:test", dataDirectory: Self.shared)
    #expect(svc.strokes.count == 631 && svc.sampleCount == 12_890)
    #expect(svc.metadata.notes["subset"] == "test")
    let wacom = try DatasetRegistry.load("wacommsp13-handwritingspeed:ID0001", dataDirectory: Self.shared)
    #expect(wacom.contactStrokes.count == 404)
    #expect(wacom.writers == ["ID0001"])
  }

  @Test("Wacom is the full captures only, never the segment files", .needsShared("WacomMSP13-HandwritingSpeed"))
  func wacomFiles() throws {
    _ = try SharedDatasets.require("WacomMSP13-HandwritingSpeed")
    let files = try DatasetRegistry.files(of: "WacomMSP13-HandwritingSpeed", dataDirectory: Self.shared)
    #expect(files.count == 2)
    #expect(files.allSatisfy { $0.lastPathComponent.hasPrefix("capture_01_") })
  }

  @Test("TurboTouch is strokes.csv with the reference predictions; its optitrack subset is data.csv", .needsShared("TurboTouch-Nancel2018"))
  func turboTouch() throws {
    _ = try SharedDatasets.require("TurboTouch-Nancel2018")
    let trace = try DatasetRegistry.load("TurboTouch-Nancel2018", dataDirectory: Self.shared)
    #expect(trace.strokes.count == 3 && trace.sampleCount == 1041)
    #expect(trace.strokes.flatMap(\.recordedPredictions).count == 1041)
    #expect(trace.strokes.allSatisfy { $0.origin == "strokes.csv" && $0.writer == nil })
    let optitrack = try DatasetRegistry.load("TurboTouch-Nancel2018:optitrack", dataDirectory: Self.shared)
    #expect(optitrack.strokes.count == 56)
  }

  @Test("a path to a dataset folder loads as that dataset", .needsShared("WacomMSP13-HandwritingSpeed"))
  func datasetFolderPath() throws {
    let folder = try SharedDatasets.require("WacomMSP13-HandwritingSpeed")
    let byPath = try DatasetRegistry.load(folder.path)
    #expect(byPath.contactStrokes.count == 404 + 391)
  }

  @Test("a plain folder loads every file")
  func plainFolderPath() throws {
    let henzeData = try SharedDatasets.requireBundled("Henze2017-MobileHCI/data")
    let plain = try DatasetRegistry.load(henzeData.path)
    #expect(plain.strokes.count == 2801)
    // Strokes are in file-name order and carry their file and writer.
    #expect(plain.strokes.first?.origin == "FittsTasks-participant1.txt")
    #expect(plain.strokes.first?.writer == "participant1")
    #expect(plain.strokes.last?.origin == "WriteTasks-participant8.txt")
  }

  @Test("the bundled copies are found first")
  func bundledFirst() throws {
    for name in ["Inkable-ApplePencil", "Henze2017-MobileHCI"] {
      let location = try #require(DatasetRegistry.locate(name, dataDirectory: Self.shared))
      #expect(location.isBundled)
      #expect(location.folder.standardizedFileURL == SharedDatasets.bundled.appendingPathComponent(name).standardizedFileURL)
    }
  }

  @Test("the bundled copies hold the same data as the shared ones",
        .needsShared("Inkable-ApplePencil", "Henze2017-MobileHCI"))
  func bundledEqualsShared() throws {
    for name in ["Inkable-ApplePencil", "Henze2017-MobileHCI"] {
      _ = try SharedDatasets.require(name)
      let bundled = try DatasetRegistry.load(name, dataDirectory: Self.shared)
      let shared = try DatasetRegistry.load(Self.shared.appendingPathComponent(name).path)
      #expect(bundled.strokes == shared.strokes)
    }
  }

  @Test("a dataset folder that is a symbolic link loads as the folder it links to, with its relative paths")
  func symbolicLinkFolder() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lookahead-link-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let link = folder.appendingPathComponent("Henze2017-MobileHCI")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: SharedDatasets.bundled.appendingPathComponent("Henze2017-MobileHCI"))
    let files = try DatasetRegistry.files(of: link.path)
    #expect(files.count == 24)
    #expect(files.allSatisfy { $0.path.hasPrefix(link.path + "/data/") })
    let viaLink = try DatasetRegistry.load(link.path)
    #expect(viaLink.strokes.count == 2801)
    let fitts = try DatasetRegistry.checksums(of: link.path)
    #expect(fitts.first?.path == "data/FittsTasks-participant1.txt")
  }

  @Test("unknown names, subsets and formats fail saying what exists")
  func errors() throws {
    let unknown = #expect(throws: DatasetReferenceError.self) { try DatasetRegistry.load("NoSuchDataset") }
    #expect(unknown?.description.contains("Henze2017-MobileHCI") == true)
    let subset = #expect(throws: DatasetReferenceError.self) {
      try DatasetRegistry.load("Henze2017-MobileHCI:U99", dataDirectory: Self.shared)
    }
    #expect(subset?.description.contains("Fitts, Paint, Write") == true)
    let missing = #expect(throws: DatasetReferenceError.self) {
      try DatasetRegistry.load("SVC2004-Task2", dataDirectory: URL(fileURLWithPath: "/nonexistent"))
    }
    #expect(missing?.description.contains("/nonexistent") == true)
    #expect(throws: UnknownFormatError.self) { try TraceSourceFormat.named("csv-ish") }
    #expect(try TraceSourceFormat.named("SVC2004") == .svc2004)
  }

  @Test("file checksums agree with each dataset's MANIFEST.sha256", .needsShared("Inkable-ApplePencil", "TurboTouch-Nancel2018", "Henze2017-MobileHCI"), arguments: [
    "Inkable-ApplePencil", "TurboTouch-Nancel2018", "Henze2017-MobileHCI",
  ])
  func manifests(name: String) throws {
    let manifest = try String(contentsOf: try SharedDatasets.require("\(name)/MANIFEST.sha256"), encoding: .utf8)
    var expected: [String: String] = [:]
    for line in manifest.split(separator: "\n") {
      let parts = line.split(separator: " ", maxSplits: 1)
      guard parts.count == 2 else { continue }
      var path = parts[1].trimmingCharacters(in: .whitespaces)
      if path.hasPrefix("./") { path.removeFirst(2) }
      expected[path] = String(parts[0])
    }
    let sums = try DatasetRegistry.checksums(of: Self.shared.appendingPathComponent(name).path)
    #expect(!sums.isEmpty)
    for (path, digest) in sums {
      #expect(expected[path] == digest, "\(path)")
    }
  }

  @Test("SHA-256 gives the FIPS 180-4 example digests")
  func sha256Vectors() {
    #expect(FileDigest.sha256Hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(FileDigest.sha256Hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(FileDigest.sha256Hex(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
      == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(FileDigest.sha256Hex(Data(repeating: UInt8(ascii: "a"), count: 1_000_000))
      == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }
}
