import Foundation
import Testing

/// `export --vectors FILE` on an existing regular file said "A file with the same name already
/// exists", with --force too, after all its work.
@Suite("lookahead export --vectors naming a file")
struct ExportVectorsFileTests {
  @Test("a file is refused as not a folder, with or without --force, and left alone")
  func fileIsNotAFolder() throws {
    let file = DatasetsCommandTests.temporaryURL("vectors-file")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data("mine\n".utf8).write(to: file)
    for force in [[], ["--force"]] {
      let result = try DatasetsCommandTests.run(
        ["export", "--predictor", "hold", "--dataset", "Inkable-ApplePencil", "--vectors", file.path] + force)
      #expect(result.status == 1)
      #expect(
        result.stderr == "error: --vectors \(file.path) is a file: --vectors takes a folder (made if missing) for the "
          + "model and its .vectors files; give -o \(file.path) to write the model file alone\n")
      #expect(try String(contentsOf: file, encoding: .utf8) == "mine\n")
    }
  }
}
