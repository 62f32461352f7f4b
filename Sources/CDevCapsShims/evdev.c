#include "devcaps_evdev.h"

#include <errno.h>
#include <limits.h>
#include <linux/input.h>
#include <string.h>
#include <sys/ioctl.h>

#define DEVCAPS_LONG_BITS (sizeof(unsigned long) * CHAR_BIT)

_Static_assert(sizeof(devcaps_evdev_axis) == sizeof(struct input_absinfo), "devcaps_evdev_axis mirrors input_absinfo");

int devcaps_evdev_axis_info(int fd, unsigned int code, devcaps_evdev_axis *axis) {
  if (code > ABS_MAX || axis == NULL) {
    errno = EINVAL;
    return -1;
  }
  struct input_absinfo info;
  memset(&info, 0, sizeof info);
  if (ioctl(fd, EVIOCGABS(code), &info) < 0) return -1;
  axis->value = info.value;
  axis->minimum = info.minimum;
  axis->maximum = info.maximum;
  axis->fuzz = info.fuzz;
  axis->flat = info.flat;
  axis->resolution = info.resolution;
  return 0;
}

int devcaps_evdev_switch_state(int fd, unsigned int code) {
  if (code > SW_MAX) {
    errno = EINVAL;
    return -1;
  }
  // The kernel's own bitmap layout: an array of longs, bit n in long n / DEVCAPS_LONG_BITS.
  unsigned long bits[(SW_CNT + DEVCAPS_LONG_BITS - 1) / DEVCAPS_LONG_BITS];
  memset(bits, 0, sizeof bits);
  if (ioctl(fd, EVIOCGSW(sizeof bits), bits) < 0) return -1;
  return (bits[code / DEVCAPS_LONG_BITS] >> (code % DEVCAPS_LONG_BITS)) & 1UL ? 1 : 0;
}

int devcaps_evdev_set_clock(int fd, int clock_id) {
  return ioctl(fd, EVIOCSCLOCKID, &clock_id) < 0 ? -1 : 0;
}

size_t devcaps_evdev_event_size(void) {
  return sizeof(struct input_event);
}
