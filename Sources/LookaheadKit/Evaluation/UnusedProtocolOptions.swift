/// Options of `evaluate`, `compare` and `sweep` given under a protocol that has no use for them,
/// refused by name: `--protocol henze2017` accepted `--profile`, `--seed` and `--paired-column`,
/// `--protocol anchor` `--profile` and `--metrics`, and `sweep` `--seed`, and printed the same
/// table without a word, so a user could believe a device or seed had been tried.
public struct UnusedProtocolOptions: Error, CustomStringConvertible, Sendable {
  /// Where the options were given: the protocol, and whether the command pairs predictors.
  public enum Scope: Sendable, Equatable {
    /// `evaluate` or `compare` under `--protocol`. `pairsPredictors` is false for `evaluate`: it
    /// scores one predictor, so under `anchor` there is no paired comparison for `--seed` to
    /// bootstrap.
    case evaluation(EvaluationProtocol, pairsPredictors: Bool)
    /// `sweep`: a per-sample fixed horizon on the samples the profile delivers (``HorizonSweep``).
    case sweep
  }

  public var scope: Scope
  /// The options given that the protocol does not use, in the order they were checked.
  public var options: [String]

  /// Why `option` does not apply in `scope`, or nil when it does. Under `frame` every option
  /// applies. `anchor` refuses `--paired-column` itself, in
  /// ``EvaluationRun/run(commandLine:command:progress:)``, with what its comparison is instead.
  public static func reason(_ option: String, in scope: Scope) -> String? {
    switch scope {
    case .evaluation(.frameReplay, _):
      return nil
    case .evaluation(.henze2017, _):
      let noComparison = "it has no paired comparison (its scores are per task and rows ahead, not kept per stroke)"
      switch option {
      case "--profile": return "its windows are fed at their recorded times; no device is replayed"
      case "--seed": return "nothing in it is random (no replay, no bootstrap)"
      case "--paired-column", "--baseline", "--resamples": return noComparison
      case "--metrics":
        return "its table is the paper's (mean error per task at 2, 4 and 6 rows ahead), not scorecard metrics"
      default: return nil
      }
    case .evaluation(.anchor, let pairsPredictors):
      switch option {
      case "--profile":
        return "each recorded sample is asked for its own time plus each fixed horizon; no device is replayed"
      case "--metrics": return "its table is the mean and p95 error at each anchor horizon, not scorecard metrics"
      case "--seed" where !pairsPredictors:
        return "nothing in it is random (no replay, and one predictor has no paired comparison to bootstrap)"
      default: return nil
      }
    case .sweep:
      guard option == "--seed" else { return nil }
      return "nothing in it is random (each delivered sample is asked for a fixed horizon ahead; no display "
        + "phase or missed frame is drawn)"
    }
  }

  /// Throws when any of `given` (the option names the user typed) is unused in `scope`.
  public static func check(_ given: [String], in scope: Scope) throws {
    let unused = given.filter { reason($0, in: scope) != nil }
    if !unused.isEmpty { throw UnusedProtocolOptions(scope: scope, options: unused) }
  }

  public var description: String {
    let reasons = options.map { "\($0): \(Self.reason($0, in: scope) ?? "not used")" }
    let pronoun = options.count == 1 ? "it" : "them"
    let place: String, remedy: String
    switch scope {
    case .evaluation(let evaluationProtocol, _):
      place = "under --protocol \(evaluationProtocol.rawValue)"
      remedy = "leave \(pronoun) out, or use --protocol \(EvaluationProtocol.frameReplay.rawValue)"
    case .sweep:
      place = "to sweep"
      remedy = "leave \(pronoun) out (evaluate and compare seed their frame replay with it)"
    }
    return "\(options.joined(separator: ", ")) \(options.count == 1 ? "does" : "do") not apply \(place) "
      + "and would be ignored (\(reasons.joined(separator: "; "))); \(remedy)"
  }
}
