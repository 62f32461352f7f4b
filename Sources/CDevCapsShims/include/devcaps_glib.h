#ifndef DEVCAPS_GLIB_H
#define DEVCAPS_GLIB_H

// GLib, GObject and GIO, loaded with dlopen (as libupower-glib's dependencies) the first time
// power is asked for, so that `devcaps list --only cpu` (and every command that needs no power
// data) never maps them into the process. Everything is an opaque pointer; the functions are
// thin wrappers over the ones of the same name, plus what Swift cannot call (variadic
// g_object_get, signal handlers and bus-name callbacks with C signatures).
//
// Swift closures cross as a `box`: an opaque reference the caller retained for GLib. GLib
// passes it to `call` on every emission (Swift uses it unretained there) and to `release`
// exactly once, when the handler, watch or source is gone (Swift releases it there).
#include <stdint.h>

// Loads libupower-glib, GLib, GObject and GIO once; 1 when they can be used, 0 (with a
// reason, a static string) when not. Nothing else here may be called before it returned 1.
int devcaps_upower_load(const char **reason);

typedef void (*devcaps_box_release)(void *box);

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

// g_signal_connect_data for "notify": `call` gets the property's name. The handler id, or 0
// when the signal could not be connected (then `release` has already been called).
typedef void (*devcaps_notify_call)(void *box, const char *property);
unsigned long devcaps_g_signal_connect_notify(void *object, devcaps_notify_call call, void *box, devcaps_box_release release);

// g_signal_connect_data for a signal whose handler takes one pointer argument besides the
// instance (UpClient's "device-added" and "device-removed"); the argument is not passed on.
typedef void (*devcaps_signal_call)(void *box);
unsigned long devcaps_g_signal_connect(void *object, const char *signal, devcaps_signal_call call, void *box, devcaps_box_release release);

// Disconnects a handler that is still connected; GLib then releases its box.
void devcaps_g_signal_handler_disconnect(void *object, unsigned long handler);

// g_bus_watch_name on the system bus for org.freedesktop.UPower, from the thread-default main
// context: `present` is 1 when the name has an owner, 0 when it has none (or no bus). After
// devcaps_g_bus_unwatch_name, GLib releases the box from an idle in that context, so the
// context must be iterated until it has.
typedef void (*devcaps_name_call)(void *box, int present);
unsigned devcaps_g_bus_watch_upower(devcaps_name_call call, void *box, devcaps_box_release release);
void devcaps_g_bus_unwatch_name(unsigned watch);

// Main contexts, for a thread of its own. A new context has one reference.
void *devcaps_g_main_context_new(void);
void devcaps_g_main_context_ref(void *context);
void devcaps_g_main_context_unref(void *context);
void devcaps_g_main_context_push_thread_default(void *context);
void devcaps_g_main_context_pop_thread_default(void *context);
// One iteration; 1 when a source was dispatched.
int devcaps_g_main_context_iteration(void *context, int may_block);
// Thread-safe: makes a blocking iteration return, now or (if none is under way) the next one.
void devcaps_g_main_context_wakeup(void *context);

// A timeout source attached to `context`, calling `call` after `milliseconds` and again while
// it returns 1. Returns the source with a reference for the caller, who drops it with
// devcaps_g_source_destroy_and_unref (harmless after the source removed itself).
typedef int (*devcaps_source_call)(void *box);
void *devcaps_g_timeout_attach(void *context, unsigned milliseconds, devcaps_source_call call, void *box, devcaps_box_release release);
void devcaps_g_source_destroy_and_unref(void *source);

#endif
