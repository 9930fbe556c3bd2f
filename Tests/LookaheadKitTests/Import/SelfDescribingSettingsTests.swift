import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// Import settings typed after (or beside) a file that describes itself: they were taken as a
/// column mapping, so `trace.lktrace.csv:mm_per_unit=0.2` failed with "field 't': is missing
/// from the mapping". Now the file is read as what it is and its importer refuses the settings by
/// name, saying why; a mapping that names its time column still reads any file as delimited text.
@Suite("Import settings on a self-describing file")
struct SelfDescribingSettingsTests {
  /// A one-stroke trace file in a fresh folder.
  static func traceFile() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lookahead-self-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let trace = Trace(
      metadata: TraceMetadata(source: "s", coordinateUnit: "px", millimetresPerUnit: 0.1),
      strokes: [Stroke(samples: [
        TraceSample(time: 0, x: 1, y: 2, phase: .down), TraceSample(time: 0.01, x: 2, y: 2, phase: .up),
      ])])
    let url = folder.appendingPathComponent("t.lktrace.csv")
    try Data(try TraceFileWriter.text(of: trace).utf8).write(to: url)
    return url
  }

  @Test("a scale typed after a trace file is refused, naming the setting and the file's own line for it")
  func typedScaleOnTraceFile() throws {
    let url = try Self.traceFile()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let reference = url.path + ":mm_per_unit=0.2"
    let error = #expect(throws: TraceInputError.self) { try DatasetRegistry.load(reference) }
    #expect(error?.description == "dataset reference '\(reference)': import settings (mm_per_unit) cannot be applied "
      + "to this lookahead-trace file: it describes itself (its columns, time unit, coordinate unit and scale come from "
      + "the file, not from settings); settings are for delimited-text and android-getevent files. For another scale, "
      + "edit the file's '# millimetres_per_unit:' line")
    #expect(try DatasetRegistry.load(url.path).metadata.millimetresPerUnit == 0.1)
  }

  @Test("a sidecar mapping beside a trace file is refused at its own line, with every setting named")
  func sidecarOnTraceFile() throws {
    let url = try Self.traceFile()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let sidecar = URL(fileURLWithPath: url.path + SettingsReference.sidecarSuffix)
    try Data("# mine\nsource = me, device = pad\n".utf8).write(to: sidecar)
    let error = #expect(throws: TraceInputError.self) { try DatasetRegistry.load(url.path) }
    #expect(error?.file == sidecar.path)
    #expect(error?.location == .line(2))
    #expect(error?.problem.hasPrefix("import settings (source, device) cannot be applied to this lookahead-trace file") == true)
    #expect(error?.problem.contains("For another scale") == false)
  }

  @Test("other self-describing formats refuse a typed scale and say how to give them one", arguments: [
    ("Inkable-ApplePencil/Tests/InkableTests/events.json", "inkable-json"),
    ("Henze2017-MobileHCI/data/PaintTasks-participant3.txt", "henze2017"),
  ])
  func typedScaleOnOtherFormats(path: String, format: String) throws {
    let reference = try SharedDatasets.file(path).path + ":dpi=300"
    let error = #expect(throws: TraceInputError.self) { try DatasetRegistry.load(reference) }
    #expect(error?.problem.hasPrefix("import settings (dpi) cannot be applied to this \(format) file") == true, "\(error?.description ?? "")")
    #expect(error?.problem.hasSuffix(
      "For another scale, convert it (lookahead datasets convert FILE OUT.lktrace.csv) and edit that file's "
        + "'# millimetres_per_unit:' line") == true)
  }

  /// A mapping with its time column is what the user asked for, whatever the content looks like:
  /// a headerless `;` file whose rows look like Henze's is still read through it.
  @Test("a mapping that names t reads a file that looks like a known format as delimited text")
  func mappingStillWins() throws {
    let folder = try Self.traceFile().deletingLastPathComponent()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("mine.csv")
    try Data("0;10;20;1;0;0\n8;11;21;1;0;0\n16;12;22;1;0;0\n".utf8).write(to: url)
    #expect(TraceFormatDetector.detect(data: try Data(contentsOf: url), fileName: "mine.csv") == .henze2017)
    let trace = try DatasetRegistry.load(url.path + ":t=1:ms,x=2,y=3,stroke=4")
    #expect(trace.strokes.map(\.samples.count) == [3])
    #expect(trace.strokes[0].samples.map(\.x) == [10, 11, 12])
  }
}
