import Foundation

/// The recorder page (`recorder.html` beside this file): one self-contained HTML file that records
/// pointer input in a browser and saves a ``BrowserRecording`` session file. It is compiled into
/// the library (SwiftPM `embedInCode`), so `lookahead recorder` works from an installed binary
/// with no resource bundle beside it.
public enum RecorderPage {
  /// The page's bytes, UTF-8 HTML.
  public static var html: Data { Data(PackageResources.recorder_html) }
}
