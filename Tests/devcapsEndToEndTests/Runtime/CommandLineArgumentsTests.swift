#if canImport(Glibc)
import CDevCapsArguments
import Testing

/// The release binary's `CommandLine.arguments` come from CDevCapsArguments (the static Swift
/// runtime's own finder is left out of the link). This test process runs on the shared runtime,
/// whose finder read its command line: both must give the same argv, argument for argument.
@Suite("CommandLineArguments")
struct CommandLineArgumentsTests {
  @Test("the arguments kept at start-up are the process's command line")
  func keptArgumentsAreTheCommandLine() {
    var count: Int32 = 0
    let argv = devcaps_arguments(&count)
    let kept = (0..<Int(count)).map { String(cString: argv![$0]!) }
    #expect(kept.count >= 1)
    #expect(kept == CommandLine.arguments)
    #expect(argv![Int(count)] == nil)
  }
}
#endif
