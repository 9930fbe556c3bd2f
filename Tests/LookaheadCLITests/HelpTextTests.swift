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
    ["tune"], ["worker"], ["train"], ["bench", "tuning"], ["bench", "readers"], ["report"], ["datasets", "profile"], ["recorder"],
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

  /// The flags declared once, in a shared option group: wherever a command shows one, its entry
  /// is the same text (a command that declared its own copy would show its own words). Not
  /// `--seed`: `export --seed` (the seed to record) and `train --seed` (the MLP's) are other
  /// parameters under the same name; ``SharedOptionGroupTests`` checks the run's seed.
  static let sharedFlags = ["--data-dir", "--force", "--jobs", "--json", "--quiet"]

  @Test("a shared flag's help is the same text in every command's help")
  func sharedFlagsReadTheSame() throws {
    var seen: [String: [String: [[String]]]] = [:]
    for command in Self.commands {
      let entries = try SharedOptionGroupTests.helpEntries(in: command)
      for flag in Self.sharedFlags { if let entry = entries[flag] { seen[flag, default: [:]][entry, default: []].append(command) } }
    }
    for flag in Self.sharedFlags {
      #expect(seen[flag]?.count == 1, "\(flag): \(seen[flag] ?? [:])")
    }
    // Each shared flag is found in the commands known to take it (so the check above checks something).
    #expect(seen["--json"]?.values.first?.count == 11)
    #expect(seen["--jobs"]?.values.first?.count == 6)
    #expect(seen["--quiet"]?.values.first?.count == 6)
  }

  /// The help is wrapped at 80 columns: a JSON example (an indented line that begins with `{"`)
  /// must fit one line whole, or a user copying it gets half a request (the worker's request list
  /// once wrapped mid-sentence after each example).
  /// predict took evaluate's --profile and --seed help, which spoke of several --model files
  /// "when they agree" and of a bootstrap or search predict does not have.
  @Test("predict's --profile and --seed say what predict does")
  func predictHelp() throws {
    let profile = try #require(try SharedOptionGroupTests.helpEntry("--profile", in: ["predict"]))
    let seed = try #require(try SharedOptionGroupTests.helpEntry("--seed", in: ["predict"]))
    #expect(profile.contains("the device the model file was made for"), "\(profile)")
    #expect(seed.contains("display phase and missed frames") && seed.contains("the seed recorded in the model file"), "\(seed)")
    for text in [profile, seed] {
      #expect(!text.contains("--model files") && !text.contains("agree"), "\(text)")
      #expect(!text.contains("bootstrap") && !text.contains("search"), "\(text)")
    }
  }

  /// --jobs said "Cores to use" in every command, though under evaluate/compare --protocol
  /// anchor|henze2017 it bounds only the loading (8cd4033).
  @Test("--jobs says that under anchor and henze2017 it bounds the loading only", arguments: [["evaluate"], ["compare"]])
  func jobsHelpSaysWhatItBounds(command: [String]) throws {
    let jobs = try #require(try SharedOptionGroupTests.helpEntry("--jobs", in: command))
    #expect(jobs.contains("--protocol anchor|henze2017 it bounds the loading only"), "\(jobs)")
  }

  @Test("every JSON example line of a command's help is whole (indented, begins with { and ends with })")
  func jsonExamplesAreWhole() throws {
    var examples = 0
    for command in Self.commands {
      let help = try DatasetsCommandTests.run(command + ["--help"])
      for line in help.stdout.split(separator: "\n") where line.hasPrefix("  {\"") {
        examples += 1
        #expect(line.hasSuffix("}"), "\(command): \(line)")
      }
    }
    #expect(examples >= 5)
  }
}
