import Foundation

/// A predictor named on the command line: `name` or `name:key=value,key=value`.
public struct PredictorSpecification: Sendable, Equatable {
  public var name: String
  public var assignments: [(key: String, value: String)]

  public static func == (a: Self, b: Self) -> Bool {
    a.name == b.name && a.assignments.map(\.key) == b.assignments.map(\.key)
      && a.assignments.map(\.value) == b.assignments.map(\.value)
  }

  public init(parsing text: String) throws(PredictorCatalogError) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let parts = trimmed.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    let name = String(parts[0]).trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty else { throw .malformedSpecification(text: text, problem: "the predictor name is missing") }
    self.name = name
    assignments = []
    guard parts.count == 2 else { return }
    let list = parts[1]
    guard !list.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw .malformedSpecification(text: text, problem: "nothing after \":\"")
    }
    for item in list.split(separator: ",", omittingEmptySubsequences: false) {
      let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let key = String(pair[0]).trimmingCharacters(in: .whitespaces)
      guard pair.count == 2, !key.isEmpty else {
        throw .malformedSpecification(text: text, problem: "\"\(item)\" is not key=value")
      }
      let value = String(pair[1]).trimmingCharacters(in: .whitespaces)
      guard !value.isEmpty else {
        throw .malformedSpecification(text: text, problem: "\"\(key)\" has no value")
      }
      assignments.append((key, value))
    }
  }
}
