import Foundation
import LookaheadRuntime
import Testing

@Suite("Model file envelope")
struct ModelFileEnvelopeTests {
  /// Golden values from Python: `zlib.crc32(b"123456789")` is 0xcbf43926 (the standard CRC-32
  /// check value) and `zlib.crc32(b'{"a":1}')` is 0x561bacaf.
  @Test("CRC-32 matches zlib on known inputs")
  func crcGolden() {
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(CRC32.checksum(Array("{\"a\":1}".utf8)) == 0x561B_ACAF)
    #expect(CRC32.checksum([UInt8]()) == 0)
  }

  @Test("wrap then unwrap gives the body back, and the header is as documented")
  func roundTrip() throws {
    let body = Data("{\"a\":1}".utf8)
    let file = ModelFileEnvelope.wrap(body: body)
    #expect(String(decoding: file, as: UTF8.self) == "lookahead-model 1 crc32=561bacaf\n{\"a\":1}")
    #expect(try ModelFileEnvelope.unwrap(file) == body)
  }

  @Test("a changed byte, a wrong version and a foreign file are refused with their reason")
  func refusals() {
    var damaged = ModelFileEnvelope.wrap(body: Data("{\"a\":1}".utf8))
    damaged[damaged.count - 2] = UInt8(ascii: "2")
    #expect(throws: ModelFileError.checksumMismatch(expected: 0x561B_ACAF, actual: CRC32.checksum(Array("{\"a\":2}".utf8)))) {
      try ModelFileEnvelope.unwrap(damaged)
    }
    #expect(throws: ModelFileError.unsupportedVersion(found: 7, supported: 6)) {
      try ModelFileEnvelope.unwrap(Data("lookahead-model 7 crc32=00000000\n{}".utf8))
    }
    #expect(throws: ModelFileError.notAModelFile) { try ModelFileEnvelope.unwrap(Data("{\"a\":1}".utf8)) }
    #expect(throws: ModelFileError.notAModelFile) { try ModelFileEnvelope.unwrap(Data()) }
  }
}
