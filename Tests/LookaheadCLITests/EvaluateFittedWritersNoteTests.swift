import Foundation
import LookaheadRuntime
import Testing

/// A model exported from a training, scored again on the whole dataset, was scored on the writers
/// it was fitted on too, and `evaluate` said nothing: its number read better than the held-out one
/// the training printed. It now notes the fitted writers and the reference of the held-out ones.
@Suite("evaluate, compare and sweep --model note the writers the model was fitted on")
struct EvaluateFittedWritersNoteTests {
  @Test("scored on its own data: the note names the fitted writers and the held-out reference; held out: none")
  func notesFittedWriters() throws {
    let dir = try TuneExportChainTests.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let data = "Henze2017-MobileHCI:Fitts"
    let out = dir.appendingPathComponent("m.json"), model = dir.appendingPathComponent("m.model")
    let train = try DatasetsCommandTests.run(
      ["train", "--split", TuneExportChainTests.split, "--history", "4", "--lambdas", "1e-6", "-o", out.path, data])
    try #require(train.status == 0, "\(train.stderr)")
    let export = try DatasetsCommandTests.run(["export", "--from-train", out.path, "-o", model.path])
    try #require(export.status == 0, "\(export.stderr)")
    let provenance = try LookaheadModel(contentsOf: model).file.provenance
    let fitted = try #require(provenance.trainWriters), heldOut = try #require(provenance.testWriters)
    #expect(!fitted.isEmpty && !heldOut.isEmpty)

    for command in [
      ["evaluate", "--model", model.path], ["compare", "linear", "--model", model.path], ["sweep", "--model", model.path],
    ] {
      let whole = try DatasetsCommandTests.run(command + [data])
      #expect(whole.status == 0, "\(command): \(whole.stderr)")
      let note = try #require(
        whole.stderr.split(separator: "\n").first { $0.hasPrefix("note: \(model.path) was fitted on writers ") },
        "\(command): \(whole.stderr)")
      for writer in fitted { #expect(note.contains(writer), "\(note)") }
      let remedy = try #require(note.range(of: "for a held-out score give \(data):writer="), "\(note)")
      #expect(Set(note[remedy.upperBound...].split(separator: ",").map(String.init)) == Set(heldOut), "\(note)")
    }
    let held = try DatasetsCommandTests.run(
      ["evaluate", "--model", model.path, "\(data):writer=\(heldOut.joined(separator: ","))"])
    #expect(held.status == 0, "\(held.stderr)")
    #expect(!held.stderr.contains("was fitted on"), "\(held.stderr)")
  }
}
