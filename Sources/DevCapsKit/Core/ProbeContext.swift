#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What every probe reads through: the root directory and the diagnostics log. Each file a probe
/// needs is read once through the context, so missing files and unreadable ones are told apart
/// in one place. A context is one snapshot: it answers a file from its cache for as long as it
/// lives, so whatever reads the machine again (a stream on each event) takes `refreshed()`.
final class ProbeContext {
  let root: SystemRoot
  let diagnostics: DiagnosticLog
  /// Set only by `devcaps snapshot`: notes every source read below the root, to copy it.
  let recorder: SourceRecorder?
  /// Files read so far: a file several probes need (`/proc/cpuinfo`) is read once. By path:
  /// those below the root, and those on the live system when the root is another directory
  /// (a key joining the two paths cost two Strings built on every read).
  /// Unchecked exclusivity: only `read` touches them, never while they are being changed; the
  /// run-time checks cost 90 instructions a read.
  @exclusivity(unchecked) private var cache: [String: CachedFile] = ProbeContext.emptyCache()
  @exclusivity(unchecked) private var liveCache: [String: CachedFile] = [:]

  /// Room for what a `list` reads (about a hundred files), so the table is not grown and
  /// rehashed four times on the way.
  private static func emptyCache() -> [String: CachedFile] {
    var cache: [String: CachedFile] = [:]
    cache.reserveCapacity(128)
    return cache
  }
  /// What several sections make from the same files, made once per snapshot (the cgroup
  /// hierarchy that the cpu and memory sections both need), each in an object of its own type.
  var made: [String: AnyObject] = [:]

  /// A read as the cache keeps it. Not a `Result`: the first dictionary of `Result<…, ReadError>`
  /// made the runtime check `ReadError: Error` by scanning every conformance record of the
  /// binary, about a tenth of `devcaps get`.
  private enum CachedFile {
    case read([UInt8])
    case failed(ReadError)

    init(_ result: Result<[UInt8], ReadError>) {
      switch result {
      case .success(let bytes): self = .read(bytes)
      case .failure(let failure): self = .failed(failure)
      }
    }
  }

  init(
    root: SystemRoot = .fromEnvironment(), diagnostics: DiagnosticLog = DiagnosticLog(), recorder: SourceRecorder? = nil
  ) {
    self.root = root
    self.diagnostics = diagnostics
    self.recorder = recorder
    if !root.isLiveSystem { Self.noteUnusable(root, in: diagnostics) }
  }

  /// A `DEVCAPS_ROOT` that is no directory (mistyped) makes a report of nearly nothing, every
  /// file absent: said once, rather than a machine that seems to have no hardware. (A relative
  /// one is taken from the working directory.)
  private static func noteUnusable(_ root: SystemRoot, in diagnostics: DiagnosticLog) {
    let isDirectory = (try? FileSystem.status(root.prefix)).map { ($0.st_mode & S_IFMT) == S_IFDIR } ?? false
    if !isDirectory { diagnostics.record(root.prefix, "DEVCAPS_ROOT is not a directory; nothing below it was read") }
  }

  /// A new snapshot of the same root, reporting to the same log.
  func refreshed() -> ProbeContext {
    ProbeContext(root: root, diagnostics: diagnostics, recorder: recorder)
  }

  /// The file's text, or nil when it is absent or unreadable (the latter is logged). Invalid
  /// UTF-8 is replaced, never fatal.
  func text(_ path: String) -> String? {
    bytes(path).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The file's bytes, or nil when absent or unreadable (the latter is logged).
  func bytes(_ path: String) -> [UInt8]? {
    read(path, from: root, belowRoot: true)
  }

  /// A file only root may read (the firmware's tables): nil, and nothing logged, when it is
  /// absent or this process may not read it, as for most users it may not.
  func bytesIfPermitted(_ path: String) -> [UInt8]? {
    read(path, from: root, belowRoot: true, deniedIsUnknown: true)
  }

  /// A file named by a path libudev reported (a device's syspath): it is already a path on the
  /// live system, so it is not put below the root.
  func liveBytes(_ path: String) -> [UInt8]? {
    read(path, from: SystemRoot(), belowRoot: false)
  }

  private func read(_ path: String, from base: SystemRoot, belowRoot: Bool, deniedIsUnknown: Bool = false) -> [UInt8]? {
    // The file's place in its table is found once, for the lookup and the insert: looking up
    // and then storing hashed each path twice (a hash of a sysfs path is about 700 instructions).
    func cached(_ slot: inout CachedFile?) -> CachedFile {
      if let file = slot { return file }
      let result = base.readBytes(path, kernelFile: true)
      let file = CachedFile(result)
      slot = file
      if belowRoot { recorder?.read(path, result) }
      return file
    }
    let file = base.prefix != root.prefix ? cached(&liveCache[path]) : cached(&cache[path])
    switch file {
    case .read(let bytes): return bytes
    case .failed(.missing): return nil
    case .failed(.permissionDenied) where deniedIsUnknown: return nil
    case .failed(let failure):
      diagnostics.record(path, failure.description)
      return nil
    }
  }

  /// The file's first line, trimmed; nil when absent, unreadable or blank. The line ends at the
  /// first line feed that is a Character of its own (not the one of a CR LF, which Swift holds as
  /// one Character), found in the bytes: splitting the text by Character was 3 % of `list --json`
  /// and kept two more 64 KB blocks of the standard library's grapheme code resident.
  func line(_ path: String) -> String? {
    bytes(path).flatMap(ProbeContext.firstLine)
  }

  private static func firstLine(_ bytes: [UInt8]) -> String? {
    var end = 0
    while end < bytes.count, bytes[end] != 0x0A || (end > 0 && bytes[end - 1] == 0x0D) { end += 1 }
    // A line feed is never part of a longer UTF-8 sequence: decoding the line alone replaces
    // what decoding the whole file would.
    let trimmed = String(decoding: bytes[..<end], as: UTF8.self).trimmingWhitespace()
    return trimmed.isEmpty ? nil : trimmed
  }

  /// The first line of a file that must hold a value: an empty file is reported, not ignored.
  private func requiredLine(_ path: String) -> String? {
    guard let bytes = bytes(path) else { return nil }
    guard let line = ProbeContext.firstLine(bytes) else {
      diagnostics.record(path, "empty file")
      return nil
    }
    return line
  }

  /// A file holding one decimal integer; garbage is logged and gives nil.
  func integer(_ path: String) -> Int64? {
    guard let line = requiredLine(path) else { return nil }
    guard let value = Int64(line) else {
      diagnostics.record(path, "expected an integer, found \(line.quotedForMessage)")
      return nil
    }
    return value
  }

  /// A file holding one unsigned integer in hexadecimal (with or without `0x`).
  func hexInteger(_ path: String) -> UInt64? {
    guard let line = requiredLine(path) else { return nil }
    let digits = line.hasPrefix("0x") || line.hasPrefix("0X") ? String(line.dropFirst(2)) : line
    guard let value = UInt64(digits, radix: 16) else {
      diagnostics.record(path, "expected a hexadecimal integer, found \(line.quotedForMessage)")
      return nil
    }
    return value
  }

  /// A directory's names, sorted; none when it is absent or unreadable (the latter is logged).
  func entries(_ path: String) -> [String] {
    listing(path, from: root, belowRoot: true)
  }

  /// Directory listings so far, as files are kept: two sections that list one directory (the
  /// network and radios sections /sys/class/net, the device and thermal sections
  /// /sys/class/thermal) list it once.
  @exclusivity(unchecked) private var listings: [String: CachedListing] = [:]
  @exclusivity(unchecked) private var liveListings: [String: CachedListing] = [:]

  /// A listing as the cache keeps it (not a `Result`, as for files).
  private enum CachedListing {
    case listed([String])
    case failed(ReadError)
  }

  private func listing(_ path: String, from base: SystemRoot, belowRoot: Bool) -> [String] {
    // One lookup for the test and the insert, as for files.
    func cached(_ slot: inout CachedListing?) -> CachedListing {
      if let listing = slot { return listing }
      let listing: CachedListing
      switch base.directoryEntries(path) {
      case .success(let names): listing = .listed(names)
      case .failure(let failure): listing = .failed(failure)
      }
      slot = listing
      return listing
    }
    let listing = base.prefix != root.prefix ? cached(&liveListings[path]) : cached(&listings[path])
    switch listing {
    case .listed(let names):
      // Also on a hit: on the live system, a listing asked for as libudev's first is one below the root too.
      if belowRoot { recorder?.listed(path, names) }
      return names
    case .failed(.missing): return []
    case .failed(let failure):
      diagnostics.record(path, failure.description)
      return []
    }
  }

  /// How many of a directory's entries `matches` accepts (by name, in bytes). A snapshot being
  /// recorded gets the listing, as `entries` gives it.
  func countEntries(_ path: String, where matches: (UnsafeBufferPointer<UInt8>) -> Bool) -> Int {
    if recorder != nil {
      return entries(path).count { name in
        var name = name
        return name.withUTF8 { matches($0) }
      }
    }
    switch root.countEntries(path, where: matches) {
    case .success(let count): return count
    case .failure(.missing): return 0
    case .failure(let failure):
      diagnostics.record(path, failure.description)
      return 0
    }
  }

  /// Directory entries of a path libudev reported (not put below the root).
  func liveEntries(_ path: String) -> [String] {
    listing(path, from: SystemRoot(), belowRoot: false)
  }

  /// Whether a directory libudev reported (not put below the root) has the entry `name`: one
  /// access(2), where listing a network interface's forty entries as Strings cost 47,000
  /// instructions.
  func liveHas(_ directory: String, entry name: String) -> Bool {
    let path = directory + "/" + name
    let error = absence(path, from: SystemRoot())
    if error == 0 { return true }
    let failure = ReadError(Errno(rawValue: error))
    if failure != .missing { diagnostics.record(path, failure.description) }
    return false
  }

  /// What `exists` found so far, by path (0: something is there; else the errno): the network
  /// and radios sections ask the same of each interface.
  @exclusivity(unchecked) private var existence: [String: Int32] = [:]
  @exclusivity(unchecked) private var liveExistence: [String: Int32] = [:]

  /// Why nothing is at `path` below `base` (its errno), 0 when something is; from the cache.
  private func absence(_ path: String, from base: SystemRoot) -> Int32 {
    // One lookup for the test and the insert, as for files.
    func cached(_ slot: inout Int32?) -> Int32 {
      if let error = slot { return error }
      let error = base.exists(path) ? 0 : Errno.current.rawValue
      slot = error
      return error
    }
    return base.prefix != root.prefix ? cached(&liveExistence[path]) : cached(&existence[path])
  }

  /// The last component of where a symbolic link points (a device's `driver` link → `i915`);
  /// nil when there is no link.
  func linkName(_ path: String) -> String? {
    guard let target = root.linkTarget(path) else { return nil }
    return target.split(separator: "/").last.map(String.init)
  }

  func exists(_ path: String) -> Bool {
    let found = absence(path, from: root) == 0
    if found { recorder?.found(path) }
    return found
  }
}
