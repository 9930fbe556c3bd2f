import Foundation
import LookaheadKit
import Testing
import _LookaheadTestSupport

/// Seeded mutations of real files (bit flips, truncation, line shuffles, field deletion, byte
/// insertion) through every importer: each must give a ``TraceInputError`` or a valid trace
/// (non-empty strokes, finite values, time non-decreasing per stroke, anchors in range, a trace
/// file round trip), never a trap or another kind of error.
@Suite("Importer fuzzing")
struct ImporterFuzzTests {
  /// A real file per format, cut to its first `lines` lines (a whole JSON file for Inkable).
  static let seeds: [(format: TraceSourceFormat, path: String, lines: Int)] = [
    (.henze2017, "Henze2017-MobileHCI/data/WriteTasks-participant2.txt", 120),
    (.inkableJSON, "Inkable-ApplePencil/Tests/InkableTests/pencil-error.json", .max),
    (.turboTouchStrokes, "TurboTouch-Nancel2018/strokes.csv", 120),
    (.turboTouchPredicted, "TurboTouch-Nancel2018/strokesPredicted64GroundTruth.csv", 120),
    (.turboTouchOptitrack, "TurboTouch-Nancel2018/optimization/OptitrackData/data.csv", 200),
    (.svc2004, "SVC2004-Task2/Task2/U11S18.TXT", .max),
    (.wacomMSP13, "WacomMSP13-HandwritingSpeed/Wacom_speed/ID0001-0883_20191126102804/szamok-gyors_tempoval-1.csv", 300),
  ]

  static func seedData(_ path: String, lines: Int) throws -> [UInt8] {
    let data = try Data(contentsOf: try SharedDatasets.file(path))
    guard lines != .max else { return [UInt8](data) }
    var count = 0
    var end = data.count
    for (index, byte) in data.enumerated() where byte == 0x0A {
      count += 1
      if count == lines { end = index + 1; break }
    }
    return [UInt8](data.prefix(end))
  }

  static func mutate(_ bytes: [UInt8], using rng: inout SeededGenerator) -> [UInt8] {
    var bytes = bytes
    for _ in 0..<Int.random(in: 1...3, using: &rng) {
      guard !bytes.isEmpty else { break }
      switch Int.random(in: 0..<7, using: &rng) {
      case 0:  // bit flips
        for _ in 0..<Int.random(in: 1...8, using: &rng) {
          let index = Int.random(in: 0..<bytes.count, using: &rng)
          bytes[index] ^= UInt8(1) << UInt8.random(in: 0...7, using: &rng)
        }
      case 1:  // truncation
        bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &rng)))
      case 2:  // shuffle some lines
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        guard lines.count > 2 else { break }
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
          lines.swapAt(Int.random(in: 0..<lines.count, using: &rng), Int.random(in: 0..<lines.count, using: &rng))
        }
        bytes = Array(lines.joined(separator: [0x0A]))
      case 3:  // delete a field (up to the next separator)
        let separators: Set<UInt8> = [0x2C, 0x3B, 0x20, 0x3A]
        let start = Int.random(in: 0..<bytes.count, using: &rng)
        var end = start
        while end < bytes.count, !separators.contains(bytes[end]), bytes[end] != 0x0A { end += 1 }
        if end < bytes.count { end += 1 }
        bytes.removeSubrange(start..<end)
      case 4:  // insert an awkward token
        let tokens = ["nan", "-inf", "1e999", "-", "", "9999999999999999999999", "\u{0}", "\"", "]", "{", "-0", "0x1p3", "DOWN", "1;", "\r\n"]
        let token = tokens[Int.random(in: 0..<tokens.count, using: &rng)]
        bytes.insert(contentsOf: Array(token.utf8), at: Int.random(in: 0...bytes.count, using: &rng))
      case 5:  // duplicate a line
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        guard !lines.isEmpty else { break }
        let index = Int.random(in: 0..<lines.count, using: &rng)
        lines.insert(lines[index], at: index)
        bytes = Array(lines.joined(separator: [0x0A]))
      default:  // replace a digit
        if let index = bytes.indices.filter({ bytes[$0] >= 0x30 && bytes[$0] <= 0x39 }).randomElement(using: &rng) {
          bytes[index] = UInt8.random(in: 0x30...0x39, using: &rng)
        }
      }
    }
    return bytes
  }

  static func checkValid(_ trace: Trace) throws {
    for stroke in trace.strokes {
      #expect(!stroke.samples.isEmpty)
      var previous = -Double.infinity
      for sample in stroke.samples {
        #expect(sample.time.isFinite && sample.x.isFinite && sample.y.isFinite)
        #expect([sample.pressure, sample.altitude, sample.azimuth].allSatisfy { $0?.isFinite ?? true })
        #expect(sample.time >= previous)
        previous = sample.time
      }
      for prediction in stroke.recordedPredictions {
        #expect(stroke.samples.indices.contains(prediction.anchorIndex))
        #expect(prediction.time.isFinite && prediction.x.isFinite && prediction.y.isFinite)
      }
      for update in stroke.lateUpdates {
        #expect(stroke.samples.indices.contains(update.sampleIndex))
        #expect(update.arrivalTime.isFinite && update.finalValue.isFinite && update.estimatedValue.isFinite)
      }
    }
    let back = try TraceFileReader.parse(try TraceFileWriter.text(of: trace), file: "fuzz.lktrace.csv")
    #expect(back == trace)
  }

  @Test("mutated bundled files give an input error or a valid trace", arguments: 0..<2)
  func fuzzBundledSeeds(seedIndex: Int) throws {
    try Self.fuzz(seedIndex: seedIndex)
  }

  @Test("mutated shared files give an input error or a valid trace",
        .needsShared("TurboTouch-Nancel2018", "SVC2004-Task2", "WacomMSP13-HandwritingSpeed"), arguments: 2..<7)
  func fuzzSharedSeeds(seedIndex: Int) throws {
    try Self.fuzz(seedIndex: seedIndex)
  }

  /// Seed `seedIndex` (Henze and Inkable first: the bundled ones) through 300 mutations.
  static func fuzz(seedIndex: Int) throws {
    let seed = seeds[seedIndex]
    let original = try seedData(seed.path, lines: seed.lines)
    let importer = seed.format.importer
    let file = URL(fileURLWithPath: "/fuzz/" + (seed.path.split(separator: "/").last.map(String.init) ?? "f"))
    // The unmutated seed imports cleanly.
    try checkValid(try importer.importTrace(data: Data(original), file: file))
    var rng = SeededGenerator(seed: 0x5EED_0000 + UInt64(seedIndex))
    var errors = 0, valid = 0
    for iteration in 0..<300 {
      let mutated = mutate(original, using: &rng)
      let options = ImportOptions(raw: iteration % 3 == 0)
      do {
        let trace = try importer.importTrace(data: Data(mutated), file: file, options: options)
        try checkValid(trace)
        valid += 1
      } catch let error as TraceInputError {
        #expect(error.file == file.path)
        #expect(!error.problem.isEmpty)
        errors += 1
      }
      // Detection never traps either.
      _ = TraceFormatDetector.detect(data: Data(mutated), fileName: file.lastPathComponent)
    }
    #expect(errors + valid == 300)
    // Both outcomes occur, so the mutations neither always break nor never touch the parser.
    #expect(errors > 0 && valid > 0)
  }
}
