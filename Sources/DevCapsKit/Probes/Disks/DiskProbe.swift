#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Builds the `disks` section: `/` and every other mounted local filesystem, sized by `statvfs`.
struct DiskProbe {
  let context: ProbeContext

  init(context: ProbeContext) { self.context = context }

  func probe() -> [DiskInfo] {
    var mounts: [MountEntry] = []
    if let parsed = MountInfo.parsed(context) {
      for line in parsed.malformed {
        context.diagnostics.record(MountInfo.Made.path, "malformed line \(line.quotedForMessage)")
      }
      mounts = MountInfo.localFilesystems(parsed.entries)
    }
    if !mounts.contains(where: { $0.mountPoint == "/" }) {
      mounts.insert(
        MountEntry(device: "", root: "/", mountPoint: "/", options: [], fileSystemType: "", source: ""), at: 0)
    }
    return mounts.map(measure)
  }

  func measure(_ mount: MountEntry) -> DiskInfo {
    var disk = DiskInfo(
      path: mount.mountPoint, source: mount.source.isEmpty ? nil : mount.source,
      type: mount.fileSystemType.isEmpty ? nil : mount.fileSystemType,
      readOnly: mount.options.isEmpty ? nil : mount.isReadOnly)
    switch DiskProbe.statfs(mount.mountPoint, in: context.root) {
    case .success(let size):
      context.recorder?.measured(mount.mountPoint)
      disk.totalBytes = size.total
      disk.freeBytes = size.free
      disk.availableBytes = size.available
    case .failure(let failure):
      context.diagnostics.record(mount.mountPoint, "statvfs failed: \(failure)")
    }
    return disk
  }

  struct Size: Sendable, Equatable {
    var total: UInt64
    var free: UInt64
    var available: UInt64
  }

  /// `statvfs(3)`: block counts times the fragment size (saturating: no filesystem holds 16 EiB,
  /// so only a broken one could overflow).
  /// The sizes of the file system at `path` inside the root (resolved inside it below `DEVCAPS_ROOT`).
  static func statfs(_ path: String, in root: SystemRoot) -> Result<Size, ReadError> {
    let stats: statvfs
    do throws(Errno) {
      if root.isLiveSystem {
        stats = try FileSystem.volumeStatistics(path)
      } else {
        stats = try root.openInside(path, FileDescriptor.pathOnly).closeAfter { (descriptor) throws(Errno) in
          try descriptor.volumeStatistics()
        }
      }
    } catch {
      return .failure(ReadError(error))
    }
    let unit = UInt64(stats.f_frsize)
    func bytes(_ blocks: some BinaryInteger) -> UInt64 { UInt64(blocks).multipliedIfRepresentable(by: unit) ?? .max }
    return .success(Size(total: bytes(stats.f_blocks), free: bytes(stats.f_bfree), available: bytes(stats.f_bavail)))
  }
}
