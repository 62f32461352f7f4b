import Foundation
import Testing

/// The live views as a person uses them, in tmux on the convertible: Ctrl-Z and `fg`, a window
/// resized while they run, windows smaller than their frame, and TERM=dumb.
@Suite("The live views in a terminal", .serialized)
struct LiveViewTerminalTests {
  /// The convertible with a gyroscope and a magnetometer (for `motion`), lying tilted.
  static func convertible() throws -> TestbedDriver {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try DeviceMotionCommandTests.add(testbed, gyroscope: true, magnetometer: true)
    try MotionCommandTests.tilt(testbed, 0.5, 0.5, -0.7)
    return testbed
  }

  /// A line only the view's frame shows.
  static func marker(_ view: String) -> String {
    switch view {
    case "up-angle": "  gravity ("
    case "motion": "Device motion · "
    default: "●"
    }
  }

  static func showsView(_ view: String, _ session: TmuxSession) -> Bool {
    session.modes.alternate && session.screen.contains { $0.contains(marker(view)) }
  }

  /// The screen's words, one space between each (a centred message is padded and wrapped).
  static func words(_ screen: [String]) -> String {
    screen.joined(separator: " ").split(separator: " ").joined(separator: " ")
  }

  static func atPrompt(_ screen: [String]) -> Bool {
    screen.last { !$0.isEmpty } == "$"
  }

  /// `view` at 20 Hz on the convertible in a 100×40 tmux window, its first frame shown.
  static func started(_ view: String) throws -> (TestbedDriver, TmuxSession) {
    let testbed = try convertible()
    let session = try TmuxSession(columns: 100, rows: 40, environment: testbed.environment)
    try session.run("$DC \(view) --rate 20")
    #expect(session.wait { _ in showsView(view, session) }, "\(session.shown)")
    return (testbed, session)
  }

  /// Quits the view with q alone (no Enter: the keys are read one by one) and checks the shell
  /// gets status 0 and the terminal's modes back.
  static func quitAndCheck(_ session: TmuxSession) throws {
    try session.type("q")
    #expect(
      session.wait { atPrompt($0) } && !session.modes.alternate && session.modes.cursor,
      "q alone quits: \(session.shown)")
    try session.run("clear; echo \"status $?\"; stty -a | tr ' ' '\\n' | grep -x -- '-\\{0,1\\}\\(icanon\\|echo\\)'")
    #expect(session.wait { $0.contains("echo") }, "\(session.shown)")
    #expect(session.screen.contains("status 0"), "\(session.shown)")
    #expect(session.screen.contains("icanon") && session.screen.contains("echo"), "\(session.shown)")
  }

  @Test(
    "Ctrl-Z gives the terminal back (main screen, cursor, echo); fg takes it again, redraws, and q alone quits",
    arguments: ["up-angle", "motion", "tilt"])
  func suspendAndContinue(view: String) throws {
    let (testbed, session) = try Self.started(view)
    // The testbed's devices live as long as it does.
    defer { withExtendedLifetime(testbed) {} }

    try session.press("C-z")
    #expect(session.wait { Self.atPrompt($0) }, "the shell's prompt: \(session.shown)")
    #expect(!session.modes.alternate && session.modes.cursor, "the main screen with the cursor shown")
    try session.run("echo typed")
    #expect(session.wait { $0.contains("typed") }, "\(session.shown)")
    #expect(session.screen.contains("$ echo typed"), "what is typed is echoed: \(session.shown)")

    try session.run("fg")
    #expect(session.wait { _ in Self.showsView(view, session) }, "redrawn after fg: \(session.shown)")
    #expect(!session.modes.cursor)
    #expect(!session.screen.contains { $0.contains("$ ") }, "nothing of the shell left on the view")
    try Self.quitAndCheck(session)
  }

  @Test(
    "samples that cannot be read: nothing written over the view, q alone still quits, the note after it",
    arguments: ["motion", "tilt"])
  func unreadableSamples(view: String) throws {
    let (testbed, session) = try Self.started(view)
    // From now on every sample is skipped: no event comes to be drawn, and each says why.
    try testbed.set(MotionCommandTests.display, "in_accel_x_raw", "abc")
    usleep(1_000_000)
    #expect(session.modes.alternate && !session.screen.contains { $0.contains("note:") }, "\(session.shown)")
    try session.type("q")
    #expect(session.wait { Self.atPrompt($0) } && !session.modes.alternate, "q alone quits: \(session.shown)")
    #expect(
      Self.words(session.screen).contains("devcaps: note: skipping a sample:")
        && Self.words(session.screen).contains("holds 'abc'"),
      "the note, once the screen is given back: \(session.shown)")
  }

  @Test(
    "a resize while running measures again: the frame, the reason at 40×12 and 20×6, the whole frame again",
    arguments: ["up-angle", "motion"])
  func resize(view: String) throws {
    let (testbed, session) = try Self.started(view)
    // The testbed's devices live as long as it does.
    defer { withExtendedLifetime(testbed) {} }
    let whole = session.screen

    try session.resize(columns: 40, rows: 12)
    #expect(
      session.wait { $0.contains { $0.contains("terminal 40×12 is smaller than") } }, "\(session.shown)")
    #expect(!session.screen.contains { $0.contains(Self.marker(view)) })
    try session.resize(columns: 20, rows: 6)
    #expect(session.wait { Self.words($0).contains("terminal 20×6 is smaller than") }, "\(session.shown)")
    #expect(session.screen.allSatisfy { $0.count <= 20 })

    try session.resize(columns: 100, rows: 40)
    #expect(session.wait { _ in Self.showsView(view, session) }, "\(session.shown)")
    #expect(
      session.screen.first?.prefix(15) == whole.first?.prefix(15), "the frame's first row at the top, not scrolled away"
    )
    #expect(
      session.screen.contains { $0.hasSuffix("q or Ctrl-C to quit") }, "the footer whole: \(session.shown)")
    try Self.quitAndCheck(session)
  }

  @Test(
    "started in a window smaller than the frame: why, centred, until it is big enough; q quits",
    arguments: [("up-angle", 40, 12), ("up-angle", 20, 6), ("motion", 40, 12), ("motion", 20, 6)])
  func tooSmall(view: String, columns: Int, rows: Int) throws {
    let testbed = try Self.convertible()
    let session = try TmuxSession(columns: columns, rows: rows, environment: testbed.environment)
    try session.run("clear; $DC \(view) --rate 20")
    #expect(
      session.wait { Self.words($0).contains("terminal \(columns)×\(rows) is smaller than") },
      "\(session.shown)")
    let screen = session.screen
    let first = try #require(screen.firstIndex { $0.contains("terminal") })
    #expect(first > 0 && screen[first].hasPrefix(" "), "centred: \(session.shown)")
    #expect(session.modes.alternate && !screen.contains { $0.contains(Self.marker(view)) })
    try Self.quitAndCheck(session)
  }

  @Test("the minimum size is the frame's own: one column or row short shows why, the size it names shows it whole")
  func exactFit() throws {
    let testbed = try Self.convertible()
    let session = try TmuxSession(columns: 30, rows: 30, environment: testbed.environment)
    try session.run("clear; $DC up-angle --rate 20")
    #expect(session.wait { $0.contains { $0.contains("is smaller than") } }, "\(session.shown)")
    let message = Self.words(session.screen)
    let size = try #require(message.firstMatch(of: /smaller than (\d+)×(\d+)/))
    let (columns, rows) = (try #require(Int(size.output.1)), try #require(Int(size.output.2)))
    #expect(columns >= 39 && rows >= 23, "the dial alone is 39×19: \(columns)×\(rows)")

    try session.resize(columns: columns, rows: rows - 1)
    #expect(session.wait { $0.contains { $0.contains("terminal \(columns)×\(rows - 1) is smaller") } })
    try session.resize(columns: columns, rows: rows)
    #expect(session.wait { _ in Self.showsView("up-angle", session) }, "\(session.shown)")
    let screen = session.screen
    #expect(screen.count == rows)
    #expect(screen.first == "" && screen[1].contains("·"), "the dial's top at the top: \(session.shown)")
    #expect(screen.last?.contains("(iio:device1) · q") == true, "the footer, cut to the width, last: \(session.shown)")
    try Self.quitAndCheck(session)
  }

  @Test("TERM=dumb: a line only when the reading changes, why said once, no escape sequences; q quits")
  func dumbTerminal() throws {
    let testbed = try Self.convertible()
    let session = try TerminalSession(
      "env \(MotionCommandTests.shellEnvironment(testbed)) TERM=dumb timeout --foreground -s INT 8 '\(DevCapsProcess.executable.path)' up-angle --rate 20; echo \"status $?\""
    )
    #expect(session.wait { $0.contains("gravity (") })
    usleep(1_000_000)
    try MotionCommandTests.tilt(testbed, 1, 0, 0)
    #expect(session.wait { $0.contains("gravity (1.00, 0.00, 0.00) g") }, "\(session.output)")
    usleep(500_000)
    session.type("q")
    let output = session.finish()
    #expect(output.contains("status 0"), "q quits: \(output)")
    #expect(!output.contains("\u{1B}"), "\(output.debugDescription)")
    let readings = output.split(whereSeparator: \.isNewline).filter { $0.contains("gravity (") }
    // The testbed rewrites x, y and z one by one: a sample may fall between two of them.
    #expect((2...3).contains(readings.count), "one line per reading, not per sample: \(readings)")
    #expect(readings.last?.hasSuffix("gravity (1.00, 0.00, 0.00) g") == true, "\(readings)")
    #expect(
      output.components(separatedBy: "TERM=dumb cannot redraw in place: printing a line when the reading changes")
        .count == 2, "\(output)")
  }

  // MARK: calibrate magnetometer

  static func calibrateLine(_ testbed: TestbedDriver, state: URL, _ setup: String, term: String = "xterm") -> String {
    "\(setup)env \(MotionCommandTests.shellEnvironment(testbed)) TERM=\(term) XDG_STATE_HOME='\(state.path)' '\(DevCapsProcess.executable.path)' calibrate magnetometer --rate 100"
  }

  /// What the terminal got from a calibration held still for `seconds`, and the status echoed.
  static func calibrateHeldStill(_ setup: String, term: String = "xterm", seconds: Int) throws -> String {
    let testbed = try CalibrateCommandTests.convertible()
    let state = try CalibrateCommandTests.stateDirectory()
    defer { try? FileManager.default.removeItem(at: state) }
    return try DevCapsProcess.runInTerminal(
      Self.calibrateLine(testbed, state: state, setup, term: term) + " --timeout \(seconds); echo \"status $?\"")
  }

  @Test("calibrate at 40 columns: the introduction wrapped at words, the progress line within the width, time left")
  func calibrateNarrow() throws {
    let output = try Self.calibrateHeldStill("stty cols 40 rows 20; ", seconds: 3)
    #expect(output.contains("status 75"), "\(output)")
    let screen = TerminalScreen(interpreting: output).text.filter { !$0.hasPrefix("devcaps: ") }
    #expect(screen.allSatisfy { $0.count <= 40 }, "\(screen.joined(separator: "\n"))")
    let introduction = screen.prefix { !$0.hasPrefix("coverage") }
    #expect(introduction.count > 3)
    #expect(
      introduction.joined(separator: " ")
        == "Calibrating the magnetometer iio:device4 (magn_3d). Turn the device slowly through every orientation: face up, face down, each edge up, until the accuracy is high.",
      "broken at spaces only: \(introduction)")
    let updates = output.components(separatedBy: "\r").filter { $0.hasPrefix("coverage") }
    #expect(updates.count >= 2, "\(output.debugDescription)")
    for update in updates {
      let line = update.components(separatedBy: "\u{1B}[K")[0]
      #expect(line.count <= 39, "\(line)")
    }
    #expect(updates.contains { $0.contains(" s left") }, "\(updates)")
    #expect(updates.contains { $0.contains("3 s left") } && updates.contains { $0.contains("1 s left") }, "\(updates)")
  }

  @Test("calibrate with TERM=dumb: lines, no carriage return or erase")
  func calibrateDumb() throws {
    let output = try Self.calibrateHeldStill("", term: "dumb", seconds: 2)
    #expect(output.contains("status 75"), "\(output)")
    #expect(output.contains("coverage "), "\(output)")
    // The pty turns each "\n" into "\r\n": a "\r" alone is a redraw.
    #expect(!output.replacingOccurrences(of: "\r\n", with: "\n").contains("\r"), "\(output.debugDescription)")
    #expect(!output.contains("\u{1B}"), "\(output.debugDescription)")
  }

  @Test(
    "calibrate: q and Enter end it at once even when no sample can be read (garbage in the accelerometer)",
    arguments: ["q", "\r"])
  func calibrateKeyWithoutSamples(key: String) throws {
    let testbed = try CalibrateCommandTests.convertible()
    try testbed.set(MotionCommandTests.display, "in_accel_x_raw", "garbage")
    let state = try CalibrateCommandTests.stateDirectory()
    defer { try? FileManager.default.removeItem(at: state) }
    let session = try TerminalSession(
      Self.calibrateLine(testbed, state: state, "stty cols 100 rows 20; ") + " --timeout 60; echo \"status $?\"")
    #expect(session.wait(seconds: 20) { $0.contains("until the accuracy is high") }, "\(session.output.suffix(500))")
    let pressed = Date()
    session.type(key)
    let output = session.finish(seconds: 20)
    #expect(Date().timeIntervalSince(pressed) < 10, "ended \(Date().timeIntervalSince(pressed)) s after the key")
    #expect(output.contains("status 75"), "\(output.suffix(800))")
    #expect(output.contains("nothing saved"), "\(output.suffix(800))")
  }

  @Test("calibrate: Enter saves a fit that is good enough (medium) without waiting for the timeout")
  func calibrateEnterSaves() throws {
    let (testbed, state, _) = try CalibrateCommandTests.convertibleWithState()
    defer { try? FileManager.default.removeItem(at: state) }
    let session = try TerminalSession(
      Self.calibrateLine(testbed, state: state, "stty cols 100 rows 20; ") + " --timeout 60; echo \"status $?\"")
    _ = CalibrateCommandTests.turn(testbed, share: 0.6)
    #expect(
      session.wait(seconds: 30) { $0.contains("accuracy medium · ") && $0.contains("Enter or q saves") },
      "\(session.output.suffix(500))")
    session.type("\r")
    let output = session.finish()
    #expect(output.contains("status 0"), "\(output.suffix(800))")
    #expect(output.contains("Saved \(state.path)/devcaps/magnetometer/magn_3d-"), "\(output.suffix(800))")
    #expect(output.contains("  accuracy        medium (coverage "), "\(output.suffix(800))")
  }
}
