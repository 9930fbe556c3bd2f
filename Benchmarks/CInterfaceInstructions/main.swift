// Instruction-count harness for the C interface (issue 23), run by ./count.sh under callgrind:
// `harness swift|c N MODEL` feeds N samples of a 240 Hz stroke (RuntimeBenchmarks' stroke) and
// asks for a prediction 25 ms ahead after each, through the Swift path (PointerPredictor) or
// the C path (lookahead.h). Both paths run the same library (libLookaheadC.so holds the
// runtime), so the difference of the two counts per sample is what the C wrappers cost.
import CLookahead
import Foundation
import LookaheadRuntime

let path = CommandLine.arguments[1]
let count = Int(CommandLine.arguments[2])!
let data = try! Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[3]))
let strokeLength = 1000
let stroke: [PointerSample] = (0..<strokeLength).map { i in
  let t = Double(i) / 240
  return PointerSample(time: t, x: 100 + 400 * t * t + 60 * sin(6 * t), y: 300 + 250 * t - 50 * cos(5 * t),
    pressure: 0.4 + 0.2 * sin(3 * t))
}
var sum = 0.0
var position = 0
if path == "swift" {
  var predictor = try! LookaheadModel(bytes: data).makePredictor()
  for _ in 0..<count {
    if position == 0 { predictor.reset() }
    let sample = stroke[position]
    predictor.observe(sample)
    if let point = predictor.predict(forPresentationTime: sample.time + 0.025) { sum += point.x }
    position += 1
    if position == strokeLength { position = 0 }
  }
} else {
  var model: OpaquePointer?
  var predictor: OpaquePointer?
  _ = data.withUnsafeBytes { lookahead_model_load_bytes($0.baseAddress, $0.count, &model, nil, 0) }
  _ = lookahead_predictor_create(model, 0, &predictor, nil, 0)
  var point = lookahead_point()
  for _ in 0..<count {
    if position == 0 { _ = lookahead_predictor_reset(predictor) }
    let sample = stroke[position]
    _ = lookahead_predictor_observe(predictor, sample.time, sample.x, sample.y, sample.pressure ?? .nan, .nan, .nan)
    if lookahead_predictor_predict(predictor, sample.time + 0.025, &point) == LOOKAHEAD_OK { sum += point.x }
    position += 1
    if position == strokeLength { position = 0 }
  }
}
print(sum)
