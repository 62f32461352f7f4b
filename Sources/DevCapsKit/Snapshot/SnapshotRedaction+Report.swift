// The report's part of a snapshot's redaction, apart from the files' so that the fuzzer of the
// files' redaction builds without the report model.
extension SnapshotRedaction {
  /// The report as written into the bundle: the hostname, EDID serials and user names in disk
  /// paths left out as in the sources.
  func report(_ report: Report) -> Report {
    if keepsIdentifiers { return report }
    var report = report
    if report.device?.name != nil { report.device?.name = Self.hostname }
    report.displays = report.displays?.map { display in
      var display = display
      if display.serialNumber != nil { display.serialNumber = Self.serial }
      return display
    }
    // The disks' paths as the bundle's; the warnings, which standard error shows the user as
    // they are, only in the bundle's copy, whose text is redacted whole.
    report.disks = report.disks?.map { disk in
      var disk = disk
      disk.path = path(disk.path)
      disk.source = disk.source.map(path)
      return disk
    }
    return report
  }
}
