#ifndef DEVCAPS_GLIB_H
#define DEVCAPS_GLIB_H

// GLib, GObject and GIO, loaded with dlopen (as libupower-glib's dependencies) the first time
// power is asked for, so that `devcaps list --only cpu` (and every command that needs no power
// data) never maps them into the process. Everything is an opaque pointer here; the functions
// are thin wrappers over the ones of the same name, plus what Swift cannot call (variadic
// g_object_get, the g_signal_connect macro, GDBus name watching with C callbacks).
#include <stdint.h>

// Loads libupower-glib, GLib, GObject and GIO once; 1 when UPower can be used, 0 (with a
// reason) when not.
int devcaps_upower_load(const char **reason);

void devcaps_g_free(void *pointer);
void devcaps_g_object_ref(void *object);
void devcaps_g_object_unref(void *object);

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
