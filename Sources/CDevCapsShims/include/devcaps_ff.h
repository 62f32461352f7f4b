#ifndef DEVCAPS_FF_H
#define DEVCAPS_FF_H

// Force feedback on an input device's event node (linux/input.h, Documentation/input/ff.rst):
// an effect is uploaded with EVIOCSFF, played by writing an EV_FF input_event whose code is the
// effect's id and value the repeat count, and removed with EVIOCRMFF. Swift cannot spell the
// request numbers (macros) nor struct ff_effect's union. Each returns -1 and sets errno as
// ioctl(2) and write(2) do, for DevCapsKit's Errno funnel.
#include <stdint.h>

// FF_RUMBLE, the bit of capabilities/ff a vibration motor sets.
int devcaps_ff_rumble_bit(void);

// Uploads a rumble effect: both motors at these magnitudes (0…65535) for `length_ms`. Returns the
// id the kernel gave it.
int devcaps_ff_upload_rumble(int fd, uint16_t strong, uint16_t weak, uint16_t length_ms);

// Plays the effect once (writes EV_FF, id, 1). 0 on success.
int devcaps_ff_play(int fd, int effect_id);

// EVIOCRMFF: removes the effect. 0 on success.
int devcaps_ff_remove(int fd, int effect_id);

#endif
