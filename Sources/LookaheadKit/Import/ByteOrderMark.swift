import Foundation

/// The UTF-8 byte-order mark (EF BB BF, U+FEFF) that Excel and Windows Notepad put at the start of
/// a file saved as "UTF-8". It is not part of the text: kept, it made the first header cell
/// `\u{FEFF}time` (a mapped column "not in the header"), the first number `\u{FEFF}1000.0` ("not a
/// finite decimal number") and a trace file's first line not `# lookahead-trace: …`. The byte
/// readers skip it (``ByteLines``), as does format detection; a mapping file already loses it
/// where Foundation decodes it (`String(data:encoding:)`), and JSON where `JSONSerialization` does.
enum ByteOrderMark {
  /// The number of bytes a UTF-8 byte-order mark takes at the start of `bytes`: 3, or 0 if there
  /// is none.
  static func length(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
  }

  /// ``length(_:)`` of `data`'s bytes.
  static func length(of data: Data) -> Int {
    data.withUnsafeBytes { length($0.bindMemory(to: UInt8.self)) }
  }
}
