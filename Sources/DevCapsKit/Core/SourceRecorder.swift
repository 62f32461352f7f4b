/// What one report read, noted as it is read, so that `devcaps snapshot` copies exactly those
/// sources: the files below the root with what each read gave, the directories listed, the paths
/// found to exist, the mount points measured, and the devices libudev returned.
final class SourceRecorder {
  private(set) var files: [String: Result<[UInt8], ReadError>] = [:]
  private(set) var listings: [String: [String]] = [:]
  private(set) var existing: Set<String> = []
  private(set) var mountPoints: Set<String> = []
  private(set) var devices: [String] = []
  private var deviceSet: Set<String> = []

  init() {}

  func read(_ path: String, _ result: Result<[UInt8], ReadError>) { files[path] = result }
  func listed(_ path: String, _ names: [String]) { listings[path] = names }
  func found(_ path: String) { existing.insert(path) }
  func measured(_ mountPoint: String) { mountPoints.insert(mountPoint) }

  func enumerated(_ syspath: String) {
    if deviceSet.insert(syspath).inserted { devices.append(syspath) }
  }
}
