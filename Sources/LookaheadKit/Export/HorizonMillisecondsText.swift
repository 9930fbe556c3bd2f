/// A horizon in milliseconds to a hundredth, trailing zeros dropped (`16.67`, `16.7`, `50`): the
/// anchor horizons (k/240 s) read as they are printed elsewhere, and a typed `0.0167` s stays
/// distinguishable from 16.67 ms in a message. Public for the CLI's summaries (`export`).
public func horizonMillisecondsText(_ milliseconds: Double) -> String {
  var text = String(format: "%.2f", milliseconds)
  while text.hasSuffix("0") { text.removeLast() }
  if text.hasSuffix(".") { text.removeLast() }
  return text
}
