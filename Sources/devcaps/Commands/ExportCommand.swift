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
      collector, whose Debian default directory is /var/lib/prometheus/node-exporter: devcaps_info (model, vendor, chassis, architecture, os, os_version, the point release such \
      as 12.11, kernel, virtualization (none, or the innermost layer such as kvm or docker), \
      virtualization_kind (vm or container) and hypervisor (the VM, alone or under a container) as \
      labels), devcaps_capability per catalog key, memory and disks in bytes, the cgroup memory \
      limit in bytes, battery level as a ratio and state as one series per state, on battery, \
      displays connected, sensors per type, CPUs online and available to this process (affinity, \
      cpuset and CPU quota), the x86-64 level as a number (1 to 4) and the maximum frequency in \
      hertz. An unknown value has no series.

      nfd: a Kubernetes node-feature-discovery features.d file, one name=value label per line: \
      devcaps-KEY=true or false for every capability of the catalog, devcaps-chassis, \
      devcaps-architecture, devcaps-memory (the installed memory rounded down to a power of \
      two, such as 16Gi; where it is not known, MemTotal over 0.93, for what the firmware and \
      kernel take before MemTotal), devcaps-cpu-level (x86-64-v3), devcaps-available-cores, devcaps-os \
      (debian), devcaps-os-version (12.11), devcaps-virtualization (none, kvm, docker and so on), \
      devcaps-hypervisor (the VM, alone or under a container) and devcaps-gpu-VENDOR=true for each GPU vendor \
      found (nvidia, amd, intel and so on). NFD adds the prefix feature.node.kubernetes.io/. Its local source reads \
      /etc/kubernetes/node-feature-discovery/features.d/.

      With --output the file is replaced atomically (written beside it, then renamed) with mode \
      0644, so a collector never reads half of it; without it, or with -o -, the output goes to \
      standard output. \
      Only a regular file is written: a device, FIFO, socket or directory at the path is \
      refused (exit 73), and a symbolic link is followed (the file it points to is replaced, the \
      link stays), except in a sticky directory anyone may write (/tmp, a shared folder): there \
      a link that belongs neither to you nor to the directory's owner is refused (exit 73), as \
      the kernel's fs.protected_symlinks does. \
      Warnings about sources go to standard error, as for list.

      Exit status: 0 written, 64 usage error, 73 the output file cannot be created or written, \
      74 standard output cannot be written.

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
    guard let output, output != "-" else {
      Output.write(text)
      return
    }
    do {
      try FileOutput.replace(output, with: text)
    } catch {
      Output.error(error.description)
      throw ExitCode.cannotCreate
    }
  }
}

enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
  case prometheus, nfd
}
