import Foundation
import Testing
import _LookaheadTestSupport

@testable import LookaheadKit

/// The azimuth every importer stores is in the trace's own frame (radians from +x towards +y, y
/// down; `Docs/TraceFormat.md`), so that "the pen's lean against the motion" means one thing on
/// every device (the MLP's pen inputs read it so).
@Suite("Importers put the azimuth in the trace's frame")
struct AzimuthFrameTests {
  @Test("SVC2004: Wintab's clockwise-from-+Y (up) becomes from +x towards +y (down), wrapped into [0, 2π)")
  func svcKnownAnswers() {
    let degree = Double.pi / 180
    #expect(SVC2004Importer.traceAzimuth(tenthsOfDegree: 900) == 0)  // east stays east
    #expect(abs(SVC2004Importer.traceAzimuth(tenthsOfDegree: 1800) - 90 * degree) < 1e-12)  // south: +y
    #expect(abs(SVC2004Importer.traceAzimuth(tenthsOfDegree: 0) - 270 * degree) < 1e-12)  // north: −y
    #expect(abs(SVC2004Importer.traceAzimuth(tenthsOfDegree: 1350) - 45 * degree) < 1e-12)
    #expect(abs(SVC2004Importer.traceAzimuth(tenthsOfDegree: 4500) - 0) < 1e-12)  // 450°: a full turn past east
    for extreme in [Int.min, Int.max, -1_000_000_007] {
      let azimuth = SVC2004Importer.traceAzimuth(tenthsOfDegree: extreme)
      #expect(azimuth >= 0 && azimuth < 2 * Double.pi, "\(extreme) → \(azimuth)")
    }
  }

  /// The circular mean of the pen-down azimuths of `trace`, radians in (−π, π].
  static func meanDirection(_ trace: Trace) -> Double {
    var sine = 0.0, cosine = 0.0
    for stroke in trace.strokes where !stroke.isHover {
      for sample in stroke.samples {
        guard let azimuth = sample.azimuth else { continue }
        sine += sin(azimuth)
        cosine += cos(azimuth)
      }
    }
    return atan2(sine, cosine)
  }

  static func angularDistance(_ a: Double, _ b: Double) -> Double {
    abs(atan2(sin(a - b), cos(a - b)))
  }

  /// The physical check behind both conventions: writers' hands put the pen's top at the same
  /// side of the tip, so each device's mean azimuth must lie near Inkable's (UIKit's own frame,
  /// 12–41° per file). Read as recorded, SVC's lay about 105° away.
  @Test("SVC2004 U29 and Wacom ID0002 point the pen's top where Inkable's writer does (within 45°)",
    .needsShared("SVC2004-Task2"), .needsShared("WacomMSP13-HandwritingSpeed"))
  func devicesAgree() throws {
    let inkableNames = ["events.json", "pencil-antigrain.json", "pencil-antigrain2.json", "pencil-error.json",
      "unknown-polyline-index.json"]
    let inkable = try InkableImporter().importTrace(
      files: try inkableNames.map { try SharedDatasets.file("Inkable-ApplePencil/Tests/InkableTests/\($0)") },
      options: ImportOptions())
    let reference = Self.meanDirection(inkable)
    #expect(reference > 0 && reference < Double.pi / 2, "Inkable's mean azimuth \(reference) rad")

    let svc = try SVC2004Importer().importTrace(
      files: try (1...40).map { try SharedDatasets.require("SVC2004-Task2/Task2/U29S\($0).TXT") }, options: ImportOptions())
    let wacom = try WacomMSP13Importer().importTrace(
      file: try SourceFigureTests.wacomCapture("ID0002"), options: ImportOptions())
    for (name, trace) in [("SVC2004 U29", svc), ("Wacom ID0002", wacom)] {
      let mean = Self.meanDirection(trace)
      #expect(Self.angularDistance(mean, reference) < Double.pi / 4,
        "\(name): mean azimuth \(mean * 180 / .pi)°, Inkable's \(reference * 180 / .pi)°")
    }
  }
}
