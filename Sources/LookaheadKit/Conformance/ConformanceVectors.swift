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

  /// Writes the folder (made if missing); an existing file in it needs `force`.
  ///
  /// - Parameters:
  ///   - replay: how `traces` are replayed: `lookahead predict`'s default is the model's own
  ///     device profile and seed 0.
  /// - Returns: the paths written, model first.
  @discardableResult
  public static func write(
    _ file: ModelFile, traces: [ReplayedTrace] = [], replay: Replay, to folder: URL, force: Bool
  ) throws -> [URL] {
    let bytes = try file.fileData()
    let model = try LookaheadModel(bytes: bytes)
    var streams = ConformanceStreams.standard(for: model)
    for trace in traces {
      streams.append(try ConformanceStreams.replay(of: trace.trace, name: "replay-\(trace.name)", model: model, replay: replay))
    }
    var outputs = [(folder.appendingPathComponent(modelFileName), bytes)]
    for stream in streams {
      let text = try ConformanceVectorText.render(stream, model: model, modelFileName: modelFileName)
      outputs.append((folder.appendingPathComponent("\(stream.name).vectors"), Data(text.utf8)))
    }
    // Check every path before writing any, so a refused run leaves the folder as it was.
    for (url, _) in outputs { try ResultFile.checkWritable(url, force: force) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (url, data) in outputs { try ResultFile.write(data, to: url, force: force) }
    return outputs.map(\.0)
  }
}
