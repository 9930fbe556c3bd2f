import Foundation
import LookaheadKit
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// ``ResultFile``, the one way the workbench writes a file: no partial file, nothing replaced
/// without `force`, and never anything but a regular file.
@Suite("Result files are written whole, through a temporary file, and only over regular files")
struct ResultFileTests {
  /// A fresh empty folder.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("resultfile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func contents(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }
  static func names(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  @Test("a new file is written exactly, with no temporary file left beside it")
  func writesNewFile() throws {
    let folder = try Self.folder()
    let url = folder.appendingPathComponent("out.csv")
    try ResultFile.write("a,b\n1,2", to: url, force: false)
    #expect(try Self.contents(url) == "a,b\n1,2\n")
    #expect(try Self.names(in: folder) == ["out.csv"])
  }

  @Test("an existing file needs force, and force replaces it keeping its permissions")
  func forceReplacesKeepingMode() throws {
    let folder = try Self.folder()
    let url = folder.appendingPathComponent("out.json")
    try ResultFile.write("old", to: url, force: false)
    #expect(chmod(url.path, 0o600) == 0)
    #expect(throws: OutputExistsError.self) { try ResultFile.write("new", to: url, force: false) }
    #expect(try Self.contents(url) == "old\n")
    try ResultFile.write("new", to: url, force: true)
    #expect(try Self.contents(url) == "new\n")
    let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  /// The old helpers wrote `--force` output over a symlink (replacing the link, or the file it
  /// named) and over device nodes. Refused now, with force, and the link and its target stay.
  @Test("a symbolic link, a FIFO, a device node or a folder is refused even with force")
  func refusesNonRegularFiles() throws {
    let folder = try Self.folder()
    let target = folder.appendingPathComponent("target.txt")
    try ResultFile.write("precious", to: target, force: false)
    let link = folder.appendingPathComponent("link.txt")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let fifo = folder.appendingPathComponent("fifo")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    for (url, kind) in [(link, "symbolic link"), (fifo, "FIFO"), (URL(fileURLWithPath: "/dev/null"), "device"), (folder, "folder")] {
      let error = #expect(throws: FileWriteError.self) { try ResultFile.write("x", to: url, force: true) }
      #expect(error?.path == url.path)
      #expect(error?.description.contains(kind) == true, "\(error?.description ?? "")")
    }
    #expect(try Self.contents(target) == "precious\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
    #expect(try Self.names(in: folder) == ["fifo", "link.txt", "target.txt"])
  }

  struct Interrupted: Error {}

  /// A streamed file (`evaluate --records`) that fails half-way leaves the old file whole and no
  /// temporary file: the old code truncated first and left a partial file.
  @Test("a write that fails half-way leaves the old file untouched and no temporary file")
  func failureLeavesOldFile() throws {
    let folder = try Self.folder()
    let url = folder.appendingPathComponent("records.csv")
    try ResultFile.write("complete old records", to: url, force: false)
    #expect(throws: Interrupted.self) {
      try ResultFile.write(to: url, force: true) { sink in
        try sink.write("half of the new ")
        throw Interrupted()
      }
    }
    #expect(try Self.contents(url) == "complete old records\n")
    #expect(try Self.names(in: folder) == ["records.csv"])
  }

  @Test("a folder that does not exist gives the path and the reason, not a raw NSError")
  func missingFolder() throws {
    let url = try Self.folder().appendingPathComponent("no/such/folder/out.csv")
    let error = #expect(throws: FileWriteError.self) { try ResultFile.write("x", to: url, force: false) }
    #expect(error?.description == "cannot write \(url.path): creating a temporary file beside it failed: No such file or directory")
  }
}
