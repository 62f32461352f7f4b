import Foundation

@testable import DevCapsKit

/// A directory standing in for `/`, with the files a test writes into it.
final class TemporaryRoot {
  let path: String

  init(_ files: [String: String] = [:]) throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    for (file, contents) in files { try write(file, contents) }
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  func write(_ file: String, _ contents: String) throws {
    try write(file, Data(contents.utf8))
  }

  func write(_ file: String, _ contents: Data) throws {
    let url = URL(fileURLWithPath: path + file)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try contents.write(to: url)
  }

  var context: ProbeContext { ProbeContext(root: SystemRoot(path)) }
}
