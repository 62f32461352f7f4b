#ifndef DEVCAPS_SHIMS_H
#define DEVCAPS_SHIMS_H

// Linux calls Swift's Glibc module does not export.
#include <signal.h>
#include <stdint.h>

// signalfd(2) for SIGINT and SIGTERM, non-blocking and close-on-exec; -1 with errno on failure.
int devcaps_signalfd_for_termination(void);

// Reads one signalfd_siginfo; the signal number, or 0 when none was waiting.
int devcaps_signalfd_read(int fd);

// A CLOCK_MONOTONIC timerfd(2) firing after `seconds`, then every `seconds` when `repeating`.
int devcaps_timerfd(double seconds, int repeating);

// pipe2(2) with O_CLOEXEC | O_NONBLOCK: 0, or -1 with errno.
int devcaps_pipe(int fds[2]);

// 1 when the open file lives on sysfs (fstatfs f_type SYSFS_MAGIC), else 0.
int devcaps_is_sysfs(int fd);

#endif
