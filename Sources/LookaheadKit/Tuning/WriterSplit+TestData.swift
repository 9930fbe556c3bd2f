/// A split's `test=` writers and separate `--test` data are two held-out sets, and a run reports
/// one held-out score: given both, `train` and `tune` scored the `--test` data alone and still
/// recorded `test=` in provenance.split. A `holdout=F` split draws its test writers itself, and
/// with `--test` data they were left out of training and never scored: held out for nothing. A
/// split of `train=` (and `validation=`) writers with `--test` data is one held-out set, and runs.
/// K-fold and leave-one-writer-out splits with `--test` data keep their own rule (each fold
/// chooses on its training writers; the `--test` data is the score).
extension WriterSplit {
  /// The writers named by `test=`, or none (the other forms choose theirs from the data).
  public var namedTestWriters: [String] {
    if case .explicit(_, _, let test) = self { return test }
    return []
  }

  /// `self` unless it holds test writers out (`test=` writers, or a `holdout=F` fraction) and
  /// `--test` data is given; then an error naming `--split` and `--test` and asking for one of them.
  public func refusingTestWriters(testDataGiven: Bool) throws -> WriterSplit {
    guard testDataGiven else { return self }
    if case .holdout = self {
      throw TwoHeldOutSets(
        description: "--split \(self) holds a fraction of the writers out for a test score and --test gives "
          + "separate held-out data: the held-out writers would be neither trained on nor scored, so give one of them "
          + "(leave out --split to train on every writer and score the --test data, or leave out --test)")
    }
    guard namedTestWriters.isEmpty else {
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
