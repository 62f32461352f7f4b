#define _GNU_SOURCE
#include "devcaps_linux.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <sys/vfs.h>
#include <unistd.h>

int devcaps_timerfd(double seconds, int repeating) {
  if (!(seconds > 0 && seconds < 1e9)) {
    errno = EINVAL;
    return -1;
  }
  int fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
  if (fd < 0) return -1;
  struct timespec value;
  value.tv_sec = (time_t)seconds;
  value.tv_nsec = (long)((seconds - (double)value.tv_sec) * 1e9);
  if (value.tv_sec == 0 && value.tv_nsec == 0) value.tv_nsec = 1;
  struct itimerspec spec = {0};
  spec.it_value = value;
  if (repeating) spec.it_interval = value;
  if (timerfd_settime(fd, 0, &spec, NULL) != 0) {
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
  }
  return fd;
}

int devcaps_eventfd(void) {
  return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

int devcaps_is_sysfs(int fd) {
  struct statfs info;
  if (fstatfs(fd, &info) != 0) return -1;
  return info.f_type == 0x62656572 ? 1 : 0;
}

int devcaps_is_kernel_sysfs(int fd) {
  struct statfs info;
  if (syscall(SYS_fstatfs, fd, &info) != 0) return -1;
  return info.f_type == 0x62656572 ? 1 : 0;
}

int devcaps_inotify(void) {
  return inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
}

int devcaps_set_thread_name(const char *name) {
  int result = pthread_setname_np(pthread_self(), name);
  if (result != 0) {
    errno = result;
    return -1;
  }
  return 0;
}

const char *devcaps_strerror(int code, char *buffer, size_t size) {
#if defined(__GLIBC__)
  // GNU strerror_r (with _GNU_SOURCE): returns the message, which may be a static string.
  return strerror_r(code, buffer, size);
#else
  // XSI strerror_r (musl): fills the buffer, 0 on success.
  return strerror_r(code, buffer, size) == 0 ? buffer : "Unknown error";
#endif
}

int devcaps_o_path(void) { return O_PATH; }
