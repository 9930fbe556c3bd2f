import Foundation

/// Reads Lookahead's own trace file (``TraceFileFormat``) back into a ``Trace``, exactly as
/// ``TraceFileWriter`` wrote it. Every problem names the file, line and column.
public enum TraceFileReader {
  public static func read(contentsOf url: URL) throws -> Trace {
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw TraceInputError(file: url.path, location: .file, problem: "cannot be read (\(error.localizedDescription))")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw TraceInputError(file: url.path, location: .file, problem: "is not UTF-8 text")
    }
    return try parse(text, file: url.path)
  }

  public static func parse(_ text: String, file: String) throws -> Trace {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    guard let first = lines.first else {
      throw TraceInputError(file: file, location: .file, problem: "is empty; expected a Lookahead trace file")
    }
    guard first.hasPrefix("# lookahead-trace: ") else {
      throw TraceInputError(file: file, location: .line(1), problem: "does not start with '# lookahead-trace: VERSION'")
    }
    let versionText = first.dropFirst("# lookahead-trace: ".count)
    guard let version = Int(versionText) else {
      throw TraceInputError(file: file, location: .line(1), field: "version", problem: "'\(versionText)' is not a version number")
    }
    guard TraceFileFormat.readableVersions.contains(version) else {
      throw TraceInputError(file: file, location: .line(1), field: "version",
        problem: "version \(version) is not supported; this build reads versions "
          + "\(TraceFileFormat.readableVersions.lowerBound)–\(TraceFileFormat.readableVersions.upperBound)")
    }

    var header: [String: String] = [:]
    var cleaning = CleaningReport()
    var notes: [String: String] = [:]
    var lineIndex = 1
    func fail(_ field: String?, _ problem: String) -> TraceInputError {
      TraceInputError(file: file, location: .line(lineIndex + 1), field: field, problem: problem)
    }
    func keyValue(_ text: String, _ field: String) throws -> (String, Int) {
      guard let equals = text.lastIndex(of: "="), let count = Int(text[text.index(after: equals)...]),
        let key = TraceFileFormat.unescape(text[..<equals])
      else { throw fail(field, "expected NAME=COUNT") }
      return (key, count)
    }
    while lineIndex < lines.count, lines[lineIndex].hasPrefix("#") {
      let line = lines[lineIndex]
      guard let colon = line.firstIndex(of: ":") else { throw fail(nil, "metadata line needs 'key: value'") }
      let key = line[line.index(after: line.startIndex)..<colon].trimmingCharacters(in: .whitespaces)
      var rawValue = line[line.index(after: colon)...]
      if rawValue.first == " " { rawValue = rawValue.dropFirst() }
      guard let value = TraceFileFormat.unescape(rawValue) else { throw fail(key, "bad %-escape") }
      switch key {
      case "cleaning":
        let (rule, count) = try keyValue(String(rawValue), key)
        // A count is of rows, so never negative, and the report's sums must stay countable.
        guard count >= 0 else { throw fail(key, "count \(count) of '\(rule)' is negative") }
        guard !cleaning.total.addingReportingOverflow(count).overflow else {
          throw fail(key, "count \(count) of '\(rule)' makes the cleaning total pass \(Int.max)")
        }
        cleaning.add(rule, count)
      case "note":
        guard let equals = rawValue.firstIndex(of: "="),
          let noteKey = TraceFileFormat.unescape(rawValue[..<equals]),
          let noteValue = TraceFileFormat.unescape(rawValue[rawValue.index(after: equals)...])
        else { throw fail(key, "expected KEY=VALUE") }
        notes[noteKey] = noteValue
      default:
        header[key] = value
      }
      lineIndex += 1
    }

    func required(_ key: String) throws -> String {
      guard let value = header[key] else {
        throw TraceInputError(file: file, location: .file, field: key, problem: "metadata line '# \(key): …' is missing")
      }
      return value
    }
    func optionalNumber(_ key: String) throws -> Double? {
      let text = try required(key)
      if text == "unknown" { return nil }
      guard let value = Double(text), value.isFinite, value > 0 else {
        throw TraceInputError(file: file, location: .file, field: key, problem: "'\(text)' is not a positive number or 'unknown'")
      }
      return value
    }
    let metadata = TraceMetadata(
      source: try required("source"), device: try required("device"),
      digitizerRateHz: try optionalNumber("digitizer_rate_hz"),
      coordinateUnit: try required("coordinate_unit"),
      millimetresPerUnit: try optionalNumber("millimetres_per_unit"),
      licence: try required("licence"), recordedPredictor: header["recorded_predictor"],
      cleaning: cleaning, notes: notes)

    guard lineIndex < lines.count else { throw fail(nil, "the column header row is missing (file truncated?)") }
    let columns = TraceFileFormat.columns(version: version)
    let expectedHeader = columns.joined(separator: ",")
    guard lines[lineIndex] == expectedHeader else {
      throw fail(nil, "column header must be '\(expectedHeader)'")
    }
    lineIndex += 1

    var strokes: [Stroke] = []
    let columnIndex = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0) })
    while lineIndex < lines.count {
      let cells = lines[lineIndex].split(separator: ",", omittingEmptySubsequences: false)
      guard cells.count == columns.count else {
        throw fail(nil, "expected \(columns.count) columns, found \(cells.count) (file truncated?)")
      }
      // Every name asked for below is one of `columns`, and the row has exactly that many cells.
      func cell(_ name: String) -> Substring { columnIndex[name].map { cells[$0] } ?? "" }
      func integer(_ name: String) throws -> Int {
        guard let value = Int(cell(name)), value >= 0 else { throw fail(name, "'\(cell(name))' is not a non-negative integer") }
        return value
      }
      func real(_ name: String) throws -> Double {
        guard let value = Double(cell(name)) else { throw fail(name, "'\(cell(name))' is not a number") }
        guard value.isFinite else { throw fail(name, "\(cell(name)) is not finite") }
        return value
      }
      func optionalReal(_ name: String) throws -> Double? { cell(name).isEmpty ? nil : try real(name) }
      func time(_ name: String) throws -> Double {
        let value = try real(name)
        guard TraceTimeLimit.accepts(value) else { throw fail(name, TraceTimeLimit.problem(value)) }
        return value
      }

      guard let record = TraceFileFormat.Record(rawValue: String(cell("record"))) else {
        throw fail("record", "'\(cell("record"))' is not one of sample, update, prediction")
      }
      let strokeIndex = try integer("stroke")
      let index = try integer("index")
      if strokeIndex == strokes.count {
        guard record == .sample else { throw fail("stroke", "stroke \(strokeIndex) must start with its samples") }
        guard let writer = TraceFileFormat.unescape(cell("writer")), let origin = TraceFileFormat.unescape(cell("origin")) else {
          throw fail("writer", "bad %-escape")
        }
        var pointerType = PointerType.unknown
        if version >= 2 {
          guard let named = PointerType(rawValue: String(cell("pointer_type"))) else {
            throw fail("pointer_type", "'\(cell("pointer_type"))' is not one of "
              + PointerType.allCases.map(\.rawValue).joined(separator: ", "))
          }
          pointerType = named
        }
        strokes.append(Stroke(
          writer: writer.isEmpty ? nil : writer, origin: origin.isEmpty ? nil : origin, samples: [],
          pointerType: pointerType))
      } else if strokeIndex != strokes.count - 1 {
        throw fail("stroke", "stroke \(strokeIndex) out of order; expected \(strokes.count - 1) or \(strokes.count)")
      }
      let current = strokes.count - 1
      switch record {
      case .sample:
        guard strokes[current].lateUpdates.isEmpty, strokes[current].recordedPredictions.isEmpty else {
          throw fail("record", "samples must come before a stroke's updates and predictions")
        }
        guard index == strokes[current].samples.count else {
          throw fail("index", "expected sample index \(strokes[current].samples.count), found \(index)")
        }
        let time = try time("t")
        if let previous = strokes[current].samples.last, time < previous.time {
          throw fail("t", "time goes backwards (\(time) after \(previous.time))")
        }
        guard let phase = StrokePhase(rawValue: String(cell("phase"))) else {
          throw fail("phase", "'\(cell("phase"))' is not one of down, move, up, hover")
        }
        guard let estimatedBits = UInt8(cell("estimated")) else {
          throw fail("estimated", "'\(cell("estimated"))' is not a bitmask 0…255")
        }
        strokes[current].samples.append(TraceSample(
          time: time, x: try real("x"), y: try real("y"), pressure: try optionalReal("pressure"),
          altitude: try optionalReal("altitude"), azimuth: try optionalReal("azimuth"),
          phase: phase, estimated: EstimatedProperties(rawValue: estimatedBits)))
      case .update:
        guard index < strokes[current].samples.count else { throw fail("index", "update refers to sample \(index), which does not exist") }
        guard let property = LatePropertyUpdate.Property(rawValue: String(cell("property"))) else {
          throw fail("property", "'\(cell("property"))' is not one of pressure, altitude, azimuth")
        }
        strokes[current].lateUpdates.append(LatePropertyUpdate(
          sampleIndex: index, property: property, estimatedValue: try real("estimated_value"),
          finalValue: try real("value"), arrivalTime: try time("arrival_t")))
      case .prediction:
        guard index < strokes[current].samples.count else { throw fail("index", "prediction anchored at sample \(index), which does not exist") }
        strokes[current].recordedPredictions.append(RecordedPrediction(
          anchorIndex: index, time: try time("t"), x: try real("x"), y: try real("y"),
          pressure: try optionalReal("pressure")))
      }
      lineIndex += 1
    }
    return Trace(metadata: metadata, strokes: strokes)
  }
}
