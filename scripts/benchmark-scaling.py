"""How `devcaps require` scales with its input: manifests of 1k, 10k and 30k keys (30k is near the
1 MiB a manifest may be), a saved report holding 1k, 10k and 100k keys more than usual, and 100,
1k and 10k saved reports (`--against`). Time should grow with the input: linear. One manifest of
nearly 1 MiB is parsed alone (its last key is unknown), to tell parsing from judging and printing.
Prints a Markdown table; run by scripts/benchmark.sh (or alone, with DEVCAPS set to a binary).

Manifests: `disk-free:/dN` keys judged on one saved report (nothing probed, so the time is
parsing and judging). Reports: copies of one `list --json` report of the machine this runs on,
named apart, judged on a two-key manifest. Time and peak RSS from /usr/bin/time, best of three.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

DEVCAPS = os.environ.get("DEVCAPS", ".build/release/devcaps")


def measure(arguments, statuses=(0, 1)):
    """Best wall-clock seconds and peak RSS (KB) of three runs; the exit status must be one of
    `statuses`."""
    best = None
    for _ in range(3):
        result = subprocess.run(
            ["/usr/bin/time", "-f", "%e %M", DEVCAPS] + arguments,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if result.returncode not in statuses:
            sys.exit(f"devcaps {' '.join(arguments[:3])}…: exit {result.returncode}: {result.stderr[-500:]}")
        seconds, kilobytes = result.stderr.strip().splitlines()[-1].split()
        run = (float(seconds), int(kilobytes))
        best = run if best is None or run[0] < best[0] else best
    return best


def main():
    work = tempfile.mkdtemp(prefix="devcaps-scaling-")
    try:
        report_text = subprocess.run([DEVCAPS, "list", "--json"], capture_output=True, text=True, check=True).stdout
        report = os.path.join(work, "report.json")
        with open(report, "w") as file:
            file.write(report_text)
        rows = ["| input | size | time | per unit | peak RSS |", "|---|---:|---:|---:|---:|"]
        for keys in (1_000, 10_000, 30_000):
            manifest = os.path.join(work, f"manifest-{keys}.json")
            with open(manifest, "w") as file:
                json.dump({f"disk-free:/d{index}": ">=1GB" for index in range(keys)}, file, separators=(",", ":"))
            size = os.path.getsize(manifest)
            seconds, rss = measure(["require", manifest, "--against", report, "--format", "json"])
            rows.append(f"| manifest of {keys:,} keys | {size / 1e6:.1f} MB | {seconds * 1000:,.0f} ms "
                        f"| {seconds / keys * 1e6:.1f} µs/key | {rss / 1024:.1f} MB |")
        # Parsing alone: a manifest of nearly 1 MiB whose last key is unknown, refused (exit 65)
        # once every key before it was parsed and checked; nothing is judged or printed.
        keys = 37_000
        document = {f"disk-free:/d{index}": ">=1GB" for index in range(keys)}
        document["not-a-capability"] = True
        manifest = os.path.join(work, "manifest-parse-only.json")
        with open(manifest, "w") as file:
            json.dump(document, file, separators=(",", ":"))
        size = os.path.getsize(manifest)
        assert size <= 1 << 20, size
        seconds, rss = measure(["require", manifest, "--against", report], statuses=(65,))
        rows.append(f"| manifest of {keys:,} keys, parsed only | {size / 1e6:.1f} MB | {seconds * 1000:,.0f} ms "
                    f"| {seconds / keys * 1e6:.1f} µs/key | {rss / 1024:.1f} MB |")
        gate = os.path.join(work, "gate.json")
        with open(gate, "w") as file:
            json.dump({"memory": ">= 1 GiB", "cpu-cores": ">= 1"}, file)
        for keys in (1_000, 10_000, 100_000):
            document = json.loads(report_text)
            document["padding"] = {f"key{index}": index for index in range(keys)}
            padded = os.path.join(work, f"report-{keys}.json")
            with open(padded, "w") as file:
                json.dump(document, file)
            size = os.path.getsize(padded)
            seconds, rss = measure(["require", gate, "--against", padded, "--format", "json"])
            rows.append(f"| a report with {keys:,} more keys | {size / 1e6:.1f} MB | {seconds * 1000:,.0f} ms "
                        f"| {seconds / keys * 1e6:.2f} µs/key | {rss / 1024:.1f} MB |")
        for count in (100, 1_000, 10_000):
            folder = os.path.join(work, f"reports-{count}")
            os.mkdir(folder)
            for index in range(count):
                os.link(report, os.path.join(folder, f"machine-{index:05}.json"))
            size = count * len(report_text.encode())
            seconds, rss = measure(["require", gate, "--against", folder, "--format", "json"])
            # Under /usr/bin/time's 10 ms, no rate can be told.
            rate = f"{size / 1e6 / seconds:,.0f} MB/s" if seconds else "—"
            rows.append(f"| {count:,} reports | {size / 1e6:.1f} MB | {seconds * 1000:,.0f} ms "
                        f"| {rate} | {rss / 1024:.1f} MB |")
            shutil.rmtree(folder)
        print("\n".join(rows))
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
