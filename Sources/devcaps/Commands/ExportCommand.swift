import ArgumentParser
import DevCapsKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write the report in a format another tool reads: Prometheus metrics or NFD labels.",
    discussion: """
      prometheus: the Prometheus text exposition format 0.0.4, for node_exporter's textfile \
      collector, whose Debian default directory is /var/lib/prometheus/node-exporter: devcaps_info (model, vendor, chassis, architecture, os, os_version and kernel \
      as labels), devcaps_capability per catalog key, memory and disks in bytes, battery level \
      as a ratio and state as one series per state, on battery, displays connected, sensors per \
      type, CPUs and their maximum frequency in hertz. An unknown value has no series.

      nfd: a Kubernetes node-feature-discovery features.d file, one name=value label per line: \
      devcaps-KEY=true or false for every capability of the catalog, devcaps-chassis, \
      devcaps-architecture and devcaps-memory (the installed memory rounded down to a power of \
      two, such as 16Gi). NFD adds the prefix feature.node.kubernetes.io/. Its local source reads \
      /etc/kubernetes/node-feature-discovery/features.d/.

      With --output the file is replaced atomically (written beside it, then renamed) with mode \
      0644, so a collector never reads half of it; without, the output goes to standard output. \
      Warnings about sources go to standard error, as for list.

      Exit status: 0 written, 64 usage error, 73 the output file cannot be created or written.

      Examples:
        devcaps export prometheus
        devcaps export prometheus -o /var/lib/prometheus/node-exporter/devcaps.prom
        devcaps export nfd -o features.d/devcaps
      """)

  @Argument(help: ArgumentHelp("The format: prometheus or nfd.", valueName: "format"))
  var format: ExportFormat

  @Option(
    name: [.short, .long],
    help: ArgumentHelp("Replace this file atomically instead of writing to standard output.", valueName: "file"))
  var output: String?

  func run() throws {
    let report = ReportBuilder().build()
    Output.warn(report.warnings)
    let text: String
    switch format {
    case .prometheus: text = PrometheusExport(report: report).render()
    case .nfd: text = NFDExport(report: report).render()
    }
    guard let output else {
      Output.write(text)
      return
    }
    if let problem = AtomicFile.write(text, to: output) {
      Output.error("cannot write \(output): \(problem)")
      throw ExitCode(73)
    }
  }
}

enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
  case prometheus, nfd
}

/// Replaces a file atomically: a temporary file in the same directory (a name that does not end
/// in .prom, so node_exporter never reads it), mode 0644, flushed, then renamed over the target.
enum AtomicFile {
  /// nil when written, else what failed.
  static func write(_ text: String, to path: String) -> String? {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    if name.isEmpty { return "not a file name" }
    var template = Array((directory + "/." + name + ".XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    if descriptor < 0 { return describe(errno) }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    func fail(_ code: Int32) -> String {
      close(descriptor)
      unlink(temporary)
      return describe(code)
    }
    if fchmod(descriptor, 0o644) != 0 { return fail(errno) }
    if !Output.writeAll(text, to: descriptor) { return fail(errno) }
    if fsync(descriptor) != 0 { return fail(errno) }
    if close(descriptor) != 0 {
      let code = errno
      unlink(temporary)
      return describe(code)
    }
    if rename(temporary, path) != 0 {
      let code = errno
      unlink(temporary)
      return describe(code)
    }
    let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY)
    if directoryDescriptor >= 0 {
      _ = fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
    return nil
  }

  private static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}
