#ifndef DEVCAPS_GLIB_SYMBOLS_H
#define DEVCAPS_GLIB_SYMBOLS_H

// The libupower-glib, GLib, GObject and GIO functions devcaps calls, resolved with dlsym by
// devcaps_upower_load (glib.c). Private to this target: Swift sees the devcaps_* wrappers only.
#include "devcaps_glib.h"
#include "devcaps_upower.h"

#include <stdint.h>

// The few GLib structures read here, as GLib's ABI defines them.
typedef struct { uint32_t domain; int code; char *message; } GError;
typedef struct { void **pdata; unsigned len; } GPtrArray;

typedef void (*GCallback)(void);
typedef void (*GClosureNotify)(void *data, void *closure);
typedef void (*GDestroyNotify)(void *data);
typedef int (*GSourceFunc)(void *data);
typedef void (*GBusNameAppearedCallback)(void *connection, const char *name, const char *owner, void *data);
typedef void (*GBusNameVanishedCallback)(void *connection, const char *name, void *data);

#define DEVCAPS_GLIB_FUNCTIONS(X) \
  X(glib, void, g_free, (void *)) \
  X(glib, void, g_error_free, (GError *)) \
  X(glib, void, g_ptr_array_unref, (GPtrArray *)) \
  X(glib, void *, g_main_context_new, (void)) \
  X(glib, void *, g_main_context_ref, (void *)) \
  X(glib, void, g_main_context_unref, (void *)) \
  X(glib, void, g_main_context_push_thread_default, (void *)) \
  X(glib, void, g_main_context_pop_thread_default, (void *)) \
  X(glib, int, g_main_context_iteration, (void *, int)) \
  X(glib, void, g_main_context_wakeup, (void *)) \
  X(glib, void *, g_timeout_source_new, (unsigned)) \
  X(glib, void, g_source_set_callback, (void *, GSourceFunc, void *, GDestroyNotify)) \
  X(glib, unsigned, g_source_attach, (void *, void *)) \
  X(glib, void, g_source_destroy, (void *)) \
  X(glib, void, g_source_unref, (void *)) \
  X(gobject, void *, g_object_ref, (void *)) \
  X(gobject, void, g_object_unref, (void *)) \
  X(gobject, void, g_object_get, (void *, const char *, ...)) \
  X(gobject, unsigned long, g_signal_connect_data, (void *, const char *, GCallback, void *, GClosureNotify, int)) \
  X(gobject, void, g_signal_handler_disconnect, (void *, unsigned long)) \
  X(gobject, int, g_signal_handler_is_connected, (void *, unsigned long)) \
  X(gobject, const char *, g_param_spec_get_name, (void *)) \
  X(gio, unsigned, g_bus_watch_name, (int, const char *, int, GBusNameAppearedCallback, GBusNameVanishedCallback, void *, GDestroyNotify)) \
  X(gio, void, g_bus_unwatch_name, (unsigned)) \
  X(gio, void *, g_bus_get_sync, (int, void *, GError **)) \
  X(gio, unsigned, g_dbus_connection_signal_subscribe, (void *, const char *, const char *, const char *, const char *, const char *, int, void *, void *, GDestroyNotify)) \
  X(gio, void, g_dbus_connection_signal_unsubscribe, (void *, unsigned)) \
  X(upower, void *, up_client_new_full, (void *, GError **)) \
  X(upower, const char *, up_client_get_daemon_version, (void *)) \
  X(upower, int, up_client_get_on_battery, (void *)) \
  X(upower, int, up_client_get_lid_is_present, (void *)) \
  X(upower, int, up_client_get_lid_is_closed, (void *)) \
  X(upower, void *, up_client_get_display_device, (void *)) \
  X(upower, GPtrArray *, up_client_get_devices2, (void *)) \
  X(upower, const char *, up_device_kind_to_string, (int)) \
  X(upower, const char *, up_device_technology_to_string, (int)) \
  X(upower, const char *, up_device_level_to_string, (int)) \
  X(upower, const char *, up_device_get_object_path, (void *))

#define DEVCAPS_DECLARE_POINTER(library, result, name, parameters) extern result(*devcaps_p_##name) parameters;
DEVCAPS_GLIB_FUNCTIONS(DEVCAPS_DECLARE_POINTER)
#undef DEVCAPS_DECLARE_POINTER

#endif
