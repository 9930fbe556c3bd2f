import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What tells one version of a file from another without reading it: device, inode, size and
/// modification time (to the nanosecond where the file system keeps it), as `stat(2)` gives them.
/// The key under which ``FileDigestCache`` remembers a digest; a file rewritten in place changes
/// its size or modification time, and one replaced by another changes its inode.
struct FileIdentity: Hashable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modifiedSeconds: Int64
  var modifiedNanoseconds: Int64

  /// The identity of the file at `url` (links followed), or `nil` if it cannot be stat'ed.
  init?(_ url: URL) {
    var status = stat()
    guard stat(url.path, &status) == 0 else { return nil }
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    #if canImport(Darwin)
      modifiedSeconds = Int64(status.st_mtimespec.tv_sec)
      modifiedNanoseconds = Int64(status.st_mtimespec.tv_nsec)
    #else
      modifiedSeconds = Int64(status.st_mtim.tv_sec)
      modifiedNanoseconds = Int64(status.st_mtim.tv_nsec)
    #endif
  }
}
