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
package enum MachineSnapshot {
  /// The name of the device record inside the bundle.
  package static let devicesFile = "devices.umockdev"
  /// The name of the report inside the bundle: `list --json` as it was when the snapshot was taken.
  package static let reportFile = "devcaps-report.json"

  /// What kinds of identifiers a snapshot leaves out unless told to keep them: what
  /// `--keep-identifiers` says the bundle holds.
  package static let identifierKinds = SnapshotRedaction.kinds

  /// Reads every section of the machine (or of `DEVCAPS_ROOT`) into `directory`, which must be
  /// new or an empty directory of the caller's, and returns the report it read (as written into
  /// the bundle). Identifiers are replaced by placeholders (see `devcaps snapshot --help`) unless
  /// `keepingIdentifiers`; then the files that hold them are written 0600. When a write fails,
  /// what the snapshot made (files, directories, `directory` itself and its parents) is removed.
  package static func take(into directory: String, keepingIdentifiers: Bool = false) throws(SnapshotError) -> Report {
    let bundle = try BundleDirectory.prepare(directory)
    do throws(SnapshotError) {
      return try take(into: bundle, keepingIdentifiers: keepingIdentifiers)
    } catch {
      bundle.removeMade()
      throw error
    }
  }

  private static func take(into bundle: BundleDirectory, keepingIdentifiers: Bool) throws(SnapshotError) -> Report {
    let redaction = SnapshotRedaction(keepsIdentifiers: keepingIdentifiers)
    let recorder = SourceRecorder()
    let context = ProbeContext(recorder: recorder)
    var report = ReportBuilder(context: context).build()
    let udev = Udev(recorder: recorder)
    // With upowerd the power section never looked at sysfs; the replay, without it, will.
    _ = SysfsPower(context: context, udev: udev).read()
    // The record and the files first, each written once all of them are: a value replaced by
    // name in one (a USB serial, a file server) is replaced in the others too.
    let record = udev.map { UMockdevRecord(udev: $0, redaction: redaction).render(syspaths: recorder.devices) }
    let skipped = try copySources(recorder, root: context.root, into: bundle, redaction: redaction)
    report.warnings += skipped
    if let record {
      try bundle.writeFile(
        "/" + devicesFile, redaction.withoutKnown(Array(record.utf8)), permissions: keepingIdentifiers ? 0o600 : nil)
    }
    report = redaction.report(report)
    try bundle.writeFile(
      "/" + reportFile, Array(redaction.text(report.json.prettyPrinted + "\n").utf8),
      permissions: keepingIdentifiers ? 0o600 : nil)
    return report
  }

  /// Copies what was read; returns a warning for each mount point that leads outside the root.
  private static func copySources(
    _ recorder: SourceRecorder, root: SystemRoot, into bundle: BundleDirectory, redaction: SnapshotRedaction
  ) throws(SnapshotError) -> [Diagnostic] {
    let files = recorder.files.sorted(by: { $0.key < $1.key })
    var redacted: [String: [UInt8]] = [:]
    for case (let path, .success(let bytes)) in files { redacted[path] = redaction.file(path, bytes) }
    for (path, result) in files {
      let permissions = redaction.permissions(forFile: path, (try? result.get()) ?? [])
      // The path too: a MAC-derived interface name (/sys/class/net/enx00e04c68aa55/…) identifies.
      let inBundle = redaction.path(path)
      switch result {
      case .success:
        try bundle.writeFile(inBundle, redaction.withoutKnown(redacted[path] ?? []), permissions: permissions)
      case .failure(.permissionDenied): try bundle.writeFile(inBundle, [], permissions: 0)
      case .failure(.tooLarge(let limit)):
        try bundle.writeFile(inBundle, prefix(of: path, in: root, count: limit + 1), permissions: permissions)
      // Absent stays absent; an I/O error, or a FIFO in a file's place, cannot be written down as a file.
      case .failure(.missing), .failure(.system), .failure(.notRegularFile): continue
      }
    }
    for (directory, names) in recorder.listings.sorted(by: { $0.key < $1.key }) {
      try bundle.makeDirectory(redaction.path(directory))
      let base = directory.hasSuffix("/") ? directory : directory + "/"
      for name in names { try recreate(base + name, root: root, in: bundle, redaction: redaction) }
    }
    for path in recorder.existing.sorted() { try recreate(path, root: root, in: bundle, redaction: redaction) }
    var skipped: [Diagnostic] = []
    for mountPoint in recorder.mountPoints.sorted() {
      let inBundle = redaction.path(mountPoint)
      guard BundleDirectory.components(inBundle) != nil else {
        skipped.append(
          Diagnostic(
            path: "/proc/self/mountinfo", problem: "mount point \(mountPoint) leads outside the root; not copied"))
        continue
      }
      if !bundle.contains(inBundle) { try bundle.makeDirectory(inBundle) }
    }
    return skipped
  }

  /// An entry devcaps saw but did not read: a directory stays a directory, anything else becomes
  /// an empty file, so listings and existence checks answer as they did.
  private static func recreate(
    _ path: String, root: SystemRoot, in bundle: BundleDirectory, redaction: SnapshotRedaction
  ) throws(SnapshotError) {
    let inBundle = redaction.path(path)
    if bundle.contains(inBundle) { return }
    if let status = root.status(path), status.st_mode & S_IFMT == S_IFDIR {
      try bundle.makeDirectory(inBundle)
    } else {
      try bundle.writeFile(inBundle, [])
    }
  }

  /// The first bytes of a file: enough of one over the size limit to be over it again.
  private static func prefix(of path: String, in root: SystemRoot, count: Int) -> [UInt8] {
    guard
      let (file, _) = try? FileDescriptor.openRegularFileWithSize({ (flags) throws(Errno) in
        try root.openInside(path, flags)
      })
    else { return [] }
    return file.closeAfter { file in
      var bytes = [UInt8](repeating: 0, count: count)
      var filled = 0
      while filled < count {
        let got = bytes.withUnsafeMutableBytes { buffer in
          try? file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
        }
        guard let got, got > 0 else { break }
        filled += got
      }
      return Array(bytes[..<filled])
    }
  }
}
