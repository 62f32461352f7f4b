"""Runs PyPI's imufusion (x-io Technologies' Fusion, the reference implementation of the filter
devcaps' AHRSFilter is written from) over the samples a Swift test wrote, and prints how far
devcaps' attitude is from Fusion's.

Both filters get the magnetometer, so both keep x towards magnetic north from the first sample,
and the whole attitude is compared at every sample: the angle of the rotation between the two.

Fusion's settings as devcaps' defaults: gain 0.5, both rejection angles 10 degrees, and the
rejection timeout 5 s. imufusion 1.3 takes that timeout in seconds and turns it into a count of
samples with settings.sample_rate, so the rate given is the one the timestamps show (their median
interval); each update gets its own period from the timestamps (set_sample_period).

Input CSV, one row per sample: t, gyroscope x y z (deg/s), accelerometer x y z (g, specific force:
+1 g up at rest), magnetometer x y z (uT), devcaps' quaternion w x y z. Output: one JSON object
with the RMS and largest difference in degrees, where the largest was, and how many times Fusion
entered acceleration and magnetic recovery (its flags), which shows recovery was compared.
"""
import csv
import json
import math
import statistics
import sys

import imufusion
import numpy

RECOVERY_SECONDS = 5.0


def fusion_like_devcaps(sample_rate):
    """An imufusion filter with devcaps' default settings, x north, y west, z up."""
    ahrs = imufusion.Ahrs()
    settings = imufusion.AhrsSettings()
    settings.convention = imufusion.CONVENTION_NWU
    settings.gain = 0.5
    settings.gyroscope_range = 2000.0
    settings.acceleration_rejection = 10.0
    settings.magnetic_rejection = 10.0
    settings.sample_rate = sample_rate
    settings.rejection_timeout = RECOVERY_SECONDS
    ahrs.set_settings(settings)
    return ahrs


def main(path):
    rows = [[float(value) for value in row] for row in csv.reader(open(path))]
    intervals = [b[0] - a[0] for a, b in zip(rows, rows[1:])]
    ahrs = fusion_like_devcaps(1 / statistics.median(intervals))
    # Both start from devcaps' first attitude (tilt from the first accelerometer sample, heading
    # from the first field).
    ahrs.set_quaternion(numpy.array(rows[0][10:14]))
    squares, worst, worst_at = 0.0, 0.0, 0.0
    recoveries = {"acceleration": 0, "magnetic": 0}
    recovering = {"acceleration": False, "magnetic": False}
    for interval, row in zip(intervals, rows[1:]):
        ahrs.set_sample_period(interval)
        ahrs.update(numpy.array(row[1:4]), numpy.array(row[4:7]), numpy.array(row[7:10]))
        flags = ahrs.get_flags()
        for kind, now in (("acceleration", flags.acceleration_recovery), ("magnetic", flags.magnetic_recovery)):
            if now and not recovering[kind]:
                recoveries[kind] += 1
            recovering[kind] = now
        theirs = list(ahrs.get_quaternion())
        ours = row[10:14]
        dot = abs(sum(a * b for a, b in zip(ours, theirs)))
        angle = math.degrees(2 * math.acos(min(1.0, dot)))
        squares += angle * angle
        if angle > worst:
            worst, worst_at = angle, row[0]
    compared = len(rows) - 1
    print(json.dumps({
        "samples": len(rows),
        "rmsDegrees": math.sqrt(squares / compared),
        "maxDegrees": worst,
        "worstAt": worst_at,
        "accelerationRecoveries": recoveries["acceleration"],
        "magneticRecoveries": recoveries["magnetic"],
    }))


if __name__ == "__main__":
    main(sys.argv[1])
