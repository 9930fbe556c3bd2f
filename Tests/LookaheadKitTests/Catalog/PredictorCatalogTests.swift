import Foundation
import LookaheadKit
import LookaheadRuntime
import Testing

@Suite("Predictor catalog")
struct PredictorCatalogTests {
  let catalog = PredictorCatalog.exported

  @Test("names are unique, kebab-case, and every parameter default is in range")
  func entriesAreWellFormed() throws {
    #expect(Set(catalog.names).count == catalog.names.count)
    for entry in catalog.entries {
      #expect(entry.name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(entry.name)")
      #expect(!entry.summary.isEmpty && !entry.source.isEmpty)
      #expect(Set(entry.parameters.map(\.name)).count == entry.parameters.count, "\(entry.name)")
      let built = try entry.configure([])
      #expect(built.isExportable && built.configuration != nil)
      for spec in entry.parameters {
        if case .real(let r, .log) = spec.domain { #expect(r.lowerBound > 0, "\(entry.name).\(spec.name)") }
      }
    }
  }

  @Test("a specification sets the parameters it names and keeps the other defaults")
  func specification() throws {
    let built = try catalog.configure(
      specification: "kalman:process-noise=0.02, state=jerk,warm-up=6,direction-cutoff=true,horizon-cap=0.025")
    guard case .kalman(let k) = built.configuration?.family else {
      Issue.record("not a Kalman configuration")
      return
    }
    #expect(k.processNoise == 0.02 && k.stateModel == .jerk && k.warmUpSamples == 6)
    #expect(k.measurementNoise == 1 && k.timeStep == .smoothed)
    #expect(built.configuration?.stages.gates.directionCutOff == true)
    #expect(built.configuration?.stages.gates.horizonCapSeconds == 0.025)
    #expect(built.configuration?.stages.gapLimitSeconds == 0.020)
  }

  @Test("the printed specification configures the same predictor again", arguments: PredictorCatalog.exported.names)
  func specificationRoundTrip(name: String) throws {
    let first = try catalog.configure(specification: name)
    let again = try catalog.configure(specification: first.specification)
    #expect(again.configuration == first.configuration)
  }

  /// A tuned value past 6 significant digits, very small or very large, was printed in `%g` form
  /// (6.69708e-07), so the printed best configuration scored otherwise than the tuned one.
  @Test("values of any size are printed so that they read back exactly",
    arguments: [6.697080690006676e-07, 1715840.3308511, 1e-5, 2e6, 0.125, 123456.789])
  func exactNumbers(value: Double) throws {
    let first = try catalog.configure(specification: "kalman:measurement-noise=\(value)")
    let again = try catalog.configure(specification: first.specification)
    #expect(again.configuration == first.configuration, "\(first.specification)")
    #expect(first.values.first { $0.name == "measurement-noise" }?.value == .number(value))
  }

  @Test("presets differ from each other where their sources differ")
  func presets() throws {
    let chromium = try catalog.configure(specification: "kalman-chromium").configuration
    let androidx = try catalog.configure(specification: "kalman-androidx").configuration
    #expect(chromium?.family == .kalman(.chromium))
    #expect(androidx?.family == .kalman(.androidx))
    // Each platform's own limits (Docs/Baselines.md): Chromium's kMaxTimeDelta 20 ms and
    // kMaxPredictionTime 25 ms; AndroidX's MAX_PREDICTION_MS 32 ms and no gap reset.
    #expect(chromium?.stages.gapLimitSeconds == 0.020)
    #expect(chromium?.stages.gates.horizonCapSeconds == 0.025)
    #expect(androidx?.stages.gapLimitSeconds == 0)
    #expect(androidx?.stages.gates.horizonCapSeconds == 0.032)
    // The generic kalman entry has no cap.
    #expect(try catalog.configure(specification: "kalman").configuration?.stages.gates.horizonCapSeconds == 0)
    let sg = try catalog.configure(specification: "savitzky-golay").configuration
    guard case .polynomial(let p) = sg?.family else {
      Issue.record("savitzky-golay is not polynomial")
      return
    }
    #expect(p.uniformTime)
  }

  @Test(
    "bad specifications fail with a message naming what is wrong",
    arguments: [
      ("magic", "unknown predictor \"magic\""),
      ("kalman:noise=1", "has no parameter \"noise\""),
      ("kalman:process-noise=abc", "needs a number, got \"abc\""),
      ("kalman:process-noise=1e9", "out of range"),
      ("kalman:warm-up=2.5", "needs a whole number"),
      ("kalman:state=snap", "must be one of velocity, acceleration, jerk"),
      ("linear:order=1,order=2", "given twice"),
      ("linear:order", "is not key=value"),
      ("linear:", "nothing after"),
      (":order=1", "name is missing"),
      // Rules between values name the keys the user typed, not the model file's fields
      // (they said polynomial.windowSamples, kalman.jerkConfidenceLow, stages.gates.turnAngleLow).
      // The window's rule is said as the rule in the user's keys (it said "an integer in 4…64").
      (
        "polynomial:order=3,window=3",
        "polynomial: predictor parameter window = 3.0: must be at least order + 1 (4 with order = 3)"
      ),
      (
        "kalman:jerk-confidence-low=2,jerk-confidence-high=1",
        "kalman: predictor parameter jerk-confidence-low = 2.0: must be below jerk-confidence-high (1.0)"
      ),
      ("linear:turn-low=2,turn-high=1", "linear: predictor parameter turn-low = 2.0: must be below turn-high (1.0)"),
      ("hold:direction-cutoff=maybe", "must be one of true, false"),
    ])
  func badSpecifications(text: String, expected: String) {
    do {
      _ = try catalog.configure(specification: text)
      Issue.record("\(text) was accepted")
    } catch {
      #expect(error.description.contains(expected), "\(text): \(error.description)")
    }
  }

  func write(_ text: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("lookahead-catalog-\(UUID().uuidString).json")
    try Data(text.utf8).write(to: url)
    return url
  }

  @Test("a JSON config file with several predictors")
  func configFile() throws {
    let url = try write(
      """
      [ {"predictor": "linear", "parameters": {"order": 2}},
        {"predictor": "kalman", "parameters": {"state": "velocity", "pressure-filter": true, "time-unit": 0.001}},
        {"predictor": "hold"} ]
      """)
    defer { try? FileManager.default.removeItem(at: url) }
    let built = try catalog.configure(contentsOf: url)
    #expect(built.map(\.name) == ["linear", "kalman", "hold"])
    #expect(built[0].configuration?.family == .linear(LinearParameters(order: 2)))
    guard case .kalman(let k) = built[1].configuration?.family else {
      Issue.record("not Kalman")
      return
    }
    #expect(k.stateModel == .velocity && k.pressureFilter)
  }

  @Test(
    "config file errors name the file and the JSON path",
    arguments: [
      (#"[{"predictor": "linear"}, {"predictor": "kalman", "parameters": {"process-noise": "x"}}]"#, "$[1].parameters.process-noise"),
      (#"{"predictor": "nope"}"#, "$.predictor"),
      (#"{"predictor": "linear", "params": {}}"#, "$.params"),
      (#"{"parameters": {}}"#, "$.predictor"),
      (#"{"predictor": "linear", "parameters": {"order": [1]}}"#, "$.parameters.order"),
      (#"{"predictor": "linear", "parameters": {"order": 7}}"#, "$.parameters.order"),
      (#"{"predictor": "linear""#, "$"),
    ])
  func configFileErrors(text: String, path: String) throws {
    let url = try write(text)
    defer { try? FileManager.default.removeItem(at: url) }
    do {
      _ = try catalog.configure(contentsOf: url)
      Issue.record("accepted \(text)")
    } catch {
      #expect(error.description.contains(url.path), "\(error.description)")
      #expect(error.description.contains("at \(path):"), "\(text): \(error.description)")
    }
  }

  @Test("a non-exported entry can be added beside the exported ones")
  func addingBaselines() throws {
    let extra = PredictorCatalogEntry(
      name: "still", summary: "test baseline", source: "this test", isExportable: false,
      parameters: []
    ) { _ in CatalogPredictor(name: "still", values: [], factory: { HoldPredictor() }) }
    let extended = catalog.adding([extra])
    let built = try extended.configure(specification: "still")
    #expect(!built.isExportable && built.configuration == nil)
    var p = built.makePredictor()
    p.observe(PointerSample(time: 0, x: 3, y: 4))
    #expect(p.predict(at: 0.01)?.x == 3)
    #expect(extended.names.count == catalog.names.count + 1)
  }

  @Test("list and show print every entry and parameter")
  func report() throws {
    let list = PredictorCatalogReport.listTable(catalog)
    for name in catalog.names { #expect(list.contains(name)) }
    let entry = try catalog.entry(named: "polynomial")
    let show = PredictorCatalogReport.showTable(entry)
    for spec in entry.parameters { #expect(show.contains(spec.name)) }
    let json = PredictorCatalogReport.showJSON(entry)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let parameters = try #require(object["parameters"] as? [[String: Any]])
    #expect(parameters.count == entry.parameters.count)
    #expect(parameters.first?["name"] as? String == "order")
  }
}
