import Crypto
import Foundation

/// SHA-256 (NIST FIPS 180-4) of a file's bytes, for provenance: result files record the checksum
/// of every dataset file they read, and the shared datasets' `MANIFEST.sha256` lists the same
/// digests, so a copy can be verified against it.
///
/// Computed by swift-crypto (BoringSSL's SHA-256 on Linux), a maintained implementation about an
/// order of magnitude faster than the one written out here before. A file's digest is taken
/// while it is read for import (``DataFileReader``) and kept by ``FileDigestCache``, so that the
/// provenance of a dataset just loaded costs a `stat` per file rather than a second read.
public enum FileDigest {
  /// The lower-case hex SHA-256 of `bytes`.
  public static func sha256Hex(_ bytes: Data) -> String {
    hex(Crypto.SHA256.hash(data: bytes))
  }

  /// The lower-case hex SHA-256 of the file at `url`: the digest remembered for it when it has
  /// not changed since (same size, modification time and inode), else read and hashed now.
  public static func sha256Hex(fileAt url: URL) throws -> String {
    if let identity = FileIdentity(url), let digest = FileDigestCache.shared.digest(of: url, identity: identity) {
      return digest
    }
    let data = try DataFileReader.read(url)
    // Remembered by the read unless the file changed meanwhile; then the digest of what was read.
    return FileDigestCache.shared.digest(of: url, identity: FileIdentity(url)) ?? sha256Hex(data)
  }

  private static func hex(_ digest: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(64)
    for byte in digest {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
