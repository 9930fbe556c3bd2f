/// How many rows each cleaning rule changed while a trace was imported.
///
/// Every rule an importer applies is counted here, so nothing is ever dropped silently; `datasets
/// inspect` prints it. Rules are named by short stable identifiers (for example
/// `"R2 same-time row replaced"`), in the order they were first applied.
public struct CleaningReport: Sendable, Hashable {
  public private(set) var entries: [(rule: String, count: Int)] = []

  public init() {}

  public init(_ entries: [(rule: String, count: Int)]) {
    for entry in entries { add(entry.rule, entry.count) }
  }

  /// Adds `count` to `rule`, creating it (even with zero) so that rules that never fired are
  /// still shown.
  ///
  /// Counts saturate at `Int.max` rather than trap: rows counted in memory never get there, and
  /// the trace reader refuses a file whose counts would (negative ones too); merging several such
  /// files is the one way left, and it must not crash.
  public mutating func add(_ rule: String, _ count: Int = 1) {
    if let index = entries.firstIndex(where: { $0.rule == rule }) {
      entries[index].count = Self.saturatingSum(entries[index].count, count)
    } else {
      entries.append((rule, count))
    }
  }

  public subscript(rule: String) -> Int {
    entries.first(where: { $0.rule == rule })?.count ?? 0
  }

  /// The sum of every count (saturating at `Int.max`, as ``add(_:_:)`` does).
  public var total: Int { entries.reduce(0) { Self.saturatingSum($0, $1.count) } }

  private static func saturatingSum(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? (b > 0 ? Int.max : Int.min) : sum
  }

  public mutating func merge(_ other: CleaningReport) {
    for entry in other.entries { add(entry.rule, entry.count) }
  }

  public static func == (lhs: CleaningReport, rhs: CleaningReport) -> Bool {
    lhs.entries.elementsEqual(rhs.entries) { $0.rule == $1.rule && $0.count == $1.count }
  }

  public func hash(into hasher: inout Hasher) {
    for entry in entries {
      hasher.combine(entry.rule)
      hasher.combine(entry.count)
    }
  }
}
