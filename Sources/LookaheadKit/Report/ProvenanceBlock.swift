import Foundation

/// The provenance of a result as a definition list: command line, version, protocol, seed,
/// profile, predictor configurations, settings and every dataset file with its SHA-256
/// (`CONVENTIONS.md`: every result records what produced it; a report passes that on). Each entry
/// carries `data-field`; dataset files carry `data-sha256`.
public enum ProvenanceBlock {
  /// The facts as (field, value) pairs, in display order.
  public static func entries(_ provenance: ResultProvenance) -> [(field: String, value: String)] {
    var entries: [(String, String)] = [
      ("command", provenance.commandLineText),
      ("version", provenance.version),
      ("subcommand", provenance.command),
      ("protocol", provenance.evaluationProtocol),
      ("seed", provenance.seed.map(String.init) ?? ResultProvenance.unusedSeedText),
    ]
    if let profile = provenance.profile { entries.append(("profile", profile)) }
    for predictor in provenance.predictors { entries.append(("predictor", predictor)) }
    for key in provenance.settings.keys.sorted() {
      entries.append(("setting", "\(key)=\(provenance.settings[key] ?? "")"))
    }
    for dataset in provenance.datasets {
      entries.append(("dataset", dataset.summary))
    }
    return entries
  }

  public static func html(_ provenance: ResultProvenance, file: String) -> SVGElement {
    var list = SVGElement("dl", [("class", "provenance"), ("data-file", file)])
    for (field, value) in entries(provenance) {
      list.append(SVGElement("dt", text: field))
      list.append(SVGElement("dd", [("data-field", field)], children: [SVGElement("code", text: value)]))
    }
    for dataset in provenance.datasets {
      for item in dataset.files {
        list.append(SVGElement("dt", text: "sha256"))
        list.append(
          SVGElement(
            "dd", [("data-field", "sha256"), ("data-sha256", item.sha256), ("data-path", dataset.location(of: item))],
            children: [SVGElement("code", text: item.sha256 + "  " + dataset.location(of: item))]))
      }
      for mapping in dataset.mappings ?? [] {
        list.append(SVGElement("dt", text: "mapping sha256"))
        list.append(
          SVGElement(
            "dd", [("data-field", "mapping-sha256"), ("data-sha256", mapping.sha256), ("data-path", mapping.path)],
            children: [SVGElement("code", text: mapping.sha256 + "  " + mapping.path)]))
      }
    }
    if let definition = provenance.profileDefinition,
      let data = try? definition.jsonData()
    {
      list.append(SVGElement("dt", text: "profile definition"))
      list.append(SVGElement("dd", [("data-field", "profile-definition")], children: [SVGElement("pre", text: String(decoding: data, as: UTF8.self))]))
    }
    return list
  }

  /// Free-form provenance lines (records CSV, tune journal context) as a definition list.
  public static func html(lines: [(field: String, value: String)], file: String) -> SVGElement {
    var list = SVGElement("dl", [("class", "provenance"), ("data-file", file)])
    for (field, value) in lines {
      list.append(SVGElement("dt", text: field))
      list.append(SVGElement("dd", [("data-field", field)], children: [SVGElement("code", text: value)]))
    }
    return list
  }

  /// `# key: value` lines split into (key, value); lines without a colon keep the whole text.
  public static func split(commentLines: [String]) -> [(field: String, value: String)] {
    commentLines.map { line in
      guard let colon = line.firstIndex(of: ":"), !line[..<colon].contains(" ") else { return ("note", line) }
      return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
  }
}
