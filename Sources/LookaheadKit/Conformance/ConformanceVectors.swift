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
  /// existing file needs `force`. Every path is checked before any is written, so a refused run
  /// leaves the folder as it was.
  public static func write(_ outputs: [OutputFile], to folder: URL, force: Bool) throws {
    for output in outputs { try ResultFile.checkWritable(output.url, force: force) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for output in outputs { try ResultFile.write(output.data, to: output.url, force: force) }
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
