import Foundation

/// The five calls the tests make into libumockdev, loaded at run time. Linking it through a
/// pkg-config system library made SwiftPM look for `umockdev-1.0` in every build, the release
/// build of a machine without the test packages included, and warn there.
struct UMockdevLibrary: @unchecked Sendable {
  /// GLib's `GError` { GQuark domain; gint code; gchar *message }: its layout is GLib's stable ABI.
  static func message(of error: UnsafeMutableRawPointer) -> String {
    let message = error.load(
      fromByteOffset: MemoryLayout<UInt32>.size + MemoryLayout<Int32>.size, as: UnsafePointer<CChar>?.self)
    return message.map { String(cString: $0) } ?? "unknown error"
  }

  let testbedNew: @convention(c) () -> OpaquePointer?
  let testbedRootDirectory: @convention(c) (OpaquePointer) -> UnsafeMutablePointer<CChar>?
  let testbedAddFromString:
    @convention(c) (OpaquePointer, UnsafePointer<CChar>, UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int32
  let free: @convention(c) (UnsafeMutableRawPointer?) -> Void
  let objectUnref: @convention(c) (OpaquePointer) -> Void
  let errorFree: @convention(c) (UnsafeMutableRawPointer) -> Void

  private static let loaded: Result<UMockdevLibrary, TestbedError> = Result { try UMockdevLibrary() }
    .mapError { $0 as? TestbedError ?? TestbedError("\($0)") }

  static func shared() throws -> UMockdevLibrary { try loaded.get() }

  private init() throws {
    guard let umockdev = dlopen("libumockdev.so.0", RTLD_NOW | RTLD_GLOBAL) else {
      throw TestbedError("cannot load libumockdev.so.0 (install the test packages: scripts/install-packages.sh test)")
    }
    func symbol<T>(_ name: String, as type: T.Type) throws -> T {
      guard let address = dlsym(umockdev, name) else { throw TestbedError("libumockdev has no \(name)") }
      return unsafeBitCast(address, to: type)
    }
    testbedNew = try symbol("umockdev_testbed_new", as: (@convention(c) () -> OpaquePointer?).self)
    testbedRootDirectory = try symbol(
      "umockdev_testbed_get_root_dir", as: (@convention(c) (OpaquePointer) -> UnsafeMutablePointer<CChar>?).self)
    testbedAddFromString = try symbol(
      "umockdev_testbed_add_from_string",
      as: (@convention(c) (OpaquePointer, UnsafePointer<CChar>, UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int32)
        .self)
    // libumockdev links GLib, so its symbols resolve through the same handle.
    free = try symbol("g_free", as: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self)
    objectUnref = try symbol("g_object_unref", as: (@convention(c) (OpaquePointer) -> Void).self)
    errorFree = try symbol("g_error_free", as: (@convention(c) (UnsafeMutableRawPointer) -> Void).self)
  }
}
