import Foundation
import LookaheadRuntime

/// Writes a model's conformance vectors into a folder (`lookahead export --vectors DIR`,
/// `Docs/ConformanceVectors.md`): the model file itself as `lookahead.model`, and one
/// `NAME.vectors` file per stream with the answers of the Swift runtime, computed from the very
/// bytes written (the model is loaded back through ``LookaheadModel/init(bytes:)``, as an app
/// loads it).
public enum ConformanceVectors {
  /// The model's file name inside the folder.
  public static let modelFileName = "lookahead.model"

  /// A trace to replay into a stream, named for its file (`replay-NAME.vectors`).
  public struct ReplayedTrace {
    public var name: String
    public var trace: Trace
    public init(name: String, trace: Trace) {
      self.name = name
      self.trace = trace
    }
  }

  /// One file of the folder: where it goes and its bytes.
  public struct OutputFile {
    public var url: URL
    public var data: Data
  }

  /// The folder's files, model first, computed without touching the disk, so a caller that also
  /// writes other files (`lookahead export -o FILE --vectors DIR`) can check every path before
  /// writing any.
  ///
  /// - Parameters:
  ///   - replay: how `traces` are replayed: `lookahead predict`'s default is the model's own
  ///     device profile and its recorded seed (`provenance.seed`).
  public static func files(
    _ file: ModelFile, traces: [ReplayedTrace] = [], replay: Replay, in folder: URL
  ) throws -> [OutputFile] {
    let bytes = try file.fileData()
    let model = try LookaheadModel(bytes: bytes)
    var streams = ConformanceStreams.standard(for: model)
    for trace in traces {
      streams.append(try ConformanceStreams.replay(of: trace.trace, name: "replay-\(trace.name)", model: model, replay: replay))
    }
    var outputs = [OutputFile(url: folder.appendingPathComponent(modelFileName), data: bytes)]
    for stream in streams {
      let text = try ConformanceVectorText.render(stream, model: model, modelFileName: modelFileName)
      outputs.append(OutputFile(url: folder.appendingPathComponent("\(stream.name).vectors"), data: Data(text.utf8)))
    }
    return outputs
  }

  /// Writes `outputs` (from ``files(_:traces:replay:in:)``) into `folder` (made if missing); an
  /// existing file needs `force`, and with it an earlier export's vector files that `outputs`
  /// does not replace are removed (``staleFiles(in:keeping:)``). Every path is checked before any
  /// is written, so a refused run leaves the folder as it was.
  ///
  /// - Returns: the stale vector files removed.
  @discardableResult
  public static func write(_ outputs: [OutputFile], to folder: URL, force: Bool) throws -> [URL] {
    try checkWritable(outputs, in: folder, force: force)
    let stale = staleFiles(in: folder, keeping: outputs)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for output in outputs { try ResultFile.write(output.data, to: output.url, force: force) }
    for url in stale { try FileManager.default.removeItem(at: url) }
    return stale
  }

  /// Throws unless ``write(_:to:force:)`` may write `outputs` into `folder`: an existing file
  /// among them, or a stale vector file beside them, needs `force`.
  public static func checkWritable(_ outputs: [OutputFile], in folder: URL, force: Bool) throws {
    try checkFolder(folder)
    for output in outputs { try ResultFile.checkWritable(output.url, force: force) }
    if !force, let stale = staleFiles(in: folder, keeping: outputs).first { throw StaleFileError(path: stale.path) }
  }

  /// The vector files in `folder` that `outputs` does not replace: an earlier export's streams,
  /// such as a `replay-NAME.vectors` of a `--vectors-trace` not given this time, or the
  /// `app-scale.vectors` of a model whose unit had a size. Their answers are another model's, and
  /// a port (and `Examples/c`) checks every `*.vectors` file of the folder against
  /// `lookahead.model`, so left behind they fail it: re-exporting with `--force` into the folder of
  /// an export with `--vectors-trace` left the old model's replay answers beside the new model.
  /// Only files ending in `.vectors` that start as this format's do (any version) are counted.
  public static func staleFiles(in folder: URL, keeping outputs: [OutputFile]) -> [URL] {
    let kept = Set(outputs.map(\.url.lastPathComponent))
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
    return names.sorted().filter { $0.hasSuffix(".vectors") && !kept.contains($0) }
      .map { folder.appendingPathComponent($0) }
      .filter { url in
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return false }
        defer { try? handle.close() }
        let marker = Data("# lookahead-vectors:".utf8)  // any version of the format
        return (try? handle.read(upToCount: marker.count)) == marker
      }
  }

  /// A vector file of an earlier export that this one would not replace, refused without `--force`.
  /// Throws ``NotAFolderError`` when `folder` exists and is not a folder (a file there made
  /// `export --vectors FILE` fail with "A file with the same name already exists", `--force` or
  /// not, after all the work).
  public static func checkFolder(_ folder: URL) throws {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), !isDirectory.boolValue {
      throw NotAFolderError(path: folder.path)
    }
  }

  /// The vectors' folder is an existing file.
  public struct NotAFolderError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var description: String {
      "--vectors \(path) is a file: --vectors takes a folder (made if missing) for the model and its .vectors files; give -o \(path) to write the model file alone"
    }
  }

  public struct StaleFileError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var description: String {
      "\(path) holds an earlier export's answers, which this export does not write; pass --force to remove it with the rest"
    }
  }

  /// Computes and writes the folder (made if missing); an existing file in it needs `force`.
  ///
  /// - Returns: the paths written, model first.
  @discardableResult
  public static func write(
    _ file: ModelFile, traces: [ReplayedTrace] = [], replay: Replay, to folder: URL, force: Bool
  ) throws -> [URL] {
    let outputs = try files(file, traces: traces, replay: replay, in: folder)
    try write(outputs, to: folder, force: force)
    return outputs.map(\.url)
  }
}
