import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// Runs the built `lookahead` executable (built by `swift build`, which `swift test` runs first)
/// and checks what it prints and how it exits.
@Suite("lookahead datasets, end to end")
struct DatasetsCommandTests {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The `lookahead` binary of this build (``BuiltExecutable/lookahead()``).
  static func executable() throws -> URL { try BuiltExecutable.lookahead() }

  /// Runs `lookahead arguments` (or another copy of the binary) in `directory` (default: the
  /// repository), with `environment` changes on top of this process's (`nil` removes a variable):
  /// ``ExecutableRun/run(_:executable:in:environment:)`` with stdout as text.
  static func run(
    _ arguments: [String], executable: URL? = nil, in directory: URL? = nil,
    environment changes: [String: String?] = [:]
  ) throws -> Result {
    let run = try ExecutableRun.run(arguments, executable: executable, in: directory, environment: changes)
    return Result(status: run.status, stdout: run.stdoutText, stderr: run.stderr)
  }

  static func temporaryURL(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("lookahead-cli-\(UInt64.random(in: 0...UInt64.max))-\(name)")
  }

  @Test("inspect the bundled default dataset (what scripts/main-job runs), as text")
  func inspectText() throws {
    let result = try Self.run(["datasets", "inspect", "Inkable-ApplePencil"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("strokes:     5 (5 contact, 0 hover)"))
    #expect(result.stdout.contains("samples:     571"))
    #expect(result.stdout.contains("median dt 4.000 ms"))
    #expect(result.stdout.contains("late updates: 548"))
    #expect(result.stdout.contains("recorded predictions: 494"))
    #expect(result.stdout.contains("files: 5 from bundled"))
  }

  @Test("inspect --json parses and carries the dt histogram and cleaning counts")
  func inspectJSON() throws {
    let result = try Self.run(["datasets", "inspect", "Henze2017-MobileHCI", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let summary = try JSONDecoder().decode(TraceSummary.self, from: Data(result.stdout.utf8))
    #expect(summary.strokes == 2801 && summary.samples == 142_656)
    #expect(summary.cleaning.first { $0.rule == StrokeCleaner.sameTimeRule }?.count == 55)
    #expect(abs((summary.medianIntervalSeconds ?? 0) - 0.017) < 1e-9)
    #expect(summary.intervalHistogram.reduce(0) { $0 + $1.count } == 142_656 - 2801)
    #expect(summary.writers.count == 8)
  }

  @Test("inspect a subset of a shared dataset with --data-dir", .needsShared("SVC2004-Task2"))
  func inspectSubset() throws {
    _ = try SharedDatasets.require("SVC2004-Task2")
    let result = try Self.run(["datasets", "inspect", "SVC2004-Task2:test", "--data-dir", SharedDatasets.root.path, "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let summary = try JSONDecoder().decode(TraceSummary.self, from: Data(result.stdout.utf8))
    #expect(summary.strokes == 631 && summary.samples == 12_890)
  }

  @Test("list shows the bundled datasets and the shared ones with their sizes")
  func list() throws {
    let result = try Self.run(["datasets", "list", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let entries = try JSONDecoder().decode([DatasetListing].self, from: Data(result.stdout.utf8))
    let bundled = entries.filter { $0.origin == "bundled" }.map(\.name)
    #expect(bundled == ["Inkable-ApplePencil", "Henze2017-MobileHCI"])
    #expect(entries.first { $0.name == "Henze2017-MobileHCI" }?.strokes == 2801)
    // The shared ones when there (a fresh clone has none; under CI they must be).
    if SharedDatasets.has("TurboTouch-Nancel2018") || SharedDatasets.isContinuousIntegration {
      #expect(entries.first { $0.name == "TurboTouch-Nancel2018" }?.samples == 1041)
    }
    let table = try Self.run(["datasets", "list"])
    #expect(table.stdout.hasPrefix("name"))
    #expect(table.stdout.contains("Inkable-ApplePencil"))
  }

  @Test("convert writes a trace file that reads back equal, refuses to overwrite, and --force replaces")
  func convert() throws {
    let output = Self.temporaryURL("inkable.lktrace.csv")
    defer { try? FileManager.default.removeItem(at: output) }
    let first = try Self.run(["datasets", "convert", "Inkable-ApplePencil", output.path])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("5 strokes, 571 samples"))
    let written = try TraceFileReader.read(contentsOf: output)
    let direct = try DatasetRegistry.load("Inkable-ApplePencil")
    #expect(written.strokes == direct.strokes)
    #expect(written.metadata.notes["converted_from"] == "Inkable-ApplePencil")
    #expect(written.metadata.notes["input_sha256"]?.count == 64)

    let again = try Self.run(["datasets", "convert", "Inkable-ApplePencil", output.path])
    #expect(again.status == 1)
    #expect(again.stderr.contains("already exists; pass --force"))
    let forced = try Self.run(["datasets", "convert", "Inkable-ApplePencil", output.path, "--force"])
    #expect(forced.status == 0)

    // The trace file itself is an input like any other.
    let inspect = try Self.run(["datasets", "inspect", output.path, "--json"])
    let summary = try JSONDecoder().decode(TraceSummary.self, from: Data(inspect.stdout.utf8))
    #expect(summary.samples == 571 && summary.lateUpdates == 548)
  }

  @Test("bad input exits 1 with the file, line and field on stderr")
  func badInput() throws {
    let input = Self.temporaryURL("WriteTasks-participant9.txt")
    defer { try? FileManager.default.removeItem(at: input) }
    try Data("1;1000;10;20;0.4;0\n2;1017;eleven;21;0.4;1\n".utf8).write(to: input)
    let result = try Self.run(["datasets", "inspect", input.path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("\(input.path):2: field 'x': 'eleven' is not a finite decimal number"))
    let unknown = try Self.run(["datasets", "inspect", "NoSuchDataset"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr.contains("neither a dataset name"))
    let format = try Self.run(["datasets", "inspect", input.path, "--format", "bogus"])
    #expect(format.status == 1)
    #expect(format.stderr.contains("unknown format 'bogus'"))
  }
}
