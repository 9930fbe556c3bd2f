import Foundation
import Testing

/// Every command that writes a file takes `-o`: `evaluate`, `compare` and `sweep` took only
/// `--output` and `tune` only `--out`, so `lookahead evaluate … -o r.json`, as `export`, `train`,
/// `predict` and `report` are written, was refused as an unknown option.
@Suite("-o names the output file of every command that writes one")
struct OutputShortOptionTests {
  @Test("evaluate, compare, sweep and tune write the file given with -o (tune's --out and --output too)", arguments: [
    ["evaluate", "--predictor", "hold", "--json", "Inkable-ApplePencil", "-o"],
    ["compare", "hold", "linear", "--json", "Inkable-ApplePencil", "-o"],
    ["sweep", "--predictor", "linear", "--json", "Inkable-ApplePencil", "-o"],
    ["tune", "--predictor", "linear", "--trials", "1", "--test", "Henze2017-MobileHCI:Fitts", "Inkable-ApplePencil", "-o"],
    ["tune", "--predictor", "linear", "--trials", "1", "--test", "Henze2017-MobileHCI:Fitts", "Inkable-ApplePencil", "--output"],
    ["tune", "--predictor", "linear", "--trials", "1", "--test", "Henze2017-MobileHCI:Fitts", "Inkable-ApplePencil", "--out"],
  ])
  func writes(arguments: [String]) throws {
    let file = DatasetsCommandTests.temporaryURL("result.json")
    defer {
      try? FileManager.default.removeItem(at: file)
      try? FileManager.default.removeItem(at: file.deletingPathExtension().appendingPathExtension("tune.json"))
    }
    let run = try DatasetsCommandTests.run(arguments + [file.path, "--quiet"])
    #expect(run.status == 0, "\(run.stderr)")
    let written = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
    #expect(written is [String: Any], "\(written)")
  }
}
