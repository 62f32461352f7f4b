import Foundation
import Testing

@testable import DevCapsKit

@Suite("os-release and machine-info syntax")
struct EnvironmentFileTests {
  @Test("quotes, escapes, comments and blank lines")
  func realFile() {
    let text = """
      NAME="Fedora Linux"
      VERSION_ID=39
      # comment
      PRETTY_NAME='Fedora Linux 39 (Workstation Edition)'

      VARIANT="Workstation \\"Edition\\""
      BROKEN LINE
      =novalue
      """
    let values = parseEnvironmentFile(text)
    #expect(values["NAME"] == "Fedora Linux")
    #expect(values["VERSION_ID"] == "39")
    #expect(values["PRETTY_NAME"] == "Fedora Linux 39 (Workstation Edition)")
    #expect(values["VARIANT"] == "Workstation \"Edition\"")
    #expect(values.count == 4)
  }

  @Test("text beyond ASCII: the same quoting, Unicode letters in keys, a value that is not ASCII")
  func unicode() {
    let text = """
      PRETTY_NAME="Débian \\"sid\\" ünstable"
      CHÂSSIS='ordinateur portable'
      ICON_NAME=computer\\ laptop
      KEY WITH SPACE=x
      """
    let values = parseEnvironmentFile(text)
    #expect(values["PRETTY_NAME"] == "Débian \"sid\" ünstable")
    #expect(values["CHÂSSIS"] == "ordinateur portable")
    #expect(values["ICON_NAME"] == "computer laptop")
    #expect(values.count == 3)
  }

  @Test("an empty file has no keys")
  func empty() {
    #expect(parseEnvironmentFile("").isEmpty)
  }

  /// Every os-release, machine-info and uevent file of the fixtures, this machine's os-release and
  /// network uevents.
  static var recordedFiles: [String] {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("devcapsEndToEndTests/Fixtures")
    var paths = ["/etc/os-release", "/usr/lib/os-release", "/etc/machine-info"]
    if let net = try? FileManager.default.contentsOfDirectory(atPath: "/sys/class/net") {
      paths += net.map { "/sys/class/net/\($0)/uevent" }
    }
    let walker = FileManager.default.enumerator(atPath: fixtures.path)
    while let relative = walker?.nextObject() as? String {
      if ["os-release", "machine-info", "uevent"].contains((relative as NSString).lastPathComponent) {
        paths.append(fixtures.appendingPathComponent(relative).path)
      }
    }
    return paths.compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }
  }

  @Test("every recorded file, and lines that try the quoting and trimming, read the same in bytes and by Character")
  func plainAndCharacters() {
    let files = EnvironmentFileTests.recordedFiles
    #expect(files.count >= 9)
    let tricky = [
      "A=1\nA=2\n", "  KEY  =  'a b'  \n", "K=\"x\\\"y\" # not a comment\n", "K='a\\b'\n", "K=a\\\n", "K=\"open\n",
      "K=\t\0v\0\t\n", "#K=1\n", "  # K=1\n", "K-X=1\n", "=1\n", "K\n", "K==\n", "K=a=b\n", "\n\n", "", " ",
      "K=\\ \\ \n", "K=''\"\"\n", "K=\"'\"'\"'\n",
    ]
    for text in files + tricky {
      var bytes = text
      let plain = bytes.withUTF8 { PlainASCII.isPlain($0) ? parsePlainEnvironmentFile($0) : nil }
      #expect(plain == parseEnvironmentFileCharacters(text), "\(text.debugDescription)")
      #expect(plain != nil || text.utf8.contains { $0 >= 0x80 || $0 == 0x0D })
    }
  }
}
