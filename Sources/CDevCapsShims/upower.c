#include "glib_symbols.h"

#include <stddef.h>
#include <string.h>

void *devcaps_up_client_new(char **error_message) {
  GError *error = NULL;
  void *client = devcaps_p_up_client_new_full(NULL, &error);
  if (error_message != NULL) *error_message = NULL;
  if (error != NULL) {
    if (error_message != NULL) {
      // Hand the message over: the caller frees it with devcaps_g_free.
      *error_message = error->message;
      error->message = NULL;
    }
    devcaps_p_g_error_free(error);
  }
  return client;
}

const char *devcaps_up_client_get_daemon_version(void *client) { return devcaps_p_up_client_get_daemon_version(client); }
int devcaps_up_client_get_on_battery(void *client) { return devcaps_p_up_client_get_on_battery(client); }
int devcaps_up_client_get_lid_is_present(void *client) { return devcaps_p_up_client_get_lid_is_present(client); }
int devcaps_up_client_get_lid_is_closed(void *client) { return devcaps_p_up_client_get_lid_is_closed(client); }
void *devcaps_up_client_get_display_device(void *client) { return devcaps_p_up_client_get_display_device(client); }
void *devcaps_up_client_get_devices(void *client) { return devcaps_p_up_client_get_devices2(client); }
unsigned devcaps_ptr_array_length(void *array) { return ((GPtrArray *)array)->len; }
void *devcaps_ptr_array_index(void *array, unsigned index) { return ((GPtrArray *)array)->pdata[index]; }
void devcaps_ptr_array_unref(void *array) { devcaps_p_g_ptr_array_unref(array); }

const char *devcaps_up_device_kind_to_string(unsigned kind) { return devcaps_p_up_device_kind_to_string((int)kind); }
const char *devcaps_up_device_technology_to_string(unsigned technology) { return devcaps_p_up_device_technology_to_string((int)technology); }
const char *devcaps_up_device_level_to_string(unsigned level) { return devcaps_p_up_device_level_to_string((int)level); }

char *devcaps_up_device_object_path(void *device) {
  // GLib allocates with malloc (since 2.46), so strdup's copy may be released with g_free.
  const char *path = devcaps_p_up_device_get_object_path(device);
  return path == NULL ? NULL : strdup(path);
}
