#ifndef DEVCAPS_UPOWER_H
#define DEVCAPS_UPOWER_H

// What Swift cannot call in GLib and libupower-glib: variadic g_object_get, the g_signal_connect
// macro, GDBus name watching with C callbacks. Each function does one thing.
#include <libupower-glib/upower.h>

// One property of a GObject, by name and type.
double devcaps_object_get_double(gpointer object, const char *property);
gint64 devcaps_object_get_int64(gpointer object, const char *property);
guint devcaps_object_get_uint(gpointer object, const char *property);
gint devcaps_object_get_int(gpointer object, const char *property);
gboolean devcaps_object_get_bool(gpointer object, const char *property);
// A newly allocated string (free with g_free), or NULL.
char *devcaps_object_get_string(gpointer object, const char *property);

// notify: called with the property's name for every change of any property. The caller owns
// user_data and keeps it alive while connected (destroy is accepted for symmetry and unused).
typedef void (*devcaps_notify_callback)(gpointer object, const char *property, gpointer user_data);
gulong devcaps_connect_notify(gpointer object, devcaps_notify_callback callback, gpointer user_data, GDestroyNotify destroy);

// UpClient::device-added and ::device-removed (the removed one as its object path).
typedef void (*devcaps_device_callback)(UpClient *client, UpDevice *device, gpointer user_data);
typedef void (*devcaps_path_callback)(UpClient *client, const char *object_path, gpointer user_data);
gulong devcaps_connect_device_added(UpClient *client, devcaps_device_callback callback, gpointer user_data, GDestroyNotify destroy);
gulong devcaps_connect_device_removed(UpClient *client, devcaps_path_callback callback, gpointer user_data, GDestroyNotify destroy);

// Watches org.freedesktop.UPower on the system bus: appeared(TRUE) or vanished(FALSE).
typedef void (*devcaps_name_callback)(gboolean present, gpointer user_data);
guint devcaps_watch_upower(devcaps_name_callback callback, gpointer user_data, GDestroyNotify destroy);

// The object path of a device (g_free), e.g. /org/freedesktop/UPower/devices/battery_BAT0.
char *devcaps_device_object_path(UpDevice *device);

#endif
