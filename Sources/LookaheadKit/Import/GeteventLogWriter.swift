import Foundation

/// Writes strokes as a `getevent -lt` log of a multi-touch screen (protocol B, one slot, one
/// contact per stroke), the form ``AndroidGeteventImporter`` reads, so that its speed can be
/// measured on a corpus (issue #21: there is no shared `getevent` dataset). Each sample becomes a
/// frame: its position (and pressure, if it has one) in 8-hex-digit values as `getevent` prints
/// them, then `SYN_REPORT` stamped with its time; a stroke opens with a tracking id and ends with
/// one of −1. Positions are written in device units of 1/`unitsPerPoint` of the stroke's unit,
/// rounded, pressure in 1/1024 (the dump before the events gives that range); strokes follow one
/// another in time, 1 s apart, from 1000 s, since `getevent` prints no negative stamps.
public enum GeteventLogWriter {
  public static func log(of strokes: [Stroke], unitsPerPoint: Double = 8) -> Data {
    var text = """
      add device 1: /dev/input/event2
        name:     "lookahead_benchmark_touchscreen"
        events:
          ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                      ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
                      ABS_MT_POSITION_X     : value 0, min 0, max 1000000, fuzz 0, flat 0, resolution 0
                      ABS_MT_POSITION_Y     : value 0, min 0, max 1000000, fuzz 0, flat 0, resolution 0
                      ABS_MT_PRESSURE       : value 0, min 0, max 1024, fuzz 0, flat 0, resolution 0

      """
    var clock = 1000.0
    func line(_ time: Double, _ type: String, _ code: String, _ value: Int) {
      let padded = type.padding(toLength: 8, withPad: " ", startingAt: 0) + " " + code.padding(toLength: 20, withPad: " ", startingAt: 0)
      text += String(format: "[%14.6f] /dev/input/event2: %@ %08x\n", time, padded, UInt32(truncatingIfNeeded: value))
    }
    for (number, stroke) in strokes.enumerated() where !stroke.samples.isEmpty {
      let origin = stroke.samples[0].time
      var last = clock
      line(clock, "EV_ABS", "ABS_MT_TRACKING_ID", number % 65536)
      for sample in stroke.samples {
        last = clock + max(0, sample.time - origin)
        line(last, "EV_ABS", "ABS_MT_POSITION_X", Int((sample.x * unitsPerPoint).rounded()))
        line(last, "EV_ABS", "ABS_MT_POSITION_Y", Int((sample.y * unitsPerPoint).rounded()))
        if let pressure = sample.pressure { line(last, "EV_ABS", "ABS_MT_PRESSURE", Int((pressure * 1024).rounded())) }
        line(last, "EV_SYN", "SYN_REPORT", 0)
      }
      line(last, "EV_ABS", "ABS_MT_TRACKING_ID", -1)
      line(last, "EV_SYN", "SYN_REPORT", 0)
      clock = last + 1
    }
    return Data(text.utf8)
  }
}
