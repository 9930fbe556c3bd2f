import Foundation
import Testing

@testable import LookaheadKit

@Suite("File digests for provenance")
struct FileDigestTests {
  /// A file read for import is hashed on the way and not again; once it changes, its digest is
  /// taken anew, never the remembered one.
  @Test("a file's digest follows its content, remembered only while it is unchanged")
  func digestFollowsContent() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("digest-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data("abc".utf8).write(to: url)
    let data = try DataFileReader.read(url)
    #expect(data == Data("abc".utf8))
    #expect(FileDigestCache.shared.digest(of: url, identity: FileIdentity(url))
      == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(try FileDigest.sha256Hex(fileAt: url) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    // Same size, different bytes, a later modification time: a new digest.
    try Data("abd".utf8).write(to: url)
    try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: url.path)
    #expect(try FileDigest.sha256Hex(fileAt: url) == FileDigest.sha256Hex(Data("abd".utf8)))
    // A different size with the same time: a new digest too.
    let time = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as! Date
    try Data("abcd".utf8).write(to: url)
    try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: url.path)
    #expect(try FileDigest.sha256Hex(fileAt: url) == FileDigest.sha256Hex(Data("abcd".utf8)))
  }

  @Test("a file that cannot be read names itself")
  func missingFile() {
    let url = URL(fileURLWithPath: "/nonexistent/digest.txt")
    let error = #expect(throws: TraceInputError.self) { try FileDigest.sha256Hex(fileAt: url) }
    #expect(error?.file == url.path)
  }
}
