#include "devcaps_ff.h"

#include <errno.h>
#include <linux/input.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

int devcaps_ff_rumble_bit(void) {
  return FF_RUMBLE;
}

int devcaps_ff_upload_rumble(int fd, uint16_t strong, uint16_t weak, uint16_t length_ms) {
  struct ff_effect effect;
  memset(&effect, 0, sizeof effect);
  effect.type = FF_RUMBLE;
  // -1 asks the kernel for a new effect; it writes the id it chose back into the struct.
  effect.id = -1;
  effect.u.rumble.strong_magnitude = strong;
  effect.u.rumble.weak_magnitude = weak;
  effect.replay.length = length_ms;
  effect.replay.delay = 0;
  if (ioctl(fd, EVIOCSFF, &effect) < 0) return -1;
  return effect.id;
}

int devcaps_ff_play(int fd, int effect_id) {
  if (effect_id < 0) {
    errno = EINVAL;
    return -1;
  }
  // The kernel ignores the time of an event written to it.
  struct input_event play;
  memset(&play, 0, sizeof play);
  play.type = EV_FF;
  play.code = (uint16_t)effect_id;
  play.value = 1;
  ssize_t written = write(fd, &play, sizeof play);
  if (written < 0) return -1;
  if ((size_t)written != sizeof play) {
    errno = EIO;
    return -1;
  }
  return 0;
}

int devcaps_ff_remove(int fd, int effect_id) {
  return ioctl(fd, EVIOCRMFF, effect_id) < 0 ? -1 : 0;
}
