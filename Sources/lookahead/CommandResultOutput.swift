import Foundation

/// How `tune` and `train` end, the same for every family: the result as JSON (`--json`), or its
/// text followed by the two files written (`-o` and `--out`).
enum CommandResultOutput {
  static func show(json: Bool, jsonData: Data, text: String, wrote files: (model: URL, result: URL)?) {
    if json {
      print(String(decoding: jsonData, as: UTF8.self))
    } else {
      print(text)
      if let files { print("\nwrote \(files.model.path) and \(files.result.path)") }
    }
  }
}
