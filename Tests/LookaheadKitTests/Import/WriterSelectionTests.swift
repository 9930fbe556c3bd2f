import LookaheadKit
import Testing

/// `REFERENCE:writer=ID,…` beside the delimited-text settings grammar (`PATH:key=value,…`).
@Suite("Writer selections")
struct WriterSelectionTests {
  @Test("a trailing :writer= list selects writers of any reference")
  func selections() throws {
    let named = try #require(WriterSelection(reference: "Henze2017-MobileHCI:writer=participant5, participant7"))
    #expect(named.base == "Henze2017-MobileHCI" && named.writers == ["participant5", "participant7"])
    let subset = try #require(WriterSelection(reference: "SVC2004-Task2:train:writer=U3"))
    #expect(subset.base == "SVC2004-Task2:train" && subset.writers == ["U3"])
    let mapped = try #require(WriterSelection(reference: "rec.csv:t=time:ms,x,y,writer=participant:writer=P01"))
    #expect(mapped.base == "rec.csv:t=time:ms,x,y,writer=participant" && mapped.writers == ["P01"])
    #expect(WriterSelection.base(of: "Inkable-ApplePencil") == "Inkable-ApplePencil")
  }

  @Test("writer= inside a file's settings maps the writer column and is not a selection")
  func settingsAreNotSelections() {
    #expect(WriterSelection(reference: "rec.csv:writer=participant,t=time:ms,x,y") == nil)
    #expect(WriterSelection(reference: "rec.csv:t=time:ms,x,y,writer=participant") == nil)
  }

  @Test("an empty writer list is refused by name")
  func emptyList() throws {
    let selection = try #require(WriterSelection(reference: "Henze2017-MobileHCI:writer="))
    var trace = try DatasetRegistry.load("Inkable-ApplePencil")
    #expect(throws: DatasetReferenceError.self) { try selection.apply(to: &trace, reference: "Henze2017-MobileHCI:writer=") }
  }
}
