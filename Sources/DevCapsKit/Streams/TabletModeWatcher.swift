/// `watch tablet-mode`: the input devices with a `SW_TABLET_MODE` switch (their `capabilities/sw`
/// bitmap), each event node read as its events come, never polled. The machine is in tablet mode
/// while any of them is on, as libinput takes it; the first event is the state `EVIOCGSW` gives,
/// then one per change. A switch that cannot be read is a warning while another one works (a
/// convertible often lists a dead platform switch beside the one that flips); a switch unplugged
/// or failing mid-stream ends the stream.
final class TabletModeWatcher {
  private struct Switch {
    let id: String
    let name: String?
    let syspath: String
    let reader: InputEventReader
    var decoder: InputFrameDecoder
    var isOn: Bool { decoder.reading == .switchState(true) }
  }

  private var switches: [Switch]
  private var reported: Bool

  private init(switches: [Switch]) {
    self.switches = switches
    reported = switches.contains(where: \.isOn)
  }

  /// Opens the watch in `session`. Asked for by name, a machine without a tablet-mode switch, or
  /// none of whose switches can be read, is unavailable; in `all`, it is left out.
  static func open(_ kind: StreamKind, _ sources: SourceContext) throws(UpdateError) {
    let (session, udev) = (sources.session, sources.udev)
    let watcher: TabletModeWatcher
    do {
      watcher = TabletModeWatcher(switches: try openSwitches(udev: udev, diagnostics: sources.probes.diagnostics))
    } catch {
      if kind == .all { return }
      throw error
    }
    for index in watcher.switches.indices {
      let descriptor = watcher.switches[index].reader.descriptor
      session.loop.watch(descriptor) { [unowned session] in
        if let update = watcher.drain(index) { session.publish(.tabletMode(update)) }
        if let ended = watcher.switches[index].reader.ended {
          session.loop.unwatch(descriptor)
          session.loop.stop(.failure("the tablet-mode switch \(watcher.switches[index].id) ended: \(ended)"))
        }
      }
      let found = watcher.switches[index]
      session.stopWhenRemoved(
        bus: "input", syspath: found.syspath, what: "the tablet-mode switch \(found.id)", udev: udev)
    }
    session.onStop { for found in watcher.switches { found.reader.close() } }
    session.publish(.tabletMode(watcher.initialUpdate()), initial: true)
  }

  /// The switches that can be read; each that cannot is a diagnostic, or the error when none can.
  private static func openSwitches(udev: Udev, diagnostics: DiagnosticLog) throws(UpdateError) -> [Switch] {
    var switches: [Switch] = []
    var unusable: [(syspath: String, reason: UpdateError.Reason)] = []
    for device in udev.devices(subsystem: "input")
    where InputDevices.isInputNode(device) && InputDevices.switches(device).contains(.tabletMode) {
      let name = device.attribute("name")
      let label = name ?? device.sysname
      guard let (id, node) = InputEventNode.find(inputSyspath: device.syspath, udev: udev) else {
        unusable.append(
          (
            device.syspath,
            .init(.unsuitableHardware, "the tablet-mode switch \(label) (\(device.sysname)) has no event node")
          ))
        continue
      }
      do throws(InputEventSource.OpenError) {
        let reader = try InputEventReader.open(node)
        let on = try reader.switchState(InputEvent.tabletMode)
        switches.append(
          Switch(
            id: id, name: name, syspath: device.syspath, reader: reader,
            decoder: InputFrameDecoder(switchCode: InputEvent.tabletMode, switchOn: on)))
      } catch {
        unusable.append((device.syspath, error.reason("cannot read the tablet-mode switch \(label) (\(id)): \(error)")))
      }
    }
    guard !switches.isEmpty else {
      guard !unusable.isEmpty else {
        throw .unavailable(.init(.noHardware, "no tablet-mode switch found (no input device with SW_TABLET_MODE)"))
      }
      // The first switch's kind of reason (permission, or no event node) stands for them all.
      throw .unavailable(.init(unusable[0].reason.kind, unusable.map(\.reason.message).joined(separator: "; ")))
    }
    for (syspath, reason) in unusable { diagnostics.record(syspath, reason.message + "; watching the others") }
    return switches
  }

  private func initialUpdate() -> TabletModeUpdate {
    let shown = switches.first(where: \.isOn) ?? switches[0]
    return TabletModeUpdate(tabletMode: reported, device: shown.id, name: shown.name)
  }

  /// Reads switch `index`'s events; an update when the machine's state changed.
  private func drain(_ index: Int) -> TabletModeUpdate? {
    var changed = false
    let reader = switches[index].reader
    _ = reader.drain { event in
      switch switches[index].decoder.apply(event) {
      case .none: break
      case .frame: changed = true
      case .resynchronize:
        // Events were lost (SYN_DROPPED): the state is what the kernel holds now; if it cannot
        // be read, the next frame brings it.
        if let on = try? reader.switchState(InputEvent.tabletMode) {
          switches[index].decoder.reset(axes: [], switchOn: on)
          changed = true
        }
      }
    }
    let now = switches.contains(where: \.isOn)
    guard changed, now != reported else { return nil }
    reported = now
    let found = switches[index]
    return TabletModeUpdate(tabletMode: now, device: found.id, name: found.name)
  }
}
