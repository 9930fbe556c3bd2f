import Foundation

/// A path given with import settings, the dataset-reference grammar extended from `NAME:SUBSET`
/// (and from predictors' `NAME:key=value,…`) to files:
///
/// - `PATH:key=value,…`: settings typed after the path (`rec.csv:t=time:ms,x,y,stroke=id`);
///   `mapping=FILE` among them reads a mapping file, which the other typed settings override;
/// - `PATH` with a sidecar mapping file `PATH.mapping` beside it (`rec.csv.mapping`): read as if
///   `PATH:mapping=PATH.mapping` had been typed, so settings typed after the path (without a
///   `mapping=` of their own) override the sidecar's, as they override a typed mapping file's.
///
/// The path is the longest-needed prefix that exists: the first `:` whose left side is an
/// existing file or folder ends it, so paths with colons still work when the whole reference
/// names a file.
public enum SettingsReference {
  /// File name suffix of a sidecar mapping file.
  public static let sidecarSuffix = ".mapping"

  /// The path and its settings, or `nil` if no prefix of `reference` (up to a `:`, or the whole
  /// of it) exists.
  public static func split(_ reference: String) throws -> (url: URL, settings: ImportSettings)? {
    guard let located = try locate(reference) else { return nil }
    var settings = try located.mapping.map(ImportSettings.read) ?? ImportSettings()
    if let typed = located.typed {
      var overrides = ImportSettings()
      for entry in typed.entries where entry.key != "mapping" { overrides.set(entry) }
      settings = settings.merging(overrides)
    }
    return (URL(fileURLWithPath: located.path), settings)
  }

  /// The mapping file ``split(_:)`` reads `reference`'s settings from (its sidecar, or
  /// `mapping=FILE`), named as the reference names it (`relativePath`), so a result's provenance
  /// can record it; nil when there is none.
  public static func mappingFile(of reference: String) throws -> URL? {
    try locate(reference)?.mapping
  }

  /// The existing path `reference` starts with, the settings typed after it (nil when the whole
  /// reference is the path) and the mapping file its settings come from.
  private static func locate(_ reference: String) throws -> (path: String, typed: ImportSettings?, mapping: URL?)? {
    if FileManager.default.fileExists(atPath: reference) {
      return (reference, nil, sidecar(of: reference))
    }
    var index = reference.startIndex
    while let colon = reference[index...].firstIndex(of: ":") {
      let path = String(reference[..<colon])
      if !path.isEmpty, FileManager.default.fileExists(atPath: path) {
        let typed = try ImportSettings.parse(
          String(reference[reference.index(after: colon)...]), file: "dataset reference '\(reference)'", lineNumbers: false)
        return (path, typed, typed["mapping"].map { URL(fileURLWithPath: $0.value) } ?? sidecar(of: path))
      }
      index = reference.index(after: colon)
    }
    return nil
  }

  /// The sidecar mapping file `PATH.mapping` beside `path`, if there is one.
  static func sidecar(of path: String) -> URL? {
    let sidecar = URL(fileURLWithPath: path + sidecarSuffix)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: sidecar.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
      return nil
    }
    return sidecar
  }
}
