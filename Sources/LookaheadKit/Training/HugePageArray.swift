#if canImport(Glibc)
  import Glibc
#endif

/// Large arrays read in random order (the training rows a shuffled batch gathers) on transparent
/// huge pages where the kernel offers them on request (`/sys/kernel/mm/transparent_hugepage/enabled`
/// set to `madvise`, as on the development machine, or `always`): a row read at random then costs a
/// cache miss, not also a TLB miss, because 2 MiB pages cover 512 times more rows per TLB entry than
/// 4 KiB ones.
/// Only the memory's mapping changes, never a value, so training gives the same bits either way.
enum HugePageArray {
  /// The smallest array worth advising: a few huge pages.
  static let minimumBytes = 8 << 20

  /// An array of `count` values advised onto huge pages before any of its memory is touched
  /// (advice given after the pages exist only helps once the kernel's background collapsing gets
  /// to them); `initialize` must initialise every element of the buffer it is given.
  static func make<Element>(count: Int, initialize: (UnsafeMutableBufferPointer<Element>) -> Void) -> [Element] {
    [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
      if let base = buffer.baseAddress {
        adviseHugePages(UnsafeMutableRawPointer(base), bytes: count * MemoryLayout<Element>.stride)
      }
      initialize(UnsafeMutableBufferPointer(rebasing: buffer[0..<count]))
      initialized = count
    }
  }

  /// `madvise(MADV_HUGEPAGE)` over the whole 2 MiB pages inside `[start, start + bytes)`; nothing
  /// where the system has no such advice or the region is small. A refusal is harmless (the pages
  /// stay small), so its result is not checked.
  private static func adviseHugePages(_ start: UnsafeMutableRawPointer, bytes: Int) {
    #if os(Linux)
      guard bytes >= minimumBytes else { return }
      let hugePage = 2 << 20
      let first = (Int(bitPattern: start) + hugePage - 1) / hugePage * hugePage
      let end = (Int(bitPattern: start) + bytes) / hugePage * hugePage
      guard end > first, let pointer = UnsafeMutableRawPointer(bitPattern: first) else { return }
      _ = madvise(pointer, end - first, MADV_HUGEPAGE)
    #endif
  }
}
