import Foundation

/// Reads a child's output on a thread of its own while the test goes on (a stream's lines, a
/// terminal's bytes), until end of file.
public final class OutputRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  private var finished = false

  /// Starts reading `descriptor`. The recorder reads a duplicate of its own, closed at end of
  /// file, so the owner may close the original at any time.
  public init(_ original: Int32) {
    let descriptor = fcntl(original, F_DUPFD_CLOEXEC, 3)
    let thread = Thread { [self] in
      defer { close(descriptor) }
      var buffer = [UInt8](repeating: 0, count: 16_384)
      while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        lock.withLock { data.append(contentsOf: buffer[0..<count]) }
      }
      lock.withLock { finished = true }
    }
    thread.start()
  }

  /// Everything read so far.
  public var bytes: Data { lock.withLock { data } }
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Complete lines read so far (without their newlines).
  public var lines: [String] {
    let text = self.text
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.removeLast()  // after the last newline: a partial line, or ""
    return lines
  }

  /// Whether end of file was read.
  public var isFinished: Bool { lock.withLock { finished } }

  /// Waits until end of file, for `seconds` at most; whether it came.
  @discardableResult
  public func waitForEnd(seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !isFinished && Date() < deadline { usleep(5_000) }
    return isFinished
  }
}
