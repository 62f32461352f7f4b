import Testing

/// libudev is loaded for a section only when sysfs has something for it to enumerate: a
/// container or a server has no `drm` class and no power supply, and `list --only
/// displays,power` there costs no library load (ld.so says on stderr which libraries it loads:
/// `file=libudev.so.1 [0];  dynamically loaded by …`).
@Suite("libudev loaded when there is something to enumerate")
struct UdevLoadingTests {
  static let debug = ["LD_DEBUG": "files"]

  func list(_ machine: String) throws -> (report: ReportJSON, loadedLibudev: Bool) {
    let testbed = try FixtureMachine(name: machine).load()
    let result = try DevCapsProcess.run(
      ["list", "--json", "--only", "displays,power"], environment: testbed.environment.merging(Self.debug) { $1 })
    #expect(result.status == 0, "\(result.stderr)")
    return (try ReportJSON(result), result.stderr.contains("file=libudev"))
  }

  @Test("a container without drm and power supplies: no displays, no power source, libudev not loaded")
  func nothingToEnumerate() throws {
    let (report, loaded) = try list("docker-container")
    #expect(!loaded, "libudev was loaded to enumerate nothing")
    #expect((report["displays"] as? [Any])?.isEmpty == true)
    #expect(report["power.source"] as? String == "none")
  }

  @Test("a laptop's connectors and battery still come through libudev")
  func devicesToEnumerate() throws {
    let (report, loaded) = try list("thinkpad-laptop")
    #expect(loaded)
    #expect((report["displays"] as? [Any])?.isEmpty == false)
    #expect(report["power.source"] as? String == "sysfs")
  }
}
