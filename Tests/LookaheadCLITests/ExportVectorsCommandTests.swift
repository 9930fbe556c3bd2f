import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

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

  @Test("usage: neither -o nor --vectors, or --vectors-trace alone, is refused")
  func usage() throws {
    let neither = try DatasetsCommandTests.run(["export", "--predictor", "hold"])
    #expect(neither.status != 0 && neither.stderr.contains("--vectors DIR"))
    let traceAlone = try DatasetsCommandTests.run(
      ["export", "--predictor", "hold", "-o", "/tmp/x.model", "--vectors-trace", "Inkable-ApplePencil"])
    #expect(traceAlone.status != 0 && traceAlone.stderr.contains("--vectors-trace needs --vectors"))
  }
}
