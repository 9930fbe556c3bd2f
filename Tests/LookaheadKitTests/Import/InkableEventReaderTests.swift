import Foundation
import Testing
import _LookaheadTestSupport

@testable import LookaheadKit

/// ``InkableEventReader`` (the Inkable importer's fast path) gives exactly the events of the
/// general reading (the JSON tree, then one event at a time) for the files it takes, and declines
/// (`nil`, so the general reading answers, value or error) everything else.
@Suite("Inkable events read from bytes")
struct InkableEventReaderTests {
  static let file = URL(fileURLWithPath: "/tmp/events.json")

  /// The same events, every number bit for bit.
  static func identical(_ a: [InkableImporter.Event], _ b: [InkableImporter.Event]) -> Bool {
    func bits(_ value: Double?) -> UInt64? { value?.bitPattern }
    return a.count == b.count && zip(a, b).allSatisfy { x, y in
      x.touch == y.touch && x.isPencil == y.isPencil && x.isUpdate == y.isUpdate && x.isPrediction == y.isPrediction
        && x.phase == y.phase && x.updateIndex == y.updateIndex && x.sample.time.bitPattern == y.sample.time.bitPattern
        && x.sample.x.bitPattern == y.sample.x.bitPattern && x.sample.y.bitPattern == y.sample.y.bitPattern
        && bits(x.sample.pressure) == bits(y.sample.pressure) && bits(x.sample.altitude) == bits(y.sample.altitude)
        && bits(x.sample.azimuth) == bits(y.sample.azimuth) && x.sample.phase == y.sample.phase
        && x.sample.estimated == y.sample.estimated
    }
  }

  static func general(_ text: String) throws -> [InkableImporter.Event] {
    try InkableImporter().decodeEvents(Data(text.utf8), file: file)
  }

  /// A pencil event as Inkable writes one (pretty-printed, keys in its order), with `extra`
  /// members after its first.
  static func event(
    touch: String = "T1", type: String = "2", phase: String = "1", timestamp: String = "585522.80500000005",
    location: String = "[151.5, 100]", force: String = "0.33333333333333331", maximumForce: String = "4.166666666666667",
    estimated: String = "1", update: String = "false",
    prediction: String = "false", extra: String = ""
  ) -> String {
    """
      {
        "touchIdentifier" : "\(touch)",\(extra)
        "azimuth" : 0.62022845347853273,
        "azimuthUnitVector" : [0.8137456959215521, 0.58122107873781459],
        "timestamp" : \(timestamp),
        "phase" : \(phase),
        "type" : \(type),
        "identifier" : "B465E6E3-FE6F-4641-905D-BEA79721C6F3",
        "maximumPossibleForce" : \(maximumForce),
        "force" : \(force),
        "location" : \(location),
        "estimationUpdateIndex" : 7031,
        "altitudeAngle" : 1.3176224986698966,
        "estimatedProperties" : \(estimated),
        "isUpdate" : \(update),
        "isPrediction" : \(prediction)
      }
    """
  }

  @Test("the bundled Inkable files are read by the fast path, event for event as the general reading")
  func bundledFiles() throws {
    let folder = DatasetRegistry.bundledDirectories().map { $0.appendingPathComponent("Inkable-ApplePencil") }
      .first { FileManager.default.fileExists(atPath: $0.path) }
    let files = try #require(folder.map { try TraceLoader.dataFiles(in: $0) })
    #expect(files.count >= 5)
    for file in files {
      let data = try Data(contentsOf: file)
      let fast = try #require(InkableEventReader.events(in: data), "\(file.lastPathComponent)")
      #expect(fast.count > 100)
      #expect(Self.identical(fast, try InkableImporter().decodeEvents(data, file: file)), "\(file.lastPathComponent)")
    }
  }

  /// Plain files that differ from Inkable's own in ways JSON allows: the fast path takes them and
  /// must agree with the general reading.
  @Test("unusual but plain files are taken, with the general reading's events", arguments: [
    "[]",
    " [ \(event()) ] ",
    "[\(event(touch: "A")),\(event(touch: "B")),\(event(touch: "A")),\(event(touch: "C", type: "1")),\(event(touch: "B"))]",
    "[\(event(timestamp: "5.855228e5", location: "[-0, 1E-3]", force: "1e0"))]",
    "[\(event(phase: "0", update: "true", extra: #" "nested" : {"a": [1, {"b": null}], "c": "d"}, "list" : [],"#))]",
    "[\(event(phase: "2.0", extra: #" "note" : "x\ty\u00e9 \"quoted\"","#))]",
    "[{\"type\":2,\"touchIdentifier\":\"T\",\"isUpdate\":false,\"isPrediction\":true,\"phase\":3,\"timestamp\":1,\"location\":[1,2],\"force\":1,\"maximumPossibleForce\":2,\"altitudeAngle\":0,\"azimuth\":0}]",
  ])
  func unusualButPlain(text: String) throws {
    let fast = try #require(InkableEventReader.events(in: Data(text.utf8)))
    #expect(Self.identical(fast, try Self.general(text)))
  }

  /// Files the fast path leaves to the general reading: whatever it answers (events or an error
  /// naming the JSON path and field) is what the importer gives, as before the fast path.
  @Test("everything else is left to the general reading", arguments: [
    // Not valid JSON, or not plain: trailing bytes, a duplicate key, an escape in a read string.
    "[\(event())] x", "[\(event())", "[\(event(extra: #" "force" : 1,"#))]", "[\(event(extra: #" "x" : 1, "x" : 2,"#))]",
    "[\(event(touch: #"T\u0031"#))]",
    // Not the importer's shape: a top-level object, an element that is not an object.
    "{\"a\": 1}", "[1]", "[{}]",
    // A field of the wrong type, missing, or out of range.
    "[\(event(location: "[1, 2, 3]"))]", "[\(event(location: "[1, \"2\"]"))]", "[\(event(force: "\"0.3\""))]",
    "[\(event(update: "0"))]", "[\(event(phase: "7"))]", "[\(event(phase: "1.5"))]", "[\(event(type: "2.5"))]",
    "[\(event(timestamp: "1e300"))]", "[\(event(force: "1e300", maximumForce: "1e-300"))]", "[\(event(maximumForce: "0"))]",
    "[\(event(estimated: "null"))]", "[\(event(estimated: "3.5"))]", "[\(event(extra: #" "escaped\u0041" : 1,"#))]",
    "[\(event(touch: "caf\u{E9}"))]",
    // A field of another type in a finger event, which the importer skips unread: declined all the same.
    "[\(event(type: "1", phase: "\"not read for a finger\"", location: "{\"x\": 1}"))]",
  ])
  func declined(text: String) throws {
    #expect(InkableEventReader.events(in: Data(text.utf8)) == nil)
    // The importer's answer is the general reading's.
    var report = CleaningReport()
    let imported = Result { try InkableImporter().strokes(in: Data(text.utf8), file: Self.file, options: ImportOptions(), report: &report) }
    let general = Result { try Self.general(text) }
    switch (imported, general) {
    case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)")
    case (.success, .success): break
    default: Issue.record("importer \(imported), general reading \(general)")
    }
  }

  /// Two touch identifiers that are different bytes but the same `String` (canonically
  /// equivalent, as `é` written precomposed and decomposed) are one touch, as they always were
  /// (a `String`-keyed dictionary): the fast path compares bytes, so it must decline them.
  @Test("canonically equivalent touch identifiers are one touch, read by the general reading")
  func canonicallyEquivalentTouches() throws {
    let text = "[\(Self.event(touch: "caf\u{E9}", phase: "0")),\(Self.event(touch: "cafe\u{301}", timestamp: "585522.81"))]"
    #expect(InkableEventReader.events(in: Data(text.utf8)) == nil)
    var report = CleaningReport()
    let strokes = try InkableImporter().strokes(in: Data(text.utf8), file: Self.file, options: ImportOptions(raw: true), report: &report)
    #expect(strokes.count == 1 && strokes.first?.samples.count == 2)
  }
}
