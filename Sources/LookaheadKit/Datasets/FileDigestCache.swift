import Foundation

/// The SHA-256 of each file read in this process, remembered with the file's ``FileIdentity`` so
/// that a file read again unchanged (a dataset loaded, then hashed for provenance; the same
/// dataset named twice; a tune that loads its test data after its training data) is not hashed
/// again.
///
/// The one piece of shared mutable state in the loader, guarded by a lock: it only ever holds
/// digests of bytes actually read, each under the identity the file had before and after the
/// read, so a stale entry can only be returned for a file rewritten with the same size, inode and
/// nanosecond modification time.
final class FileDigestCache: @unchecked Sendable {
  static let shared = FileDigestCache()

  private var entries: [String: (identity: FileIdentity, digest: String)] = [:]
  private let lock = NSLock()

  /// The digest remembered for `url` if its identity is still `identity`.
  func digest(of url: URL, identity: FileIdentity?) -> String? {
    guard let identity else { return nil }
    lock.lock()
    defer { lock.unlock() }
    guard let entry = entries[url.standardizedFileURL.path], entry.identity == identity else { return nil }
    return entry.digest
  }

  /// Remembers `digest` for `url` as it was when its identity was `identity`.
  func remember(_ digest: String, of url: URL, identity: FileIdentity) {
    lock.lock()
    entries[url.standardizedFileURL.path] = (identity, digest)
    lock.unlock()
  }
}
