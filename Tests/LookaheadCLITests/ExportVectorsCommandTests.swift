import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing
import _LookaheadTestSupport

/// `lookahead export --vectors DIR` run as a user would.
@Suite("lookahead export --vectors, end to end")
struct ExportVectorsCommandTests {
  @Test("writes the model and the streams without -o; the replayed trace's answers are lookahead predict's rows")
  func vectors() throws {
    let folder = DatasetsCommandTests.temporaryURL("vectors")
    defer { try? FileManager.default.removeItem(at: folder) }
    let arguments = [
      "export", "--predictor", "kalman-chromium", "--dataset", "Inkable-ApplePencil", "--vectors", folder.path,
      "--vectors-trace", "Inkable-ApplePencil",
    ]
    let first = try DatasetsCommandTests.run(arguments)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("wrote 10 files into \(folder.path)"))
    let model = folder.appendingPathComponent("lookahead.model")
    let predict = try DatasetsCommandTests.run(["predict", "--model", model.path, "Inkable-ApplePencil"])
    #expect(predict.status == 0, "\(predict.stderr)")
    // x and y of every predicted frame, in order, from both.
    let rows = predict.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst()
      .map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    let predicted = rows.map { $0[5].isEmpty ? "none" : "\($0[5]) \($0[6])" }
    let stream = try String(contentsOf: folder.appendingPathComponent("replay-Inkable-ApplePencil.vectors"), encoding: .utf8)
    let answers = stream.split(separator: "\n").filter { $0.hasPrefix("predict ") }.map { line in
      let words = line.split(separator: " ")
      return words[3] == "none" ? "none" : "\(words[4]) \(words[5])"
    }
    #expect(answers == predicted)
    #expect(answers.contains { $0 != "none" })

    let again = try DatasetsCommandTests.run(arguments)
    #expect(again.status == 1)
    #expect(again.stderr.contains("--force"))
  }

  @Test("-o FILE --vectors DIR refused for an existing vector file writes nothing: not the model file either")
  func refusedVectorsWriteNoModel() throws {
    let folder = DatasetsCommandTests.temporaryURL("vectors-refused")
    let model = DatasetsCommandTests.temporaryURL("refused").appendingPathExtension("model")
    defer {
      try? FileManager.default.removeItem(at: folder)
      try? FileManager.default.removeItem(at: model)
    }
    let first = try DatasetsCommandTests.run(["export", "--predictor", "hold", "--vectors", folder.path])
    #expect(first.status == 0, "\(first.stderr)")
    let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()

    let refused = try DatasetsCommandTests.run(
      ["export", "--predictor", "linear", "-o", model.path, "--vectors", folder.path])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("--force"), "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: model.path), "the model file was written before the refusal")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
  }

  /// `export --predictor hold --vectors DIR --vectors-trace Inkable-ApplePencil`, then
  /// `export --predictor kalman … --vectors DIR --force` left hold's replay answers beside
  /// kalman's model, and the C example, which checks every `*.vectors` of the folder, failed.
  @Test("--force removes an earlier export's vector files it does not replace; without it they are refused")
  func staleVectorsGo() throws {
    let folder = DatasetsCommandTests.temporaryURL("vectors-stale")
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try DatasetsCommandTests.run([
      "export", "--predictor", "hold", "--dataset", "Inkable-ApplePencil", "--vectors", folder.path,
      "--vectors-trace", "Inkable-ApplePencil",
    ])
    #expect(first.status == 0, "\(first.stderr)")
    let replay = folder.appendingPathComponent("replay-Inkable-ApplePencil.vectors")
    let notes = folder.appendingPathComponent("notes.vectors")  // not a vectors file: never touched
    try Data("my notes\n".utf8).write(to: notes)
    let names = { try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() }

    // Only the stale file is in the way: the model and standard streams are moved aside.
    let aside = DatasetsCommandTests.temporaryURL("vectors-aside")
    defer { try? FileManager.default.removeItem(at: aside) }
    try FileManager.default.createDirectory(at: aside, withIntermediateDirectories: true)
    for name in try names() where ![replay.lastPathComponent, notes.lastPathComponent].contains(name) {
      try FileManager.default.moveItem(at: folder.appendingPathComponent(name), to: aside.appendingPathComponent(name))
    }
    let arguments = ["export", "--predictor", "kalman", "--dataset", "Inkable-ApplePencil", "--vectors", folder.path]
    let refused = try DatasetsCommandTests.run(arguments)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("\(replay.path) holds an earlier export's answers"), "\(refused.stderr)")
    #expect(refused.stderr.contains("--force"))
    #expect(try names() == ["notes.vectors", "replay-Inkable-ApplePencil.vectors"])

    let forced = try DatasetsCommandTests.run(arguments + ["--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(forced.stdout.contains("removed an earlier export's replay-Inkable-ApplePencil.vectors"), "\(forced.stdout)")
    #expect(!FileManager.default.fileExists(atPath: replay.path))
    #expect(try String(contentsOf: notes, encoding: .utf8) == "my notes\n")
    #expect(try names().filter { $0.hasPrefix("replay-") }.isEmpty)
    #expect(try names().count == 10)  // the model, eight streams and the notes
  }

  @Test("usage: neither -o nor --vectors, or --vectors-trace alone, is refused")
  func usage() throws {
    let neither = try DatasetsCommandTests.run(["export", "--predictor", "hold"])
    #expect(neither.status != 0 && neither.stderr.contains("--vectors DIR"))
    let traceAlone = try DatasetsCommandTests.run(
      ["export", "--predictor", "hold", "-o", "/tmp/x.model", "--vectors-trace", "Inkable-ApplePencil"])
    #expect(traceAlone.status != 0 && traceAlone.stderr.contains("--vectors-trace needs --vectors"))
  }

  /// The C example (`Examples/c`, what `scripts/test-embedding` runs for nine models), built with
  /// the system `cc` against the C interface's shared library beside the `lookahead` binary.
  @Test("the C example, built with cc, agrees with the vectors and with lookahead predict to the bit")
  func cExample() throws {
    let bin = try DatasetsCommandTests.executable().deletingLastPathComponent()
    let library = ["libLookaheadC.so", "libLookaheadC.dylib"].map { bin.appendingPathComponent($0) }
    try #require(
      library.contains { FileManager.default.fileExists(atPath: $0.path) },
      "the C interface's shared library is not built (swift build --product LookaheadC); looked for \(library.map(\.path))")
    let work = DatasetsCommandTests.temporaryURL("c-example")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let vectors = work.appendingPathComponent("vectors"), csv = work.appendingPathComponent("predict.csv")
    let export = try DatasetsCommandTests.run([
      "export", "--predictor", "kalman-androidx", "--dataset", "Inkable-ApplePencil", "--vectors", vectors.path,
      "--vectors-trace", "Inkable-ApplePencil",
    ])
    #expect(export.status == 0, "\(export.stderr)")
    let predict = try DatasetsCommandTests.run([
      "predict", "--model", vectors.appendingPathComponent("lookahead.model").path, "Inkable-ApplePencil", "-o", csv.path,
    ])
    #expect(predict.status == 0, "\(predict.stderr)")

    let root = SharedDatasets.repositoryRoot
    let program = work.appendingPathComponent("example-c")
    let compile = try DatasetsCommandTests.run(
      [
        "cc", "-std=c11", "-D_DEFAULT_SOURCE", "-Wall", "-Wextra", "-Werror",
        "-I", root.appendingPathComponent("Sources/CLookahead").path,
        root.appendingPathComponent("Examples/c/lookahead_example.c").path,
        "-L", bin.path, "-lLookaheadC", "-Wl,-rpath,\(bin.path)", "-lm", "-o", program.path,
      ], executable: URL(fileURLWithPath: "/usr/bin/env"))
    try #require(compile.status == 0, "cc failed (the system C compiler is needed): \(compile.stderr)")
    let run = try DatasetsCommandTests.run([vectors.path, csv.path], executable: program)
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("steady.vectors") && run.stdout.contains("non-finite.vectors"))
    #expect(run.stdout.contains("lookahead predict CSV: 289 of 289 rows equal to the bit"))
    #expect(run.stdout.hasSuffix("C example: all equal\n"))
  }
}
