#ifndef DEVCAPS_LINUX_H
#define DEVCAPS_LINUX_H

// Linux calls Swift's Glibc module does not export, and the GNU/XSI strerror_r difference.
// Every function that can fail returns -1 and sets errno, as the call it wraps does, so that
// Swift turns the failure into an `Errno` in one place (DevCapsKit's Core/Errno.swift).
#include <stddef.h>
#include <stdint.h>

// A CLOCK_MONOTONIC timerfd(2), non-blocking and close-on-exec, firing after `seconds`, then
// every `seconds` when `repeating`. EINVAL when `seconds` is not a positive number below 1e9.
int devcaps_timerfd(double seconds, int repeating);

// eventfd(2) starting at 0, non-blocking and close-on-exec.
int devcaps_eventfd(void);

// 1 when the open file lives on sysfs (fstatfs f_type SYSFS_MAGIC), 0 when not, -1 on failure.
int devcaps_is_sysfs(int fd);

// The same asked of the kernel itself (the fstatfs system call, not libc's function): under
// umockdev's LD_PRELOAD, fstatfs reports the testbed's files as sysfs, and this tells them
// apart. umockdev replaces attribute files; the kernel's never are.
int devcaps_is_kernel_sysfs(int fd);

// O_PATH, which Swift's Glibc module does not export (it needs _GNU_SOURCE): a descriptor that
// names a file or directory without opening it for reading, for resolving paths one component
// at a time.
int devcaps_o_path(void);

// inotify_init1(2), non-blocking and close-on-exec.
int devcaps_inotify(void);

// Names the calling thread (at most 15 bytes, else ERANGE), as ps and /proc/self/task show it.
int devcaps_set_thread_name(const char *name);

// The message for an error number (strerror_r, thread-safe), in `buffer` or a static string.
const char *devcaps_strerror(int code, char *buffer, size_t size);

#endif
