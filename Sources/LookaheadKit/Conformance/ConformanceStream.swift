import LookaheadRuntime

/// One input stream of the conformance vectors (`Docs/ConformanceVectors.md`): what an embedding
/// of the runtime is asked to do, call by call, so a port in another language (or the C
/// interface) can replay it and compare its answers with the Swift runtime's to the bit.
public struct ConformanceStream: Sendable, Hashable {
  /// One call an app makes on a predictor.
  public enum Event: Sendable, Hashable {
    /// Touch-down: forget the stroke.
    case reset
    /// Feed one sample (any values, including NaN, infinities and earlier times).
    case sample(PointerSample)
    /// Ask for the point at a frame's presentation time.
    case predict(presentationTime: Double)
    /// Ask for the path to a presentation time: `sampleIntervalSeconds` 0 means the model's own
    /// digitizer period (nil in Swift); `capacity` is the caller's buffer, at most
    /// ``ConformanceStream/maximumPathCapacity``.
    case path(presentationTime: Double, sampleIntervalSeconds: Double, capacity: Int)
  }

  /// The largest path buffer a stream asks for: the C interface's `LOOKAHEAD_MAX_PATH_POINTS`.
  public static let maximumPathCapacity = 64

  /// File name stem, such as `gap`.
  public var name: String
  /// What the stream exercises, one line.
  public var about: String
  /// The app's points per millimetre the predictor is made with; 0 for the model's own unit.
  public var pointsPerMillimetre: Double
  public var events: [Event]

  public init(name: String, about: String, pointsPerMillimetre: Double = 0, events: [Event]) {
    self.name = name
    self.about = about
    self.pointsPerMillimetre = pointsPerMillimetre
    self.events = events
  }
}
