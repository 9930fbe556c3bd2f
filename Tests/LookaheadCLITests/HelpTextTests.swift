import Foundation
import Testing
import _LookaheadTestSupport

/// Every command's help states each default once: ArgumentParser appends `(default: …)` from the
/// declaration, so an option's own text must not spell it again (where the two were written
/// separately, they could disagree).
@Suite("help text")
struct HelpTextTests {
  static let commands: [[String]] = [
    ["datasets", "list"], ["datasets", "inspect"], ["datasets", "convert"], ["replay", "trace"], ["replay", "profiles"],
    ["predictors", "list"], ["predictors", "show"], ["evaluate"], ["compare"], ["sweep"], ["export"], ["predict"],
    ["tune"], ["worker"], ["train"], ["bench-tuning"], ["bench-readers"], ["report"], ["datasets", "profile"], ["recorder"],
  ]

  @Test(arguments: commands)
  func eachDefaultIsStatedOnce(command: [String]) throws {
    let help = try DatasetsCommandTests.run(command + ["--help"])
    #expect(help.status == 0)
    // One entry per option: its first line starts with "  -", continuation lines are indented.
    var entries: [String] = []
    for line in help.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("  -") { entries.append(String(line)) } else if !entries.isEmpty, line.hasPrefix("     ") {
        entries[entries.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
      }
    }
    #expect(!entries.isEmpty)
    for entry in entries {
      #expect(entry.components(separatedBy: "(default").count <= 2, "\(command): \(entry)")
    }
  }
}
