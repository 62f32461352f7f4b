#ifndef DEVCAPS_UPOWER_H
#define DEVCAPS_UPOWER_H

// libupower-glib and GLib, loaded with dlopen the first time power is asked for, so that
// `devcaps list --only cpu` (and every command that needs no power data) never maps GLib, GIO
// and libupower-glib into the process. Everything is an opaque pointer here; the functions are
// thin wrappers over the ones of the same name, plus what Swift cannot call (variadic
// g_object_get, the g_signal_connect macro, GDBus name watching with C callbacks).
#include <stdint.h>

// Loads the libraries once; 1 when UPower can be used, 0 (with a reason) when not.
int devcaps_upower_load(const char **reason);

void devcaps_g_free(void *pointer);
void devcaps_g_object_ref(void *object);
void devcaps_g_object_unref(void *object);

// up_client_new_full: the client, or NULL with a message to free with devcaps_g_free.
void *devcaps_up_client_new(char **error_message);
const char *devcaps_up_client_get_daemon_version(void *client);
int devcaps_up_client_get_on_battery(void *client);
int devcaps_up_client_get_lid_is_present(void *client);
int devcaps_up_client_get_lid_is_closed(void *client);
// A new reference, or NULL.
void *devcaps_up_client_get_display_device(void *client);
// A GPtrArray of UpDevice; walk it with the two functions below, release it with the third.
void *devcaps_up_client_get_devices(void *client);
unsigned devcaps_ptr_array_length(void *array);
void *devcaps_ptr_array_index(void *array, unsigned index);
void devcaps_ptr_array_unref(void *array);

const char *devcaps_up_device_kind_to_string(unsigned kind);
const char *devcaps_up_device_technology_to_string(unsigned technology);
const char *devcaps_up_device_level_to_string(unsigned level);
// A copy (devcaps_g_free) of the device's D-Bus object path.
char *devcaps_up_device_object_path(void *device);

// One property of a GObject, by name and type.
double devcaps_object_get_double(void *object, const char *property);
int64_t devcaps_object_get_int64(void *object, const char *property);
unsigned devcaps_object_get_uint(void *object, const char *property);
int devcaps_object_get_int(void *object, const char *property);
int devcaps_object_get_bool(void *object, const char *property);
// A copy (devcaps_g_free), or NULL.
char *devcaps_object_get_string(void *object, const char *property);

// Signals. The caller owns user_data and keeps it alive while connected.
typedef void (*devcaps_notify_callback)(void *object, const char *property, void *user_data);
typedef void (*devcaps_device_callback)(void *client, void *device, void *user_data);
unsigned long devcaps_connect_notify(void *object, devcaps_notify_callback callback, void *user_data);
unsigned long devcaps_connect_device_added(void *client, devcaps_device_callback callback, void *user_data);
unsigned long devcaps_connect_device_removed(void *client, devcaps_device_callback callback, void *user_data);
void devcaps_signal_disconnect(void *object, unsigned long handler);

// Watches org.freedesktop.UPower on the system bus: present 1 when it appears, 0 when it goes.
typedef void (*devcaps_name_callback)(int present, void *user_data);
unsigned devcaps_watch_upower(devcaps_name_callback callback, void *user_data);
void devcaps_unwatch_upower(unsigned watch);

// A main loop on a context of its own, for a thread of its own.
typedef int (*devcaps_source_callback)(void *user_data);
void *devcaps_main_context_new_pushed(void);
void devcaps_main_context_pop_and_unref(void *context);
void devcaps_main_context_invoke(void *context, devcaps_source_callback callback, void *user_data);
void devcaps_main_context_timeout(void *context, unsigned milliseconds, devcaps_source_callback callback, void *user_data);
void *devcaps_main_loop_new(void *context);
void devcaps_main_loop_run(void *loop);
void devcaps_main_loop_quit(void *loop);
void devcaps_main_loop_unref(void *loop);

#endif
