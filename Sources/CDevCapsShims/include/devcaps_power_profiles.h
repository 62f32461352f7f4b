#ifndef DEVCAPS_POWER_PROFILES_H
#define DEVCAPS_POWER_PROFILES_H

// power-profiles-daemon's signals over the system bus with GIO, loaded by devcaps_upower_load
// (devcaps_glib.h). Its properties are read without GIO (DevCapsKit's SystemBusConnection).
#include "devcaps_glib.h"

// Subscribes, in the calling thread's default main context, to what changes the profile:
// PropertiesChanged of either interface, and either bus name's owner changing (the daemon
// starting or going away). Each signal writes 1 to `wake_fd` (an eventfd). NULL when there is no
// system bus; free with devcaps_power_profiles_unsubscribe on the same thread.
void *devcaps_power_profiles_subscribe(int wake_fd);
void devcaps_power_profiles_unsubscribe(void *subscription);

#endif
