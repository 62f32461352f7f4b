extension Device {
  /// The state now, then one update per change (`thermalStateDidChangeNotification`). The zones
  /// are read again on each `thermal` uevent and every 5 s in between, as most drivers send no
  /// uevent. A machine without thermal zones gives what ``thermalState`` says (nominal) and no
  /// change after it.
  public static func thermalStateUpdates() -> Updates<ThermalUpdate> {
    Updates<ThermalUpdate>.events(.thermal) { event in
      guard case .thermal(let update) = event.event else { return nil }
      return update
    }
    .wrapping { open throws(UpdateError) in
      do throws(UpdateError) {
        return try open()
      } catch {
        let thermal = ThermalProbe(context: ProbeContext()).probe()
        guard case .unavailable = error, thermal.zones.isEmpty else { throw error }
        return SteadyFeed(ThermalUpdate(thermal))
      }
    }
  }
}
