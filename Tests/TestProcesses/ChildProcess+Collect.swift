import Foundation

/// What a child printed and how it ended.
public struct CollectedOutput: Sendable {
  public var termination: ChildProcess.Termination
  public var output: Data
  public var errors: Data

  /// The exit status, or the signal's number.
  public var status: Int32 { termination.status }
  public var outputText: String { String(decoding: output, as: UTF8.self) }
  public var errorText: String { String(decoding: errors, as: UTF8.self) }
}

extension ChildProcess {
  /// Writes `input` (then end of file, unless `keepingInputOpen` until the end), reads both
  /// outputs to their end and waits for the exit, all within `seconds`; past that, kills the
  /// child's process group and throws, with what it printed so far.
  public func collect(input data: Data? = nil, keepingInputOpen: Bool = false, seconds: Double = 120) throws
    -> CollectedOutput
  {
    let deadline = Date().addingTimeInterval(seconds)
    if let data { write(data) }
    defer { closeInput() }
    if !keepingInputOpen { closeInput() }
    var output = Data()
    var errors = Data()
    var open: [(descriptor: Int32, isOutput: Bool)] = []
    if let descriptor = self.output { open.append((descriptor, true)) }
    if let descriptor = self.errors { open.append((descriptor, false)) }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while !open.isEmpty {
      let remaining = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
      if remaining == 0 { throw timedOut(seconds, output, errors) }
      var polled = open.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
      let ready = poll(&polled, nfds_t(polled.count), min(remaining, 200))
      if ready < 0 && errno != EINTR { throw ChildProcessError("poll: errno \(errno)") }
      var ended: Set<Int32> = []
      for entry in polled where entry.revents != 0 {
        let count = read(entry.fd, &buffer, buffer.count)
        if count > 0 {
          if open.first(where: { $0.descriptor == entry.fd })!.isOutput {
            output.append(contentsOf: buffer[0..<count])
          } else {
            errors.append(contentsOf: buffer[0..<count])
          }
        } else if count == 0 || errno != EINTR {
          ended.insert(entry.fd)
        }
      }
      open.removeAll { ended.contains($0.descriptor) }
    }
    guard let termination = wait(seconds: max(0, deadline.timeIntervalSinceNow)) else {
      throw timedOut(seconds, output, errors)
    }
    return CollectedOutput(termination: termination, output: output, errors: errors)
  }

  private func timedOut(_ seconds: Double, _ output: Data, _ errors: Data) -> ChildProcessError {
    waitOrKill(seconds: 0)
    return ChildProcessError(
      "\(commandLine) was still running after \(seconds) s (killed). It printed: "
        + "\(String(decoding: output, as: UTF8.self))\(String(decoding: errors, as: UTF8.self))")
  }

  /// Starts, collects and returns in one call.
  public static func run(
    _ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil,
    input: Data? = nil, errors: Stream = .pipe, directory: String? = nil, seconds: Double = 120
  ) throws -> CollectedOutput {
    let child = try ChildProcess(
      executable, arguments, environment: environment, input: input == nil ? .null : .pipe, errors: errors,
      directory: directory)
    return try child.collect(input: input, seconds: seconds)
  }
}

extension ChildProcess {
  /// The first line the child prints on standard output (a daemon's address), without its
  /// newline; "" if it ends or says nothing within `seconds`.
  public func firstLine(seconds: Double) -> String {
    guard let output else { return "" }
    let deadline = Date().addingTimeInterval(seconds)
    var line = Data()
    var byte: UInt8 = 0
    while !line.contains(0x0A) {
      var ready = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
      let remaining = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
      guard remaining > 0 else { break }
      if poll(&ready, 1, remaining) <= 0 { continue }
      guard read(output, &byte, 1) == 1 else { break }
      line.append(byte)
    }
    return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
