import ArgumentParser
import Foundation
import LookaheadKit

/// `lookahead worker`: loads a tune's data once, then scores trial configurations read as JSON
/// lines on standard input, one JSON result line each on standard output, flushed per line — the
/// building block of a search spread over many processes or machines (`python/lookahead_ray`,
/// `Docs/Distributed.md`). Takes `tune`'s options, and scores through the tune's own code
/// (``TuneRun/Setup``, ``TuneRun/scoreTrial(_:space:evaluator:)``, the tuner's trial record), so
/// each result is bit-for-bit the trial `tune` would journal.
struct WorkerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "worker",
    abstract: "Score a tune's trials read as JSON lines on stdin, one JSON result line each on stdout.",
    discussion: """
      Takes the options of `tune` (without --journal and --out), loads the data once, then answers
      one line per request line until stdin closes. Requests (Docs/Distributed.md):
        {"op":"plan"}                                   the searches, journal headers and trial points
        {"search":"all","index":3}                      score trial 3 of a grid or lhs search
        {"search":"fold 2","unit":[0.1,0.7],"index":0}   score a point of the unit cube
        {"values":[0.01,3]} or {"parameters":{"process-noise":0.01}}
      A malformed line gets {"error":…,"line":N,"field":…} and the worker carries on.
      """)

  @Option(help: "Catalog predictor, `name` or `name:key=value,…` (as for tune).", completion: NameCompletion.predictors)
  var predictor: String

  @Option(help: "Parameters searched, as for tune.")
  var params: String?

  @Option(help: "Objective, as for tune.")
  var objective: String?

  @Option(help: "Writer split, as for tune.")
  var split: String?

  @Option(help: "Held-out dataset of the tune (recorded in the journal header, as for tune; repeatable).")
  var test: [String] = []

  @Option(help: "Search strategy, as for tune (its trial points are planned only for grid and lhs).")
  var strategy: String = "lhs"

  @Option(help: "Trials per search, as for tune.")
  var trials: Int = 100

  @Option(help: "Seed of the search and of the device replay, as for tune.")
  var seed: UInt64 = 0

  @Option(help: "Device profile, as for tune.", completion: NameCompletion.profiles)
  var profile: String?

  @Option(help: "Folder holding the shared datasets (default ../shared/datasets).")
  var dataDir: String?

  @Option(help: "Cores each trial is scored on: 1 suits one worker per core; the scores do not depend on it.")
  var jobs: Int = 1

  @Argument(help: "Datasets (names, NAME:subset, or paths) searched on, as for tune.", completion: NameCompletion.datasets)
  var datasets: [String] = []

  func run() throws {
    guard !datasets.isEmpty else { throw ValidationError("name at least one DATASET to score on") }
    guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    guard split != nil || !test.isEmpty else {
      throw ValidationError("a tuned score must come from writers the search never saw: give --split, or --test data (as for tune)")
    }
    guard let strategyChoice = TuneRun.Strategy(rawValue: strategy) else {
      throw ValidationError("--strategy must be one of \(TuneRun.Strategy.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    do {
      // Exactly as `tune` builds its request, so that the headers and scores are its own.
      let parsedObjective = try TuningObjective(parsing: objective ?? (profile == nil ? "error" : "error:horizon=frame"))
      let parsedSplit = try split.map { try WriterSplit(parsing: $0) }
      let device = try DeviceProfile.resolve(profile ?? DeviceProfile.pencil240ProMotion120.name)
      var loader = TuningDatasetLoader(dataDirectory: dataDir.map { URL(fileURLWithPath: $0) })
      guard let data = try loader.load(datasets) else { return }
      _ = try loader.load(test)
      var request = TuneRun.Request(
        predictor: predictor, parameters: params.map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } },
        objective: parsedObjective, split: parsedSplit, strategy: strategyChoice, trials: trials, seed: seed,
        profile: device, context: ["test": test.joined(separator: ",")], parts: jobs)
      request.provenance = loader.provenance(
        command: "tune", predictors: [predictor], seed: seed, profile: device,
        evaluationProtocol: parsedObjective.usesReplay ? "frame-replay" : "anchor")
      let session = try TrialWorker(request: request, data: data)
      var lineNumber = 0
      while let line = readLine(strippingNewline: true) {
        lineNumber += 1
        guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
        FileHandle.standardOutput.write(Data((session.answer(line, lineNumber: lineNumber) + "\n").utf8))
      }
    } catch {
      throw ExitCodeRule.exit(reporting: error)
    }
  }
}
