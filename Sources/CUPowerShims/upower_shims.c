#include "devcaps_upower.h"

double devcaps_object_get_double(gpointer object, const char *property) {
  double value = 0;
  g_object_get(object, property, &value, NULL);
  return value;
}

gint64 devcaps_object_get_int64(gpointer object, const char *property) {
  gint64 value = 0;
  g_object_get(object, property, &value, NULL);
  return value;
}

guint devcaps_object_get_uint(gpointer object, const char *property) {
  guint value = 0;
  g_object_get(object, property, &value, NULL);
  return value;
}

gint devcaps_object_get_int(gpointer object, const char *property) {
  gint value = 0;
  g_object_get(object, property, &value, NULL);
  return value;
}

gboolean devcaps_object_get_bool(gpointer object, const char *property) {
  gboolean value = FALSE;
  g_object_get(object, property, &value, NULL);
  return value;
}

char *devcaps_object_get_string(gpointer object, const char *property) {
  char *value = NULL;
  g_object_get(object, property, &value, NULL);
  return value;
}

typedef struct {
  devcaps_notify_callback callback;
  gpointer user_data;
} NotifyTrampoline;

static void notify_trampoline(GObject *object, GParamSpec *spec, gpointer data) {
  NotifyTrampoline *trampoline = data;
  trampoline->callback(object, g_param_spec_get_name(spec), trampoline->user_data);
}

static void free_trampoline(gpointer data, GClosure *closure) {
  (void)closure;
  NotifyTrampoline *trampoline = data;
  g_free(trampoline);
}

gulong devcaps_connect_notify(gpointer object, devcaps_notify_callback callback, gpointer user_data, GDestroyNotify destroy) {
  NotifyTrampoline *trampoline = g_new0(NotifyTrampoline, 1);
  trampoline->callback = callback;
  trampoline->user_data = user_data;
  (void)destroy;  // the caller owns user_data and outlives the connection
  return g_signal_connect_data(object, "notify", G_CALLBACK(notify_trampoline), trampoline, free_trampoline, 0);
}

gulong devcaps_connect_device_added(UpClient *client, devcaps_device_callback callback, gpointer user_data, GDestroyNotify destroy) {
  (void)destroy;
  return g_signal_connect_data(client, "device-added", G_CALLBACK(callback), user_data, NULL, 0);
}

gulong devcaps_connect_device_removed(UpClient *client, devcaps_path_callback callback, gpointer user_data, GDestroyNotify destroy) {
  (void)destroy;
  return g_signal_connect_data(client, "device-removed", G_CALLBACK(callback), user_data, NULL, 0);
}

typedef struct {
  devcaps_name_callback callback;
  gpointer user_data;
  GDestroyNotify destroy;
} NameWatch;

static void name_appeared(GDBusConnection *connection, const gchar *name, const gchar *owner, gpointer data) {
  (void)connection; (void)name; (void)owner;
  NameWatch *watch = data;
  watch->callback(TRUE, watch->user_data);
}

static void name_vanished(GDBusConnection *connection, const gchar *name, gpointer data) {
  (void)connection; (void)name;
  NameWatch *watch = data;
  watch->callback(FALSE, watch->user_data);
}

static void free_name_watch(gpointer data) {
  NameWatch *watch = data;
  if (watch->destroy != NULL) watch->destroy(watch->user_data);
  g_free(watch);
}

guint devcaps_watch_upower(devcaps_name_callback callback, gpointer user_data, GDestroyNotify destroy) {
  NameWatch *watch = g_new0(NameWatch, 1);
  watch->callback = callback;
  watch->user_data = user_data;
  watch->destroy = destroy;
  return g_bus_watch_name(G_BUS_TYPE_SYSTEM, "org.freedesktop.UPower", G_BUS_NAME_WATCHER_FLAGS_NONE,
                          name_appeared, name_vanished, watch, free_name_watch);
}

char *devcaps_device_object_path(UpDevice *device) {
  return g_strdup(up_device_get_object_path(device));
}
