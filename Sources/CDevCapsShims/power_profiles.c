#include "devcaps_power_profiles.h"
#include "glib_symbols.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

// G_BUS_TYPE_SYSTEM, G_DBUS_CALL_FLAGS_NO_AUTO_START.
enum { system_bus = 1, no_auto_start = 1, timeout_ms = 2000 };

static int fail(GError *error, char **error_message) {
  if (error != NULL) {
    *error_message = error->message;
    error->message = NULL;
    devcaps_p_g_error_free(error);
  } else {
    *error_message = devcaps_p_g_strdup("the reply has no ActiveProfile");
  }
  return 0;
}

static char *string_member(void *properties, const char *name) {
  // "s" is G_VARIANT_TYPE_STRING: a GVariantType is its type string.
  void *value = devcaps_p_g_variant_lookup_value(properties, name, "s");
  if (value == NULL) return NULL;
  char *copy = devcaps_p_g_strdup(devcaps_p_g_variant_get_string(value, NULL));
  devcaps_p_g_variant_unref(value);
  return copy;
}

int devcaps_power_profiles_read(
  const char *bus_name, const char *path, const char *interface, char **profile, char **degraded, char **error_message) {
  *profile = NULL;
  *degraded = NULL;
  *error_message = NULL;
  GError *error = NULL;
  void *bus = devcaps_p_g_bus_get_sync(system_bus, NULL, &error);
  if (bus == NULL) return fail(error, error_message);
  void *argument = devcaps_p_g_variant_new_string(interface);
  void *arguments = devcaps_p_g_variant_new_tuple(&argument, 1);
  void *reply = devcaps_p_g_dbus_connection_call_sync(
    bus, bus_name, path, "org.freedesktop.DBus.Properties", "GetAll", arguments, "(a{sv})", no_auto_start, timeout_ms, NULL, &error);
  devcaps_p_g_object_unref(bus);
  if (reply == NULL) return fail(error, error_message);
  void *properties = devcaps_p_g_variant_get_child_value(reply, 0);
  *profile = string_member(properties, "ActiveProfile");
  *degraded = string_member(properties, "PerformanceDegraded");
  devcaps_p_g_variant_unref(properties);
  devcaps_p_g_variant_unref(reply);
  if (*profile == NULL) {
    devcaps_p_g_free(*degraded);
    *degraded = NULL;
    return fail(NULL, error_message);
  }
  return 1;
}

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
