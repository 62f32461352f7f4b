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
#define RESOLVE(library, result, name, parameters)                    \
  *(void **)(&devcaps_p_##name) = dlsym(library, #name);              \
  if (devcaps_p_##name == NULL) {                                     \
    failure = "a libupower-glib or GLib function is missing: " #name; \
    return;                                                           \
  }
  DEVCAPS_GLIB_FUNCTIONS(RESOLVE)
#undef RESOLVE
  loaded = 1;
  failure = NULL;
}

int devcaps_upower_load(const char **reason) {
  int result = pthread_once(&once, load);
  if (result != 0) {
    if (reason != NULL) *reason = "pthread_once failed";
    return 0;
  }
  if (reason != NULL) *reason = failure;
  return loaded;
}

void devcaps_g_free(void *pointer) { devcaps_p_g_free(pointer); }
void devcaps_g_object_ref(void *object) { devcaps_p_g_object_ref(object); }
void devcaps_g_object_unref(void *object) { devcaps_p_g_object_unref(object); }

// g_object_get leaves the value alone when the property does not exist (after a warning),
// so each starts at its zero.
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

// A connected handler's user data: the Swift box and how to call and release it.
typedef struct {
  devcaps_notify_call notify;
  devcaps_signal_call signal;
  void *box;
  devcaps_box_release release;
} Handler;

static void notify_trampoline(void *object, void *spec, void *data) {
  (void)object;
  Handler *handler = data;
  handler->notify(handler->box, devcaps_p_g_param_spec_get_name(spec));
}

static void signal_trampoline(void *instance, void *argument, void *data) {
  (void)instance;
  (void)argument;
  Handler *handler = data;
  handler->signal(handler->box);
}

// GClosureNotify: GLib calls it once, when the handler's closure is finalized (after the
// disconnect, or after an emission under way at that moment has finished).
static void release_handler(void *data, void *closure) {
  (void)closure;
  Handler *handler = data;
  handler->release(handler->box);
  free(handler);
}

static unsigned long connect_handler(void *object, const char *signal, GCallback trampoline, Handler *handler) {
  unsigned long id = devcaps_p_g_signal_connect_data(object, signal, trampoline, handler, release_handler, 0);
  // A signal that does not exist is refused without a call to the notify: release here.
  if (id == 0) release_handler(handler, NULL);
  return id;
}

unsigned long devcaps_g_signal_connect_notify(void *object, devcaps_notify_call call, void *box, devcaps_box_release release) {
  Handler *handler = calloc(1, sizeof *handler);
  if (handler == NULL) {
    release(box);
    return 0;
  }
  handler->notify = call;
  handler->box = box;
  handler->release = release;
  return connect_handler(object, "notify", (GCallback)notify_trampoline, handler);
}

unsigned long devcaps_g_signal_connect(void *object, const char *signal, devcaps_signal_call call, void *box, devcaps_box_release release) {
  Handler *handler = calloc(1, sizeof *handler);
  if (handler == NULL) {
    release(box);
    return 0;
  }
  handler->signal = call;
  handler->box = box;
  handler->release = release;
  return connect_handler(object, signal, (GCallback)signal_trampoline, handler);
}

void devcaps_g_signal_handler_disconnect(void *object, unsigned long handler) {
  if (devcaps_p_g_signal_handler_is_connected(object, handler)) devcaps_p_g_signal_handler_disconnect(object, handler);
}

typedef struct {
  devcaps_name_call call;
  void *box;
  devcaps_box_release release;
} NameWatch;

static void name_appeared(void *connection, const char *name, const char *owner, void *data) {
  (void)connection;
  (void)name;
  (void)owner;
  NameWatch *watch = data;
  watch->call(watch->box, 1);
}

static void name_vanished(void *connection, const char *name, void *data) {
  (void)connection;
  (void)name;
  NameWatch *watch = data;
  watch->call(watch->box, 0);
}

static void release_name_watch(void *data) {
  NameWatch *watch = data;
  watch->release(watch->box);
  free(watch);
}

unsigned devcaps_g_bus_watch_upower(devcaps_name_call call, void *box, devcaps_box_release release) {
  NameWatch *watch = calloc(1, sizeof *watch);
  if (watch == NULL) {
    release(box);
    return 0;
  }
  watch->call = call;
  watch->box = box;
  watch->release = release;
  // G_BUS_TYPE_SYSTEM = 1, G_BUS_NAME_WATCHER_FLAGS_NONE = 0.
  return devcaps_p_g_bus_watch_name(1, "org.freedesktop.UPower", 0, name_appeared, name_vanished, watch, release_name_watch);
}

void devcaps_g_bus_unwatch_name(unsigned watch) { devcaps_p_g_bus_unwatch_name(watch); }

void *devcaps_g_main_context_new(void) { return devcaps_p_g_main_context_new(); }
void devcaps_g_main_context_ref(void *context) { devcaps_p_g_main_context_ref(context); }
void devcaps_g_main_context_unref(void *context) { devcaps_p_g_main_context_unref(context); }
void devcaps_g_main_context_push_thread_default(void *context) { devcaps_p_g_main_context_push_thread_default(context); }
void devcaps_g_main_context_pop_thread_default(void *context) { devcaps_p_g_main_context_pop_thread_default(context); }
int devcaps_g_main_context_iteration(void *context, int may_block) { return devcaps_p_g_main_context_iteration(context, may_block); }
void devcaps_g_main_context_wakeup(void *context) { devcaps_p_g_main_context_wakeup(context); }

void *devcaps_g_timeout_attach(void *context, unsigned milliseconds, devcaps_source_call call, void *box, devcaps_box_release release) {
  void *source = devcaps_p_g_timeout_source_new(milliseconds);
  devcaps_p_g_source_set_callback(source, call, box, release);
  devcaps_p_g_source_attach(source, context);
  return source;
}

void devcaps_g_source_destroy_and_unref(void *source) {
  devcaps_p_g_source_destroy(source);
  devcaps_p_g_source_unref(source);
}
