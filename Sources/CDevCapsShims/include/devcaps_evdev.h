#ifndef DEVCAPS_EVDEV_H
#define DEVCAPS_EVDEV_H

// The evdev ioctls of an input device's event node (/dev/input/eventN), which Swift cannot
// spell: their request numbers are macros of linux/input.h. Each returns -1 and sets errno as
// ioctl(2) does, for DevCapsKit's Errno funnel.
#include <stddef.h>
#include <stdint.h>

// struct input_absinfo, field for field (linux/input.h).
typedef struct devcaps_evdev_axis {
  int32_t value;
  int32_t minimum;
  int32_t maximum;
  int32_t fuzz;
  int32_t flat;
  // Units per mm, per radian, or (INPUT_PROP_ACCELEROMETER) per g; 0 when the driver sets none.
  int32_t resolution;
} devcaps_evdev_axis;

// EVIOCGABS(code): the axis's state and range. 0 on success.
int devcaps_evdev_axis_info(int fd, unsigned int code, devcaps_evdev_axis *axis);

// EVIOCGSW: the state of one switch (SW_*): 1 when set, 0 when not. EINVAL past SW_MAX.
int devcaps_evdev_switch_state(int fd, unsigned int code);

// EVIOCSCLOCKID: the clock this open file's events are stamped with (CLOCK_REALTIME unless
// set; CLOCK_MONOTONIC and CLOCK_BOOTTIME are the others the kernel accepts). 0 on success.
int devcaps_evdev_set_clock(int fd, int clock_id);

// sizeof(struct input_event) in this build: 24 on 64-bit, 16 on 32-bit.
size_t devcaps_evdev_event_size(void);

#endif
