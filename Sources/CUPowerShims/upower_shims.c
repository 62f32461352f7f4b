#include "devcaps_upower.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

// The few GLib structures read here, as GLib's ABI defines them.
typedef struct { uint32_t domain; int code; char *message; } GError;
typedef struct { void **pdata; unsigned len; } GPtrArray;

#define FUNCTIONS(X) \
  X(glib, void, g_free, (void *)) \
  X(glib, void, g_error_free, (GError *)) \
  X(glib, void, g_ptr_array_unref, (GPtrArray *)) \
  X(glib, void *, g_main_context_new, (void)) \
  X(glib, void, g_main_context_push_thread_default, (void *)) \
  X(glib, void, g_main_context_pop_thread_default, (void *)) \
  X(glib, void, g_main_context_unref, (void *)) \
  X(glib, void, g_main_context_invoke, (void *, devcaps_source_callback, void *)) \
  X(glib, void *, g_main_loop_new, (void *, int)) \
  X(glib, void, g_main_loop_run, (void *)) \
  X(glib, void, g_main_loop_quit, (void *)) \
  X(glib, void, g_main_loop_unref, (void *)) \
  X(glib, void *, g_timeout_source_new, (unsigned)) \
  X(glib, void, g_source_set_callback, (void *, devcaps_source_callback, void *, void *)) \
  X(glib, unsigned, g_source_attach, (void *, void *)) \
  X(glib, void, g_source_unref, (void *)) \
  X(gobject, void *, g_object_ref, (void *)) \
  X(gobject, void, g_object_unref, (void *)) \
  X(gobject, void, g_object_get, (void *, const char *, ...)) \
  X(gobject, unsigned long, g_signal_connect_data, (void *, const char *, void (*)(void), void *, void (*)(void *, void *), int)) \
  X(gobject, void, g_signal_handler_disconnect, (void *, unsigned long)) \
  X(gobject, int, g_signal_handler_is_connected, (void *, unsigned long)) \
  X(gobject, const char *, g_param_spec_get_name, (void *)) \
  X(gio, unsigned, g_bus_watch_name, (int, const char *, int, void (*)(void *, const char *, const char *, void *), void (*)(void *, const char *, void *), void *, void (*)(void *))) \
  X(gio, void, g_bus_unwatch_name, (unsigned)) \
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

#define DECLARE(library, result, name, parameters) static result(*p_##name) parameters;
FUNCTIONS(DECLARE)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static const char *failure = "not loaded";

static void load(void) {
  void *upower = dlopen("libupower-glib.so.3", RTLD_NOW | RTLD_LOCAL);
  if (upower == NULL) {
    failure = "libupower-glib.so.3 is not installed";
    return;
  }
  // Already mapped as libupower-glib's own dependencies: these only return handles.
  void *glib = dlopen("libglib-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
  void *gobject = dlopen("libgobject-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
  void *gio = dlopen("libgio-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
  if (glib == NULL || gobject == NULL || gio == NULL) {
    failure = "GLib, GObject or GIO is not installed";
    return;
  }
#define RESOLVE(library, result, name, parameters)         \
  *(void **)(&p_##name) = dlsym(library, #name);            \
  if (p_##name == NULL) {                                   \
    failure = "a libupower-glib or GLib function is missing: " #name; \
    return;                                                 \
  }
  FUNCTIONS(RESOLVE)
  loaded = 1;
  failure = NULL;
}

int devcaps_upower_load(const char **reason) {
  pthread_once(&once, load);
  if (reason != NULL) *reason = failure;
  return loaded;
}

void devcaps_g_free(void *pointer) { p_g_free(pointer); }
void devcaps_g_object_ref(void *object) { p_g_object_ref(object); }
void devcaps_g_object_unref(void *object) { p_g_object_unref(object); }

void *devcaps_up_client_new(char **error_message) {
  GError *error = NULL;
  void *client = p_up_client_new_full(NULL, &error);
  if (error_message != NULL) *error_message = NULL;
  if (error != NULL) {
    if (error_message != NULL) {
      // Hand the message over: the caller frees it with devcaps_g_free.
      *error_message = error->message;
      error->message = NULL;
    }
    p_g_error_free(error);
  }
  return client;
}

const char *devcaps_up_client_get_daemon_version(void *client) { return p_up_client_get_daemon_version(client); }
int devcaps_up_client_get_on_battery(void *client) { return p_up_client_get_on_battery(client); }
int devcaps_up_client_get_lid_is_present(void *client) { return p_up_client_get_lid_is_present(client); }
int devcaps_up_client_get_lid_is_closed(void *client) { return p_up_client_get_lid_is_closed(client); }
void *devcaps_up_client_get_display_device(void *client) { return p_up_client_get_display_device(client); }
void *devcaps_up_client_get_devices(void *client) { return p_up_client_get_devices2(client); }
unsigned devcaps_ptr_array_length(void *array) { return ((GPtrArray *)array)->len; }
void *devcaps_ptr_array_index(void *array, unsigned index) { return ((GPtrArray *)array)->pdata[index]; }
void devcaps_ptr_array_unref(void *array) { p_g_ptr_array_unref(array); }

const char *devcaps_up_device_kind_to_string(unsigned kind) { return p_up_device_kind_to_string((int)kind); }
const char *devcaps_up_device_technology_to_string(unsigned technology) { return p_up_device_technology_to_string((int)technology); }
const char *devcaps_up_device_level_to_string(unsigned level) { return p_up_device_level_to_string((int)level); }

char *devcaps_up_device_object_path(void *device) {
  // GLib allocates with malloc (since 2.46), so strdup's copy may be released with g_free.
  const char *path = p_up_device_get_object_path(device);
  return path == NULL ? NULL : strdup(path);
}

double devcaps_object_get_double(void *object, const char *property) {
  double value = 0;
  p_g_object_get(object, property, &value, NULL);
  return value;
}

int64_t devcaps_object_get_int64(void *object, const char *property) {
  int64_t value = 0;
  p_g_object_get(object, property, &value, NULL);
  return value;
}

unsigned devcaps_object_get_uint(void *object, const char *property) {
  unsigned value = 0;
  p_g_object_get(object, property, &value, NULL);
  return value;
}

int devcaps_object_get_int(void *object, const char *property) {
  int value = 0;
  p_g_object_get(object, property, &value, NULL);
  return value;
}

int devcaps_object_get_bool(void *object, const char *property) {
  int value = 0;
  p_g_object_get(object, property, &value, NULL);
  return value;
}

char *devcaps_object_get_string(void *object, const char *property) {
  char *value = NULL;
  p_g_object_get(object, property, &value, NULL);
  return value;
}

typedef struct {
  devcaps_notify_callback callback;
  void *user_data;
} NotifyTrampoline;

static void notify_trampoline(void *object, void *spec, void *data) {
  NotifyTrampoline *trampoline = data;
  trampoline->callback(object, p_g_param_spec_get_name(spec), trampoline->user_data);
}

static void free_trampoline(void *data, void *closure) {
  (void)closure;
  free(data);
}

unsigned long devcaps_connect_notify(void *object, devcaps_notify_callback callback, void *user_data) {
  NotifyTrampoline *trampoline = calloc(1, sizeof *trampoline);
  trampoline->callback = callback;
  trampoline->user_data = user_data;
  return p_g_signal_connect_data(object, "notify", (void (*)(void))notify_trampoline, trampoline, free_trampoline, 0);
}

unsigned long devcaps_connect_device_added(void *client, devcaps_device_callback callback, void *user_data) {
  return p_g_signal_connect_data(client, "device-added", (void (*)(void))callback, user_data, NULL, 0);
}

unsigned long devcaps_connect_device_removed(void *client, devcaps_device_callback callback, void *user_data) {
  return p_g_signal_connect_data(client, "device-removed", (void (*)(void))callback, user_data, NULL, 0);
}

void devcaps_signal_disconnect(void *object, unsigned long handler) {
  if (p_g_signal_handler_is_connected(object, handler)) p_g_signal_handler_disconnect(object, handler);
}

typedef struct {
  devcaps_name_callback callback;
  void *user_data;
} NameWatch;

static void name_appeared(void *connection, const char *name, const char *owner, void *data) {
  (void)connection; (void)name; (void)owner;
  NameWatch *watch = data;
  watch->callback(1, watch->user_data);
}

static void name_vanished(void *connection, const char *name, void *data) {
  (void)connection; (void)name;
  NameWatch *watch = data;
  watch->callback(0, watch->user_data);
}

static void free_name_watch(void *data) { free(data); }

unsigned devcaps_watch_upower(devcaps_name_callback callback, void *user_data) {
  NameWatch *watch = calloc(1, sizeof *watch);
  watch->callback = callback;
  watch->user_data = user_data;
  // G_BUS_TYPE_SYSTEM = 1, G_BUS_NAME_WATCHER_FLAGS_NONE = 0.
  return p_g_bus_watch_name(1, "org.freedesktop.UPower", 0, name_appeared, name_vanished, watch, free_name_watch);
}

void devcaps_unwatch_upower(unsigned watch) { p_g_bus_unwatch_name(watch); }

void *devcaps_main_context_new_pushed(void) {
  void *context = p_g_main_context_new();
  p_g_main_context_push_thread_default(context);
  return context;
}

void devcaps_main_context_pop_and_unref(void *context) {
  p_g_main_context_pop_thread_default(context);
  p_g_main_context_unref(context);
}

void devcaps_main_context_invoke(void *context, devcaps_source_callback callback, void *user_data) {
  p_g_main_context_invoke(context, callback, user_data);
}

void devcaps_main_context_timeout(void *context, unsigned milliseconds, devcaps_source_callback callback, void *user_data) {
  void *source = p_g_timeout_source_new(milliseconds);
  p_g_source_set_callback(source, callback, user_data, NULL);
  p_g_source_attach(source, context);
  p_g_source_unref(source);
}

void *devcaps_main_loop_new(void *context) { return p_g_main_loop_new(context, 0); }
void devcaps_main_loop_run(void *loop) { p_g_main_loop_run(loop); }
void devcaps_main_loop_quit(void *loop) { p_g_main_loop_quit(loop); }
void devcaps_main_loop_unref(void *loop) { p_g_main_loop_unref(loop); }
