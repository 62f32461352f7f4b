// libFuzzer entry point: the D-Bus messages a system bus sends devcaps (the power section's
// replies from upowerd and power-profiles-daemon, read by DBusMessageReader), framed one after
// another as they arrive on the socket; and the method calls devcaps writes, read back. Seeds:
// Fuzz/corpus/dbus (real upowerd replies).
@_cdecl("LLVMFuzzerTestOneInput")
public func dbusFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  var offset = 0
  while let (message, next) = try? DBusMessageReader.message(in: bytes, at: offset) {
    precondition(next > offset && next <= bytes.count, "a message that does not advance or overruns the bytes")
    for value in message.body {
      _ = (value.string, value.integer, value.double, value.boolean)
      if let properties = value.properties {
        _ = UPowerDeviceReading(properties: properties, objectPath: "/fuzz").battery
      }
    }
    offset = next
  }
  // Whatever text the input holds (without NULs, which D-Bus strings cannot carry), written into
  // a call and read back, is the same text.
  let text = String(decoding: bytes.prefix(256).filter { $0 != 0 }, as: UTF8.self)
  var written: [UInt8] = []
  DBusMethodCall.getAll(destination: text, path: "/fuzz", interface: text).write(serial: 7, into: &written)
  guard let (call, end) = try? DBusMessageReader.message(in: written, at: 0) else {
    preconditionFailure("devcaps cannot read a call it wrote")
  }
  precondition(
    end == written.count && call.serial == 7 && call.body == [.string(text)], "a call reads back differently")
  return 0
}
