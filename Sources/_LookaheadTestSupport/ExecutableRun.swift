import Foundation

/// One finished run of the built `lookahead` (or another executable): how it exited and what it
/// printed. The process runner of every CLI suite, in the CLI test target and in LookaheadKitTests.
public struct ExecutableRun: Sendable {
  public var status: Int32
  public var stdout: Data
  public var stderr: String
  /// ``stdout`` as UTF-8 text.
  public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }

  /// Runs `executable` (default: ``BuiltExecutable/lookahead()``) with `arguments` in `directory`
  /// (default: the repository), with the shared datasets' folder (``SharedDatasets/root``) in
  /// `LOOKAHEAD_SHARED_DATASETS` and `environment` changes on top of this process's (`nil`
  /// removes a variable), and waits for it. With `input`, that text is written to its stdin, which
  /// is then closed; without, stdin is this process's.
  public static func run(
    _ arguments: [String], executable: URL? = nil, in directory: URL? = nil,
    environment changes: [String: String?] = [:], input: String? = nil
  ) throws -> ExecutableRun {
    let process = Process()
    process.executableURL = try executable ?? BuiltExecutable.lookahead()
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? SharedDatasets.repositoryRoot
    var environment = ProcessInfo.processInfo.environment
    environment["LOOKAHEAD_SHARED_DATASETS"] = SharedDatasets.root.path
    for (name, value) in changes { environment[name] = value }
    process.environment = environment
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let stdin = input.map { _ in Pipe() }
    if let stdin { process.standardInput = stdin }
    try process.run()
    if let stdin, let input {
      stdin.fileHandleForWriting.write(Data(input.utf8))
      try stdin.fileHandleForWriting.close()
    }
    // Both pipes are drained at once (stderr on another thread) before waiting, so a child that
    // writes much to either cannot block on a full pipe.
    let stderr = Drained()
    let drained = DispatchGroup()
    DispatchQueue.global().async(group: drained) { stderr.data = err.fileHandleForReading.readDataToEndOfFile() }
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    drained.wait()
    process.waitUntilExit()
    return ExecutableRun(status: process.terminationStatus, stdout: stdout, stderr: String(decoding: stderr.data, as: UTF8.self))
  }

  /// What the stderr thread read; written once by it, read after the group's wait.
  private final class Drained: @unchecked Sendable {
    var data = Data()
  }
}
