#include "devcaps_power_profiles.h"
#include "glib_symbols.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

// G_BUS_TYPE_SYSTEM.
enum { system_bus = 1 };

static const char *const names[] = {"org.freedesktop.UPower.PowerProfiles", "net.hadess.PowerProfiles"};
enum { subscriptions = 4 };

typedef struct {
  void *bus;
  unsigned ids[subscriptions];
} Subscription;

static void wake(void *connection, const char *sender, const char *path, const char *interface, const char *signal, void *parameters, void *data) {
  (void)connection, (void)sender, (void)path, (void)interface, (void)signal, (void)parameters;
  uint64_t one = 1;
  // EAGAIN: the counter is at its maximum, so the reader is woken already.
  (void)!write((int)(intptr_t)data, &one, sizeof one);
}

void *devcaps_power_profiles_subscribe(int wake_fd) {
  Subscription *subscription = calloc(1, sizeof *subscription);
  if (subscription == NULL) return NULL;
  subscription->bus = devcaps_p_g_bus_get_sync(system_bus, NULL, NULL);
  if (subscription->bus == NULL) {
    free(subscription);
    return NULL;
  }
  void *data = (void *)(intptr_t)wake_fd;
  for (int i = 0; i < 2; i++) {
    subscription->ids[2 * i] = devcaps_p_g_dbus_connection_signal_subscribe(
      subscription->bus, NULL, "org.freedesktop.DBus.Properties", "PropertiesChanged", NULL, names[i], 0, (void *)wake, data, NULL);
    subscription->ids[2 * i + 1] = devcaps_p_g_dbus_connection_signal_subscribe(
      subscription->bus, "org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged", "/org/freedesktop/DBus", names[i], 0,
      (void *)wake, data, NULL);
  }
  return subscription;
}

void devcaps_power_profiles_unsubscribe(void *pointer) {
  Subscription *subscription = pointer;
  for (int i = 0; i < subscriptions; i++) {
    if (subscription->ids[i] != 0) devcaps_p_g_dbus_connection_signal_unsubscribe(subscription->bus, subscription->ids[i]);
  }
  devcaps_p_g_object_unref(subscription->bus);
  free(subscription);
}
