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
      Takes the options of `tune` (without --journal and --out; --jobs is 1 unless given, for one \
      worker per core), loads the data once, then answers one line per request line until stdin \
      closes. Requests (Docs/Distributed.md), each with what it answers:
        {"op":"plan"}
            the searches, their journal headers and trial points
        {"op":"next","search":"all","trials":[…]}
            the next point of a nelder-mead search (or done)
        {"search":"all","index":3}
            planned trial 3 scored (grid, lhs, the lhs phase)
        {"search":"fold 2","unit":[0.1,0.7],"index":0}
            a point of the unit cube scored
        {"values":[0.01,3]} or {"parameters":{"process-noise":0.01}}
            the values given scored

      A malformed line gets {"error":…,"line":N,"field":…} and the worker carries on.
      """)

  @OptionGroup var search: TuneSearchOptions

  @OptionGroup var jobs: JobsOption

  func run() throws {
    let datasets = try search.input.required()
    guard search.split != nil || !search.test.isEmpty else {
      throw ValidationError("a tuned score must come from writers the search never saw: give --split, or --test data (as for tune)")
    }
    _ = try search.strategyChoice()
    try runCommand {
      // tune's checks before the data (a validation= part nothing would use, among them).
      try search.checkBeforeLoading(catalog: try search.catalog())
      // Exactly the request `tune` makes, so that the headers and scores are its own.
      var loader = TuningDatasetLoader(dataDirectory: search.location.dataDirectoryURL)
      guard let data = try loader.load(datasets) else { return }
      let testWriters = try loader.load(search.test, asTestData: true)?.writers
      let request = try search.request(provenance: try search.provenance(loader: loader), parts: jobs.limit ?? 1)
      let session = try TrialWorker(
        request: request, data: data, testWriters: testWriters, dataDirectory: search.location.dataDirectoryURL,
        catalog: try search.catalog())
      var lineNumber = 0
      while let line = readLine(strippingNewline: true) {
        lineNumber += 1
        guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
        // Throwing: the non-throwing write traps when stdout fails (a full disk, a closed pipe).
        try FileHandle.standardOutput.write(contentsOf: Data((session.answer(line, lineNumber: lineNumber) + "\n").utf8))
      }
    }
  }
}
