import Foundation
import TestProcesses
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `devcaps export prometheus|nfd`, checked by the tools that read them: Prometheus' promtool and
/// a real node_exporter for the metrics, Kubernetes' label rules (written here from the rules,
/// not from devcaps) for the NFD labels. Serialized: umockdev keeps its testbed in the process
/// environment.
@Suite("devcaps export", .serialized)
struct ExportCommandTests {
  static func export(_ machine: String, _ arguments: [String]) throws -> DevCapsResult {
    let testbed = try FixtureMachine(name: machine).load()
    return try DevCapsProcess.run(["export"] + arguments, environment: testbed.environment)
  }

  /// Disk sizes depend on where the testbed lives: their values are masked.
  static func maskedDiskValues(_ metrics: String) -> String {
    metrics.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      guard line.hasPrefix("devcaps_disk_"), let space = line.lastIndex(of: " ") else { return String(line) }
      return String(line[...space]) + "<statvfs>"
    }.joined(separator: "\n")
  }

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func runTool(_ path: String, _ arguments: [String], stdin: String? = nil) throws -> (
    status: Int32, output: String
  ) {
    let run = try ChildProcess.run(path, arguments, input: Data((stdin ?? "").utf8), errors: .output)
    return (run.status, run.outputText)
  }

  // MARK: prometheus

  @Test("the metrics of the laptop match their golden file")
  func prometheusGolden() throws {
    let result = try Self.export("thinkpad-laptop", ["prometheus"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    try Golden.check(Self.maskedDiskValues(result.stdout), against: "export-thinkpad-laptop.prom")
  }

  @Test("promtool check metrics accepts the metrics of every fixture machine", arguments: FixtureMachine.all)
  func promtoolAccepts(machine: String) throws {
    let result = try Self.export(machine, ["prometheus"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let check = try Self.runTool("/usr/bin/promtool", ["check", "metrics"], stdin: result.stdout)
    #expect(check.status == 0 && check.output.isEmpty, "promtool on \(machine): \(check.output)\n\(result.stdout)")
    // Every family has HELP and TYPE before its samples, and every catalog key has a series.
    var declared: Set<String> = []
    for line in result.stdout.split(separator: "\n") {
      if line.hasPrefix("# TYPE ") { declared.insert(String(line.split(separator: " ")[2])) }
      if !line.hasPrefix("#") {
        let name = String(line.prefix { $0 != "{" && $0 != " " })
        #expect(declared.contains(name), "\(machine): \(name) has no TYPE before its samples")
      }
    }
    let capabilities = result.stdout.split(separator: "\n").filter { $0.hasPrefix("devcaps_capability{") }
    let list = try ReportJSON(
      DevCapsProcess.run(
        ["list", "--json", "--only", "capabilities"], environment: FixtureMachine(name: machine).load().environment))
    #expect(capabilities.count == (list["capabilities"] as? [String: Any])?.count)
  }

  @Test("label values escape backslash, double quote and line feed; promtool still accepts them")
  func escaping() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    // In ID: os_version is the point release, whose digits only survive.
    try testbed.write("etc/os-release", "ID=\"12 \\\"odd\\\" \\\\ one\"\nVERSION_ID=12\nNAME=Debian\n")
    let result = try DevCapsProcess.run(["export", "prometheus"], environment: testbed.environment)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let info = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("devcaps_info{") })
    #expect(info.contains(#"os="12 \"odd\" \\ one""#), "\(info)")
    let check = try Self.runTool("/usr/bin/promtool", ["check", "metrics"], stdin: result.stdout)
    #expect(check.status == 0 && check.output.isEmpty, "\(check.output)")
  }

  @Test("the CI facts: the point release, virtualization, available cores, CPU level, cgroup limit, GPU vendors")
  func ciFacts() throws {
    let testbed = try FixtureMachine(name: "qemu-vm").load()
    try testbed.write("etc/os-release", "ID=debian\nVERSION_ID=\"12\"\nNAME=Debian\n")
    try testbed.write("etc/debian_version", "12.11\n")
    let metrics = try DevCapsProcess.run(["export", "prometheus"], environment: testbed.environment)
    #expect(metrics.status == 0, "stderr: \(metrics.stderr)")
    let info = try #require(metrics.stdout.split(separator: "\n").first { $0.hasPrefix("devcaps_info{") })
    #expect(info.contains(#"os="debian",os_version="12.11""#), "\(info)")
    #expect(info.contains(#"virtualization="qemu",virtualization_kind="vm",hypervisor="qemu""#), "\(info)")
    let labels = try DevCapsProcess.run(["export", "nfd"], environment: testbed.environment)
    for label in [
      "devcaps-os=debian", "devcaps-os-version=12.11", "devcaps-virtualization=qemu", "devcaps-gpu-nvidia=true",
    ] {
      #expect(labels.stdout.contains("\n" + label + "\n"), "\(label) in\n\(labels.stdout)")
    }
    #expect(!labels.stdout.contains("devcaps-gpu-intel"))
  }

  @Test(
    "available cores and the CPU level: a gauge and a label where the cpu section has them, none where not",
    arguments: FixtureMachine.all)
  func coresAndLevel(machine: String) throws {
    let testbed = try FixtureMachine(name: machine).load()
    let list = try ReportJSON(
      DevCapsProcess.run(["list", "--json", "--only", "cpu"], environment: testbed.environment))
    let cpu = try #require(list["cpu"] as? [String: Any])
    // The fractional count where the report has one (a CPU quota), else the whole one.
    let cores = (cpu["availableCoresFraction"] as? Double) ?? (cpu["availableCores"] as? Int).map(Double.init)
    let level = cpu["level"] as? String
    let metrics = try DevCapsProcess.run(["export", "prometheus"], environment: testbed.environment).stdout
    let labels = try DevCapsProcess.run(["export", "nfd"], environment: testbed.environment).stdout
    func line(_ text: String, _ prefix: String) -> String? {
      text.split(separator: "\n").first { $0.hasPrefix(prefix) }.map(String.init)
    }
    #expect(
      line(metrics, "devcaps_cpu_available_cores ").flatMap { Double($0.split(separator: " ")[1]) } == cores,
      "\(metrics)")
    #expect(line(metrics, "devcaps_cpu_level ") == level.map { "devcaps_cpu_level \($0.last!)" })
    #expect(
      line(labels, "devcaps-available-cores=").flatMap { Double($0.split(separator: "=")[1]) } == cores, "\(labels)")
    #expect(line(labels, "devcaps-cpu-level=") == level.map { "devcaps-cpu-level=\($0)" })
  }

  @Test("the cgroup memory limit is a gauge in bytes; none without a limit")
  func memoryLimit() throws {
    for machine in FixtureMachine.all {
      let testbed = try FixtureMachine(name: machine).load()
      let list = try ReportJSON(
        DevCapsProcess.run(["list", "--json", "--only", "memory"], environment: testbed.environment))
      let limit = (list["memory"] as? [String: Any])?["limitBytes"] as? Int
      let metrics = try DevCapsProcess.run(["export", "prometheus"], environment: testbed.environment)
      let line = metrics.stdout.split(separator: "\n").first { $0.hasPrefix("devcaps_memory_limit_bytes ") }
      #expect(line.map(String.init) == limit.map { "devcaps_memory_limit_bytes \($0)" }, "\(machine)")
    }
  }

  @Test("a real node_exporter serves the exported file from its textfile directory over HTTP")
  func nodeExporterServesIt() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("devcaps.prom").path
    let result = try Self.export("thinkpad-laptop", ["prometheus", "--output", file])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty)
    let attributes = try FileManager.default.attributesOfItem(atPath: file)
    #expect((attributes[.posixPermissions] as? Int) == 0o644)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["devcaps.prom"],
      "a temporary file was left behind")

    let port = try LoopbackHTTP.freePort()
    let exporter = try ChildProcess(
      "/usr/bin/prometheus-node-exporter",
      [
        "--web.listen-address=127.0.0.1:\(port)", "--collector.disable-defaults", "--collector.textfile",
        "--collector.textfile.directory=\(directory.path)",
      ], output: .null, errors: .null)
    defer {
      exporter.signal(SIGTERM)
      exporter.waitOrKill(seconds: 10)
    }
    var body: String?
    for _ in 0..<100 where body == nil {
      body = try? LoopbackHTTP.get(port: port, path: "/metrics")
      if body == nil { usleep(100_000) }
    }
    let metrics = try #require(body, "node_exporter did not answer on 127.0.0.1:\(port)")
    #expect(metrics.contains("node_textfile_scrape_error 0"), "\(metrics)")
    #expect(metrics.contains(#"devcaps_capability{key="gyroscope"} 0"#))
    #expect(metrics.contains(#"devcaps_capability{key="battery"} 1"#))
    #expect(metrics.contains("devcaps_memory_installed_bytes 1.7179869184e+10"))
    #expect(metrics.contains(#"devcaps_info{architecture="x86_64",chassis="laptop""#))
    #expect(metrics.contains(#"devcaps_battery_state{battery="BAT0",state="#))
  }

  // MARK: --output

  @Test("-o - is standard output, as - is for require: no file named -")
  func outputDash() throws {
    let result = try Self.export("thinkpad-laptop", ["nfd", "-o", "-"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdout == (try Self.export("thinkpad-laptop", ["nfd"])).stdout)
    #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/-"))
  }

  @Test("--output replaces the file atomically with mode 0644 and prints nothing")
  func outputReplaces() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("devcaps").path
    try "old\n".write(toFile: file, atomically: false, encoding: .utf8)
    chmod(file, 0o600)
    var before = stat()
    stat(file, &before)
    let result = try Self.export("thinkpad-laptop", ["nfd", "-o", file])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty)
    var after = stat()
    stat(file, &after)
    #expect(after.st_ino != before.st_ino, "not renamed over the old file")
    #expect(after.st_mode & 0o777 == 0o644)
    let written = try String(contentsOfFile: file, encoding: .utf8)
    #expect(written == (try Self.export("thinkpad-laptop", ["nfd"])).stdout)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["devcaps"])
  }

  @Test("an output that cannot be written is exit 73 with a message, and nothing on stdout")
  func outputUnwritable() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for path in [directory.appendingPathComponent("missing/devcaps.prom").path, directory.path, directory.path + "/"] {
      let result = try Self.export("thinkpad-laptop", ["prometheus", "--output", path])
      #expect(result.status == 73, "\(path): \(result.status) \(result.stderr)")
      #expect(result.stderr.contains("devcaps: cannot write \(path):"), "\(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path) == [], "a temporary file was left behind")
  }

  @Test("an unknown format is a usage error (64) that names the formats")
  func unknownFormat() throws {
    let result = try DevCapsProcess.run(["export", "json"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("prometheus") && result.stderr.contains("nfd"), "\(result.stderr)")
    let help = try DevCapsProcess.run(["export", "--help"])
    #expect(help.status == 0)
    #expect(
      help.stdout.contains("Examples:")
        && help.stdout.contains("devcaps export prometheus -o /var/lib/prometheus/node-exporter/devcaps.prom"))
  }

  // MARK: nfd

  @Test("the NFD labels of the laptop match their golden file")
  func nfdGolden() throws {
    let result = try Self.export("thinkpad-laptop", ["nfd"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    try Golden.check(result.stdout, against: "export-thinkpad-laptop.nfd")
    #expect(result.stdout.contains("devcaps-memory=16Gi\n"))
  }

  @Test(
    "without the installed size, the memory class is MemTotal over 0.93 rounded down: what the firmware and kernel took does not halve it",
    arguments: [("yoga-convertible", "16Gi"), ("pinephone", "2Gi"), ("qemu-vm", "4Gi"), ("docker-container", "32Gi")])
  func nfdMemoryFromMemTotal(machine: String, memoryClass: String) throws {
    let result = try Self.export(machine, ["nfd"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdout.contains("devcaps-memory=\(memoryClass)\n"), "\(result.stdout)")
  }

  @Test("every NFD label of every fixture machine is valid by Kubernetes' label rules", arguments: FixtureMachine.all)
  func nfdLabelsValid(machine: String) throws {
    let result = try Self.export(machine, ["nfd"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.last == "", "no final newline")
    var names: Set<String> = []
    for line in lines.dropLast() {
      let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      #expect(parts.count == 2, "\(machine): not name=value: '\(line)'")
      guard parts.count == 2 else { continue }
      // NFD prefixes a name without a namespace.
      let name = parts[0].contains("/") ? String(parts[0]) : "feature.node.kubernetes.io/" + parts[0]
      #expect(KubernetesLabel.isValidName(name), "\(machine): invalid label name '\(name)'")
      #expect(KubernetesLabel.isValidValue(String(parts[1])), "\(machine): invalid label value '\(parts[1])'")
      #expect(names.insert(name).inserted, "\(machine): '\(name)' twice")
    }
    let capabilities = lines.filter {
      $0.hasPrefix("devcaps-") && !$0.hasPrefix("devcaps-gpu-") && ($0.hasSuffix("=true") || $0.hasSuffix("=false"))
    }
    let list = try ReportJSON(
      DevCapsProcess.run(
        ["list", "--json", "--only", "capabilities"], environment: FixtureMachine(name: machine).load().environment))
    #expect(capabilities.count == (list["capabilities"] as? [String: Any])?.count)
  }

  @Test("the validator itself: Kubernetes' rules, accepting and refusing")
  func validatorRules() {
    #expect(KubernetesLabel.isValidName("feature.node.kubernetes.io/devcaps-gyroscope"))
    #expect(KubernetesLabel.isValidName("a"))
    #expect(KubernetesLabel.isValidName(String(repeating: "a", count: 63)))
    #expect(!KubernetesLabel.isValidName(String(repeating: "a", count: 64)))
    #expect(!KubernetesLabel.isValidName("-a"))
    #expect(!KubernetesLabel.isValidName("a_"))
    #expect(!KubernetesLabel.isValidName("Example.com/a"))
    #expect(!KubernetesLabel.isValidName("example..com/a"))
    #expect(!KubernetesLabel.isValidName("/a"))
    #expect(!KubernetesLabel.isValidName("a b"))
    #expect(KubernetesLabel.isValidValue(""))
    #expect(KubernetesLabel.isValidValue("x86_64"))
    #expect(KubernetesLabel.isValidValue("16Gi"))
    #expect(!KubernetesLabel.isValidValue("a/b"))
    #expect(!KubernetesLabel.isValidValue("_a"))
    #expect(!KubernetesLabel.isValidValue(String(repeating: "a", count: 64)))
  }

  // MARK: contrib/systemd

  static let contrib = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("contrib/systemd")

  @Test("the service's ExecStart is a valid unit line and its exact command writes the metrics")
  func systemdService() throws {
    let unit = try String(contentsOf: Self.contrib.appendingPathComponent("devcaps-textfile.service"), encoding: .utf8)
    let execLines = unit.split(separator: "\n").filter { $0.hasPrefix("ExecStart=") }
    let exec = try #require(execLines.count == 1 ? execLines.first : nil)
    let words = exec.dropFirst("ExecStart=".count).split(separator: " ").map(String.init)
    #expect(words.count == 5)
    #expect(
      words.dropFirst() == ["export", "prometheus", "--output", "/var/lib/prometheus/node-exporter/devcaps.prom"])
    #expect(
      words.allSatisfy { !$0.contains("\"") && !$0.contains("$") && !$0.contains("%") && !$0.contains("\\") },
      "quoting or specifiers to interpret")

    // systemd-analyze verify, with the binary's path pointed at the one built here.
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let executable = DevCapsProcess.executable.path
    try unit.replacingOccurrences(of: "ExecStart=" + words[0], with: "ExecStart=" + executable)
      .write(to: directory.appendingPathComponent("devcaps-textfile.service"), atomically: true, encoding: .utf8)
    try String(contentsOf: Self.contrib.appendingPathComponent("devcaps-textfile.timer"), encoding: .utf8)
      .write(to: directory.appendingPathComponent("devcaps-textfile.timer"), atomically: true, encoding: .utf8)
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") {
      for name in ["devcaps-textfile.service", "devcaps-textfile.timer"] {
        let verify = try Self.runTool(
          "/usr/bin/systemd-analyze", ["verify", "--man=no", directory.appendingPathComponent(name).path])
        let problems = verify.output.split(separator: "\n").filter { $0.contains("devcaps-textfile") }
        #expect(verify.status == 0 && problems.isEmpty, "systemd-analyze verify \(name): \(verify.output)")
      }
    }

    // The exact command, with only the output redirected into a temporary directory.
    let output = directory.appendingPathComponent("devcaps.prom").path
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    let result = try DevCapsProcess.run(
      Array(words.dropFirst().dropLast()) + [output], environment: testbed.environment)
    #expect(result.status == 0, "\(result.stderr)")
    let check = try Self.runTool(
      "/usr/bin/promtool", ["check", "metrics"], stdin: try String(contentsOfFile: output, encoding: .utf8))
    #expect(check.status == 0 && check.output.isEmpty, "\(check.output)")
  }
}

/// Kubernetes' label rules (k8s.io/apimachinery validation, as the Kubernetes documentation
/// states them), written here independently of devcaps.
enum KubernetesLabel {
  static func isAlphanumeric(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c.isNumber) }

  /// The name part and values: at most 63 characters, alphanumerics with - _ . inside.
  static func isQualifiedPart(_ text: Substring, allowEmpty: Bool) -> Bool {
    if text.isEmpty { return allowEmpty }
    guard text.count <= 63, let first = text.first, let last = text.last, isAlphanumeric(first), isAlphanumeric(last)
    else { return false }
    return text.allSatisfy { isAlphanumeric($0) || $0 == "-" || $0 == "_" || $0 == "." }
  }

  /// A DNS subdomain (RFC 1123): at most 253 characters, dot-separated labels of lowercase
  /// alphanumerics and -, each 1 to 63 characters, alphanumeric at both ends.
  static func isDNSSubdomain(_ text: Substring) -> Bool {
    guard !text.isEmpty, text.count <= 253 else { return false }
    return text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
      guard !label.isEmpty, label.count <= 63, let first = label.first, let last = label.last else { return false }
      let lowerAlphanumeric = { (c: Character) in c.isASCII && (c.isLowercase || c.isNumber) }
      return lowerAlphanumeric(first) && lowerAlphanumeric(last)
        && label.allSatisfy { lowerAlphanumeric($0) || $0 == "-" }
    }
  }

  static func isValidName(_ name: String) -> Bool {
    let parts = name.split(separator: "/", omittingEmptySubsequences: false)
    switch parts.count {
    case 1: return isQualifiedPart(parts[0], allowEmpty: false)
    case 2: return isDNSSubdomain(parts[0]) && isQualifiedPart(parts[1], allowEmpty: false)
    default: return false
    }
  }

  static func isValidValue(_ value: String) -> Bool { isQualifiedPart(Substring(value), allowEmpty: true) }
}

/// A plain HTTP/1.0 GET on 127.0.0.1, so the test talks to node_exporter over loopback only.
enum LoopbackHTTP {
  static func loopback(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return address
  }

  /// A port the kernel says is free on 127.0.0.1 right now.
  static func freePort() throws -> UInt16 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw TestbedError("socket: \(errno)") }
    defer { close(descriptor) }
    var address = loopback(port: 0)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else { throw TestbedError("bind: \(errno)") }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    return UInt16(bigEndian: address.sin_port)
  }

  /// The body of a 200 response; throws on anything else.
  static func get(port: UInt16, path: String) throws -> String {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw TestbedError("socket: \(errno)") }
    defer { close(descriptor) }
    var address = loopback(port: port)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw TestbedError("connect: \(errno)") }
    let request = Array("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8)
    guard request.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, 0) }) == request.count else {
      throw TestbedError("send")
    }
    var response: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      response += buffer[0..<count]
    }
    let text = String(decoding: response, as: UTF8.self)
    guard text.hasPrefix("HTTP/1.") && text.split(separator: " ").dropFirst().first == "200",
      let end = text.range(of: "\r\n\r\n")
    else { throw TestbedError("not a 200 response: \(text.prefix(200))") }
    return String(text[end.upperBound...])
  }
}
