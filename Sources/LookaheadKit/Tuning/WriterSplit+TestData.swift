/// A split's `test=` writers and separate `--test` data are two held-out sets, and a run reports
/// one held-out score: given both, `train` and `tune` scored the `--test` data alone and still
/// recorded `test=` in provenance.split. A split of `train=` (and `validation=`) writers with
/// `--test` data is one held-out set, and runs. Holdout, k-fold and leave-one-writer-out splits
/// with `--test` data keep their own rules (the runs' cross-fit and holdout branches).
extension WriterSplit {
  /// The writers named by `test=`, or none (the other forms choose theirs from the data).
  public var namedTestWriters: [String] {
    if case .explicit(_, _, let test) = self { return test }
    return []
  }

  /// `self` unless it names `test=` writers and `--test` data is given; then an error naming
  /// `--split` and `--test` and asking for one of them.
  public func refusingTestWriters(testDataGiven: Bool) throws -> WriterSplit {
    guard namedTestWriters.isEmpty || !testDataGiven else {
      throw TwoHeldOutSets(
        description: "--split \(self) names test writers (\(namedTestWriters.joined(separator: ","))) and --test gives "
          + "separate held-out data: a run has one held-out score, so give one of them "
          + "(leave test= out of --split to score the --test data, or leave out --test)")
    }
    return self
  }

  /// See ``refusingTestWriters(testDataGiven:)``.
  public struct TwoHeldOutSets: Error, CustomStringConvertible {
    public var description: String
  }
}
