#ifndef DEVCAPS_UPOWER_H
#define DEVCAPS_UPOWER_H

// libupower-glib, loaded by devcaps_upower_load (devcaps_glib.h). UpClient and UpDevice are
// opaque GObject pointers; their properties are read with devcaps_object_get_*.
#include "devcaps_glib.h"

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

#endif
