#ifndef DEVCAPS_UDEV_H
#define DEVCAPS_UDEV_H

// The libudev functions devcaps calls, as devcaps_udev_* wrappers. libudev.so.1 is opened with
// dlopen on the first call, not linked: a command that needs no device (`--version`,
// `get memory.totalBytes`) then does not pay for loading it, 0.3 ms of a 2 ms start (issue #10).
// Types and semantics are libudev's (its header is included for them).
#include <libudev.h>

// Opens libudev.so.1 and resolves the functions below, once. 1 when they can be called; else 0,
// and *reason (when not NULL) says why.
int devcaps_udev_load(const char **reason);

// The way in: loads libudev first, and returns NULL when it cannot (devcaps_udev_load says why).
// Every other function takes an object that came from it, so it is only called once loaded.
struct udev *devcaps_udev_new(void);

// X(result type, libudev's name, parameters, arguments): one line per function.
#define DEVCAPS_UDEV_FUNCTIONS(X) \
  X(struct udev *, udev_unref, (struct udev *udev), (udev)) \
  X(struct udev_enumerate *, udev_enumerate_new, (struct udev *udev), (udev)) \
  X(struct udev_enumerate *, udev_enumerate_unref, (struct udev_enumerate *enumerate), (enumerate)) \
  X(int, udev_enumerate_add_match_subsystem, (struct udev_enumerate *enumerate, const char *subsystem), (enumerate, subsystem)) \
  X(int, udev_enumerate_add_match_sysname, (struct udev_enumerate *enumerate, const char *sysname), (enumerate, sysname)) \
  X(int, udev_enumerate_add_match_parent, (struct udev_enumerate *enumerate, struct udev_device *parent), (enumerate, parent)) \
  X(int, udev_enumerate_scan_devices, (struct udev_enumerate *enumerate), (enumerate)) \
  X(struct udev_list_entry *, udev_enumerate_get_list_entry, (struct udev_enumerate *enumerate), (enumerate)) \
  X(struct udev_list_entry *, udev_list_entry_get_next, (struct udev_list_entry *entry), (entry)) \
  X(const char *, udev_list_entry_get_name, (struct udev_list_entry *entry), (entry)) \
  X(const char *, udev_list_entry_get_value, (struct udev_list_entry *entry), (entry)) \
  X(struct udev_device *, udev_device_new_from_syspath, (struct udev *udev, const char *syspath), (udev, syspath)) \
  X(struct udev_device *, udev_device_ref, (struct udev_device *device), (device)) \
  X(struct udev_device *, udev_device_unref, (struct udev_device *device), (device)) \
  X(struct udev_device *, udev_device_get_parent, (struct udev_device *device), (device)) \
  X(struct udev_device *, udev_device_get_parent_with_subsystem_devtype, (struct udev_device *device, const char *subsystem, const char *devtype), (device, subsystem, devtype)) \
  X(const char *, udev_device_get_action, (struct udev_device *device), (device)) \
  X(const char *, udev_device_get_devnode, (struct udev_device *device), (device)) \
  X(const char *, udev_device_get_devpath, (struct udev_device *device), (device)) \
  X(const char *, udev_device_get_devtype, (struct udev_device *device), (device)) \
  X(const char *, udev_device_get_driver, (struct udev_device *device), (device)) \
  X(const char *, udev_device_get_subsystem, (struct udev_device *device), (device)) \
  X(const char *, udev_device_get_sysname, (struct udev_device *device), (device)) \
  X(const char *, udev_device_get_syspath, (struct udev_device *device), (device)) \
  X(const char *, udev_device_get_property_value, (struct udev_device *device, const char *key), (device, key)) \
  X(const char *, udev_device_get_sysattr_value, (struct udev_device *device, const char *sysattr), (device, sysattr)) \
  X(struct udev_list_entry *, udev_device_get_properties_list_entry, (struct udev_device *device), (device)) \
  X(struct udev_list_entry *, udev_device_get_sysattr_list_entry, (struct udev_device *device), (device)) \
  X(struct udev_list_entry *, udev_device_get_devlinks_list_entry, (struct udev_device *device), (device)) \
  X(struct udev_monitor *, udev_monitor_new_from_netlink, (struct udev *udev, const char *name), (udev, name)) \
  X(struct udev_monitor *, udev_monitor_unref, (struct udev_monitor *monitor), (monitor)) \
  X(int, udev_monitor_filter_add_match_subsystem_devtype, (struct udev_monitor *monitor, const char *subsystem, const char *devtype), (monitor, subsystem, devtype)) \
  X(int, udev_monitor_enable_receiving, (struct udev_monitor *monitor), (monitor)) \
  X(int, udev_monitor_get_fd, (struct udev_monitor *monitor), (monitor)) \
  X(struct udev_device *, udev_monitor_receive_device, (struct udev_monitor *monitor), (monitor))

#define DEVCAPS_UDEV_DECLARE(result, name, parameters, arguments) result devcaps_##name parameters;
DEVCAPS_UDEV_FUNCTIONS(DEVCAPS_UDEV_DECLARE)
#undef DEVCAPS_UDEV_DECLARE

#endif
