import LookaheadKit
import Testing

/// A tune journal of a one-file dataset (`tune … sub/rec.json`) written before the provenance
/// recorded such a file by its path (2f555d9) records it as `rec.json`; resuming it with the same
/// file was refused as "a different tune" though not a byte had changed. The header now reads a
/// bare file name as the same file when the name and the SHA-256 agree, and nothing else.
@Suite("a journal that records a one-file dataset by its name alone")
struct JournalFileNameResumeTests {
  static let digest = String(repeating: "ab", count: 32)

  static func header(path: String, sha256: String = digest) -> TuningJournal.Header {
    let file = ResultProvenance.File(path: path, sha256: sha256)
    let dataset = ResultProvenance.Dataset(reference: "sub/rec.json", source: "browser-recording", strokes: 1, files: [file])
    let provenance = ResultProvenance(
      commandLine: ["lookahead", "tune"], command: "tune", predictors: ["linear"], seed: 1, profile: nil,
      evaluationProtocol: "anchor", datasets: [dataset])
    return TuningJournal.Header(
      predictor: "linear", space: SearchSpace([.init(name: "stop-factor", lowerBound: 0, upperBound: 8)]),
      strategy: "lhs trials=3", seed: 1, objective: "error", provenance: provenance)
  }

  @Test("the same file by its name alone resumes; another name, another digest or another folder does not")
  func bareNameResumes() {
    let run = Self.header(path: "sub/rec.json")
    #expect(Self.header(path: "rec.json").resumes(run))
    #expect(run.resumes(run))
    #expect(!Self.header(path: "rec.json", sha256: String(repeating: "cd", count: 32)).resumes(run))
    #expect(!Self.header(path: "other.json").resumes(run))
    #expect(!Self.header(path: "elsewhere/rec.json").resumes(run))
    // Only the journal's older form is read generously: a journal with the path, resumed by a run
    // recording the bare name, is a different record.
    #expect(!run.resumes(Self.header(path: "rec.json")))
  }
}
