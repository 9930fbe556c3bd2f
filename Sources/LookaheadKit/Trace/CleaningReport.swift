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
  public mutating func add(_ rule: String, _ count: Int = 1) {
    if let index = entries.firstIndex(where: { $0.rule == rule }) {
      entries[index].count += count
    } else {
      entries.append((rule, count))
    }
  }

  public subscript(rule: String) -> Int {
    entries.first(where: { $0.rule == rule })?.count ?? 0
  }

  public var total: Int { entries.reduce(0) { $0 + $1.count } }

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
