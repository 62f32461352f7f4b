import Foundation
import Testing

@testable import DevCapsKit

@Suite("C errors as Errno values")
struct ErrnoTests {
  @Test(
    "a number's description is the C library's message, its name the constant's",
    arguments: [
      (ENOENT, "No such file or directory", "ENOENT"),
      (EACCES, "Permission denied", "EACCES"),
      (EMFILE, "Too many open files", "EMFILE"),
      (EAGAIN, "Resource temporarily unavailable", "EAGAIN"),
    ])
  func description(code: Int32, message: String, name: String) {
    let error = Errno(rawValue: code)
    #expect(error.description == message)
    #expect("\(error)" == message)
    #expect(error.name == name)
  }

  @Test("a number the C library does not know still has a description, and no name")
  func unknown() {
    #expect(Errno(rawValue: 9999).description == "Unknown error 9999")
    #expect(Errno(rawValue: 9999).name == nil)
  }

  @Test("a failed call's -1 becomes the errno it set; a result that is not -1 passes through")
  func result() {
    #expect(Errno.result { open("/nonexistent/devcaps", O_RDONLY) } == .failure(.noSuchFileOrDirectory))
    #expect(throws: Errno.noSuchFileOrDirectory) { try Errno.check { access("/nonexistent/devcaps", F_OK) } }
    #expect(Errno.result { Int32(0) } == .success(0))
    #expect(Errno.result { Int(-2) } == .success(-2))
  }

  @Test("an interrupted call is made again, unless that is turned off")
  func interrupted() {
    var calls = 0
    let retried = Errno.result { () -> Int32 in
      calls += 1
      if calls == 1 {
        errno = EINTR
        return -1
      }
      return 7
    }
    #expect(retried == .success(7))
    #expect(calls == 2)
    let once = Errno.result(retryOnInterrupt: false) { () -> Int32 in
      errno = EINTR
      return -1
    }
    #expect(once == .failure(.interrupted))
  }

  @Test("a pthread-style result is the error number itself")
  func returned() throws {
    try Errno.check(returned: 0)
    #expect(throws: Errno.resourceTemporarilyUnavailable) { try Errno.check(returned: EAGAIN) }
  }

  @Test("absence is one set: a missing file, a missing directory on the way, an unplugged device")
  func absence() {
    for code in [ENOENT, ENOTDIR, ENODEV, ENXIO] {
      #expect(Errno(rawValue: code).meansAbsent)
      #expect(ReadError(Errno(rawValue: code)) == .missing)
    }
    #expect(ReadError(Errno(rawValue: EACCES)) == .permissionDenied)
    #expect(ReadError(Errno(rawValue: EPERM)) == .permissionDenied)
    #expect(ReadError(Errno(rawValue: EIO)) == .system(errno: EIO))
    #expect(ReadError(Errno(rawValue: EIO)).description == "Input/output error")
  }
}

@Suite("C results that reach the caller")
struct CheckedResultsTests {
  @Test(
    "a timer the kernel refuses is an error, not a timer that never fires", arguments: [0, -1, .nan, .infinity, 2e9])
  func invalidTimer(seconds: Double) {
    #expect(throws: Errno.invalidArgument) { try LoopTimer(interval: seconds, repeating: false) }
  }

  @Test("a timer fires, and says how often")
  func timer() throws {
    let timer = try LoopTimer(interval: 0.001, repeating: false)
    usleep(5_000)
    #expect(try timer.acknowledge() >= 1)
    #expect(try timer.acknowledge() == 0)
  }

  @Test("a stream whose timer cannot be made ends with the reason")
  func streamReportsTimer() {
    let session = StreamSession(maximumChanges: nil) { _ in true }
    session.stop(after: -1)
    #expect(session.run() == .failure("cannot create a timer of -1.0 s (timerfd): Invalid argument"))
  }

  @Test("a sysfs attribute that cannot be written says why")
  func attributeWrite() throws {
    let root = try TemporaryRoot(["/sys/attribute": "0\n"])
    func error(_ result: Result<Void, SysfsWriteError>) -> Errno? {
      if case .failure(let failure) = result { return failure.errno } else { return nil }
    }
    #expect(error(SysfsAttribute.write(root.path + "/sys/missing/attribute", "1")) == .noSuchFileOrDirectory)
    #expect(error(SysfsAttribute.write(root.path + "/sys", "1")) == Errno(rawValue: EISDIR))
    #expect(error(SysfsAttribute.write(root.path + "/sys/attribute", "1")) == nil)
    #expect(try String(contentsOfFile: root.path + "/sys/attribute", encoding: .utf8) == "1\n")
  }
}
