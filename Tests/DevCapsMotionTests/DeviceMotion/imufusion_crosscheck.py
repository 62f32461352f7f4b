"""Runs PyPI's imufusion (x-io Technologies' Fusion, the reference implementation of the filter
devcaps' AHRSFilter is written from) over the samples a Swift test wrote, and prints how far
devcaps' attitude is from Fusion's.

Fusion holds its heading at 0 while it initialises (its first 3 s, without a magnetometer), where
devcaps keeps the yaw it started with: during those seconds only the tilt (the gravity direction)
is compared; after them, the whole attitude, less the one constant turn about the vertical that
Fusion's forced heading left (measured once, at the first sample after initialisation).

Input CSV, one row per sample: t, gyroscope x y z (deg/s), accelerometer x y z (g, specific force:
+1 g up at rest), devcaps' quaternion w x y z. Output: one JSON object.
"""
import csv
import json
import math
import sys

import imufusion
import numpy


def main(path, rate):
    rows = [[float(value) for value in row] for row in csv.reader(open(path))]
    ahrs = imufusion.Ahrs()
    settings = imufusion.AhrsSettings()
    settings.convention = imufusion.CONVENTION_NWU
    settings.gain = 0.5
    settings.gyroscope_range = 2000.0
    settings.acceleration_rejection = 10.0
    settings.magnetic_rejection = 10.0
    settings.rejection_timeout = int(5 * rate)
    settings.sample_rate = rate
    ahrs.set_settings(settings)
    # Both start from devcaps' first attitude (tilt from the first accelerometer sample).
    ahrs.set_quaternion(numpy.array(rows[0][7:11]))
    worst, worst_at, heading_offset = 0.0, 0.0, None
    for row in rows[1:]:
        ahrs.update_no_magnetometer(numpy.array(row[1:4]), numpy.array(row[4:7]))
        theirs = list(ahrs.get_quaternion())
        ours = row[7:11]
        if ahrs.get_flags().startup:
            angle = angle_between(up_in_device(ours), up_in_device(theirs))
        else:
            if heading_offset is None:
                difference = multiply(ours, conjugate(theirs))
                heading_offset = [difference[0], 0.0, 0.0, difference[3]]
                heading_offset = [value / math.hypot(difference[0], difference[3]) for value in heading_offset]
            aligned = multiply(heading_offset, theirs)
            dot = abs(sum(a * b for a, b in zip(ours, aligned)))
            angle = math.degrees(2 * math.acos(min(1.0, dot)))
        if angle > worst:
            worst, worst_at = angle, row[0]
    offset_degrees = math.degrees(2 * math.atan2(heading_offset[3], heading_offset[0])) if heading_offset else None
    print(json.dumps({"samples": len(rows), "maxDegrees": worst, "worstAt": worst_at, "headingOffset": offset_degrees}))


def multiply(a, b):
    return [
        a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3],
        a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
        a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1],
        a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0],
    ]


def conjugate(q):
    return [q[0], -q[1], -q[2], -q[3]]


def up_in_device(q):
    """The earth's z in device coordinates: the inverse rotation of (0, 0, 1)."""
    rotated = multiply(multiply(conjugate(q), [0.0, 0.0, 0.0, 1.0]), q)
    return rotated[1:]


def angle_between(a, b):
    dot = sum(x * y for x, y in zip(a, b)) / math.sqrt(sum(x * x for x in a) * sum(y * y for y in b))
    return math.degrees(math.acos(max(-1.0, min(1.0, dot))))


if __name__ == "__main__":
    main(sys.argv[1], float(sys.argv[2]))
