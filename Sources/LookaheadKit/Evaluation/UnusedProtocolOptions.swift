/// Options of `evaluate` and `compare` given under a protocol that has no use for them, refused by
/// name: `--protocol henze2017` accepted `--profile`, `--seed` and `--paired-column` and printed
/// the same table without a word, so a user could believe a device or seed had been tried.
public struct UnusedProtocolOptions: Error, CustomStringConvertible, Sendable {
  public var evaluationProtocol: EvaluationProtocol
  /// The options given that the protocol does not use, in the order they were checked.
  public var options: [String]

  /// Why each option does not apply under `evaluationProtocol`, or nil when it does. Only
  /// `henze2017` is listed: its windows are scored on the recorded rows, so nothing of the replay
  /// or of the per-stroke comparison takes part (`anchor` refuses `--paired-column` itself, in
  /// ``EvaluationRun/run(commandLine:command:progress:)``).
  public static func reason(_ option: String, under evaluationProtocol: EvaluationProtocol) -> String? {
    guard evaluationProtocol == .henze2017 else { return nil }
    let noComparison = "it has no paired comparison (its scores are per task and rows ahead, not kept per stroke)"
    switch option {
    case "--profile": return "its windows are fed at their recorded times; no device is replayed"
    case "--seed": return "nothing in it is random (no replay, no bootstrap)"
    case "--paired-column", "--baseline", "--resamples": return noComparison
    case "--metrics": return "its table is the paper's (mean error per task at 2, 4 and 6 rows ahead), not scorecard metrics"
    default: return nil
    }
  }

  /// Throws when any of `given` (the option names the user typed) is unused by the protocol.
  public static func check(_ given: [String], under evaluationProtocol: EvaluationProtocol) throws {
    let unused = given.filter { reason($0, under: evaluationProtocol) != nil }
    if !unused.isEmpty { throw UnusedProtocolOptions(evaluationProtocol: evaluationProtocol, options: unused) }
  }

  public var description: String {
    let reasons = options.map { "\($0): \(Self.reason($0, under: evaluationProtocol) ?? "not used")" }
    return "\(options.joined(separator: ", ")) \(options.count == 1 ? "does" : "do") not apply under --protocol "
      + "\(evaluationProtocol.rawValue) and would be ignored (\(reasons.joined(separator: "; "))); leave "
      + "\(options.count == 1 ? "it" : "them") out, or use --protocol \(EvaluationProtocol.frameReplay.rawValue)"
  }
}
