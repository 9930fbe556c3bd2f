import LookaheadKit
import Testing

@Suite("Writer-disjoint splits")
struct WriterSplitTests {
  static let strokes: [Stroke] = (0..<40).map { i in
    Stroke(writer: "W\(i % 8)", samples: [TraceSample(time: 0, x: Double(i), y: 0)])
  }

  static let specifications = [
    "train=W0,W1,W2;validation=W3;test=W4,W5", "test=W6,W7", "holdout=0.25,seed=3", "kfold=4,seed=9",
    "leave-one-writer-out",
  ]

  @Test("no split ever puts a writer on two sides, and every stroke lands on a side", arguments: specifications)
  func disjoint(specification: String) throws {
    let split = try WriterSplit(parsing: specification)
    #expect(try WriterSplit(parsing: split.description) == split)
    for part in try split.parts(of: Self.strokes) {
      let sides = [part.train, part.validation, part.test].map { Set($0.compactMap(\.writer)) }
      #expect(sides[0].isDisjoint(with: sides[1]) && sides[0].isDisjoint(with: sides[2]) && sides[1].isDisjoint(with: sides[2]))
      #expect(sides[0] == Set(part.trainWriters) && sides[2] == Set(part.testWriters))
      // Every stroke of a named writer lands on its side; an explicit split that names all three
      // sides leaves the writers it does not name out (here W6 and W7).
      let named = sides[0].union(sides[1]).union(sides[2])
      #expect(part.train.count + part.validation.count + part.test.count == Self.strokes.filter { named.contains($0.writer!) }.count)
      #expect(named.count == (specification.hasPrefix("train=") ? 6 : 8))
    }
  }

  @Test("cross-validation folds test every writer exactly once")
  func foldsCoverWriters() throws {
    for split in [WriterSplit.kFold(k: 3, seed: 1), .leaveOneWriterOut] {
      let tested = try split.parts(of: Self.strokes).flatMap(\.testWriters)
      #expect(tested.sorted() == (0..<8).map { "W\($0)" })
    }
    #expect(try WriterSplit.leaveOneWriterOut.parts(of: Self.strokes).count == 8)
  }

  @Test("the same seed gives the same holdout; bad specifications say what is wrong")
  func seedsAndErrors() throws {
    let a = try WriterSplit.holdout(testFraction: 0.25, seed: 5).parts(of: Self.strokes)[0].testWriters
    let b = try WriterSplit.holdout(testFraction: 0.25, seed: 5).parts(of: Self.strokes)[0].testWriters
    #expect(a == b && a.count == 2)
    #expect(throws: WriterSplit.Problem.writerOnTwoSides("W1")) {
      try WriterSplit(parsing: "train=W1;test=W1").parts(of: Self.strokes)
    }
    #expect(throws: WriterSplit.Problem.self) { try WriterSplit(parsing: "test=Nobody").parts(of: Self.strokes) }
    #expect(throws: WriterSplit.Problem.self) { try WriterSplit(parsing: "halves") }
    // The right form with a value out of range says which value and its range, not the forms.
    for (text, rule) in [
      ("holdout=0,seed=1", "the held-out fraction must be above 0 and below 1 (0.25 holds out a quarter of the writers)"),
      ("holdout=1", "the held-out fraction must be above 0 and below 1 (0.25 holds out a quarter of the writers)"),
      ("kfold=1,seed=1", "kfold needs at least 2 folds"), ("holdout=0.5,seed=-1", "seed must be a whole number from 0"),
      // A misspelt key or an extra part was dropped: the first ran with seed 0 (found from outside).
      ("holdout=0.25,sed=5", "unknown setting 'sed': the form is holdout=FRACTION,seed=N"),
      ("kfold=3,seed=1,fold=2", "unknown setting 'fold': the form is kfold=K,seed=N"),
      ("holdout=0.25,seed=1;validation=W2",
       "holdout=FRACTION,seed=N takes no other part; validation writers are named in an explicit split (train=A,B;validation=C;test=D)"),
    ] {
      #expect(throws: WriterSplit.Problem.outOfRange(text, rule)) { try WriterSplit(parsing: text) }
      #expect("\(WriterSplit.Problem.outOfRange(text, rule))" == "split '\(text)': \(rule)")
    }
    #expect(throws: WriterSplit.Problem.syntax("holdout=abc")) { try WriterSplit(parsing: "holdout=abc") }
    #expect(throws: WriterSplit.Problem.strokesWithoutWriter(count: 1)) {
      try WriterSplit.leaveOneWriterOut.parts(of: [Stroke(samples: [TraceSample(time: 0, x: 0, y: 0)])])
    }
  }
}
