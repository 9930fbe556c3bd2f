#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The outer layer of a model file: a one-line header naming the format, its version and a
/// CRC-32 of the body, then the body, a JSON document (`Docs/ModelFormat.md`):
///
///     lookahead-model 1 crc32=1c291ca3
///     { …JSON… }
///
/// The checksum covers the body's exact bytes, so it does not depend on how any JSON library
/// formats numbers, and a file damaged in transit or edited by hand is refused before anything in
/// it is trusted.
package enum ModelFileEnvelope {
  package static let formatName = "lookahead-model"
  /// The newest version this runtime reads and writes. Version 2 is version 1 plus MLP ensembles
  /// (`additionalMembers`); version 3 is version 2 plus mirror-averaged MLPs (`mirrorAveraged`);
  /// version 4 is version 3 plus speed-normalised MLPs (`speedNormalized`); version 5 is version 4
  /// plus MLPs that re-time late-stamped reports (`lateReportFraction`); version 6 is version 5
  /// plus learned linear models that re-time them (`learnedLinear.lateReportFraction`).
  /// A file is written with the lowest version that holds it (``ModelFile/requiredVersion(for:)``),
  /// so an older runtime refuses a model it would predict wrongly (an ensemble with its first
  /// network alone, a mirror-averaged model without the mirror image, a speed-normalised one with
  /// inputs its networks were not trained on, a re-timing one without the re-timing), and every other file keeps
  /// its version, byte for byte as before.
  package static let version = 6
  /// The versions this runtime reads.
  package static let readableVersions = 1...version

  /// Wraps a JSON body in the header (`version`: the body's own).
  package static func wrap(body: Data, version: Int = 1) -> Data {
    let crc = String(CRC32.checksum(body), radix: 16)
    let padded = String(repeating: "0", count: 8 - crc.count) + crc
    var out = Data("\(formatName) \(version) crc32=\(padded)\n".utf8)
    out.append(body)
    return out
  }

  /// Checks the header and checksum and returns the JSON body.
  package static func unwrap(_ data: Data) throws(ModelFileError) -> Data {
    try unwrapWithVersion(data).body
  }

  /// Checks the header and checksum and returns the JSON body with the header's version.
  package static func unwrapWithVersion(_ data: Data) throws(ModelFileError) -> (body: Data, version: Int) {
    guard let newline = data.firstIndex(of: UInt8(ascii: "\n")) else { throw .notAModelFile }
    guard let header = String(data: data[data.startIndex..<newline], encoding: .utf8) else { throw .notAModelFile }
    let parts = header.split(separator: " ")
    guard parts.count == 3, parts[0] == formatName else { throw .notAModelFile }
    guard let found = Int(parts[1]) else { throw .notAModelFile }
    guard readableVersions.contains(found) else { throw .unsupportedVersion(found: found, supported: version) }
    guard parts[2].hasPrefix("crc32="), let expected = UInt32(parts[2].dropFirst(6), radix: 16) else {
      throw .notAModelFile
    }
    let body = data[data.index(after: newline)...]
    let actual = CRC32.checksum(body)
    guard actual == expected else { throw .checksumMismatch(expected: expected, actual: actual) }
    return (Data(body), found)
  }
}
