#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// The C maths library is part of every platform the runtime targets; these wrappers keep the
// platform import in one file so the predictors stay free of Foundation.

/// atan2(y, x) from the platform's C library, radians.
@inline(__always)
func cAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }

/// 2^x from the platform's C library.
@inline(__always)
func cExp2(_ x: Double) -> Double { exp2(x) }

/// Natural logarithm from the platform's C library.
@inline(__always)
func cLog(_ x: Double) -> Double { log(x) }

/// Hyperbolic tangent from the platform's C library.
@inline(__always)
func cTanh(_ x: Double) -> Double { tanh(x) }

/// Cosine from the platform's C library, radians.
@inline(__always)
func cCos(_ x: Double) -> Double { cos(x) }

/// Sine from the platform's C library, radians.
@inline(__always)
func cSin(_ x: Double) -> Double { sin(x) }
