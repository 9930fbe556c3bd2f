/// How strokes are divided between fitting and scoring, always by writer, so that a score is
/// never measured on a writer the search or the training saw (people write differently; a
/// stroke-level split would leak a writer's style into the test set).
///
/// Written on the command line or in a config file as one of:
/// - `train=A,B;validation=C;test=D,E`: explicit writer lists (any part may be omitted);
/// - `holdout=F,seed=S`: a seeded random fraction F of the writers is the test set, the rest train;
/// - `kfold=K,seed=S`: K seeded folds of writers for cross-validation;
/// - `leave-one-writer-out`: one fold per writer.
/// The parsed form's ``description`` is recorded with every result.
public enum WriterSplit: Sendable, Hashable, CustomStringConvertible {
  case explicit(train: [String], validation: [String], test: [String])
  case holdout(testFraction: Double, seed: UInt64)
  case kFold(k: Int, seed: UInt64)
  case leaveOneWriterOut

  /// Strokes on each side of one split (or one fold).
  public struct Part: Sendable {
    public var train: [Stroke]
    public var validation: [Stroke]
    public var test: [Stroke]
    /// The writers of each side, for the record.
    public var trainWriters: [String]
    public var validationWriters: [String]
    public var testWriters: [String]
  }

  public enum Problem: Error, Equatable, CustomStringConvertible {
    case syntax(String)
    /// The form is right, a value is not: the split as given and what the value must be.
    case outOfRange(String, String)
    case writerOnTwoSides(String)
    case unknownWriter(String, known: [String])
    case strokesWithoutWriter(count: Int)
    case tooFewWriters(needed: Int, found: Int)

    public var description: String {
      switch self {
      case .syntax(let text):
        "split '\(text)' is not one of: train=A,B;validation=C;test=D | holdout=FRACTION,seed=N | kfold=K,seed=N | leave-one-writer-out"
      case .outOfRange(let text, let rule): "split '\(text)': \(rule)"
      case .writerOnTwoSides(let writer): "writer \(writer) is named on two sides of the split"
      case .unknownWriter(let writer, let known): "writer \(writer) is not in the data (writers: \(known.joined(separator: ", ")))"
      case .strokesWithoutWriter(let count): "\(count) strokes have no writer, so they cannot be split by writer"
      case .tooFewWriters(let needed, let found): "the split needs at least \(needed) writers; the data has \(found)"
      }
    }
  }

  /// Parses the command-line form.
  public init(parsing text: String) throws {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed == "leave-one-writer-out" || trimmed == "lowo" {
      self = .leaveOneWriterOut
      return
    }
    func settings(_ body: Substring) throws -> [String: String] {
      var out: [String: String] = [:]
      for item in body.split(separator: ",") {
        let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard pair.count == 2 else { throw Problem.syntax(text) }
        out[pair[0]] = pair[1]
      }
      return out
    }
    if trimmed.hasPrefix("holdout=") || trimmed.hasPrefix("kfold=") {
      let isHoldout = trimmed.hasPrefix("holdout=")
      let form = isHoldout ? "holdout=FRACTION,seed=N" : "kfold=K,seed=N"
      // A part after `;` or a misspelt key was dropped: `holdout=0.25,sed=5` ran with seed 0, and
      // `holdout=0.25,seed=1;validation=C` said the seed was not a whole number.
      if trimmed.contains(";") {
        throw Problem.outOfRange(
          text, "\(form) takes no other part; validation writers are named in an explicit split (train=A,B;validation=C;test=D)")
      }
      let values = try settings(Substring(trimmed))
      for key in values.keys.sorted() where key != "seed" && key != (isHoldout ? "holdout" : "kfold") {
        throw Problem.outOfRange(text, "unknown setting '\(key)': the form is \(form)")
      }
      guard let seed = UInt64(values["seed"] ?? "0") else { throw Problem.outOfRange(text, "seed must be a whole number from 0") }
      if isHoldout {
        guard let fraction = Double(values["holdout"] ?? "") else { throw Problem.syntax(text) }
        guard fraction > 0, fraction < 1 else {
          throw Problem.outOfRange(text, "the held-out fraction must be above 0 and below 1 (0.25 holds out a quarter of the writers)")
        }
        self = .holdout(testFraction: fraction, seed: seed)
      } else {
        guard let k = Int(values["kfold"] ?? "") else { throw Problem.syntax(text) }
        guard k >= 2 else { throw Problem.outOfRange(text, "kfold needs at least 2 folds") }
        self = .kFold(k: k, seed: seed)
      }
      return
    }
    var train: [String] = [], validation: [String] = [], test: [String] = []
    for part in trimmed.split(separator: ";") {
      let pair = part.split(separator: "=", maxSplits: 1)
      guard pair.count == 2 else { throw Problem.syntax(text) }
      let writers = pair[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      switch pair[0].trimmingCharacters(in: .whitespaces) {
      case "train": train = writers
      case "validation": validation = writers
      case "test": test = writers
      default: throw Problem.syntax(text)
      }
    }
    guard !(train.isEmpty && validation.isEmpty && test.isEmpty) else { throw Problem.syntax(text) }
    self = .explicit(train: train, validation: validation, test: test)
  }

  public var description: String {
    switch self {
    case .explicit(let train, let validation, let test):
      ["train": train, "validation": validation, "test": test]
        .filter { !$0.value.isEmpty }.sorted { $0.key > $1.key }
        .map { "\($0.key)=\($0.value.joined(separator: ","))" }.joined(separator: ";")
    case .holdout(let fraction, let seed): "holdout=\(fraction),seed=\(seed)"
    case .kFold(let k, let seed): "kfold=\(k),seed=\(seed)"
    case .leaveOneWriterOut: "leave-one-writer-out"
    }
  }

  /// The parts this split makes of `strokes`: one for a holdout or explicit split, one per fold
  /// for cross-validation (each fold's test writers are held out, the others train).
  public func parts(of strokes: [Stroke]) throws -> [Part] {
    let missing = strokes.filter { $0.writer == nil }.count
    guard missing == 0 else { throw Problem.strokesWithoutWriter(count: missing) }
    var writers: [String] = []
    for stroke in strokes { if let w = stroke.writer, !writers.contains(w) { writers.append(w) } }

    func part(train: [String], validation: [String], test: [String]) -> Part {
      func pick(_ names: [String]) -> [Stroke] {
        let set = Set(names)
        return strokes.filter { set.contains($0.writer ?? "") }
      }
      return Part(
        train: pick(train), validation: pick(validation), test: pick(test),
        trainWriters: train, validationWriters: validation, testWriters: test)
    }

    switch self {
    case .explicit(var train, let validation, let test):
      var seen = Set<String>()
      for writer in train + validation + test {
        guard writers.contains(writer) else { throw Problem.unknownWriter(writer, known: writers) }
        guard seen.insert(writer).inserted else { throw Problem.writerOnTwoSides(writer) }
      }
      if train.isEmpty { train = writers.filter { !seen.contains($0) } }
      return [part(train: train, validation: validation, test: test)]
    case .holdout(let fraction, let seed):
      guard writers.count >= 2 else { throw Problem.tooFewWriters(needed: 2, found: writers.count) }
      var rng = SplitMix64(seed: seed)
      var shuffled = writers
      rng.shuffle(&shuffled)
      let testCount = min(writers.count - 1, max(1, Int((fraction * Double(writers.count)).rounded())))
      let test = Array(shuffled.prefix(testCount))
      return [part(train: writers.filter { !test.contains($0) }, validation: [], test: writers.filter { test.contains($0) })]
    case .kFold(let k, let seed):
      guard writers.count >= k else { throw Problem.tooFewWriters(needed: k, found: writers.count) }
      var rng = SplitMix64(seed: seed)
      var shuffled = writers
      rng.shuffle(&shuffled)
      return (0..<k).map { fold in
        let test = Set(shuffled.enumerated().filter { $0.offset % k == fold }.map(\.element))
        return part(train: writers.filter { !test.contains($0) }, validation: [], test: writers.filter { test.contains($0) })
      }
    case .leaveOneWriterOut:
      guard writers.count >= 2 else { throw Problem.tooFewWriters(needed: 2, found: writers.count) }
      return writers.map { held in part(train: writers.filter { $0 != held }, validation: [], test: [held]) }
    }
  }
}

import Foundation
