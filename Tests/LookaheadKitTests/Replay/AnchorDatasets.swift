import Foundation
import LookaheadKit
import _LookaheadTestSupport

/// The selections of `../shared/design/ANCHOR-PROTOCOL.md` §2, loaded through the importers
/// (Inkable and Henze from the repository's bundled copies, the others from `../shared`).
enum AnchorDatasets {
  struct SelectionMissing: Error, CustomStringConvertible {
    var what: String
    var description: String { "the anchor-protocol selection needs \(what), which is missing" }
  }

  /// The selections the repository carries (bundled datasets): tests of these always run.
  static let bundledNames = ["Inkable-ApplePencil", "Henze2017-MobileHCI"]

  static let names = [
    "Inkable-ApplePencil", "TurboTouch-Nancel2018", "Henze2017-MobileHCI", "SVC2004-Task2",
    "WacomMSP13-HandwritingSpeed",
  ]

  /// The selections only `../shared/datasets` has: tests of these carry `.needsShared(…)`.
  static let sharedNames = names.filter { !bundledNames.contains($0) }

  static func henzeFiles(task: String? = nil) throws -> [URL] {
    var names: [String] = []
    for t in task.map({ [$0] }) ?? ["FittsTasks", "PaintTasks", "WriteTasks"] {
      for participant in 1...8 { names.append("Henze2017-MobileHCI/data/\(t)-participant\(participant).txt") }
    }
    return try names.map(SharedDatasets.file)
  }

  /// Contact strokes of one dataset's selection, cleaned by the importer or raw.
  static func strokes(_ name: String, raw: Bool) throws -> [Stroke] {
    let options = ImportOptions(raw: raw, includeHover: false)
    let trace: Trace
    switch name {
    case "Inkable-ApplePencil":
      let files = try [
        "events.json", "pencil-antigrain.json", "pencil-antigrain2.json", "pencil-error.json",
        "unknown-polyline-index.json",
      ].map { try SharedDatasets.file("Inkable-ApplePencil/Tests/InkableTests/\($0)") }
      trace = try InkableImporter().importTrace(files: files, options: options)
    case "TurboTouch-Nancel2018":
      trace = try TurboTouchImporter(variant: .strokes)
        .importTrace(files: [try SharedDatasets.require("TurboTouch-Nancel2018/strokes.csv")], options: options)
    case "Henze2017-MobileHCI":
      trace = try Henze2017Importer().importTrace(files: try henzeFiles(), options: options)
    case "SVC2004-Task2":
      var files: [URL] = []
      for user in 29...32 {
        for session in 1...20 { files.append(try SharedDatasets.require("SVC2004-Task2/Task2/U\(user)S\(session).TXT")) }
      }
      trace = try SVC2004Importer().importTrace(files: files, options: options)
    case "WacomMSP13-HandwritingSpeed":
      let folder = try SharedDatasets.require("WacomMSP13-HandwritingSpeed/Wacom_speed")
      let fm = FileManager.default
      guard let writer = try fm.contentsOfDirectory(atPath: folder.path).sorted().first(where: { $0.hasPrefix("ID0001") })
      else { throw SelectionMissing(what: folder.path + "/ID0001*") }
      let dir = folder.appendingPathComponent(writer)
      guard let capture = try fm.contentsOfDirectory(atPath: dir.path).sorted().first(where: { $0.hasPrefix("capture_01_") })
      else { throw SelectionMissing(what: dir.path + "/capture_01_*") }
      trace = try WacomMSP13Importer().importTrace(files: [dir.appendingPathComponent(capture)], options: options)
    default:
      throw SelectionMissing(what: "a dataset called \(name)")
    }
    return trace.contactStrokes
  }
}
