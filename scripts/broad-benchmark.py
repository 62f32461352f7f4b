#!/usr/bin/env python3
"""devcaps' device motion on BROAD, the Berlin Robust Orientation Estimation Assessment Dataset
(Laidig, Caruso, Cereatti, Seel, Data 6(7), 2021, CC BY 4.0): the subset in Tests/Recordings/broad
(see its README), one or two trials per category, replayed through `devcaps motion --replay` and through
PyPI's imufusion with devcaps' settings, and set beside the paper's published Madgwick and Mahony
results at their best common parameters (the TAGP: beta 0.12; Kp 0.74, Ki 0.0012).

The error metric is the paper's: the error quaternion in the earth frame, estimate times the
inverse of the optical reference; its total angle, its heading part (about the vertical) and its
inclination part; RMS over the samples the trial marks as movement, skipping samples without an
optical reference. 9D (with the magnetometer, x towards magnetic north) is scored by the total
error. 6D (no magnetometer) has no heading to compare, so it is scored by the inclination error,
which no constant heading offset changes; the published filters ran with the magnetometer, so
their inclination is the closest published figure.

Usage: scripts/broad-benchmark.py [--devcaps PATH] [--broad DIR] [--check]   (default .build/debug/devcaps)
Needs numpy and imufusion: scripts/install-python-tools.sh, then run it with .build/test-venv/bin/python.
Prints Markdown tables (docs/motion-benchmark.md holds the last ones): each trial, then each
category's average over its trials, the published filters' averaged over the same trials.

--broad DIR runs every trial of a whole BROAD checkout instead (DIR/data_mat/*.mat, or a folder of
them; reading .mat files needs scipy) and averages them by the dataset's own groups (rotation,
translation, fast, with breaks, tapping, ...: trials.json), each over the trials present.

--check exits 1, naming them, when devcaps' average in a category (6D or 9D) is not below the
better of Madgwick's and Mahony's: the test command (scripts/test.sh) runs it on the vendored trials.
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
sys.path.insert(0, str(ROOT / "Tests" / "DevCapsMotionTests" / "DeviceMotion"))
from imufusion_crosscheck import fusion_like_devcaps  # noqa: E402 (the cross-check's settings)

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
COLUMNS = ["6D devcaps", "6D imufusion", "Madgwick incl.", "Mahony incl.",
           "9D devcaps", "9D imufusion", "Madgwick", "Mahony", "devcaps 9D heading"]
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


def load(trial):
    archive = numpy.load(DATA / f"{trial}.npz")
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
    """RMS total, heading and inclination errors in degrees over the movement samples."""
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
    return {name: math.degrees(math.sqrt(numpy.nanmean(values[movement] ** 2))) for name, values in angles.items()}


def devcaps(binary, data, magnetometer):
    """devcaps' attitude at every sample (ENU), from `motion --replay`."""
    count = len(data["movement"])
    times = numpy.arange(count) / data["rate"]
    columns = [times[:, None], data["gyroscope"], -data["accelerometer"] / STANDARD_GRAVITY]
    if magnetometer:
        columns.append(data["magnetometer"])
    frame = "x-magnetic-north-z-vertical" if magnetometer else "x-arbitrary-z-vertical"
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as recording:
        numpy.savetxt(recording, numpy.hstack(columns), delimiter=",", fmt="%.9g")
    try:
        run = subprocess.run(
            [binary, "motion", "--replay", recording.name, "--json", "--reference-frame", frame],
            capture_output=True, text=True, check=True)
    finally:
        os.unlink(recording.name)
    lines = run.stdout.splitlines()
    if len(lines) != count:
        sys.exit(f"devcaps printed {len(lines)} samples of {count}")
    quaternions = numpy.empty((count, 4))
    for index, line in enumerate(lines):
        q = json.loads(line)["attitude"]["quaternion"]
        quaternions[index] = (q["w"], q["x"], q["y"], q["z"])
    return multiply(NWU_TO_ENU, quaternions)


def fusion(data, magnetometer):
    """imufusion as devcaps' Fusion filter is set (gain 0.5, 10 degree rejections, 5 s recovery), ENU."""
    ahrs = fusion_like_devcaps(data["rate"])
    ahrs.set_sample_period(1 / data["rate"])
    gyroscope = numpy.degrees(data["gyroscope"])
    accelerometer = data["accelerometer"] / STANDARD_GRAVITY
    out = numpy.empty((len(gyroscope), 4))
    for index in range(len(gyroscope)):
        if magnetometer:
            ahrs.update(gyroscope[index], accelerometer[index], data["magnetometer"][index])
        else:
            ahrs.update_no_magnetometer(gyroscope[index], accelerometer[index])
        out[index] = ahrs.get_quaternion()
    return multiply(NWU_TO_ENU, out)


def published(name):
    with open(DATA / f"results_{name}_average_rmse.json") as file:
        return json.load(file)["trials"]


def score(binary, trial, data, madgwick, mahony):
    """One trial's row: the COLUMNS, in degrees."""
    ours6 = errors(devcaps(binary, data, False), data["reference"], data["movement"])
    theirs6 = errors(fusion(data, False), data["reference"], data["movement"])
    ours9 = errors(devcaps(binary, data, True), data["reference"], data["movement"])
    theirs9 = errors(fusion(data, True), data["reference"], data["movement"])
    mw, mh = madgwick[trial]["tagp_parameters"], mahony[trial]["tagp_parameters"]
    return numpy.array([
        ours6["inclination"], theirs6["inclination"], mw["inclination_rmse_deg"], mh["inclination_rmse_deg"],
        ours9["total"], theirs9["total"], mw["total_rmse_deg"], mh["total_rmse_deg"], ours9["heading"],
    ])


def cells(row):
    return " | ".join(f"{value:.2f}" for value in row)


def averages_table(title, groups, rows):
    """Each group's average over its trials; devcaps' 6D and 9D against the better published."""
    print(f"| {title} | trials | " + " | ".join(COLUMNS) + " |")
    print("|---|---" + "|---" * len(COLUMNS) + "|")
    behind = []
    wins = {"6D": 0, "9D": 0}
    for name, trials in groups:
        present = [rows[trial] for trial in trials if trial in rows]
        if not present:
            continue
        mean = numpy.mean(present, axis=0)
        for kind, ours, published_best in (("6D", mean[0], min(mean[2], mean[3])), ("9D", mean[4], min(mean[6], mean[7]))):
            if ours < published_best:
                wins[kind] += 1
            else:
                behind.append(f"{name} {kind}: {ours:.2f}° against {published_best:.2f}°")
        print(f"| {name} | {len(present)} | {cells(mean)} |")
    everything = numpy.mean(list(rows.values()), axis=0)
    print(f"| **all trials** | {len(rows)} | {cells(everything)} |")
    counted = sum(1 for _, trials in groups if any(trial in rows for trial in trials))
    print()
    print(f"devcaps below the better of Madgwick and Mahony, on each one's average: 6D in {wins['6D']} of "
          f"{counted}, 9D in {wins['9D']} of {counted}.")
    return behind


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--devcaps", default=str(ROOT / ".build" / "debug" / "devcaps"))
    parser.add_argument("--broad", help="a whole BROAD checkout (or a folder of its .mat trials)")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 when a category's average is not below the better published filter's (the test command runs this)")
    arguments = parser.parse_args()
    madgwick, mahony = published("madgwick"), published("mahony")
    if arguments.broad:
        folder = Path(arguments.broad)
        folder = folder / "data_mat" if (folder / "data_mat").is_dir() else folder
        paths = {path.stem: path for path in sorted(folder.glob("*.mat"))}
        with open(DATA / "trials.json") as file:
            dataset = json.load(file)
        groups = [(group["name"].replace("_", " "), [t for t, info in dataset["trials"].items() if group["name"] in info["groups"]])
                  for group in dataset["groups"] if group["level"] == 2]
        print(f"| Trial | " + " | ".join(COLUMNS) + " |")
        print("|---" + "|---" * len(COLUMNS) + "|")
        rows = {}
        for trial, path in paths.items():
            rows[trial] = score(arguments.devcaps, trial, load_mat(path), madgwick, mahony)
            print(f"| {trial} | {cells(rows[trial])} |", flush=True)
        print()
        return averages_table("BROAD group", groups, rows)
    print("| Category | Trial | " + " | ".join(COLUMNS) + " |")
    print("|---|---" + "|---" * len(COLUMNS) + "|")
    rows = {}
    for category, trials in CATEGORIES:
        for trial in trials:
            rows[trial] = score(arguments.devcaps, trial, load(trial), madgwick, mahony)
            print(f"| {category} | {trial} | {cells(rows[trial])} |", flush=True)
    print()
    return averages_table("Category", CATEGORIES, rows)


if __name__ == "__main__":
    behind = main()
    if behind and "--check" in sys.argv:
        sys.exit("devcaps' average is not below the better published filter's in: " + "; ".join(behind))
