import Foundation

/// `key=value` settings for the importers that need to be told how to read a file (the generic
/// delimited-text importer's column mapping, the Android `getevent` importer's axis dump and
/// scale), from a mapping file or from the text after a path in a dataset reference
/// (`rec.csv:t=time:ms,x,y,stroke=id`; see ``SettingsReference``).
///
/// Grammar: items separated by commas or line breaks (LF, CRLF or CR); `#` starts a comment to the end of the
/// line; an item is `key=value` or a bare `key`, which means `key=key` (`x` maps the field x to a
/// column named x). Keys are case-insensitive; values are kept as written, spaces around them
/// trimmed. One file or typed reference gives each key once (a repeat is refused: the last one
/// was kept without a word); settings typed after a `mapping=FILE` override the file's
/// (``merging(_:)``).
public struct ImportSettings: Sendable, Hashable {
  public struct Entry: Sendable, Hashable {
    public var key: String
    public var value: String
    /// Where the entry was written: a mapping file, or the dataset reference typed by the user.
    public var file: String
    /// 1-based line in `file`, or `nil` for a reference typed on the command line.
    public var line: Int?
  }

  public private(set) var entries: [Entry] = []

  public init() {}

  public var isEmpty: Bool { entries.isEmpty }

  /// Parses `text`, written in `file` (a mapping file's path, or the reference it came from);
  /// `lineNumbers` is `false` for a reference typed on one command line.
  public static func parse(_ text: String, file: String, lineNumbers: Bool) throws -> ImportSettings {
    var settings = ImportSettings()
    // Swift reads CRLF as one Character, so splitting at "\n" alone left a CRLF file one line.
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    for (index, rawLine) in lines.enumerated() {
      let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      for item in line.split(separator: ",") {
        let trimmed = item.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { continue }
        let parts = trimmed.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let key = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
        let value = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : key
        guard !key.isEmpty, !value.isEmpty else {
          throw TraceInputError(file: file, location: lineNumbers ? .line(index + 1) : .file, field: key.isEmpty ? nil : key,
            problem: "'\(trimmed)' is not key=value")
        }
        if let first = settings[key] {
          throw TraceInputError(
            file: file, location: lineNumbers ? .line(index + 1) : .file, field: key,
            problem: first.line.map { "is repeated (first on line \($0)); a mapping gives each key once" }
              ?? "is given twice; give each key once")
        }
        settings.set(Entry(key: key, value: value, file: file, line: lineNumbers ? index + 1 : nil))
      }
    }
    return settings
  }

  /// Reads a mapping file.
  public static func read(_ url: URL) throws -> ImportSettings {
    let data = try DelimitedText.readData(url)
    guard let text = String(data: data, encoding: .utf8) else {
      throw TraceInputError(file: url.path, location: .file, problem: "is not UTF-8 text")
    }
    return try parse(text, file: url.path, lineNumbers: true)
  }

  /// Adds or replaces the entry with `entry.key`.
  public mutating func set(_ entry: Entry) {
    entries.removeAll { $0.key == entry.key }
    entries.append(entry)
  }

  /// The keys that say one thing two ways: a scale given by `other` replaces this one's in either form.
  static let scaleKeys = ["mm_per_unit", "dpi"]

  /// These settings followed by `other`'s, which win on equal keys; `mm_per_unit` and `dpi` are one
  /// setting (the scale), so either in `other` replaces both here (within one file, both is an error).
  public func merging(_ other: ImportSettings) -> ImportSettings {
    var result = self
    if other.entries.contains(where: { Self.scaleKeys.contains($0.key) }) {
      result.entries.removeAll { Self.scaleKeys.contains($0.key) }
    }
    for entry in other.entries { result.set(entry) }
    return result
  }

  public subscript(key: String) -> Entry? { entries.first { $0.key == key } }

  /// An error about `entry`, located where it was written.
  public static func error(_ entry: Entry, _ problem: String) -> TraceInputError {
    TraceInputError(file: entry.file, location: entry.line.map { .line($0) } ?? .file, field: entry.key, problem: problem)
  }

  /// Fails on the first key not in `known`, listing them, so that a typo is not silently ignored.
  public func requireKnownKeys(_ known: [String], for format: String) throws {
    for entry in entries where !known.contains(entry.key) {
      throw Self.error(entry, "is not a \(format) setting; expected one of: " + known.joined(separator: ", "))
    }
  }

  /// The settings as one line, `key=value, …`, for a trace's notes.
  public var summary: String { entries.map { "\($0.key)=\($0.value)" }.joined(separator: ", ") }

  /// A positive finite number, or an error naming the entry.
  public func positiveNumber(_ key: String) throws -> Double? {
    guard let entry = self[key] else { return nil }
    guard let value = Double(entry.value), value.isFinite, value > 0 else {
      throw Self.error(entry, "'\(entry.value)' is not a positive number")
    }
    return value
  }

  /// Millimetres per position unit from `mm_per_unit` or `dpi` (25.4 / dpi); both is an error.
  public func millimetresPerUnit() throws -> Double? {
    let perUnit = try positiveNumber("mm_per_unit"), dpi = try positiveNumber("dpi")
    if perUnit != nil, dpi != nil, let entry = self["dpi"] {
      throw Self.error(entry, "give mm_per_unit or dpi, not both")
    }
    return perUnit ?? dpi.map { 25.4 / $0 }
  }
}
