import Foundation
import LookaheadKit
import Testing

/// The reproducers in `Fuzz/Reproducers` of the fuzz targets that read what users write besides
/// data (device profiles, predictor specifications, tune journals): each, picked by its file-name
/// prefix (`TARGET-…`, as `Fuzz/run.sh` seeds that target with it), is read as its target reads
/// it and must be refused with the reader's own error, not crash the process. (The model
/// target's reproducer is replayed by the runtime's `FuzzReproducerTests`.)
@Suite("Fuzz reproducers of profiles, predictor specifications and tune journals")
struct WorkbenchFuzzReproducerTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Reproducers")

  /// Every `LOOKAHEAD_FUZZ_TARGET`, from `Fuzz/targets.txt` (the one list; the fuzzer checks its
  /// cases against it).
  static let targets: [String] = {
    let list = folder.deletingLastPathComponent().appendingPathComponent("targets.txt")
    let text = (try? String(contentsOf: list, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
  }()

  static func files() throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  /// The target a reproducer seeds: the longest target name its file name starts with, then "-".
  static func target(of file: URL) -> String? {
    targets.filter { file.lastPathComponent.hasPrefix($0 + "-") }.max { $0.count < $1.count }
  }

  @Test("every reproducer's name starts with a fuzz target's, so run.sh seeds that target with it")
  func everyReproducerNamesATarget() throws {
    // Every format the workbench imports is fuzzed, and the list was read.
    let unfuzzed = TraceSourceFormat.allCases.map(\.rawValue).filter { !Self.targets.contains($0) }
    #expect(unfuzzed.isEmpty, "formats missing from Fuzz/targets.txt: \(unfuzzed)")
    let files = try Self.files()
    #expect(!files.isEmpty)
    for file in files { #expect(Self.target(of: file) != nil, "\(file.lastPathComponent)") }
  }

  @Test("each profile, predictor-spec and tune-journal reproducer is refused with its reader's error")
  func refused() throws {
    let files = try Self.files().filter { ["profile", "predictor-spec", "tune-journal"].contains(Self.target(of: $0)) }
    #expect(!files.isEmpty)
    for file in files {
      let data = try Data(contentsOf: file)
      #expect(data.count <= 4096, "\(file.lastPathComponent): longer than run.sh's -max_len, so a seed would be cut")
      switch Self.target(of: file) {
      case "profile":
        #expect(throws: DeviceProfileError.self, "\(file.lastPathComponent)") {
          try DeviceProfile.decode(data, file: file.path)
        }
      case "predictor-spec":
        #expect(throws: PredictorCatalogError.self, "\(file.lastPathComponent)") {
          try EvaluationSubject.resolve(String(decoding: data, as: UTF8.self))
        }
      default:
        #expect(throws: TunedConfiguration.Failure.self, "\(file.lastPathComponent)") {
          try TunedConfiguration(journalData: data, path: file.path, catalog: .workbench)
        }
      }
    }
  }
}
