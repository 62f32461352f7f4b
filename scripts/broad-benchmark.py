#!/usr/bin/env python3
"""devcaps' device motion on BROAD, the Berlin Robust Orientation Estimation Assessment Dataset
(Laidig, Caruso, Cereatti, Seel, Data 6(7), 2021, CC BY 4.0): the subset in Tests/Recordings/broad
(see its README), one or two trials per category, replayed through `devcaps motion --replay` and,
on the same samples, through VQF (Laidig & Seel 2023, PyPI's `vqf`, its defaults, in real time),
and set beside the paper's published Madgwick and Mahony results at their best common parameters
(the TAGP: beta 0.12; Kp 0.74, Ki 0.0012).

The error metric is the paper's: the error quaternion in the earth frame, estimate times the
inverse of the optical reference; its total angle, its heading part (about the vertical) and its
inclination part; RMS over the samples the trial marks as movement, skipping samples without an
optical reference. 9D (with the magnetometer, x towards magnetic north) is scored by the total
error. 6D (no magnetometer) has no heading to compare, so it is scored by the inclination error,
which no constant heading offset changes; the published filters ran with the magnetometer, so
their inclination is the closest published figure.

Two cases the published figures do not cover are made from the trials, truth unchanged:
* clipped: the fast-rotation trials with every gyroscope axis clipped at +-400 deg/s, as a sensor
  with that range reads them; devcaps against its own unclipped run and against Madgwick's filter
  (PyPI `ahrs`, beta 0.1, started from the first sample's tilt and field) on the same samples.
* gap: 0.6 s of samples cut out of each trial (a stalled sensor), where the gyroscope saw the least
  turn in the trial's second half; 6D scored by the total error after one heading offset per run
  is removed (the heading must be carried across).

Usage: scripts/broad-benchmark.py [--devcaps PATH] [--broad DIR] [--check]   (default .build/debug/devcaps)
       scripts/broad-benchmark.py [--broad DIR] --leave-one-out VALUE=DEVCAPS VALUE=DEVCAPS ...
       scripts/broad-benchmark.py --broad DIR --group-leave-one-out VALUE=DEVCAPS VALUE=DEVCAPS ...
       scripts/broad-benchmark.py --clipped-bursts
Needs numpy, vqf and ahrs: scripts/install-python-tools.sh, then run it with .build/test-venv/bin/python.
Prints Markdown tables (docs/explanation/motion-benchmark.md holds the last ones): each trial, then each
category's average over its trials, the other filters' averaged over the same trials; then the
clipped and gap cases.

--broad DIR runs every trial of a whole BROAD checkout instead (DIR/data_mat/*.mat, or a folder of
them, or of trials in the vendored .npz form; reading .mat files needs scipy) and averages them by the dataset's own groups (rotation,
translation, fast, with breaks, tapping, ...: trials.json), each over the trials present.

--leave-one-out checks a parameter chosen on the clipped trials (clippedRecoveryTime,
ClippedRate.ceilingFactor): given devcaps
built with each candidate value, it leaves each clipped trial out in turn, chooses the value on the
others and scores the one left out (all clipped trials are in one BROAD group, fast rotation, so
the groups left out are trials).

--group-leave-one-out (with --broad) checks a 9D parameter chosen on the whole dataset (the
magnetic strength tolerance): given devcaps built with each candidate value, it leaves each of the
dataset's groups out in turn, chooses the value on the trials in none of it and scores the group
with it.

--clipped-bursts measures, without devcaps, how much turn each burst of the clipped trials loses
and how much an estimate of the clipped rate from the readings either side of each run (a cubic
Hermite, the causal candidate docs/explanation/motion-benchmark.md describes) leaves.

--check exits 1, naming them, when devcaps' average in a category, or over all trials, is above
VQF's (6D or 9D) or not below the better of Madgwick's and Mahony's (as the tables print them, to
0.01 deg); when a clipped trial
is not below Madgwick's on the same samples, or the clipped average is more than CLIPPED_CEILING
times the unclipped one (LIGHT_CLIPPED_CEILING when clipped on 2.5 % of the samples, the held-out
dataset's condition); or when a cut trial restarts or
more than doubles its 6D error: the test command (scripts/test.sh) runs it on the vendored
trials.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy

ROOT = Path(__file__).resolve().parent.parent

DATA = ROOT / "Tests" / "Recordings" / "broad"
STANDARD_GRAVITY = 9.80665
# The trials vendored, by category, in the order of the tables.
CATEGORIES = [
    ("slow rotation", ["02_undisturbed_slow_rotation_B"]),
    ("fast rotation", ["06_undisturbed_fast_rotation_A", "07_undisturbed_fast_rotation_B"]),
    ("slow translation", ["10_undisturbed_slow_translation_A"]),
    ("fast translation", ["15_undisturbed_fast_translation_A"]),
    ("rest breaks", ["05_undisturbed_slow_rotation_with_breaks_B"]),
    ("tapping", ["24_disturbed_tapping_A"]),
    ("vibration", ["26_disturbed_phone_vibration_A"]),
    ("stationary magnet", ["28_disturbed_stationary_magnet_A"]),
    ("attached magnet", ["32_disturbed_attached_magnet_1cm"]),
]
COLUMNS = ["6D devcaps", "6D VQF", "Madgwick incl.", "Mahony incl.",
           "9D devcaps", "9D VQF", "Madgwick", "Mahony", "devcaps 9D heading"]
# The clipped case: the fast-rotation trials, a gyroscope range of +-400 deg/s.
CLIPPED_TRIALS = ["06_undisturbed_fast_rotation_A", "07_undisturbed_fast_rotation_B",
                  "08_undisturbed_fast_rotation_with_breaks_A", "09_undisturbed_fast_rotation_with_breaks_B"]
GYROSCOPE_RANGE = math.radians(400)
# The issue's goal for the clipped case: at most this many times the unclipped error. Printed;
# devcaps is far from it, as every filter is (docs/explanation/motion-benchmark.md says how much
# no filter can get back). devcaps is told the range (--gyroscope-range), as a live IIO
# gyroscope's comes from sysfs; with the magnetometer (9D) it reads the turn the clipped axes left
# out from the field.
CLIPPED_GOAL = 1.5
# What --check holds the clipped average to, as a multiple of devcaps' unclipped average on the
# same trials: what this round reached on the vendored trials (6D 8.6 ×, 9D 3.0 ×, with the
# clipped rate's curve put back at each burst's end, held below 1.5 × the range), with a little
# room. The curve held below 2 × (6D 10.0 ×) and the round before (13.1 × and 4.0 ×) fail it.
# 9D went from 3.2 to 3.4 × when the heading stopped learning a drift after a rest measured the
# bias: the unclipped 9D average fell (2.35° → 2.10°) while the clipped one stayed 7.06°; the
# round before (4.0 ×) still fails it. Since the gyroscope's scale is learned in motion (which
# lowered the unclipped errors and left the clipped ones) the pair is at 8.8 × and 3.3 ×.
CLIPPED_CEILING = {"6D": 9.0, "9D": 3.4}
# The held-out dataset's condition, where the issue found the problem: its gyroscope clipped at
# ±422°/s on 2–3 % of the samples, far fewer than BROAD's fast trials have beyond ±400°/s (9–26 %).
# Each trial is clipped at the range (to 10°/s) that 2.5 % of its samples exceed on some axis.
LIGHT_CLIPPED_SHARE = 0.025
# What --check holds that case's average to (6D, 9D; × the unclipped): what devcaps reached on the
# vendored pair (2.0 × and 1.9 ×, 2026-11-29, after the field's dip stopped correcting the tilt;
# 9D was 2.5 × with it; 2.0 × and 2.0 × since the gyroscope's scale is learned), with a little
# room.
LIGHT_CLIPPED_CEILING = {"6D": 2.2, "9D": 2.1}
# The gap case: seconds cut out of each trial's middle, and how much of the uncut run's 6D error
# (one heading offset removed) may be lost: a restart's heading would start again from 0, off by
# the whole turn since the start.
GAP_SECONDS = 0.6
GAP_ALLOWANCE = 2.0
# A quarter turn about the vertical: from x north, y west (NWU) to x east, y north (ENU).
NWU_TO_ENU = numpy.array([math.sqrt(0.5), 0.0, 0.0, math.sqrt(0.5)])


def load_mat(path):
    import scipy.io  # only for --broad: the vendored trials are .npz
    mat = scipy.io.loadmat(path)
    return {
        "rate": float(mat["sampling_rate"].squeeze()),
        "gyroscope": mat["imu_gyr"], "accelerometer": mat["imu_acc"], "magnetometer": mat["imu_mag"],
        "reference": mat["opt_quat"], "movement": mat["movement"].squeeze().astype(bool),
    }


def load(trial, folder=DATA):
    archive = numpy.load(Path(folder) / f"{trial}.npz")
    count = int(archive["count"])
    imu = archive["imu"].astype(float)
    return {
        "rate": float(archive["sampling_rate"]),
        "gyroscope": imu[:, 0:3],
        "accelerometer": imu[:, 3:6],
        "magnetometer": imu[:, 6:9],
        "reference": archive["opt_quat"].astype(float),
        "movement": numpy.unpackbits(archive["movement"])[:count].astype(bool),
    }


def multiply(a, b):
    """Row-wise Hamilton product of (N, 4) arrays (either may be one quaternion)."""
    a, b = numpy.broadcast_arrays(numpy.atleast_2d(a), numpy.atleast_2d(b))
    w1, x1, y1, z1 = a.T
    w2, x2, y2, z2 = b.T
    return numpy.stack([
        w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2,
        w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2,
        w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2,
        w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2,
    ], axis=1)


def errors(estimate, reference, movement):
    """RMS total, heading and inclination errors in degrees over the movement samples, and
    "aligned": the total error once the mean heading error (one offset per run) is taken out."""
    estimate = estimate / numpy.linalg.norm(estimate, axis=1, keepdims=True)
    reference = reference / numpy.linalg.norm(reference, axis=1, keepdims=True)
    inverse = reference * numpy.array([1.0, -1.0, -1.0, -1.0])
    error = multiply(estimate, inverse)
    error /= numpy.linalg.norm(error, axis=1, keepdims=True)
    w, z = error[:, 0], error[:, 3]
    with numpy.errstate(divide="ignore", invalid="ignore"):
        angles = {
            "total": 2 * numpy.arccos(numpy.clip(numpy.abs(w), 0, 1)),
            "heading": 2 * numpy.arctan(numpy.abs(z / w)),
            "inclination": 2 * numpy.arccos(numpy.clip(numpy.sqrt(w * w + z * z), 0, 1)),
        }
        # The heading offset: the circular mean of the heading error over the movement samples.
        signed = 2 * numpy.arctan2(z * numpy.sign(w), numpy.abs(w))
        usable = movement & numpy.isfinite(signed)
        offset = math.atan2(numpy.mean(numpy.sin(signed[usable])), numpy.mean(numpy.cos(signed[usable])))
        turn = numpy.array([math.cos(offset / 2), 0.0, 0.0, -math.sin(offset / 2)])
        aligned = multiply(turn, error)
        angles["aligned"] = 2 * numpy.arccos(numpy.clip(numpy.abs(aligned[:, 0]), 0, 1))
    return {name: math.degrees(math.sqrt(numpy.nanmean(values[movement] ** 2))) for name, values in angles.items()}


def devcaps(binary, data, magnetometer, gyroscope_range=None):
    """devcaps' attitude at every sample (ENU), from `motion --replay` (told the gyroscope's range
    in rad/s, if given), and how many samples said `restarted`."""
    count = len(data["movement"])
    times = data["times"] if "times" in data else numpy.arange(count) / data["rate"]
    columns = [times[:, None], data["gyroscope"], -data["accelerometer"] / STANDARD_GRAVITY]
    if magnetometer:
        columns.append(data["magnetometer"])
    frame = "x-magnetic-north-z-vertical" if magnetometer else "x-arbitrary-z-vertical"
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as recording:
        numpy.savetxt(recording, numpy.hstack(columns), delimiter=",", fmt="%.9g")
    options = [] if gyroscope_range is None else ["--gyroscope-range", f"{math.degrees(gyroscope_range):.9g}"]
    try:
        run = subprocess.run(
            [binary, "motion", "--replay", recording.name, "--json", "--reference-frame", frame] + options,
            capture_output=True, text=True, check=True)
    finally:
        os.unlink(recording.name)
    lines = run.stdout.splitlines()
    if len(lines) != count:
        sys.exit(f"devcaps printed {len(lines)} samples of {count}")
    quaternions = numpy.empty((count, 4))
    restarts = 0
    for index, line in enumerate(lines):
        sample = json.loads(line)
        q = sample["attitude"]["quaternion"]
        quaternions[index] = (q["w"], q["x"], q["y"], q["z"])
        restarts += sample["restarted"]
    return multiply(NWU_TO_ENU, quaternions), restarts


def vqf_run(data):
    """VQF with its defaults, in real time (ENU): its 6D and 9D attitudes at every sample."""
    from vqf import VQF
    filter = VQF(1 / data["rate"])
    out = filter.updateBatch(*(numpy.ascontiguousarray(data[name], dtype=float)
                               for name in ("gyroscope", "accelerometer", "magnetometer")))
    return out["quat6D"], out["quat9D"]


def matrix_to_quaternion(m):
    """The unit quaternion (w, x, y, z) of a rotation matrix."""
    w = math.sqrt(max(0.0, 1 + m[0, 0] + m[1, 1] + m[2, 2])) / 2
    x = math.copysign(math.sqrt(max(0.0, 1 + m[0, 0] - m[1, 1] - m[2, 2])) / 2, m[2, 1] - m[1, 2])
    y = math.copysign(math.sqrt(max(0.0, 1 - m[0, 0] + m[1, 1] - m[2, 2])) / 2, m[0, 2] - m[2, 0])
    z = math.copysign(math.sqrt(max(0.0, 1 - m[0, 0] - m[1, 1] + m[2, 2])) / 2, m[1, 0] - m[0, 1])
    return numpy.array([w, x, y, z])


def madgwick(data, magnetometer):
    """Madgwick's filter (PyPI ahrs, beta 0.1), started from the first sample's tilt and field
    (earth x north or the device's x, y west, z up; converted to ENU)."""
    from ahrs.filters import Madgwick
    gyroscope, accelerometer, field = data["gyroscope"], data["accelerometer"], data["magnetometer"]
    up = accelerometer[0] / numpy.linalg.norm(accelerometer[0])
    horizontal = field[0] if magnetometer else numpy.array([1.0, 0.0, 0.0])
    north = horizontal - horizontal.dot(up) * up
    north /= numpy.linalg.norm(north)
    q = matrix_to_quaternion(numpy.array([north, numpy.cross(up, north), up]))
    filter = Madgwick(frequency=data["rate"], gain=0.1)
    out = numpy.empty((len(gyroscope), 4))
    for index in range(len(gyroscope)):
        if magnetometer:
            q = filter.updateMARG(q, gyroscope[index], accelerometer[index], field[index])
        else:
            q = filter.updateIMU(q, gyroscope[index], accelerometer[index])
        out[index] = q
    return multiply(NWU_TO_ENU, out)


def published(name):
    with open(DATA / f"results_{name}_average_rmse.json") as file:
        return json.load(file)["trials"]


def score(binary, trial, data, madgwick, mahony):
    """One trial's row (the COLUMNS, in degrees) and devcaps' 6D and 9D errors."""
    ours6 = errors(devcaps(binary, data, False)[0], data["reference"], data["movement"])
    ours9 = errors(devcaps(binary, data, True)[0], data["reference"], data["movement"])
    vqf6, vqf9 = (errors(q, data["reference"], data["movement"]) for q in vqf_run(data))
    mw, mh = madgwick[trial]["tagp_parameters"], mahony[trial]["tagp_parameters"]
    return numpy.array([
        ours6["inclination"], vqf6["inclination"], mw["inclination_rmse_deg"], mh["inclination_rmse_deg"],
        ours9["total"], vqf9["total"], mw["total_rmse_deg"], mh["total_rmse_deg"], ours9["heading"],
    ]), (ours6, ours9)


def cells(row):
    return " | ".join(f"{value:.2f}" for value in row)


def at_or_below(ours, theirs):
    """As the tables print them."""
    return round(ours, 2) <= round(theirs, 2)


def averages_table(title, groups, rows):
    """Each group's average over its trials; devcaps' 6D and 9D against VQF and the better
    published. Returns what --check fails on: a group, or all trials, behind VQF or not below the
    better of Madgwick and Mahony."""
    print(f"| {title} | trials | " + " | ".join(COLUMNS) + " |")
    print("|---|---" + "|---" * len(COLUMNS) + "|")
    behind = []
    behind_vqf = []
    wins = {"6D VQF": 0, "9D VQF": 0, "6D": 0, "9D": 0}
    for name, trials in groups:
        present = [rows[trial] for trial in trials if trial in rows]
        if not present:
            continue
        mean = numpy.mean(present, axis=0)
        for kind, ours, vqf, published_best in (("6D", mean[0], mean[1], min(mean[2], mean[3])),
                                                ("9D", mean[4], mean[5], min(mean[6], mean[7]))):
            if at_or_below(ours, vqf):
                wins[kind + " VQF"] += 1
            else:
                behind_vqf.append(f"{name} {kind}: {ours:.2f}° against {vqf:.2f}°")
                behind.append(f"{name} {kind}: {ours:.2f}° against VQF's {vqf:.2f}°")
            if round(ours, 2) < round(published_best, 2):
                wins[kind] += 1
            else:
                behind.append(f"{name} {kind}: {ours:.2f}° against Madgwick's or Mahony's {published_best:.2f}°")
        print(f"| {name} | {len(present)} | {cells(mean)} |")
    everything = numpy.mean(list(rows.values()), axis=0)
    print(f"| **all trials** | {len(rows)} | {cells(everything)} |")
    counted = sum(1 for _, trials in groups if any(trial in rows for trial in trials))
    print()
    print(f"devcaps at or below VQF, on each one's average: 6D in {wins['6D VQF']} of {counted}, 9D in "
          f"{wins['9D VQF']} of {counted}; below the better of Madgwick and Mahony: 6D in {wins['6D']} of "
          f"{counted}, 9D in {wins['9D']} of {counted}.")
    if behind_vqf:
        print(f"Behind VQF: {'; '.join(behind_vqf)}.")
    for kind, ours, vqf in (("6D", everything[0], everything[1]), ("9D", everything[4], everything[5])):
        if not at_or_below(ours, vqf):
            behind.append(f"all trials {kind}: {ours:.2f}° against VQF's {vqf:.2f}°")
    print()
    return behind


def light_clipping_range(gyroscope):
    """The range (rad/s, to 10 deg/s) that LIGHT_CLIPPED_SHARE of the samples exceed on some axis."""
    fastest = numpy.max(numpy.abs(gyroscope), axis=1)
    return math.radians(round(math.degrees(numpy.quantile(fastest, 1 - LIGHT_CLIPPED_SHARE)), -1))


def clipped_table(binary, trials, load_trial, unclipped, light=False):
    """The fast-rotation trials with the gyroscope clipped at GYROSCOPE_RANGE (light: at the range
    LIGHT_CLIPPED_SHARE of each trial's samples exceed): devcaps against its unclipped run, VQF and
    Madgwick's filter on the same samples."""
    if light:
        print(f"Gyroscope clipped on {100 * LIGHT_CLIPPED_SHARE:.1f} % of the samples, the held-out dataset's "
              "condition (6D inclination, 9D total):")
    else:
        print(f"Gyroscope clipped at ±{math.degrees(GYROSCOPE_RANGE):.0f}°/s (6D inclination, 9D total):")
    print()
    print("| Trial | range (°/s) | clipped samples | 6D devcaps | 6D devcaps clipped | 6D VQF clipped | 6D Madgwick clipped "
          "| 9D devcaps | 9D devcaps clipped | 9D VQF clipped | 9D Madgwick clipped |")
    print("|---" * 11 + "|")
    behind = []
    rows = []
    for trial in trials:
        data = load_trial(trial)
        limit = light_clipping_range(data["gyroscope"]) if light else GYROSCOPE_RANGE
        share = numpy.mean(numpy.any(numpy.abs(data["gyroscope"]) > limit, axis=1))
        data["gyroscope"] = numpy.clip(data["gyroscope"], -limit, limit)
        reference, movement = data["reference"], data["movement"]
        # Told the range, as a live IIO gyroscope's comes from its scan type and scale.
        ours6 = errors(devcaps(binary, data, False, limit)[0], reference, movement)["inclination"]
        ours9 = errors(devcaps(binary, data, True, limit)[0], reference, movement)["total"]
        vqf6, vqf9 = (errors(q, reference, movement) for q in vqf_run(data))
        theirs6 = errors(madgwick(data, False), reference, movement)["inclination"]
        theirs9 = errors(madgwick(data, True), reference, movement)["total"]
        was6, was9 = unclipped[trial][0]["inclination"], unclipped[trial][1]["total"]
        print(f"| {trial} | {math.degrees(limit):.0f} | {100 * share:.1f} % | "
              f"{cells([was6, ours6, vqf6['inclination'], theirs6])} | "
              f"{cells([was9, ours9, vqf9['total'], theirs9])} |", flush=True)
        rows.append([was6, ours6, vqf6["inclination"], theirs6, was9, ours9, vqf9["total"], theirs9])
        for kind, ours, theirs in (("6D", ours6, theirs6), ("9D", ours9, theirs9)):
            if not round(ours, 2) < round(theirs, 2):
                behind.append(f"{trial} {'lightly ' if light else ''}clipped {kind}: {ours:.2f}° against Madgwick's {theirs:.2f}°")
    if not rows:
        return behind
    mean = numpy.mean(rows, axis=0)
    print(f"| **average** | | | {cells(mean[:4])} | {cells(mean[4:])} |")
    print()
    name, ceiling = ("lightly clipped", LIGHT_CLIPPED_CEILING) if light else ("clipped", CLIPPED_CEILING)
    for kind, was, ours, vqf, theirs in (("6D", *mean[:4]), ("9D", *mean[4:])):
        print(f"{kind}: devcaps {name} {ours / was:.1f} × its unclipped error (the goal: at most {CLIPPED_GOAL} ×), "
              f"VQF {vqf:.2f}°, Madgwick {theirs:.2f}°.")
        if not round(ours, 2) < round(theirs, 2):
            behind.append(f"{name} {kind}: {ours:.2f}° against Madgwick's {theirs:.2f}°")
        if ours > ceiling[kind] * was:
            behind.append(f"{name} {kind}: {ours / was:.1f} × the unclipped error, more than {ceiling[kind]} ×")
    print()
    return behind


def gap_table(binary, trials, load_trial, uncut):
    """GAP_SECONDS cut out of each trial's second half: devcaps' 6D error with one heading offset
    removed and its 9D total, against the uncut run; a restart fails."""
    print(f"{GAP_SECONDS} s cut out of the second half, where it turned least (6D: total error after one "
          "heading offset is removed):")
    print()
    print("| Trial | 6D devcaps | 6D devcaps cut | 9D devcaps | 9D devcaps cut | restarts |")
    print("|---" * 6 + "|")
    behind = []
    for trial in trials:
        data = load_trial(trial)
        count = len(data["movement"])
        cut = int(round(GAP_SECONDS * data["rate"]))
        # The calmest stretch of the second half (the least turn the gyroscope saw): across a gap
        # in the middle of a fast swing, the readings either side tell nothing of the turn in it.
        turned = numpy.concatenate([[0.0], numpy.cumsum(numpy.linalg.norm(data["gyroscope"], axis=1))])
        starts = numpy.arange(count // 2, count - cut)
        start = starts[numpy.argmin(turned[starts + cut] - turned[starts])]
        keep = numpy.ones(count, dtype=bool)
        keep[start:start + cut] = False
        data["times"] = numpy.arange(count) / data["rate"]
        for name in ("times", "gyroscope", "accelerometer", "magnetometer", "reference", "movement"):
            data[name] = data[name][keep]
        estimate6, restarts6 = devcaps(binary, data, False)
        estimate9, restarts9 = devcaps(binary, data, True)
        ours6 = errors(estimate6, data["reference"], data["movement"])["aligned"]
        ours9 = errors(estimate9, data["reference"], data["movement"])["total"]
        was6, was9 = uncut[trial][0]["aligned"], uncut[trial][1]["total"]
        print(f"| {trial} | {cells([was6, ours6, was9, ours9])} | {restarts6 + restarts9} |", flush=True)
        if restarts6 + restarts9:
            behind.append(f"{trial} cut: the gap restarted the estimate")
        if ours6 > GAP_ALLOWANCE * was6:
            behind.append(f"{trial} cut, 6D: {ours6:.2f}°, more than {GAP_ALLOWANCE} × {was6:.2f}°")
    print()
    return behind


def clipped_errors(binary, data):
    """devcaps' 6D inclination and 9D total error on `data` with the gyroscope clipped at
    GYROSCOPE_RANGE (and told so)."""
    data = dict(data, gyroscope=numpy.clip(data["gyroscope"], -GYROSCOPE_RANGE, GYROSCOPE_RANGE))
    reference, movement = data["reference"], data["movement"]
    return (errors(devcaps(binary, data, False, GYROSCOPE_RANGE)[0], reference, movement)["inclination"],
            errors(devcaps(binary, data, True, GYROSCOPE_RANGE)[0], reference, movement)["total"])


def hermite_excess(rate, start, end, sign, interval):
    """The rate beyond the range over clipped readings start..end of one axis (rad/s), estimated
    as the issue's causal candidate would at the run's end: a cubic Hermite from the reading
    before (its value, and its slope from the one before it) to the first after (its value, the
    slope from the range to it), held between the range and 2,000 deg/s."""
    count = end - start + 1
    before, after = rate[start - 1], rate[end + 1]
    into, out = (before - rate[start - 2]) / interval, (after - sign * GYROSCOPE_RANGE) / interval
    span = (count + 1) * interval
    t = numpy.arange(1, count + 1) / (count + 1)
    curve = ((2 * t**3 - 3 * t**2 + 1) * before + (t**3 - 2 * t**2 + t) * span * into
             + (-2 * t**3 + 3 * t**2) * after + (t**3 - t**2) * span * out)
    return sign * (numpy.clip(sign * curve, GYROSCOPE_RANGE, math.radians(2000)) - GYROSCOPE_RANGE)


def turn_angle(rates, interval):
    """The angle (degrees) of the turn integrated from (N, 3) body rates over `interval` steps."""
    turn = numpy.array([1.0, 0.0, 0.0, 0.0])
    for rate in rates:
        angle = numpy.linalg.norm(rate) * interval
        if angle > 0:
            axis = rate / numpy.linalg.norm(rate)
            turn = multiply(turn, numpy.concatenate([[math.cos(angle / 2)], math.sin(angle / 2) * axis]))[0]
    return turn


def clipped_bursts(trials, load_trial):
    """How much turn each clipped burst loses, and how much a Hermite estimate of the clipped
    rate over each run (hermite_excess, put in where the run was) leaves: per burst (any axis at
    the range, to two readings after), and per second of the trial (the losses of a swing and
    its return partly cancel)."""
    print("| Trial | bursts | lost per burst | left per burst, Hermite | lost per second | left per second, Hermite |")
    print("|---" * 6 + "|")
    for trial in trials:
        data = load_trial(trial)
        interval, true = 1 / data["rate"], data["gyroscope"]
        clipped = numpy.clip(true, -GYROSCOPE_RANGE, GYROSCOPE_RANGE)
        at_range = numpy.abs(clipped) >= GYROSCOPE_RANGE * 0.999
        estimated = clipped.copy()
        for axis in range(3):
            index = 0
            while index < len(true):
                end = index
                while at_range[index, axis] and end + 1 < len(true) and at_range[end + 1, axis] \
                        and clipped[end + 1, axis] == clipped[index, axis]:
                    end += 1
                if at_range[index, axis] and index >= 2 and end + 1 < len(true) and not at_range[index - 1, axis] \
                        and not at_range[end + 1, axis]:
                    sign = numpy.sign(clipped[index, axis])
                    estimated[index:end + 1, axis] += hermite_excess(clipped[:, axis], index, end, sign, interval)
                index = end + 1

        def off(rates, start, end):
            error = multiply(turn_angle(true[start:end], interval) * numpy.array([1, -1, -1, -1]),
                             turn_angle(rates[start:end], interval))[0]
            return math.degrees(2 * math.acos(min(1.0, abs(error[0]))))
        bursts, busy = [], at_range.any(axis=1)
        index = 0
        while index < len(true):
            if busy[index]:
                end = index
                while end + 1 < len(true) and busy[end + 1]:
                    end += 1
                stop = min(len(true), end + 3)
                bursts.append((off(clipped, index, stop), off(estimated, index, stop)))
                index = end
            index += 1
        second = int(round(data["rate"]))
        seconds = [(off(clipped, start, start + second), off(estimated, start, start + second))
                   for start in range(0, len(true) - second, second)]
        lost, left = numpy.mean(bursts, axis=0)
        lost_second, left_second = numpy.mean(seconds, axis=0)
        print(f"| {trial} | {len(bursts)} | {lost:.1f} | {left:.1f} | {lost_second:.2f} | {left_second:.2f} |", flush=True)
    print()


def leave_one_out(candidates, trials, load_trial):
    """A parameter chosen on the clipped trials, held out: `candidates` are VALUE=PATH, devcaps
    built with each value. Each trial in turn is left out, the value with the lowest mean clipped
    error on the others is chosen (6D and 9D each), and the left-out trial is scored with it."""
    values = [candidate.split("=", 1) for candidate in candidates]
    scores = {}
    for trial in trials:
        data = load_trial(trial)
        scores[trial] = {value: clipped_errors(binary, data) for value, binary in values}
        print(f"{trial} (clipped 6D, 9D): "
              + ", ".join(f"{value} {six:.2f}° {nine:.2f}°" for value, (six, nine) in scores[trial].items()), flush=True)
    print("Leave one clipped trial out (the value chosen on the others, then the left-out trial scored with it):")
    print()
    print("| left out | 6D chosen | 6D held out | 6D best value's | 9D chosen | 9D held out | 9D best value's |")
    print("|---" * 7 + "|")
    held = {0: [], 1: []}
    for trial in trials:
        cells_ = []
        for kind in (0, 1):
            others = [t for t in trials if t != trial]
            chosen = min((value for value, _ in values),
                         key=lambda value: numpy.mean([scores[t][value][kind] for t in others]))
            best = min(scores[trial][value][kind] for value, _ in values)
            held[kind].append(scores[trial][chosen][kind])
            cells_ += [chosen, f"{scores[trial][chosen][kind]:.2f}", f"{best:.2f}"]
        print(f"| {trial} | " + " | ".join(cells_) + " |", flush=True)
    print()
    for value, _ in values:
        print(f"value {value}: mean clipped 6D {numpy.mean([scores[t][value][0] for t in trials]):.2f}°, "
              f"9D {numpy.mean([scores[t][value][1] for t in trials]):.2f}°")
    print(f"held out: mean 6D {numpy.mean(held[0]):.2f}°, 9D {numpy.mean(held[1]):.2f}°")


def group_leave_one_out(candidates, trials, load_trial, groups):
    """A parameter of the 9D filter chosen on the whole dataset (magneticStrengthTolerance), held
    out by group: `candidates` are VALUE=PATH, devcaps built with each value. Each of the dataset's
    groups in turn is left out, the value with the lowest mean 9D error over the trials in none of
    it is chosen, and the group's mean is scored with it (a trial is in several groups: those of
    the group left out are left out of the choice whatever other group they are in)."""
    values = [candidate.split("=", 1) for candidate in candidates]
    scores = {}
    for trial in trials:
        data = load_trial(trial)
        scores[trial] = {value: errors(devcaps(binary, data, True)[0], data["reference"], data["movement"])["total"]
                         for value, binary in values}
        print(f"{trial}: " + ", ".join(f"{value} {scores[trial][value]:.2f}°" for value, _ in values), flush=True)
    print()
    print("Leave one group out (the value chosen on the trials in none of it, then the group scored with it; 9D total):")
    print()
    print("| left out | trials | chosen on | chosen | held out | best value's | " + " | ".join(value for value, _ in values) + " |")
    print("|---" * (6 + len(values)) + "|")
    for name, members in groups:
        held = [trial for trial in members if trial in scores]
        others = [trial for trial in scores if trial not in held]
        if not held or not others:
            continue
        chosen = min((value for value, _ in values), key=lambda value: numpy.mean([scores[t][value] for t in others]))
        mean = {value: numpy.mean([scores[t][value] for t in held]) for value, _ in values}
        print(f"| {name} | {len(held)} | {len(others)} | {chosen} | {mean[chosen]:.2f} | {min(mean.values()):.2f} | "
              + " | ".join(f"{mean[value]:.2f}" for value, _ in values) + " |", flush=True)
    print()
    for value, _ in values:
        print(f"value {value}: mean 9D over all {len(scores)} trials {numpy.mean([scores[t][value] for t in scores]):.2f}°")


def score_all(binary, labels, trials, load_trial, published_results, rows, devcaps_errors):
    """Scores each trial into rows and devcaps_errors, printing a table row for each: its labels
    (one cell per name in `labels`), the trial and its COLUMNS."""
    print("| " + " | ".join(labels + ["Trial"] + COLUMNS) + " |")
    print("|---" * (len(labels) + 1 + len(COLUMNS)) + "|")
    for label, trial in trials:
        rows[trial], devcaps_errors[trial] = score(binary, trial, load_trial(trial), *published_results)
        print("| " + " | ".join(label + [trial]) + f" | {cells(rows[trial])} |", flush=True)
    print()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--devcaps", default=str(ROOT / ".build" / "debug" / "devcaps"))
    parser.add_argument("--broad", help="a whole BROAD checkout (or a folder of its .mat trials)")
    parser.add_argument("--leave-one-out", nargs="+", metavar="VALUE=DEVCAPS",
                        help="devcaps built with each value of a parameter chosen on the clipped trials: "
                             "choose on all clipped trials but one, score that one, in turn (nothing else runs)")
    parser.add_argument("--group-leave-one-out", nargs="+", metavar="VALUE=DEVCAPS",
                        help="with --broad: devcaps built with each value of a 9D parameter chosen on the whole "
                             "dataset: choose on the trials outside one group, score that group, for each group "
                             "(nothing else runs)")
    parser.add_argument("--clipped-bursts", action="store_true",
                        help="how much turn each clipped burst loses and how much a Hermite estimate of the "
                             "clipped rate leaves (degrees; nothing else runs)")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 when devcaps is behind VQF or the published filters, or a clipped or gap case fails (the test command runs this)")
    arguments = parser.parse_args()
    madgwick_published, mahony_published = published("madgwick"), published("mahony")
    rows, devcaps_errors = {}, {}
    if arguments.clipped_bursts:
        clipped_bursts([trial for trial in CLIPPED_TRIALS if (DATA / f"{trial}.npz").exists()], load)
        return []
    if arguments.leave_one_out:
        if arguments.broad:
            folder = Path(arguments.broad)
            folder = folder / "data_mat" if (folder / "data_mat").is_dir() else folder
            present = {path.stem for path in folder.glob("*.mat")}
            load_trial = (lambda trial: load_mat(folder / f"{trial}.mat")) if present else (lambda trial: load(trial, folder))  # noqa: E731
            present |= {path.stem for path in folder.glob("*.npz")}
        else:
            present, load_trial = {trial for _, trials in CATEGORIES for trial in trials}, load
        leave_one_out(arguments.leave_one_out, [trial for trial in CLIPPED_TRIALS if trial in present], load_trial)
        return []
    if arguments.broad:
        folder = Path(arguments.broad)
        folder = folder / "data_mat" if (folder / "data_mat").is_dir() else folder
        paths = {path.stem: path for path in sorted(folder.glob("*.mat"))}
        if paths:
            load_trial = lambda trial: load_mat(paths[trial])  # noqa: E731
        else:
            # Trials already in the vendored .npz form (e.g. converted once, where scipy is missing).
            paths = {path.stem: path for path in sorted(folder.glob("*.npz"))}
            load_trial = lambda trial: load(trial, folder)  # noqa: E731
        with open(DATA / "trials.json") as file:
            dataset = json.load(file)
        groups = [(group["name"].replace("_", " "), [t for t, info in dataset["trials"].items() if group["name"] in info["groups"]])
                  for group in dataset["groups"] if group["level"] == 2]
        if arguments.group_leave_one_out:
            group_leave_one_out(arguments.group_leave_one_out, list(paths), load_trial, groups)
            return []
        score_all(arguments.devcaps, [], [([], trial) for trial in paths], load_trial,
                  (madgwick_published, mahony_published), rows, devcaps_errors)
        behind = averages_table("BROAD group", groups, rows)
    else:
        load_trial = load
        score_all(arguments.devcaps, ["Category"], [([category], trial) for category, trials in CATEGORIES for trial in trials],
                  load_trial, (madgwick_published, mahony_published), rows, devcaps_errors)
        behind = averages_table("Category", CATEGORIES, rows)
    clipped = [trial for trial in CLIPPED_TRIALS if trial in rows]
    behind += clipped_table(arguments.devcaps, clipped, load_trial, devcaps_errors)
    behind += clipped_table(arguments.devcaps, clipped, load_trial, devcaps_errors, light=True)
    behind += gap_table(arguments.devcaps, list(rows), load_trial, devcaps_errors)
    return behind


if __name__ == "__main__":
    behind = main()
    if behind and "--check" in sys.argv:
        sys.exit("devcaps is behind in: " + "; ".join(behind))
