// libFuzzer entry point: the CSV of `motion --replay` (MotionRecordingParser). The first byte
// picks where the input is split in two chunks, as the file reader's reads split it; the rest is
// the file. The samples and the error must not depend on the split, nor on reading it byte by
// byte (where no line lies whole in a chunk, so every field is read on its own, not by the
// plain-line path: bit for bit); an error names a line that exists, quotes at most 64 bytes of
// the input, and every sample is finite. The samples then go through the device-motion
// estimator as `motion --replay` runs it, in 9D with the gyroscope's range given and in 6D with
// the range learned: every attitude it reports is a finite unit quaternion, its gravity finite.
// Fuzz/corpus/replay holds every input that ever crashed it.
@_cdecl("LLVMFuzzerTestOneInput")
public func replayFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let whole = Result { () throws(MotionRecordingError) in try MotionRecording.parse(bytes) }
  let split = bytes.isEmpty ? 0 : Int(data[0]) % (bytes.count + 1)
  let chunked = parse([Array(bytes[..<split]), Array(bytes[split...])])
  precondition(whole == chunked, "split at \(split): \(chunked), whole: \(whole)")
  let byteByByte = parse(bytes.map { [$0] })
  // As text, bit for bit (`==` takes -0.0 for 0.0; a double's description reads back as itself).
  precondition("\(whole)" == "\(byteByByte)", "byte by byte: \(byteByByte), whole: \(whole)")
  switch whole {
  case .success(let samples):
    for sample in samples {
      let vectors = [sample.acceleration, sample.rotationRate, sample.magneticField].compactMap { $0 }
      precondition(
        sample.timestamp.isFinite && vectors.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite },
        "a sample that is not finite")
    }
    estimate(samples, referenceFrame: .xMagneticNorthZVertical, gyroscopeRange: 400 * Double.pi / 180)
    estimate(samples, referenceFrame: .xArbitraryZVertical, gyroscopeRange: nil)
  case .failure(let error):
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
    precondition(error.line >= 1 && error.line <= max(lines, 1), "line \(error.line) of \(lines)")
    // The quoted field (64 bytes, each at most a U+FFFD of 3) and the words around it.
    precondition(error.problem.utf8.count <= 64 * 3 + 200, "an error of \(error.problem.utf8.count) bytes")
  }
  return 0
}

/// The samples of the file in these chunks, or the error.
private func parse(_ chunks: [[UInt8]]) -> Result<[MotionInput], MotionRecordingError> {
  Result { () throws(MotionRecordingError) -> [MotionInput] in
    var parser = MotionRecordingParser()
    var samples: [MotionInput] = []
    for chunk in chunks {
      var position = 0
      try chunk.withUnsafeBytes { buffer in
        Result { () throws(MotionRecordingError) in
          while let sample = try parser.next(in: buffer, at: &position) { samples.append(sample) }
        }
      }.get()
      precondition(position == chunk.count, "the parser stopped at \(position) of a chunk of \(chunk.count)")
    }
    if let last = try parser.finish() { samples.append(last) }
    return samples
  }
}

/// Runs the samples through the estimator; traps on an attitude that is not a finite unit
/// quaternion or a gravity that is not finite.
private func estimate(_ samples: [MotionInput], referenceFrame: AttitudeReferenceFrame, gyroscopeRange: Double?) {
  var estimator = DeviceMotionEstimator(source: .fusion, referenceFrame: referenceFrame, gyroscopeRange: gyroscopeRange)
  for sample in samples {
    guard let motion = estimator.update(sample) else { continue }
    let q = motion.attitude.quaternion
    let norm = (q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z).squareRoot()
    precondition(
      norm.isFinite && abs(norm - 1) < 1e-9, "\(referenceFrame.rawValue): attitude \(q) at \(motion.timestamp)")
    precondition(
      motion.gravity.isFinite, "\(referenceFrame.rawValue): gravity \(motion.gravity) at \(motion.timestamp)")
  }
}
