/// A ``MotionRecording`` file read as it goes: one buffer of ``bufferSize`` bytes and the
/// parser's one field, whatever the file's size, so the first sample of a long recording comes
/// at once and a hostile one costs no more memory than a short one.
///
/// ```swift
/// let reader = try MotionRecordingReader(path: "walk.csv")
/// while let input = try reader.next() { _ = estimator.update(input) }
/// ```
public final class MotionRecordingReader {
  /// The bytes read from the file at a time.
  public static let bufferSize = 64 << 10

  private let descriptor: FileDescriptor
  /// False for standard input, which is not the reader's to close.
  private let ownsDescriptor: Bool
  private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 16)
  // Unchecked exclusivity: only `next()` touches these, one call at a time, and a class's
  // stored properties otherwise cost a run-time access check at every use, every field.
  @exclusivity(unchecked) private var position = 0
  @exclusivity(unchecked) private var filled = 0
  @exclusivity(unchecked) private var ended = false
  @exclusivity(unchecked) private var finished = false
  @exclusivity(unchecked) private var parser = MotionRecordingParser()

  /// Opens a recording; relative paths are taken from the working directory. A regular file
  /// or a pipe (a FIFO, a shell's `<(…)`) is read; a device, socket or directory is refused.
  public init(path: String) throws(ReadError) {
    do throws(RegularFileError) {
      descriptor = try FileDescriptor.openRegularFileWithSize(acceptingPipes: true) { (flags) throws(Errno) in
        try FileDescriptor.open(path, flags)
      }.descriptor
      ownsDescriptor = true
    } catch {
      buffer.deallocate()
      switch error {
      case .system(let error): throw ReadError(error)
      case .notRegular(let kind): throw .notRegularFile(kind)
      }
    }
  }

  /// A reader of standard input (`motion --replay -`), which it leaves open.
  public static func standardInput() -> MotionRecordingReader {
    MotionRecordingReader(descriptor: .standardInput, owned: false)
  }

  private init(descriptor: FileDescriptor, owned: Bool) {
    self.descriptor = descriptor
    ownsDescriptor = owned
  }

  /// Called before each read of more of the recording: a reader of a pipe (``isStreamed``) can
  /// show what it has before the read waits for the writer.
  public var beforeRead: (() -> Void)?

  /// Whether the recording arrives as it is written (a pipe, a terminal), not from a regular
  /// file: a reader that shows samples should show each before waiting for the next.
  public var isStreamed: Bool {
    guard let info = try? descriptor.status() else { return true }
    return FileKind(mode: info.st_mode) != .regular
  }

  deinit {
    if ownsDescriptor { descriptor.closeIgnoringErrors() }
    buffer.deallocate()
  }

  /// The line of the sample ``next()`` returned last (1-based).
  public var lineOfLastSample: Int { parser.lastLineWithBytes }

  /// The next sample, nil at the end of the file.
  public func next() throws(MotionRecordingReadError) -> MotionInput? {
    while !ended {
      if position < filled {
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[..<filled])
        do throws(MotionRecordingError) {
          if let sample = try parser.next(in: bytes, at: &position) { return sample }
        } catch {
          throw .data(error)
        }
      }
      do throws(Errno) {
        beforeRead?()
        filled = try descriptor.readWaiting(into: buffer)
      } catch {
        throw .read(line: parser.line, ReadError(error))
      }
      position = 0
      ended = filled == 0
    }
    guard !finished else { return nil }
    finished = true
    do throws(MotionRecordingError) {
      return try parser.finish()
    } catch {
      throw .data(error)
    }
  }
}

/// Why ``MotionRecordingReader/next()`` stopped.
public enum MotionRecordingReadError: Error, Equatable, CustomStringConvertible {
  /// The file could not be read on (an I/O error), at this line.
  case read(line: Int, ReadError)
  /// A line is not a sample.
  case data(MotionRecordingError)

  public var description: String {
    switch self {
    case .read(let line, let failure): return "cannot read at line \(line): \(failure)"
    case .data(let error): return error.description
    }
  }
}
