import Foundation

/// Pen orientation given as two tilts (the W3C Pointer Events `tiltX`/`tiltY`, Linux
/// `ABS_TILT_X`/`ABS_TILT_Y`) turned into the altitude and azimuth the trace stores (UIKit's
/// `altitudeAngle`/`azimuthAngle`).
///
/// Each tilt is the angle between the pen and the surface normal within one vertical plane (the
/// x–z or y–z plane). The pen then points along (tan tiltX, tan tiltY, 1), so its altitude above
/// the surface is atan2(1, √(tan²tiltX + tan²tiltY)) and its azimuth, measured in the screen
/// plane from +x towards +y, atan2(tan tiltY, tan tiltX), put in [0, 2π). An upright pen has no
/// azimuth; 0 is used. Worked by hand from the geometry; the Pointer Events Level 3 draft
/// specifies the same relation.
public enum TiltConversion {
  /// `(altitude, azimuth)`, radians, from tilts in radians within ±π/2.
  public static func altitudeAzimuth(tiltX: Double, tiltY: Double) -> (altitude: Double, azimuth: Double) {
    let limit = Double.pi / 2
    let tx = min(max(tiltX, -limit), limit), ty = min(max(tiltY, -limit), limit)
    if abs(tx) == limit || abs(ty) == limit {
      // Lying flat: tan is unbounded; the direction is the tilt that reached 90°.
      let azimuth = abs(tx) == limit && abs(ty) == limit
        ? atan2(ty.sign == .minus ? -1.0 : 1.0, tx.sign == .minus ? -1.0 : 1.0)
        : abs(tx) == limit ? (tx > 0 ? 0 : Double.pi) : (ty > 0 ? Double.pi / 2 : -Double.pi / 2)
      return (0, normalised(azimuth))
    }
    let a = tan(tx), b = tan(ty)
    let altitude = atan2(1, (a * a + b * b).squareRoot())
    let azimuth = a == 0 && b == 0 ? 0 : atan2(b, a)
    return (altitude, normalised(azimuth))
  }

  static func normalised(_ angle: Double) -> Double {
    angle < 0 ? angle + 2 * Double.pi : angle
  }
}
