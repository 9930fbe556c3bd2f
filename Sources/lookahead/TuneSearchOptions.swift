import ArgumentParser
import Foundation
import LookaheadKit

/// What defines a search: the predictor and its parameters, the objective, the writer split, the
/// strategy, the trials, the seed, the device and the data. Declared once for `tune` and `worker`
/// (a worker scores another process's `tune`), and turned into a ``TuneRun/Request`` by one
/// function, so their journal headers and scores cannot drift apart.
struct TuneSearchOptions: ParsableArguments {
  @Option(help: "Catalog predictor, `name` or `name:key=value,…` (the values given stay fixed).", completion: NameCompletion.predictors)
  var predictor: String

  @Option(help: "A trained model whose weights the `mlp` or `learned-linear` entry uses (a `train` configuration JSON or an exported model file): only the predictor's stages are searched over it.")
  var weights: String?

  @Option(help: "Parameters to search, comma-separated, each `name` (as the default search searches it: its default tune range where `predictors show` gives one, else its declared range) or `name=LOW..HIGH` (any range inside the declared one, as given but for values that would break a rule with another parameter, such as order < window). Default: the predictor's own real and integer parameters.")
  var params: String?

  @Option(help: "Objective: error[:statistic=mean|p95,horizon=MS|anchor|frame] | latency[:overshoot=MM,jitter=MM,wrong-direction=F,orientation=DEG] | turbotouch[:horizon=MS,w1=,w2=,w3=,cutoff=HZ,jitter-low=MM,jitter-high=MM] | weighted:COLUMN=WEIGHT,… (default: with --profile, error:horizon=frame, the mean error of the predictions that device would show; without, error:horizon=anchor, the mean over the fixed anchor horizons, mm).")
  var objective: String?

  @Option(help: "Writer split: train=A,B;test=C | holdout=F,seed=S | kfold=K,seed=S | leave-one-writer-out. Needed unless --test is given; with --test, no held-out writers (train= only, or kfold/leave-one-writer-out; not test= or holdout). No validation= part: only train --family mlp uses one (early stopping).")
  var split: String?

  @Option(help: "Held-out dataset scored with the configuration searched on the DATASETs (repeatable).")
  var test: [String] = []

  @Option(help: "Search strategy: grid | lhs | nelder-mead | lhs-nelder-mead (half Latin hypercube, then Nelder–Mead from its best).")
  var strategy: String = "lhs"

  @Option(help: "Trials per search.")
  var trials: Int = 100

  @OptionGroup var seed: SeedOption<ZeroSeedDefault>
  @OptionGroup var profile: ProfileOption<TunedDeviceDefault>
  @OptionGroup var location: DatasetLocationOptions
  @OptionGroup var input: DatasetArguments

  /// The `--strategy` given, or a usage error listing the choices.
  func strategyChoice() throws -> TuneRun.Strategy {
    guard let choice = TuneRun.Strategy(rawValue: strategy) else {
      throw ValidationError("--strategy must be one of \(TuneRun.Strategy.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return choice
  }

  /// The `--objective` given, else the default for the device (see its help).
  func parsedObjective() throws -> TuningObjective {
    try TuningObjective(parsing: objective ?? (profile.name == nil ? "error" : "error:horizon=frame"))
  }

  /// What `tune` records about its run (as `tune`'s, whichever command scores the search), with
  /// the `--weights` file and its SHA-256 among the settings, and the writers its weights were
  /// fitted on in this run's data (``WeightsFittedWriters``).
  func provenance(loader: TuningDatasetLoader) throws -> ResultProvenance {
    var record = loader.provenance(
      command: "tune", predictors: [predictor], seed: seed.value, profile: try profile.resolve(),
      evaluationProtocol: try parsedObjective().usesReplay ? "frame-replay" : "anchor")
    if let weights, let settings = try weightsRecord() {
      record.settings["weights"] = settings
      record.weightsTrainWriters = WeightsFittedWriters.fitted(
        weightsAt: URL(fileURLWithPath: weights), datasets: loader.datasets)
    }
    return record
  }

  /// The catalog the search draws its predictor from: the exported one, with `--weights` the
  /// trained network or linear model it names (so `--predictor mlp` exists).
  /// Called before any data is loaded, it also names an unknown predictor at once.
  func catalog() throws -> PredictorCatalog {
    let name = try PredictorSpecification(parsing: predictor).name
    var catalog = PredictorCatalog.exported
    if let weights {
      guard ["mlp", "learned-linear"].contains(name) else {
        throw ValidationError("--weights is for --predictor mlp or learned-linear (trained weights), not \(name)")
      }
      catalog = try catalog.withTrainedWeights(contentsOf: URL(fileURLWithPath: weights))
    } else if name == "mlp" {
      // Without weights there is no network: the catalog's own refusal said "unknown predictor",
      // listing every predictor but mlp.
      throw ValidationError(
        "--predictor mlp searches a trained network's stages: give the network with --weights FILE (the model "
          + "configuration `train --family mlp -o FILE` writes)")
    }
    _ = try catalog.entry(named: name)  // e.g. --predictor mlp with a linear model's weights
    return catalog
  }

  /// `PATH sha256=HEX` of the `--weights` file: in the provenance, and from it in every journal
  /// header (``request(provenance:parts:journal:freshJournal:)``), so a journal is never resumed
  /// over other weights.
  func weightsRecord() throws -> String? {
    guard let weights else { return nil }
    let url = URL(fileURLWithPath: weights)
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw ValidationError("--weights: \(weights) does not exist")
    }
    return "\(weights) sha256=\(try FileDigest.sha256Hex(fileAt: url))"
  }

  /// The search request `tune` runs; without `provenance`, only to check the command line's values
  /// (``checkBeforeLoading(catalog:)``).
  func request(
    provenance: ResultProvenance?, parts: Int, journal: URL? = nil, freshJournal: Bool = false
  ) throws -> TuneRun.Request {
    var request = TuneRun.Request(
      predictor: predictor, parameters: params.map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } },
      objective: try parsedObjective(), split: try split.map {
        try WriterSplit(parsing: $0).refusingValidation(
          command: "tune (and worker)",
          because: "the search scores every configuration on its training writers and test= only on the best, with no epoch to stop at")
          .refusingTestWriters(testDataGiven: !test.isEmpty)
      }, strategy: try strategyChoice(),
      trials: trials, seed: seed.value, profile: try profile.resolve(), journal: journal, fresh: freshJournal,
      context: ["test": test.joined(separator: ",")].merging((provenance?.settings ?? [:]).filter { $0.key == "weights" }) { a, _ in a },
      parts: parts)
    request.provenance = provenance
    return request
  }

  /// Every value of the search taken from the command line (`--params`, fixed values on
  /// `--predictor`, `--split`, `--objective`, `--strategy`, `--trials`, `--profile`), checked as
  /// the search will check it but before any data is loaded, since none of it needs the data:
  /// `--params stop-factr` or `--split halves` was refused only once the datasets had loaded.
  func checkBeforeLoading(catalog: PredictorCatalog) throws {
    _ = try TuneRun.Setup(try request(provenance: nil, parts: 1), catalog: catalog)
  }
}
