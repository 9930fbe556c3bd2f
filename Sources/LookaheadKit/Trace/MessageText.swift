import Foundation

/// Text from a file or the system, made safe to print in an error message.
///
/// Error messages quote what was wrong (`'abc' is not a number`), and what was wrong can be
/// anything: terminal escape sequences that would recolour or rewrite the user's screen, or a
/// 200 MB field that would make a 200 MB message. Every message the workbench prints goes
/// through ``bounded(_:)``: control characters are shown as `\u{1B}`-style escapes, and a text
/// longer than ``maximumCharacters`` keeps its start and its end (where the "expected …" part of a
/// message is) with a note of how much was left out.
public enum MessageText {
  /// The longest message printed whole, characters.
  public static let maximumCharacters = 600

  /// `text` with control characters escaped and, past ``maximumCharacters``, its middle left out.
  public static func bounded(_ text: String) -> String {
    let escaped = escapingControlCharacters(text)
    let count = escaped.count
    guard count > maximumCharacters else { return escaped }
    // Head, tail and note stay well under the maximum, so bounding twice changes nothing.
    let head = escaped.prefix(maximumCharacters / 2)
    let tail = escaped.suffix(maximumCharacters / 4)
    return head + " … [\(count - head.count - tail.count) of \(count) characters left out] … " + tail
  }

  /// `text` with C0 and C1 control characters and DEL (ESC among them), and bidirectional
  /// controls, written as `\u{XX}`; tab and newline are kept only when `keepingLayout`.
  public static func escapingControlCharacters(_ text: String, keepingLayout: Bool = true) -> String {
    guard text.unicodeScalars.contains(where: { isControl($0) && !(keepingLayout && ($0 == "\n" || $0 == "\t")) }) else {
      return text
    }
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      if isControl(scalar), !(keepingLayout && (scalar == "\n" || scalar == "\t")) {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// C0, DEL and C1, and the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
  /// U+2066–U+2069), which reorder the rest of a line on screen: a writer name holding U+202E
  /// printed the message after it backwards (found trying the CLI from outside).
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
      || (0x2066...0x2069).contains(scalar.value)
  }

  /// What to tell a user about `error`: a Foundation file error (a read or write the system
  /// refused) as its path and reason instead of a raw `NSError` dump, anything else by its own
  /// description; always ``bounded(_:)``.
  public static func describe(_ error: any Error) -> String {
    bounded(fileSystemDescription(error) ?? "\(error)")
  }

  /// `PATH: reason` for a Foundation file error or a POSIX error; nil for other errors.
  public static func fileSystemDescription(_ error: any Error) -> String? {
    let ns = error as NSError
    guard ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain else { return nil }
    var reason = ns.localizedDescription
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      reason = String(cString: strerror(Int32(underlying.code)))
    } else if ns.domain == NSPOSIXErrorDomain {
      reason = String(cString: strerror(Int32(ns.code)))
    }
    let path = ns.userInfo[NSFilePathErrorKey] as? String ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path
    return path.map { "\($0): \(reason)" } ?? reason
  }
}
