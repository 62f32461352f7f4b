import Foundation
import Testing

/// The documents a newcomer reads first stay short, point only at files that exist, and show
/// code that compiles.
@Suite("Documentation")
struct DocumentationTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func text(_ relativePath: String) throws -> String {
    try String(contentsOf: repository.appendingPathComponent(relativePath), encoding: .utf8)
  }

  /// Every Markdown document of the repository's own: the top-level ones and docs/.
  static var documents: [String] {
    var found = ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md"]
    let docs = FileManager.default.enumerator(atPath: repository.appendingPathComponent("docs").path)
    while let path = docs?.nextObject() as? String {
      if path.hasSuffix(".md") { found.append("docs/" + path) }
    }
    return found.sorted()
  }

  /// The targets of `[text](target)` links that name a file of this repository (no scheme, no
  /// bare anchor), without their `#anchor`.
  static func relativeLinks(in markdown: String) -> [String] {
    var links: [String] = []
    var rest = markdown[...]
    while let open = rest.range(of: "](") {
      rest = rest[open.upperBound...]
      guard let close = rest.firstIndex(of: ")") else { break }
      let target = String(rest[..<close])
      rest = rest[close...]
      if target.contains("://") || target.hasPrefix("#") || target.hasPrefix("mailto:") || target.contains(" ") {
        continue
      }
      links.append(String(target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]))
    }
    return links
  }

  @Test("the README's first sample is what devcaps prints on the thinkpad-laptop fixture, line for line")
  func readmeSample() throws {
    let readme = try Self.text("README.md")
    let command = "$ devcaps list --only device,system,memory\n"
    let start = try #require(readme.range(of: command)).upperBound
    let end = try #require(
      readme.range(of: "\n$ devcaps get memory.installedBytes\n17179869184\n", range: start..<readme.endIndex))
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    let printed = try DevCapsProcess.run(["list", "--only", "device,system,memory"], environment: testbed.environment)
    #expect(printed.status == 0, "\(printed.stderr)")
    #expect(String(readme[start..<end.lowerBound]) == printed.stdout)
  }

  @Test("the README is an introduction, not a manual: at most 300 lines")
  func readmeIsShort() throws {
    let lines = try Self.text("README.md").split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(lines <= 300, "README.md has \(lines) lines: move the detail to docs/")
  }

  @Test("every relative link of every document names a file or folder that exists")
  func linksResolve() throws {
    var broken: [String] = []
    for document in Self.documents {
      let folder = URL(fileURLWithPath: document).deletingLastPathComponent().relativePath
      for link in Self.relativeLinks(in: try Self.text(document)) where !link.isEmpty {
        let path = Self.repository.appendingPathComponent(folder == "." ? "" : folder)
          .appendingPathComponent(link).standardizedFileURL.path
        if !FileManager.default.fileExists(atPath: path) { broken.append("\(document): \(link)") }
      }
    }
    #expect(broken.isEmpty, "links to nothing: \(broken)")
  }

  @Test("the link checker finds a link to nothing")
  func linkCheckerCanFail() {
    #expect(
      Self.relativeLinks(in: "see [the guide](docs/nothing.md#part) and [web](https://x.org)") == ["docs/nothing.md"])
  }

  @Test("the README's Swift example is the one the tests compile (ReadmeExample.swift), line for line")
  func readmeExampleCompiles() throws {
    let readme = try Self.text("README.md")
    guard let start = readme.range(of: "```swift\nimport DevCapsKit\n") else {
      Issue.record("README.md has no Swift example starting with `import DevCapsKit`")
      return
    }
    let example = readme[start.upperBound...]
    let body = example[..<(example.range(of: "\n```")?.lowerBound ?? example.endIndex)]
    let compiled = Set(
      try Self.text("Tests/DevCapsKitAPITests/ReadmeExample.swift").split(separator: "\n").map(Self.code(of:)))
    let missing = body.split(separator: "\n").map(Self.code(of:)).filter { !$0.isEmpty && !compiled.contains($0) }
    #expect(missing.isEmpty, "lines of the README's example that ReadmeExample.swift does not compile: \(missing)")
  }

  /// A line without its indentation, trailing comment and spaces, as swift-format may lay it out.
  static func code(of line: Substring) -> String {
    var code = line[...]
    if let comment = code.range(of: "  //") ?? code.range(of: " // ") { code = code[..<comment.lowerBound] }
    return code.trimmingCharacters(in: .whitespaces)
  }
}
