import Foundation

/// Reads a data file's bytes for an importer or the trace reader, taking its SHA-256 for
/// provenance while the bytes are in memory, unless ``FileDigestCache`` already holds the digest
/// of this very version of the file.
///
/// One read of the disk serves both the import and the checksum that result files record
/// (``DatasetRegistry/checksums(of:dataDirectory:)``), which used to read every file a second
/// time. The digest is remembered only when the file's identity is the same before and after the
/// read, so a file that changes underneath is never recorded with bytes it no longer has.
enum DataFileReader {
  static func read(_ url: URL) throws -> Data {
    let before = FileIdentity(url)
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw TraceInputError(file: url.path, location: .file, problem: "cannot be read (\(error.localizedDescription))")
    }
    if let before, FileDigestCache.shared.digest(of: url, identity: before) == nil {
      let digest = FileDigest.sha256Hex(data)
      if let after = FileIdentity(url), after == before, after.size == Int64(data.count) {
        FileDigestCache.shared.remember(digest, of: url, identity: after)
      }
    }
    return data
  }
}
