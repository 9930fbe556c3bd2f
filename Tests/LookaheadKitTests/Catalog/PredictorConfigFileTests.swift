import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

/// `tune --out`'s config file is written and read by one type (`PredictorConfigFileItem`): every
/// catalog entry, baselines included, comes back with the same values, to the bit.
@Suite("Predictor config file")
struct PredictorConfigFileTests {
  /// A value inside each parameter's domain that is not its default and, for reals, has no short
  /// decimal (so a writer that rounds would fail).
  static func awkwardValue(_ spec: PredictorParameterSpec) -> ParameterValue {
    switch spec.domain {
    case .real(let range, _):
      let v = range.lowerBound + (range.upperBound - range.lowerBound) / 3
      return .number(spec.defaultValue == .number(v) ? range.lowerBound : v)
    case .integer(let range): return .number(Double(range.upperBound))
    case .choice(let names): return .choice(names.last ?? "")
    case .flag: return .number(spec.defaultValue == .number(1) ? 0 : 1)
    }
  }

  @Test("every entry's parameters round-trip bit for bit through the written file")
  func roundTrip() throws {
    let catalog = PredictorCatalog.workbench
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("config-file-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var awkwardlyConfigured = 0
    var parameterCount = 0
    for entry in catalog.entries {
      // Each parameter set to an awkward value where the entry accepts it together with those
      // already set (some refuse combinations: a window of at least order + 1, a ramp's low
      // below its high); the others stay at their defaults.
      var given: [String: ParameterValue] = [:]
      for spec in entry.parameters {
        var trial = given
        trial[spec.name] = Self.awkwardValue(spec)
        if (try? entry.configure(values: trial)) != nil { given = trial }
      }
      awkwardlyConfigured += given.count
      parameterCount += entry.parameters.count
      let predictor = try entry.configure(values: given)
      let url = folder.appendingPathComponent("\(entry.name).json")
      try PredictorConfigFile.write(predictor, entry: entry, to: url, force: false)
      let read = try #require(try catalog.configure(contentsOf: url).first)
      #expect(read.name == entry.name)
      #expect(read.values.map(\.name) == predictor.values.map(\.name), "\(entry.name)")
      for (a, b) in zip(read.values, predictor.values) {
        switch (a.value, b.value) {
        case (.number(let x), .number(let y)): #expect(x.bitPattern == y.bitPattern, "\(entry.name).\(a.name): \(x) vs \(y)")
        default: #expect(a.value == b.value, "\(entry.name).\(a.name)")
        }
      }
    }
    // Most parameters take an awkward value; the rest are checked at their defaults.
    #expect(awkwardlyConfigured * 10 > parameterCount * 8, "\(awkwardlyConfigured) of \(parameterCount)")
  }

  @Test("a flag is written as a JSON boolean, a choice as a string, keys sorted")
  func shape() throws {
    let entry = try PredictorCatalog.exported.entry(named: "kalman")
    let predictor = try entry.configure([("direction-cutoff", "true"), ("state", "jerk")])
    let text = try PredictorConfigFile.json(predictor, entry: entry)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["predictor"] as? String == "kalman")
    let parameters = try #require(object["parameters"] as? [String: Any])
    #expect(parameters["state"] as? String == "jerk")
    #expect(text.contains("\"direction-cutoff\" : true"))
    #expect(text.range(of: "\"parameters\"")!.lowerBound < text.range(of: "\"predictor\"")!.lowerBound)
  }
}
