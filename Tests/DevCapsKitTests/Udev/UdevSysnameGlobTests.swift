import Testing

@testable import DevCapsKit

#if canImport(Glibc)
import Glibc
#endif

/// libudev matches an enumeration's sysnames with fnmatch(3): a name is escaped into a pattern
/// that matches that name and no other.
@Suite("Udev: a sysname as a pattern")
struct UdevSysnameGlobTests {
  @Test(
    "an escaped name matches itself and not what its characters would match as a glob",
    arguments: [
      ("wlan0", "wlan1"),
      ("wl*", "wlan0"),
      ("eth?", "eth0"),
      ("br[01]", "br0"),
      (#"a\b"#, "ab"),
    ])
  func matchesOnlyItself(name: String, other: String) {
    let pattern = Udev.globEscaped(name)
    #expect(fnmatch(pattern, name, 0) == 0)
    #expect(fnmatch(pattern, other, 0) != 0)
  }
}
