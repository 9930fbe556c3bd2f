import Foundation

/// `lookahead datasets convert`: loads any reference the registry understands and writes it in
/// Lookahead's trace format, recording what produced it (command, version, input checksum).
public enum TraceConversion {
  /// Converts `reference` (dataset name, `NAME:SUBSET`, file or folder) to a trace file at
  /// `output`. Refuses to replace an existing file unless `overwrite`. Returns the written trace.
  @discardableResult
  public static func convert(
    _ reference: String, to output: URL, format: TraceSourceFormat? = nil, dataDirectory: URL? = nil,
    options: ImportOptions = ImportOptions(), overwrite: Bool = false, commandLine: String? = nil
  ) throws -> Trace {
    try ResultFile.checkWritable(output, force: overwrite)
    var trace = try DatasetRegistry.load(reference, dataDirectory: dataDirectory, format: format, options: options)
    trace.metadata.notes["converted_from"] = reference
    trace.metadata.notes["converted_by"] = "lookahead \(LookaheadVersion.string)" + (commandLine.map { ": \($0)" } ?? "")
    trace.metadata.notes["input_sha256"] = try DatasetRegistry.fingerprint(of: reference, dataDirectory: dataDirectory)
    try TraceFileWriter.write(trace, to: output, overwrite: overwrite)
    return trace
  }
}

extension DatasetRegistry {
  /// One SHA-256 over the reference's files: the digest of its ``checksums(of:dataDirectory:)``
  /// written as `MANIFEST.sha256` lines (`<digest>  <relative path>\n`, in load order). A
  /// reference that is one file is written by its file name, as before checksums recorded the
  /// path it is named by, so the digest does not depend on how the path was spelled.
  public static func fingerprint(of reference: String, dataDirectory: URL? = nil) throws -> String {
    let sums = try checksums(of: reference, dataDirectory: dataDirectory)
    let single = sums.count == 1 && ResultProvenance.Dataset.names(reference, file: sums[0].path)
    let lines = sums.map { "\($0.sha256)  \(single ? URL(fileURLWithPath: $0.path).lastPathComponent : $0.path)\n" }
    return FileDigest.sha256Hex(Data(lines.joined().utf8))
  }
}
