// What any 200 Hz sampler of polled sysfs pays on this machine, for the benchmark to compare
// `devcaps watch motion` with: a timerfd tick, one pread of each attribute named on the command
// line, and a line of `watch motion`'s length written per tick. No filter, no JSON.
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int count = argc - 1;
  int fds[16];
  if (count > 16) count = 16;
  for (int i = 0; i < count; i++) fds[i] = open(argv[1 + i], O_RDONLY | O_CLOEXEC);
  int timer = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
  struct itimerspec every = {{0, 5000000}, {0, 5000000}};
  timerfd_settime(timer, 0, &every, NULL);
  char line[700], value[64];
  for (;;) {
    struct pollfd ready = {timer, POLLIN, 0};
    if (poll(&ready, 1, -1) < 0) continue;
    uint64_t ticks;
    if (read(timer, &ticks, sizeof ticks) < 0) continue;
    double sum = 0;
    for (int i = 0; i < count; i++) {
      ssize_t n = pread(fds[i], value, sizeof value - 1, 0);
      if (n > 0) {
        value[n] = 0;
        sum += atof(value);
      }
    }
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    int length = snprintf(line, sizeof line, "{\"timestamp\":%ld.%09ld,\"sum\":%.17g,\"padding\":\"%0580d\"}\n",
                          (long)now.tv_sec, now.tv_nsec, sum, 0);
    if (write(1, line, length) < 0) return 0;
  }
}
