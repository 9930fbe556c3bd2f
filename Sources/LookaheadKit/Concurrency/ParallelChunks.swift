import Dispatch
import Foundation

/// Splits `0..<count` into `parts` contiguous chunks, runs `body` on each chunk on its own core,
/// and returns the results **in chunk order**, so that a reduction over them is deterministic
/// whatever the scheduling.
///
/// This is the one place where the workbench goes parallel (evaluation across strokes, training
/// accumulation across rows); everything inside a chunk runs sequentially.
public func parallelChunks<Result: Sendable>(
  count: Int, parts: Int, _ body: @Sendable (Range<Int>) -> Result
) -> [Result] {
  let partCount = max(1, min(parts, count))
  if partCount == 1 { return [body(0..<count)] }
  let slots = UnsafeMutableBufferPointer<Result?>.allocate(capacity: partCount)
  slots.initialize(repeating: nil)
  defer { slots.deinitialize(); slots.deallocate() }
  // Each iteration writes only its own slot, so the unchecked sharing is race-free.
  nonisolated(unsafe) let base = slots.baseAddress!
  DispatchQueue.concurrentPerform(iterations: partCount) { part in
    let start = count * part / partCount
    let end = count * (part + 1) / partCount
    (base + part).pointee = body(start..<end)
  }
  return slots.map { $0! }
}

/// The number of cores to use by default: all that are active.
public var availableCoreCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
