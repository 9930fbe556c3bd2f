import Foundation
import Testing
import _LookaheadTestSupport

@testable import LookaheadKit

/// A phase cell that is none of the mapping's markers is refused where it is, rather than read
/// as a move: a misspelt up marker used to leave its stroke open until the next down.
@Suite("Delimited-text phase markers")
struct PhaseMarkerTests {
  /// Two strokes of pointer 1, four rows each, the first one's up marker given as `up`.
  static func csv(up: String, move: String = "pointermove") -> String {
    var text = "t,x,y,id,kind\n"
    var time = 0
    for stroke in 0..<2 {
      for (index, kind) in ["pointerdown", move, move, stroke == 0 ? up : "pointerup"].enumerated() {
        text += "\(time),\(stroke * 100 + index),0,1,\(kind)\n"
        time += 8
      }
      time += 100
    }
    return text
  }
  static let settings = ":t=t:ms,x,y,stroke=id,phase=kind"

  @Test("a misspelt up or move marker is refused with the file, line, column and the accepted markers", arguments: [
    ("pointrup", "pointermove", 5), ("pointerup", "pointermvoe", 3),
  ])
  func misspeltMarker(up: String, move: String, line: Int) throws {
    let url = try DelimitedTextImporterTests.temporaryFile("phase.csv", Self.csv(up: up, move: move))
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    do {
      _ = try DatasetRegistry.load(url.path + Self.settings)
      Issue.record("\(up)/\(move) was read")
    } catch let error as TraceInputError {
      let misspelt = up == "pointerup" ? move : up
      #expect(error.file == url.path)
      #expect(error.location == .line(line))
      #expect(error.field == "kind")
      #expect(error.problem.hasPrefix("'\(misspelt)' is not a phase marker"), "\(error)")
      for marker in ["pointerdown", "pointerup", "pointermove", "action_move", "move=A|B"] {
        #expect(error.problem.contains(marker), "\(marker): \(error)")
      }
    }
  }

  @Test("a marker the mapping declares is read as declared")
  func declaredMarkers() throws {
    let url = try DelimitedTextImporterTests.temporaryFile("phase.csv", Self.csv(up: "lift", move: "drag"))
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let trace = try DatasetRegistry.load(url.path + Self.settings + ",up=lift|pointerup,move=drag")
    #expect(trace.strokes.map(\.samples.count) == [4, 4])
    #expect(trace.metadata.cleaning[DelimitedTextImporter.unterminatedStrokeRule] == 0)
    #expect(trace.metadata.cleaning[DelimitedTextImporter.restartedStrokeRule] == 0)
    // A declared move list replaces the default one, as down= and up= do.
    #expect(throws: TraceInputError.self) {
      try DatasetRegistry.load(url.path + Self.settings + ",up=lift|pointerup,move=slide")
    }
  }

  /// Every marker the page and the defaults document, in any case, and an empty cell (a move).
  @Test("every documented marker and an empty cell still read as before")
  func documentedMarkers() throws {
    let downs = ColumnMapping.defaultDownMarkers.sorted(), ups = ColumnMapping.defaultUpMarkers.sorted()
    let moves = ColumnMapping.defaultMoveMarkers.sorted() + [""]
    var text = "t,x,y,id,kind\n"
    var time = 0
    for (index, down) in downs.enumerated() {
      let up = ups[index % ups.count]
      for (step, kind) in [down.uppercased(), moves[index % moves.count], moves[(index + 1) % moves.count], up].enumerated() {
        text += "\(time),\(index * 100 + step),0,1,\(kind)\n"
        time += 8
      }
      time += 100
    }
    for (index, up) in ups.enumerated() {
      text += "\(time),0,0,1,pointerdown\n\(time + 8),1,0,1,\(up)\n"
      time += 100 + index
    }
    let url = try DelimitedTextImporterTests.temporaryFile("documented.csv", text)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let trace = try DatasetRegistry.load(url.path + Self.settings)
    #expect(trace.strokes.map(\.samples.count) == Array(repeating: 4, count: downs.count) + Array(repeating: 2, count: ups.count))
    #expect(trace.metadata.cleaning[DelimitedTextImporter.unterminatedStrokeRule] == 0)
    #expect(trace.metadata.cleaning[DelimitedTextImporter.restartedStrokeRule] == 0)
    #expect(trace.metadata.cleaning[DelimitedTextImporter.outsideStrokeRule] == 0)
    // The page's own defaults column, word for word.
    let page = try String(contentsOf: SharedDatasets.repositoryRoot.appendingPathComponent("Docs/BringYourOwnData.md"), encoding: .utf8)
    for marker in downs + ups + ColumnMapping.defaultMoveMarkers.sorted() {
      #expect(page.contains(marker), "\(marker) is not on Docs/BringYourOwnData.md")
    }
  }

  @Test("a move marker without a phase column is refused, as down and up are")
  func moveNeedsPhase() throws {
    let url = try DelimitedTextImporterTests.temporaryFile("phase.csv", Self.csv(up: "pointerup"))
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    do {
      _ = try DatasetRegistry.load(url.path + ":t=t:ms,x,y,stroke=id,move=drag")
      Issue.record("accepted")
    } catch let error as TraceInputError {
      #expect(error.field == "move")
      #expect(error.problem.contains("need the phase column"))
    }
  }
}
