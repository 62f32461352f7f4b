#define _GNU_SOURCE
#include "devcaps_shims.h"

#include <fcntl.h>
#include <sys/vfs.h>

#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <unistd.h>

int devcaps_signalfd_for_termination(void) {
  sigset_t mask;
  sigemptyset(&mask);
  sigaddset(&mask, SIGINT);
  sigaddset(&mask, SIGTERM);
  if (pthread_sigmask(SIG_BLOCK, &mask, NULL) != 0) return -1;
  return signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
}

int devcaps_signalfd_read(int fd) {
  struct signalfd_siginfo info;
  ssize_t count = read(fd, &info, sizeof info);
  return count == (ssize_t)sizeof info ? (int)info.ssi_signo : 0;
}

int devcaps_timerfd(double seconds, int repeating) {
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
    close(fd);
    return -1;
  }
  return fd;
}

int devcaps_pipe(int fds[2]) {
  return pipe2(fds, O_CLOEXEC | O_NONBLOCK);
}

int devcaps_is_sysfs(int fd) {
  struct statfs info;
  return fstatfs(fd, &info) == 0 && info.f_type == 0x62656572 ? 1 : 0;
}
