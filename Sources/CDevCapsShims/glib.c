#include "glib_symbols.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

#define DEVCAPS_DEFINE_POINTER(library, result, name, parameters) result(*devcaps_p_##name) parameters;
DEVCAPS_GLIB_FUNCTIONS(DEVCAPS_DEFINE_POINTER)
#undef DEVCAPS_DEFINE_POINTER

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
  *(void **)(&devcaps_p_##name) = dlsym(library, #name);            \
  if (devcaps_p_##name == NULL) {                                   \
    failure = "a libupower-glib or GLib function is missing: " #name; \
    return;                                                 \
  }
  DEVCAPS_GLIB_FUNCTIONS(RESOLVE)
#undef RESOLVE
  loaded = 1;
  failure = NULL;
}

int devcaps_upower_load(const char **reason) {
  pthread_once(&once, load);
  if (reason != NULL) *reason = failure;
  return loaded;
}

void devcaps_g_free(void *pointer) { devcaps_p_g_free(pointer); }
void devcaps_g_object_ref(void *object) { devcaps_p_g_object_ref(object); }
void devcaps_g_object_unref(void *object) { devcaps_p_g_object_unref(object); }

double devcaps_object_get_double(void *object, const char *property) {
  double value = 0;
  devcaps_p_g_object_get(object, property, &value, NULL);
  return value;
}

int64_t devcaps_object_get_int64(void *object, const char *property) {
  int64_t value = 0;
  devcaps_p_g_object_get(object, property, &value, NULL);
  return value;
}

unsigned devcaps_object_get_uint(void *object, const char *property) {
  unsigned value = 0;
  devcaps_p_g_object_get(object, property, &value, NULL);
  return value;
}

int devcaps_object_get_int(void *object, const char *property) {
  int value = 0;
  devcaps_p_g_object_get(object, property, &value, NULL);
  return value;
}

int devcaps_object_get_bool(void *object, const char *property) {
  int value = 0;
  devcaps_p_g_object_get(object, property, &value, NULL);
  return value;
}

char *devcaps_object_get_string(void *object, const char *property) {
  char *value = NULL;
  devcaps_p_g_object_get(object, property, &value, NULL);
  return value;
}

typedef struct {
  devcaps_notify_callback callback;
  void *user_data;
} NotifyTrampoline;

static void notify_trampoline(void *object, void *spec, void *data) {
  NotifyTrampoline *trampoline = data;
  trampoline->callback(object, devcaps_p_g_param_spec_get_name(spec), trampoline->user_data);
}

static void free_trampoline(void *data, void *closure) {
  (void)closure;
  free(data);
}

unsigned long devcaps_connect_notify(void *object, devcaps_notify_callback callback, void *user_data) {
  NotifyTrampoline *trampoline = calloc(1, sizeof *trampoline);
  trampoline->callback = callback;
  trampoline->user_data = user_data;
  return devcaps_p_g_signal_connect_data(object, "notify", (void (*)(void))notify_trampoline, trampoline, free_trampoline, 0);
}

unsigned long devcaps_connect_device_added(void *client, devcaps_device_callback callback, void *user_data) {
  return devcaps_p_g_signal_connect_data(client, "device-added", (void (*)(void))callback, user_data, NULL, 0);
}

unsigned long devcaps_connect_device_removed(void *client, devcaps_device_callback callback, void *user_data) {
  return devcaps_p_g_signal_connect_data(client, "device-removed", (void (*)(void))callback, user_data, NULL, 0);
}

void devcaps_signal_disconnect(void *object, unsigned long handler) {
  if (devcaps_p_g_signal_handler_is_connected(object, handler)) devcaps_p_g_signal_handler_disconnect(object, handler);
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
  return devcaps_p_g_bus_watch_name(1, "org.freedesktop.UPower", 0, name_appeared, name_vanished, watch, free_name_watch);
}

void devcaps_unwatch_upower(unsigned watch) { devcaps_p_g_bus_unwatch_name(watch); }

void *devcaps_main_context_new_pushed(void) {
  void *context = devcaps_p_g_main_context_new();
  devcaps_p_g_main_context_push_thread_default(context);
  return context;
}

void devcaps_main_context_pop_and_unref(void *context) {
  devcaps_p_g_main_context_pop_thread_default(context);
  devcaps_p_g_main_context_unref(context);
}

void devcaps_main_context_invoke(void *context, devcaps_source_callback callback, void *user_data) {
  devcaps_p_g_main_context_invoke(context, callback, user_data);
}

void devcaps_main_context_timeout(void *context, unsigned milliseconds, devcaps_source_callback callback, void *user_data) {
  void *source = devcaps_p_g_timeout_source_new(milliseconds);
  devcaps_p_g_source_set_callback(source, callback, user_data, NULL);
  devcaps_p_g_source_attach(source, context);
  devcaps_p_g_source_unref(source);
}

void *devcaps_main_loop_new(void *context) { return devcaps_p_g_main_loop_new(context, 0); }
void devcaps_main_loop_run(void *loop) { devcaps_p_g_main_loop_run(loop); }
void devcaps_main_loop_quit(void *loop) { devcaps_p_g_main_loop_quit(loop); }
void devcaps_main_loop_unref(void *loop) { devcaps_p_g_main_loop_unref(loop); }
