import ArgumentParser
import DevCapsKit

/// `devcaps motion --record FILE`: the live sensors' raw readings, as `--replay` reads them,
/// until --count, --timeout or a signal; the file then written whole (FileOutput: a regular file
/// only, replaced atomically), so a recording is never left half written. The path is checked and
/// its temporary file made before sampling starts: an unusable path is refused at once, not
/// after the recording.
struct MotionRecord {
  let path: String
  let options: StreamOptions

  /// Exit 69 without an accelerometer and a gyroscope, 73 when the file is refused (a device, a
  /// FIFO, a directory), cannot be created or cannot be written (a full disk, the file-size
  /// limit), as for `export -o`: 74 is standard output's.
  func run() throws {
    let file: PendingFile
    do {
      file = try PendingFile(path)
    } catch {
      Output.error(error.description)
      throw ExitCode.cannotCreate
    }
    defer { file.abandon() }
    StreamRunner.takeOverSignals()
    let stream = try StreamRunner.open(.motion, options)
    let recording = Recording()
    let end = StreamRunner.run(stream) {
      { event in
        guard case .motion(let update) = event.event, let input = update.input else { return true }
        guard let line = MotionRecording.line(input) else {
          recording.unrecordable = true
          return false
        }
        recording.text += line + "\n"
        return true
      }
    }
    if recording.unrecordable {
      Output.error("--record needs an accelerometer and a gyroscope; this machine's motion sensors lack one")
      throw ExitCode.unavailable
    }
    if case .failed = end {
      // Removed first: StreamRunner.exit may end the process without unwinding to the `defer`.
      file.abandon()
      return try StreamRunner.exit(end)
    }
    do {
      try file.commit(recording.text)
    } catch {
      Output.error(error.description)
      throw ExitCode.cannotCreate
    }
    try StreamRunner.exit(end)
  }

  /// What the sampling thread gathers; read by this thread once the stream has stopped.
  /// Unchecked: written only on the sampling thread, read only after `stop()` joined it, and the
  /// join orders every write before the read.
  private final class Recording: @unchecked Sendable {
    var text = MotionRecording.header + "\n"
    var unrecordable = false
  }
}
