import ArgumentParser
import Foundation
import LookaheadKit

/// `lookahead recorder`: the recorder page, written to a file or served on 127.0.0.1
/// (`Docs/Recorder.md`).
struct RecorderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "recorder",
    abstract: "Write out (or serve on 127.0.0.1) the browser page that records your own pen and touch traces.",
    discussion: "The page records every coalesced and predicted pointer event, the display's frame times and the "
      + "screen's scale, and saves one JSON session file, which every command reads like a dataset (format "
      + "browser-recording). `lookahead datasets profile FILE` makes a device profile from it. Docs/Recorder.md "
      + "says how to record on an iPad, an Android tablet or a desktop browser.")

  @OptionGroup var output: OutputOption<RecorderPageFile>
  @OptionGroup var force: ForceOption

  @Option(help: ArgumentHelp("Serve the page at http://127.0.0.1:PORT/ until stopped (0: any free port).", valueName: "port"))
  var serve: Int?

  func validate() throws {
    guard (output.path == nil) != (serve == nil) else { throw ValidationError("give one of --output FILE or --serve PORT") }
  }

  func run() throws {
    try runCommand {
      if let path = output.path, let url = output.url {
        try force.write(RecorderPage.html, to: url)
        print("wrote \(path): open it in a browser, record, then Save session")
        return
      }
      let server: LoopbackPageServer
      do {
        server = try LoopbackPageServer(page: RecorderPage.html, port: serve ?? 0)
      } catch let failure as LoopbackPageServer.Failure {
        FileHandle.standardError.write(Data("error: \(failure.description)\n".utf8))
        throw ExitCode(1)
      }
      // Written unbuffered: a script reading the port must see it at once.
      try FileHandle.standardOutput.write(contentsOf: Data("serving the recorder at http://127.0.0.1:\(server.port)/ (Ctrl-C to stop)\n".utf8))
      server.serveForever()
    }
  }
}

/// `recorder -o`: the page.
enum RecorderPageFile: OutputFileKind {
  static let help = "Write the page to this HTML file."
}
