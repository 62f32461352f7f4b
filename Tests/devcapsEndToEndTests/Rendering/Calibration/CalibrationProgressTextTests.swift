import DevCapsKit
import Testing

@testable import devcaps

@Suite("The calibration's progress line")
struct CalibrationProgressTextTests {
  static let progress = MagnetometerFitting.Progress(readings: 212, result: nil)
  static let extra = ["42 s left", "Ctrl-C cancels"]

  @Test("on a pipe the whole line; on a terminal the richest form that fits, down to what a phone shows")
  func fitted() {
    let plain = TextStyle(colour: false)
    #expect(
      CalibrationProgressView.progressText(Self.progress, style: plain)
        == "coverage ░░░░░░░░░░░░░░░░░░░░ 0 % · 212 readings · accuracy not yet known")
    #expect(
      CalibrationProgressView.progressText(Self.progress, style: plain, extra: Self.extra, columns: 200)
        == "coverage ░░░░░░░░░░░░░░░░░░░░ 0 % · 212 readings · accuracy not yet known · 42 s left · Ctrl-C cancels")
    #expect(
      CalibrationProgressView.progressText(Self.progress, style: plain, extra: Self.extra, columns: 44)
        == "coverage 0 % · not yet known · 42 s left")
    for columns in [1, 10, 39, 44, 60, 79] {
      let line = CalibrationProgressView.progressText(Self.progress, style: plain, extra: Self.extra, columns: columns)
      #expect(line.count <= columns, "\(columns): \(line)")
    }
  }
}
