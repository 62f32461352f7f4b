import Foundation

/// A umockdev testbed: a temporary `sys/` and `dev/` tree that libudev and file reads in a
/// process started with the umockdev preload library see instead of the real ones. devcaps is
/// also pointed at it with `DEVCAPS_ROOT`, so the same tree answers both kinds of read.
final class Testbed {
  private let library: UMockdevLibrary
  private let handle: OpaquePointer
  let root: String

  init() throws {
    library = try UMockdevLibrary.shared()
    guard let testbed = library.testbedNew() else { throw TestbedError("umockdev_testbed_new failed") }
    handle = testbed
    let rootPointer = library.testbedRootDirectory(testbed)!
    root = String(cString: rootPointer)
    library.free(rootPointer)
  }

  deinit {
    library.objectUnref(handle)
  }

  /// Adds devices written in umockdev-record's text format (`P:`, `E:`, `A:` lines).
  func addDevices(_ description: String) throws {
    var error: UnsafeMutableRawPointer? = nil
    let added = library.testbedAddFromString(handle, description, &error)
    if added == 0 {
      let message = error.map(UMockdevLibrary.message(of:)) ?? "unknown error"
      if let error { library.errorFree(error) }
      throw TestbedError("umockdev could not add devices: \(message)")
    }
  }

  /// Writes a file at a path inside the testbed root (`proc/meminfo`, `sys/firmware/...`).
  func write(_ relativePath: String, _ contents: String, mode: Int = 0o644) throws {
    try write(relativePath, Data(contents.utf8), mode: mode)
  }

  func write(_ relativePath: String, _ contents: Data, mode: Int = 0o644) throws {
    let url = URL(fileURLWithPath: root).appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try contents.write(to: url)
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
  }

  /// Copies a fixture directory's files into the testbed root, keeping their relative paths.
  func copyTree(from source: URL) throws {
    let files = FileManager.default.enumerator(at: source, includingPropertiesForKeys: [.isRegularFileKey])
    while let file = files?.nextObject() as? URL {
      guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
      let relative = String(file.standardizedFileURL.path.dropFirst(source.standardizedFileURL.path.count + 1))
      try write(relative, try Data(contentsOf: file))
    }
  }

  /// The environment that makes a process see this testbed.
  var environment: [String: String] {
    // No system bus: a machine's own upowerd must not answer for the fixture.
    [
      "LD_PRELOAD": "libumockdev-preload.so.0", "UMOCKDEV_DIR": root, "DEVCAPS_ROOT": root,
      "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/devcaps-test-bus",
    ]
  }
}

struct TestbedError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
