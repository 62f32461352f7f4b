#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A bug-report and replay bundle: the raw sources one full report read, in a directory that
/// `DEVCAPS_ROOT` can name, and the udev devices in `devices.umockdev`, so that
/// `DEVCAPS_ROOT=DIR umockdev-run -d DIR/devices.umockdev -- devcaps list` reads the same machine
/// somewhere else. Only what devcaps read is copied: files it found missing stay missing, a file
/// it could not read is written so that it fails the same way (unreadable, or over the size
/// limit), and a directory it listed gets its entries back, as files or directories.
public enum MachineSnapshot {
  /// The name of the device record inside the bundle.
  public static let devicesFile = "devices.umockdev"

  /// Reads every section of the machine (or of `DEVCAPS_ROOT`) into `directory`, which must be
  /// new or empty, and returns the report it read.
  public static func take(into directory: String) throws(SnapshotError) -> Report {
    let bundle = try BundleDirectory.prepare(directory)
    let recorder = SourceRecorder()
    let context = ProbeContext(recorder: recorder)
    let report = ReportBuilder(context: context).build()
    let udev = Udev(recorder: recorder)
    // With upowerd the power section never looked at sysfs; the replay, without it, will.
    _ = SysfsPower(context: context, udev: udev).read()
    try copySources(recorder, root: context.root, into: bundle)
    if let udev {
      try bundle.writeFile("/" + devicesFile, Array(UMockdevRecord(udev: udev).render(syspaths: recorder.devices).utf8))
    }
    return report
  }

  private static func copySources(_ recorder: SourceRecorder, root: SystemRoot, into bundle: BundleDirectory)
    throws(SnapshotError)
  {
    for (path, result) in recorder.files.sorted(by: { $0.key < $1.key }) {
      switch result {
      case .success(let bytes): try bundle.writeFile(path, bytes)
      case .failure(.permissionDenied): try bundle.writeFile(path, [], mode: 0)
      case .failure(.tooLarge(let limit)): try bundle.writeFile(path, prefix(of: root.hostPath(path), count: limit + 1))
      // Absent stays absent; an I/O error cannot be written down as a file.
      case .failure(.missing), .failure(.system): continue
      }
    }
    for (directory, names) in recorder.listings.sorted(by: { $0.key < $1.key }) {
      try bundle.makeDirectory(directory)
      let base = directory.hasSuffix("/") ? directory : directory + "/"
      for name in names { try recreate(base + name, root: root, in: bundle) }
    }
    for path in recorder.existing.sorted() { try recreate(path, root: root, in: bundle) }
    for mountPoint in recorder.mountPoints.sorted() where !bundle.contains(mountPoint) {
      try bundle.makeDirectory(mountPoint)
    }
  }

  /// An entry devcaps saw but did not read: a directory stays a directory, anything else becomes
  /// an empty file, so listings and existence checks answer as they did.
  private static func recreate(_ path: String, root: SystemRoot, in bundle: BundleDirectory) throws(SnapshotError) {
    if bundle.contains(path) { return }
    var status = stat()
    if stat(root.hostPath(path), &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
      try bundle.makeDirectory(path)
    } else {
      try bundle.writeFile(path, [])
    }
  }

  /// The first bytes of a file: enough of one over the size limit to be over it again.
  private static func prefix(of path: String, count: Int) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return [] }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, count - filled) }
      if got < 0 && errno == EINTR { continue }
      if got <= 0 { break }
      filled += got
    }
    return Array(bytes[..<filled])
  }
}
