import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// The tables of `shared/design/ANCHOR-PROTOCOL.md` §3, read back from the document itself so that
/// every typed-in cell is checked against its source. The numbers ship in the repository
/// (`Sources/LookaheadKit/Reference/`); the document is only a cross-check, run when `../shared`
/// is there (always under CI).
struct AnchorProtocolDocument {
  /// Per `### ` section title: its table rows, each as trimmed cells.
  var sections: [(title: String, rows: [[String]])]

  static func load() throws -> AnchorProtocolDocument {
    let url = try SharedDatasets.requireDesignDocument("ANCHOR-PROTOCOL.md")
    let text = try String(contentsOf: url, encoding: .utf8)
    var sections: [(title: String, rows: [[String]])] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("### ") {
        sections.append((String(line.dropFirst(4)), []))
      } else if line.hasPrefix("|"), !line.hasPrefix("|---"), !sections.isEmpty {
        let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
          .map { $0.trimmingCharacters(in: .whitespaces) }
        sections[sections.count - 1].rows.append(cells)
      }
    }
    return AnchorProtocolDocument(sections: sections)
  }

  /// "3.86 / 8.05" → (3.86, 8.05); "—" → nil.
  static func pair(_ cell: String) -> (Double, Double)? {
    let parts = cell.split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }
    guard parts.count == 2, let mean = Double(parts[0]), let p95 = Double(parts[1]) else { return nil }
    return (mean, p95)
  }
}

@Suite("Reference rows")
struct ReferenceRowsTests {
  @Test("every cell of ANCHOR-PROTOCOL.md §3 is in the typed rows, and nothing else", .needsDesignDocument("ANCHOR-PROTOCOL.md"), arguments: AnchorDataset.allCases)
  func anchorTablesMatchTheDocument(dataset: AnchorDataset) throws {
    let document = try AnchorProtocolDocument.load()
    let section = try #require(document.sections.first { $0.title.hasPrefix(dataset.folder + " ") })
    let rows = ReferenceRows.anchorProtocol(dataset: dataset)
    var cellsChecked = 0
    var seenLinear = false
    for cells in section.rows where cells[0] != "predictor" {
      let label = cells[0]
      let values = Array(cells.dropFirst())
      #expect(values.count == 7)
      if label.hasPrefix("issue points") {
        let counts = rows.filter { $0.predictor == .hold }.map(\.count)
        #expect(counts == values.map { Int($0) })
        cellsChecked += values.count
        continue
      }
      // The first "b)" row is in native units, the second in mm.
      let inMillimetres = label.hasPrefix("b)") ? seenLinear : !label.hasPrefix("a)")
      if label.hasPrefix("b)") { seenLinear = true }
      let predictorRows = rows.filter { $0.predictor.label == label }
      let printed = values.compactMap(AnchorProtocolDocument.pair)
      #expect(predictorRows.count == printed.count, "\(label)")
      for (row, (mean, p95)) in zip(predictorRows, printed) {
        let statistic = try #require(inMillimetres ? row.millimetres : row.native)
        #expect(statistic.mean == mean && statistic.p95 == p95, "\(label) at \(row.horizonLabel)")
        cellsChecked += 1
      }
      #expect(values.filter { $0 == "—" }.count == 7 - printed.count)
    }
    // 3 native rows (hold, linear, n) and 4 mm rows of 7 columns, d1 having 5.
    #expect(cellsChecked == 3 * 7 + 3 * 7 + 5)
    #expect(rows.count == 4 * 7 + 5)
  }

  /// The column headers of every §3 table, as printed.
  static let anchorHorizonLabels = ["4.17 ms", "8.33 ms", "12.5 ms", "16.67 ms", "20.83 ms", "25 ms", "33.33 ms"]

  @Test("the horizon labels are the column headers of the document", .needsDesignDocument("ANCHOR-PROTOCOL.md"))
  func horizonLabelsMatchTheDocument() throws {
    let document = try AnchorProtocolDocument.load()
    let anchorSections = document.sections.filter { section in AnchorDataset.allCases.contains { section.title.hasPrefix($0.folder + " ") } }
    #expect(anchorSections.count == AnchorDataset.allCases.count)
    for section in anchorSections {
      let headers = section.rows.filter { $0.first == "predictor" }
      #expect(!headers.isEmpty, "\(section.title)")
      for header in headers { #expect(Array(header.dropFirst()) == Self.anchorHorizonLabels, "\(section.title)") }
    }
  }

  @Test("horizons are k·1000/240 ms for k in {1,2,3,4,5,6,8}, labelled as the column headers")
  func horizons() throws {
    let labels = Self.anchorHorizonLabels
    for dataset in AnchorDataset.allCases {
      let rows = ReferenceRows.anchorProtocol(dataset: dataset)
      for predictor in [ReferencePredictor.hold, .linear, .ismKalman, .ismKalmanCubic] {
        let mine = rows.filter { $0.predictor == predictor }
        #expect(mine.map(\.horizonLabel) == labels)
        #expect(mine.map(\.horizonSeconds) == [1.0, 2, 3, 4, 5, 6, 8].map { $0 / 240 })
      }
      let android = rows.filter { $0.predictor == .androidTFLite }
      #expect(android.map(\.horizonLabel) == Array(labels.prefix(5)))
      // Later targets fall past more stroke ends: counts never grow with the horizon.
      let counts = rows.filter { $0.predictor == .hold }.compactMap(\.count)
      #expect(counts == counts.sorted(by: >))
    }
    #expect(ReferenceRows.anchorHorizons.map { $0 * 1000 } .map { ($0 * 1e4).rounded() / 1e4 }
      == [4.1667, 8.3333, 12.5, 16.6667, 20.8333, 25, 33.3333])
  }

  @Test("linear in mm is linear in native units times the dataset's scale, to the printed digits",
        arguments: AnchorDataset.allCases)
  func linearScaleConsistency(dataset: AnchorDataset) throws {
    let scale = dataset.millimetresPerUnit
    for row in ReferenceRows.anchorProtocol(dataset: dataset) where row.predictor == .linear {
      let native = try #require(row.native)
      let millimetres = try #require(row.millimetres)
      for (n, mm) in [(native.mean, millimetres.mean), (native.p95!, millimetres.p95!)] {
        let allowed = Tolerance.printed(mm) + scale * Tolerance.printed(n)
        #expect(abs(n * scale - mm) <= allowed, "\(dataset) \(row.horizonLabel): \(n) × \(scale) vs \(mm)")
      }
      #expect(row.provenance.millimetresPerUnit == scale && row.provenance.kind == .measured)
    }
  }

  @Test("hold is worse than linear on every anchor dataset and horizon, as §3 prints")
  func holdWorseThanLinear() {
    for dataset in AnchorDataset.allCases {
      let rows = ReferenceRows.anchorProtocol(dataset: dataset)
      let hold = rows.filter { $0.predictor == .hold }
      let linear = rows.filter { $0.predictor == .linear }
      #expect(hold.count == 7 && linear.count == 7)
      for (h, l) in zip(hold, linear) {
        #expect(h.native!.mean > l.native!.mean, "\(dataset) \(h.horizonLabel)")
      }
    }
  }

  @Test("Henze 2017: all 45 numbers, 18 of them hold and linear, with kept-window counts")
  func henze2017() {
    let rows = ReferenceRows.henze2017
    #expect(rows.count == 45)
    #expect(rows.filter { $0.predictor.id == "hold" || $0.predictor.id == "linear" }.count == 18)
    #expect(rows.allSatisfy { $0.native?.mean != nil && $0.millimetres == nil && $0.provenance.kind == .published })
    func mean(_ id: String, _ task: String, _ ahead: Int) -> Double? {
      rows.first { $0.predictor.id == id && $0.subset == task && $0.samplesAhead == ahead }?.native?.mean
    }
    // Spot cells from Table.png, one per predictor and task.
    #expect(mean("hold", "Write", 2) == 15.4)
    #expect(mean("linear", "Paint", 6) == 123.3)
    #expect(mean("henze2016-ensemble", "Fitts", 4) == 26.1)
    #expect(mean("henze2017-mlp", "Paint", 2) == 14.3)
    #expect(mean("henze2017-lstm", "Fitts", 6) == 25.4)
    // The paper's pattern: linear beats hold except at 100 ms on Paint and Fitts.
    for task in ["Write", "Paint", "Fitts"] {
      for ahead in [2, 4, 6] {
        let holdBeatsLinear = mean("hold", task, ahead)! < mean("linear", task, ahead)!
        #expect(holdBeatsLinear == (ahead == 6 && task != "Write"), "\(task) \(ahead)")
        // LSTM ≤ MLP < ensemble < hold everywhere.
        #expect(mean("henze2017-lstm", task, ahead)! <= mean("henze2017-mlp", task, ahead)!)
        #expect(mean("henze2017-mlp", task, ahead)! < mean("henze2016-ensemble", task, ahead)!)
        #expect(mean("henze2016-ensemble", task, ahead)! < mean("hold", task, ahead)!)
      }
    }
    let kept = rows.filter { $0.predictor.id == "hold" }.compactMap(\.count)
    #expect(kept == [70_998, 70_968, 70_938, 36_788, 36_777, 36_769, 7_566, 7_538, 7_511])
    #expect(rows.map(\.horizonLabel).prefix(3) == ["33.33 ms", "66.67 ms", "100 ms"])
  }

  @Test("Apple table: typed rows match the document", .needsDesignDocument("ANCHOR-PROTOCOL.md"))
  func appleTableMatchesTheDocument() throws {
    let document = try AnchorProtocolDocument.load()
    let section = try #require(document.sections.first { $0.title.contains("Apple UIKit predicted touches") })
    let rows = ReferenceRows.appleRecordedPredictions
    #expect(rows.count == 12)
    let printed = section.rows.filter { $0[0] != "bucket" }
    #expect(printed.count == 4)
    for (index, cells) in printed.enumerated() {
      let apple = rows[index * 3]
      let hold = rows[index * 3 + 1]
      let linear = rows[index * 3 + 2]
      #expect(apple.predictor == .appleUIKit && hold.predictor == .hold && linear.predictor == .linear)
      #expect(apple.count == Int(cells[1]))
      #expect(abs(apple.horizonSeconds * 1000 - Double(cells[2].split(separator: ";")[0])!) < 1e-9)
      for (row, cell) in [(apple, cells[3]), (hold, cells[4]), (linear, cells[5])] {
        let (mean, p95) = try #require(AnchorProtocolDocument.pair(cell))
        #expect(row.native == ReferenceStatistic(mean: mean, p95: p95))
      }
      #expect(apple.millimetres?.mean == Double(cells[6]))
      #expect(linear.millimetres?.mean == Double(cells[7]))
    }
  }

  @Test("Apple table: buckets add up to the 'all' row, mm = pt × 0.192")
  func appleTableIsConsistent() throws {
    let rows = ReferenceRows.appleRecordedPredictions
    #expect(rows.count == 12)
    #expect(rows.map(\.predictor) == Array(repeating: [ReferencePredictor.appleUIKit, .hold, .linear], count: 4).flatMap { $0 })
    // Weighted by n, the bucket means give the 'all' means within their printed rounding.
    let buckets = rows.prefix(9)
    let all = rows.suffix(3)
    let counts = buckets.filter { $0.predictor == .appleUIKit }.map { Double($0.count!) }
    #expect(counts.reduce(0, +) == Double(all.first!.count!))
    for (offset, predictor) in [ReferencePredictor.appleUIKit, .hold, .linear].enumerated() {
      let means = buckets.filter { $0.predictor == predictor }.map { $0.native!.mean }
      let pooled = zip(means, counts).map(*).reduce(0, +) / counts.reduce(0, +)
      let slack = zip(means, counts).map { Tolerance.printed($0) * $1 }.reduce(0, +) / counts.reduce(0, +)
      let printedAll = Array(all)[offset].native!.mean
      #expect(abs(pooled - printedAll) <= slack + Tolerance.printed(printedAll), "\(predictor.id)")
    }
    // mm = pt × 0.192 to the printed digits.
    for row in rows where row.millimetres != nil {
      let pt = row.native!.mean
      let mm = row.millimetres!.mean
      #expect(abs(pt * 0.192 - mm) <= Tolerance.printed(mm) + 0.192 * Tolerance.printed(pt))
    }
  }

  @Test("matching finds the rows of one protocol, dataset and horizon")
  func matching() {
    let rows = ReferenceRows.matching(
      evaluationProtocol: .perSampleFixedHorizon, dataset: "TurboTouch-Nancel2018", horizonSeconds: 0.025)
    #expect(rows.map(\.predictor.id) == ["hold", "linear", "ism-kalman", "ism-kalman-cubic"])
    #expect(ReferenceRows.matching(evaluationProtocol: .henze2017Windows, dataset: "Henze2017-MobileHCI",
                                   subset: "Fitts").count == 15)
    #expect(ReferenceRows.anchorProtocol(datasetFolder: "nope").isEmpty)
    #expect(ReferenceRows.all.count == 5 * 33 + 45 + 12)
  }
}
