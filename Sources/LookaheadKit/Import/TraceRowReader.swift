/// The data rows of a trace file (``TraceFileReader``), one line at a time, parsed from bytes in
/// place.
///
/// Keeps the stroke being read apart from the finished ones so that appending a sample touches
/// no other stroke. Each check and message is the one the format has always had (see
/// ``TraceFileFormat``): records in order, samples before a stroke's updates and predictions,
/// indices consecutive, times within ``TraceTimeLimit`` and not going backwards, positions (of
/// samples and of recorded predictions, which `--predictor recorded` scores alike) within
/// ``TracePositionLimit``.
///
/// The reader borrows the file's bytes and a buffer for one row's cell ranges: it lives inside
/// the `withUnsafeBytes` of the file's data (``TraceFileReader/parse(_:file:)``), and the cells of
/// a row are found in one pass over its bytes into that fixed buffer (no array grows per row).
/// A class, so that its helpers share it rather than copy it (as a struct, 304 bytes were copied
/// a dozen times a row).
final class TraceRowReader {
  private let file: String
  private let bytes: UnsafeBufferPointer<UInt8>
  /// The cells of the row being read; holds `columnCount` ranges.
  private let fields: UnsafeMutableBufferPointer<Range<Int>>
  private let version: Int
  private let columnCount: Int
  private var finished: [Stroke] = []
  /// The stroke being read (meaningful once `started`): a stored value rather than an optional,
  /// so that reading and appending to it work in place (through an optional, each access copied
  /// the whole `Stroke`: measured 12 copies a row).
  private var current = Stroke(samples: [])
  private var started = false
  /// 1-based line being read, for errors.
  private var lineNumber = 0
  /// The current stroke's first row: its line and its writer, origin and pointer-type cells,
  /// which every later row of the stroke repeats (``requireStrokeCells()``).
  private var firstLine = 0
  private var firstWriter = 0..<0, firstOrigin = 0..<0, firstPointerType = 0..<0
  /// The first row's writer, origin and pointer type as one span (they are the last columns).
  private var firstTail = 0..<0

  /// Column positions, fixed by the format version (``TraceFileFormat/columns(version:)``).
  private let record = 0, stroke = 1, index = 2, t = 3, x = 4, y = 5, pressure = 6, altitude = 7,
    azimuth = 8, phase = 9, estimated = 10, property = 11, value = 12, estimatedValue = 13,
    arrivalT = 14, writer = 15, origin = 16, pointerType = 17
  private let columns: [String]

  /// `fields` must hold `columns.count` ranges, and both it and `bytes` outlive the reader.
  init(file: String, bytes: UnsafeBufferPointer<UInt8>, fields: UnsafeMutableBufferPointer<Range<Int>>, version: Int, columns: [String]) {
    precondition(columns.starts(with: ["record", "stroke", "index", "t", "x", "y", "pressure", "altitude",
      "azimuth", "phase", "estimated", "property", "value", "estimated_value", "arrival_t", "writer", "origin"]))
    precondition(fields.count == columns.count)
    self.file = file
    self.bytes = bytes
    self.fields = fields
    self.version = version
    self.columns = columns
    self.columnCount = columns.count
  }

  /// Every stroke read, in file order.
  func finish() -> [Stroke] {
    if started { finished.append(Self.compacted(current)) }
    started = false
    return finished
  }

  /// `stroke` with its samples in an array of exactly their count: appending one row at a time
  /// leaves up to twice the capacity needed (measured: 1.6× the samples' own size over a whole
  /// corpus), and a loaded corpus should hold no more than its samples.
  private static func compacted(_ stroke: Stroke) -> Stroke {
    guard stroke.samples.capacity > stroke.samples.count + stroke.samples.count / 8 else { return stroke }
    var copy = stroke
    copy.samples = stroke.samples.withUnsafeBufferPointer { Array($0) }
    return copy
  }

  private func fail(_ column: Int?, _ problem: String) -> TraceInputError {
    TraceInputError(file: file, location: .line(lineNumber), field: column.map { columns[$0] }, problem: problem)
  }

  private func cell(_ column: Int) -> String { String(decoding: bytes[fields[column]], as: UTF8.self) }

  /// Splits `line` at commas into ``fields``; the number of cells found (all of them, even past
  /// the buffer, for the error message).
  private func split(_ line: Range<Int>) -> Int {
    var count = 0
    var start = line.lowerBound
    var index = line.lowerBound
    let end = line.upperBound
    while index < end {
      if bytes[index] == UInt8(ascii: ",") {
        if count < columnCount { fields[count] = start..<index }
        count += 1
        start = index + 1
      }
      index += 1
    }
    if count < columnCount { fields[count] = start..<end }
    return count + 1
  }

  /// Whether cell `column` is the ASCII text `word`.
  private func equals(_ column: Int, _ word: StaticString) -> Bool {
    let range = fields[column]
    let count = word.utf8CodeUnitCount
    guard range.count == count else { return false }
    let start = word.utf8Start
    for offset in 0..<count where bytes[range.lowerBound + offset] != start[offset] { return false }
    return true
  }

  /// Reads the line `line` (a byte range of the file, without its line ending), the file's
  /// line `number` (1-based).
  func read(line: Range<Int>, number: Int) throws {
    lineNumber = number
    let found = split(line)
    guard found == columnCount else {
      throw fail(nil, "expected \(columnCount) columns, found \(found) (file truncated?)")
    }
    let kind: TraceFileFormat.Record
    if equals(record, "sample") {
      kind = .sample
    } else if equals(record, "update") {
      kind = .update
    } else if equals(record, "prediction") {
      kind = .prediction
    } else {
      throw fail(record, "'\(cell(record))' is not one of sample, update, prediction")
    }
    let strokeIndex = try integer(stroke)
    let sampleIndex = try integer(index)
    let startedCount = finished.count + (started ? 1 : 0)
    if strokeIndex == startedCount {
      guard kind == .sample else { throw fail(stroke, "stroke \(strokeIndex) must start with its samples") }
      try startStroke()
    } else if strokeIndex != startedCount - 1 {
      throw fail(stroke, "stroke \(strokeIndex) out of order; expected \(startedCount - 1) or \(startedCount)")
    } else {
      try requireStrokeCells()
    }
    switch kind {
    case .sample:
      guard current.lateUpdates.isEmpty, current.recordedPredictions.isEmpty else {
        throw fail(record, "samples must come before a stroke's updates and predictions")
      }
      guard sampleIndex == current.samples.count else {
        throw fail(index, "expected sample index \(current.samples.count), found \(sampleIndex)")
      }
      let time = try time(t)
      if let previous = current.samples.last, time < previous.time {
        throw fail(t, "time goes backwards (\(time) after \(previous.time))")
      }
      let samplePhase: StrokePhase
      if equals(phase, "move") {
        samplePhase = .move
      } else if equals(phase, "down") {
        samplePhase = .down
      } else if equals(phase, "up") {
        samplePhase = .up
      } else if equals(phase, "hover") {
        samplePhase = .hover
      } else {
        throw fail(phase, "'\(cell(phase))' is not one of down, move, up, hover")
      }
      guard let estimatedBits = try smallInteger(estimated).flatMap(UInt8.init(exactly:)) else {
        throw fail(estimated, "'\(cell(estimated))' is not a bitmask 0…255")
      }
      let sample = TraceSample(
        time: time, x: try position(x), y: try position(y), pressure: try optionalReal(pressure),
        altitude: try optionalReal(altitude), azimuth: try optionalReal(azimuth),
        phase: samplePhase, estimated: EstimatedProperties(rawValue: estimatedBits))
      current.samples.append(sample)
    case .update:
      guard sampleIndex < current.samples.count else {
        throw fail(index, "update refers to sample \(sampleIndex), which does not exist")
      }
      guard let named = LatePropertyUpdate.Property(rawValue: cell(property)) else {
        throw fail(property, "'\(cell(property))' is not one of pressure, altitude, azimuth")
      }
      current.lateUpdates.append(LatePropertyUpdate(
        sampleIndex: sampleIndex, property: named, estimatedValue: try real(estimatedValue),
        finalValue: try real(value), arrivalTime: try time(arrivalT)))
    case .prediction:
      guard sampleIndex < current.samples.count else {
        throw fail(index, "prediction anchored at sample \(sampleIndex), which does not exist")
      }
      current.recordedPredictions.append(RecordedPrediction(
        anchorIndex: sampleIndex, time: try time(t), x: try position(x), y: try position(y),
        pressure: try optionalReal(pressure)))
    }
  }

  /// Begins a stroke from its first sample row's writer, origin and pointer type.
  private func startStroke() throws {
    let writerName = try text(writer), originName = try text(origin)
    let type = version >= 2 ? try pointer(pointerType) : .unknown
    if started { finished.append(Self.compacted(current)) }
    started = true
    current = Stroke(
      writer: writerName.isEmpty ? nil : writerName, origin: originName.isEmpty ? nil : originName, samples: [],
      pointerType: type)
    firstLine = lineNumber
    firstWriter = fields[writer]
    firstOrigin = fields[origin]
    if version >= 2 { firstPointerType = fields[pointerType] }
    firstTail = fields[writer].lowerBound..<fields[columnCount - 1].upperBound
  }

  /// Checks that a later row of the stroke repeats the writer, origin and pointer type of its
  /// first row: the format writes them on every row, but they belong to the stroke, and a row
  /// that disagreed (or could not be read at all) used to be taken without a word.
  private func requireStrokeCells() throws {
    // Nearly every row repeats the first row's bytes. The three are the row's last columns, so one
    // comparison of that span settles it; each cell is looked at only when the span differs (a
    // comparison per cell cost the trace reader 13 % of its speed, measured with bench readers).
    if sameBytes(fields[writer].lowerBound..<fields[columnCount - 1].upperBound, firstTail) { return }
    try requireSame(writer, as: firstWriter)
    try requireSame(origin, as: firstOrigin)
    if version >= 2 { try requireSame(pointerType, as: firstPointerType) }
  }

  /// Whether the two cells hold the same bytes.
  @inline(__always)
  private func sameBytes(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
    guard a.count == b.count else { return false }
    guard let base = UnsafeRawPointer(bytes.baseAddress) else { return true }
    var p = base + a.lowerBound, q = base + b.lowerBound
    var left = a.count
    // Eight bytes at a time: a writer name is a dozen bytes, compared on every row.
    while left >= 8 {
      if p.loadUnaligned(as: UInt64.self) != q.loadUnaligned(as: UInt64.self) { return false }
      p += 8
      q += 8
      left -= 8
    }
    while left > 0 {
      if p.load(as: UInt8.self) != q.load(as: UInt8.self) { return false }
      p += 1
      q += 1
      left -= 1
    }
    return true
  }

  /// Cell `column` holds what `first` (that cell on the stroke's first row) holds: the same bytes,
  /// or failing that the same value written another way (an escape where none was needed).
  private func requireSame(_ column: Int, as first: Range<Int>) throws {
    if sameBytes(fields[column], first) { return }
    let given = column == pointerType ? try pointer(column).rawValue : try text(column)
    let firstText = String(decoding: bytes[first], as: UTF8.self)
    let expected = column == pointerType ? firstText : TraceFileFormat.unescape(Substring(firstText)) ?? firstText
    guard given != expected else { return }
    throw fail(column, "'\(cell(column))' differs from the stroke's first row (line \(firstLine): '\(firstText)'); "
      + "every row of a stroke carries the stroke's \(columns[column])")
  }

  /// Cell `column` (writer or origin) unescaped.
  private func text(_ column: Int) throws -> String {
    guard let value = TraceFileFormat.unescape(Substring(cell(column))) else {
      throw fail(column, "'\(cell(column))' has a bad %-escape (only %25 %2C %23 %3D %22 %0D %0A)")
    }
    return value
  }

  /// Cell `column` as a pointer type.
  private func pointer(_ column: Int) throws -> PointerType {
    guard let named = PointerType(rawValue: cell(column)) else {
      throw fail(column, "'\(cell(column))' is not one of " + PointerType.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return named
  }

  /// A cell of 1–18 plain digits, read in place; anything else (a sign, spaces, more digits) as
  /// `Int(String)` reads it, so that odd but valid text keeps its old meaning.
  private func smallInteger(_ column: Int) -> Int? {
    let range = fields[column]
    if range.count > 0, range.count <= 18 {
      var value = 0
      var index = range.lowerBound
      while index < range.upperBound {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return Int(cell(column)) }
        value = value * 10 + Int(digit)
        index += 1
      }
      return value
    }
    return Int(cell(column))
  }

  private func integer(_ column: Int) throws -> Int {
    guard let value = smallInteger(column), value >= 0 else {
      throw fail(column, "'\(cell(column))' is not a non-negative integer")
    }
    return value
  }

  private func real(_ column: Int) throws -> Double {
    guard let value = DecimalText.double(bytes, fields[column]) ?? Double(cell(column)) else {
      throw fail(column, "'\(cell(column))' is not a number")
    }
    guard value.isFinite else { throw fail(column, "\(cell(column)) is not finite") }
    return value
  }

  private func optionalReal(_ column: Int) throws -> Double? {
    fields[column].isEmpty ? nil : try real(column)
  }

  private func position(_ column: Int) throws -> Double {
    let value = try real(column)
    guard TracePositionLimit.accepts(value) else { throw fail(column, TracePositionLimit.problem(value)) }
    return value
  }

  private func time(_ column: Int) throws -> Double {
    let value = try real(column)
    guard TraceTimeLimit.accepts(value) else { throw fail(column, TraceTimeLimit.problem(value)) }
    return value
  }
}
