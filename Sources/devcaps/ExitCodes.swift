import ArgumentParser

/// devcaps' exit statuses, by name (sysexits.h's where one fits). The man page and every
/// command's help list them.
extension ExitCode {
  /// 1: a requirement is not met.
  static let requirementNotMet = ExitCode(1)
  /// 64 (EX_USAGE): the command line is wrong.
  static let usage = ExitCode(64)
  /// 65 (EX_DATAERR): a manifest, report, recording or calibration is invalid.
  static let dataError = ExitCode(65)
  /// 66 (EX_NOINPUT): an input file cannot be read.
  static let noInput = ExitCode(66)
  /// 69 (EX_UNAVAILABLE): a source the command needs is not there.
  static let unavailable = ExitCode(69)
  /// 73 (EX_CANTCREAT): an output file or directory cannot be created.
  static let cannotCreate = ExitCode(73)
  /// 74 (EX_IOERR): writing the output failed (a full disk, an I/O error).
  static let ioError = ExitCode(74)
  /// 75 (EX_TEMPFAIL): try again (too little turning for a calibration).
  static let tryAgain = ExitCode(75)
  /// 128 + the signal's number: stopped by SIGHUP (129), SIGINT (130), SIGQUIT (131) or SIGTERM (143).
  static func signal(_ number: Int32) -> ExitCode { ExitCode(128 + number) }
}
