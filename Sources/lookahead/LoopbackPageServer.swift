import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny HTTP/1.0 server that answers `GET /` with one page, on 127.0.0.1 only, one connection
/// at a time: enough for a browser on this machine to open the recorder page over `http://`
/// (some browsers restrict pages opened from `file://`). Listening on the loopback address alone
/// keeps the page off the network; a tablet needs the page copied to it or hosted elsewhere
/// (`Docs/Recorder.md`). Written on BSD sockets because Foundation on Linux offers no server.
struct LoopbackPageServer {
  /// A socket call that failed, with the reason from `errno`.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let page: Data
  private let listener: Int32
  /// The port listened on (the one the system chose, when 0 was asked for).
  let port: Int

  /// Binds 127.0.0.1:`port` (0: any free port) and starts listening.
  init(page: Data, port: Int) throws {
    guard (0...65535).contains(port) else { throw Failure(description: "--serve: port \(port) is not 0…65535") }
    self.page = page
    #if canImport(Glibc)
      let streamType = Int32(SOCK_STREAM.rawValue)
    #else
      let streamType = SOCK_STREAM
    #endif
    let socketDescriptor = socket(AF_INET, streamType, 0)
    guard socketDescriptor >= 0 else { throw Failure(description: "cannot open a socket: \(String(cString: strerror(errno)))") }
    var reuse: Int32 = 1
    setsockopt(socketDescriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port)).bigEndian
    address.sin_addr = in_addr(s_addr: in_addr_t(0x7F00_0001).bigEndian)  // 127.0.0.1
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(socketDescriptor, 8) == 0 else {
      let reason = String(cString: strerror(errno))
      close(socketDescriptor)
      throw Failure(description: "cannot listen on 127.0.0.1:\(port): \(reason)")
    }
    var boundAddress = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &boundAddress) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketDescriptor, $0, &length) }
    }
    listener = socketDescriptor
    self.port = Int(UInt16(bigEndian: boundAddress.sin_port))
  }

  /// Answers requests until the process is stopped.
  func serveForever() -> Never {
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { continue }
      respond(on: connection)
      close(connection)
    }
  }

  /// Reads the request head (a silent client is dropped after 5 s) and answers it.
  private func respond(on connection: Int32) {
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var request = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while request.count < 16384 {
      let count = read(connection, &buffer, buffer.count)
      guard count > 0 else { break }
      request += buffer[0..<count]
      if request.count >= 4, request.suffix(4) == [13, 10, 13, 10] { break }
    }
    let requestLine = String(decoding: request.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self).split(separator: " ")
    let method = requestLine.first.map(String.init) ?? ""
    let path = requestLine.count > 1 ? String(requestLine[1]) : ""
    let response: (status: String, type: String, body: Data)
    if method != "GET", method != "HEAD" {
      response = ("405 Method Not Allowed", "text/plain", Data("only GET\n".utf8))
    } else if ["/", "/index.html", "/recorder.html"].contains(path.split(separator: "?").first.map(String.init) ?? path) {
      response = ("200 OK", "text/html; charset=utf-8", page)
    } else {
      response = ("404 Not Found", "text/plain", Data("not found; the recorder is at /\n".utf8))
    }
    let head = "HTTP/1.0 \(response.status)\r\nContent-Type: \(response.type)\r\nContent-Length: \(response.body.count)\r\n"
      + "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
    send(Data(head.utf8) + (method == "HEAD" ? Data() : response.body), on: connection)
  }

  private func send(_ data: Data, on connection: Int32) {
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      var offset = 0
      while offset < bytes.count {
        let written = write(connection, bytes.baseAddress! + offset, bytes.count - offset)
        guard written > 0 else { return }
        offset += written
      }
    }
  }
}
