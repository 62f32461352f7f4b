import Foundation
import TestProcesses
import Testing

/// ArgumentParser's usage errors quote the arguments they refuse: devcaps writes them escaped and
/// cut, so a command line cannot clear the terminal or fill the log, and the status stays 64.
@Suite("Usage errors: quoted arguments escaped and bounded")
struct UsageErrorMessageTests {
  @Test(
    "an argument holding ESC, OSC, C1 or a bidi override is escaped in the message; exit 64",
    arguments: [
      ["list", "--only", "\u{1B}[2J"], ["require", "x", "--format", "\u{1B}]0;PWNED\u{07}"],
      ["motion", "--count", "\u{1B}[2J"], ["\u{1B}[2Jbogus"], ["list", "--\u{9B}31m"], ["get", "a", "\u{202E}b"],
    ])
  func escaped(arguments: [String]) throws {
    let result = try DevCapsProcess.run(arguments)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(OutsideTextTests.rawControls(result.stderr, allowed: [0x0A]) == [], "\(result.stderr)")
    #expect(result.stderr.contains("\\x1B") || result.stderr.contains("\\u{"), "\(result.stderr)")
  }

  @Test("an argument of 100,000 characters is quoted in 80 with …: the message stays a few hundred bytes")
  func bounded() throws {
    let long = String(repeating: "a", count: 100_000)
    for arguments in [["list", "--only", long], ["list", "--only=" + long], [long], ["list", "--" + long]] {
      let result = try DevCapsProcess.run(arguments)
      #expect(result.status == 64, "\(result.stderr.prefix(300))")
      #expect(result.stderr.utf8.count < 4000, "\(result.stderr.prefix(300))")
      #expect(result.stderr.contains("aaa…"), "\(result.stderr.prefix(300))")
    }
  }
}
