#ifndef DEVCAPS_POWER_PROFILES_H
#define DEVCAPS_POWER_PROFILES_H

// power-profiles-daemon's properties over the system bus with GIO, loaded by
// devcaps_upower_load (devcaps_glib.h).
#include "devcaps_glib.h"

// Properties.GetAll of `interface` at `path` on `bus_name`, without starting the daemon (it is
// either running or not there). 1 with ActiveProfile and PerformanceDegraded (copies to free
// with devcaps_g_free; degraded NULL when the daemon has no such property), or 0 with the bus's
// error message (free it with devcaps_g_free).
int devcaps_power_profiles_read(
  const char *bus_name, const char *path, const char *interface, char **profile, char **degraded, char **error_message);

// Subscribes, in the calling thread's default main context, to what changes the profile:
// PropertiesChanged of either interface, and either bus name's owner changing (the daemon
// starting or going away). Each signal writes 1 to `wake_fd` (an eventfd). NULL when there is no
// system bus; free with devcaps_power_profiles_unsubscribe on the same thread.
void *devcaps_power_profiles_subscribe(int wake_fd);
void devcaps_power_profiles_unsubscribe(void *subscription);

#endif
