/// Which commands use a split's `validation=` writers. Only `train --family mlp` has a use for
/// them (early stopping); the learned linear model chooses K and λ by cross-validation on its
/// training writers, a tune searches on its training writers, and an export only records the
/// split. Those refuse the part, before any data loads, rather than record writers nothing used.
extension WriterSplit {
  /// The writers named by `validation=`, or none (the other forms have no validation part).
  public var validationWriters: [String] {
    if case .explicit(_, let validation, _) = self { return validation }
    return []
  }

  /// `self` when it names no validation writers; otherwise an error naming `--split`, the
  /// command and why it has no use for them, and the one command that does.
  public func refusingValidation(command: String, because reason: String) throws -> WriterSplit {
    guard validationWriters.isEmpty else {
      throw ValidationUnused(
        description: "--split \(self): \(command) has no use for validation= writers (\(reason)); "
          + "only train --family mlp uses them, to choose its epoch (early stopping). "
          + "Name \(validationWriters.joined(separator: ",")) under train= or test=, or leave validation= out")
    }
    return self
  }

  /// See ``refusingValidation(command:because:)``.
  public struct ValidationUnused: Error, CustomStringConvertible {
    public var description: String
  }
}
