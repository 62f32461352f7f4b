#!/usr/bin/env bash
# Fuzzes the parsers of outside input (manifests, sysfs/procfs files, saved reports, D-Bus replies,
# replay recordings, a snapshot's redaction of copied files), and JSONLine's number writer against Double.description, with
# libFuzzer (swiftc -sanitize=fuzzer,address) for a bounded time each: SECONDS per target
# (default 20). Seeds come from the test fixtures. A crash
# leaves its input in .build/fuzz/crashes/ and fails; turn that input into a regular test.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
out=.build/fuzz
rm -rf "$out/seeds"
mkdir -p "$out/crashes" "$out/seeds/manifest" "$out/seeds/sysfs" "$out/seeds/report" "$out/seeds/dbus" "$out/seeds/replay" \
  "$out/seeds/double"
S=Sources/DevCapsKit
common=("$S/Core/"*.swift "$S/Core/IO/"*.swift "$S/JSON/"*.swift)

# The library's C shims, as SwiftPM builds them: a module map over their headers, and the
# objects, instrumented like the Swift code.
shims="$out/shims"
mkdir -p "$shims"
printf 'module CDevCapsShims {\n  umbrella "%s"\n  export *\n}\n' "$PWD/Sources/CDevCapsShims/include" > "$shims/module.modulemap"
for source in Sources/CDevCapsShims/*.c; do
  clang -c -O1 -fsanitize=address,fuzzer-no-link -ISources/CDevCapsShims/include "$source" -o "$shims/$(basename "$source" .c).o"
done

# Each build is one single-threaded whole-module compile, and each run one process: they go as many
# at a time as the machine has cores (`wait -n` frees a place), which halves the step on two cores.
jobs=$(nproc)
running=0
failed=0
one_at_a_place() {
  if [ "$running" -ge "$jobs" ]; then
    wait -n || failed=1
    running=$((running - 1))
  fi
  running=$((running + 1))
  "$@" &
}
all_done() {
  while [ "$running" -gt 0 ]; do
    wait -n || failed=1
    running=$((running - 1))
  done
}

# A target that does not build is a failure of its own, said as such (not a crash).
build() { one_at_a_place build_one "$@"; }
build_one() {
  local name=$1; shift
  if ! swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name DevCapsFuzz -package-name devcaps -I "$shims" \
    -o "$out/$name" "Fuzz/$name.swift" "$@" "$shims"/*.o -ldl > "$out/$name.build.log" 2>&1; then
    echo "fuzz: $name does not build:" >&2
    grep -E 'error' "$out/$name.build.log" >&2 || cat "$out/$name.build.log" >&2
    exit 1
  fi
}
build ManifestFuzzer "${common[@]}" "$S/Requirements/Manifest/"*.swift
build SysfsFuzzer "${common[@]}" "$S/Probes/Displays/EDID.swift" "$S/Probes/Disks/MountInfo.swift" \
  "$S/Probes/CPU/CPUInfoFile.swift" "$S/Probes/CPU/ARMCPUParts.swift" "$S/Probes/CPU/CPUIdentity.swift" "$S/Probes/CPU/CPUFeatures.swift" \
  "$S/Probes/CPU/CPUCacheText.swift" "$S/Probes/CPU/CPUMask.swift" "$S/Probes/CPU/HypervisorVendor.swift" "$S/Probes/Device/DeviceTree.swift" \
  "$S/Probes/CPU/HypervisorVendorFallbacks.swift" "$S/Probes/Device/DMI.swift" "$S/Probes/Device/SMBIOSTable.swift" \
  "$S/Probes/System/PointRelease.swift" "$S/Model/CPUInfo.swift" "$S/Probes/Cgroup/"*.swift "$S/Model/LimitsInfo.swift" \
  "$S/Probes/Storage/StorageProbe.swift" "$S/Model/NetworkInterfaceInfo.swift" \
  "$S/Probes/Memory/MemoryProbe.swift" "$S/Model/MemoryInfo.swift" "$S/Sampling/ScanFormat.swift" "$S/Sampling/SysfsValueReader.swift" "$S/Sampling/ReplacedAttributes.swift" \
  "$S/Model/ThermalInfo.swift" "$S/Probes/Thermal/ThermalSysfs.swift" "$S/Probes/Thermal/ThermalRule.swift" \
  "$S/Probes/PCI/PCIUevent.swift" "$S/Probes/PCI/PCINames.swift" "$S/Probes/PCI/PCIIDsSeek.swift" "$S/Model/PCIDeviceInfo.swift" "$S/Probes/Displays/EDIDTimings.swift" \
  "$S/Probes/USB/USBAttributes.swift" "$S/Snapshot/SnapshotRedaction.swift" "$S/Snapshot/PathRedaction.swift" \
  "$S/Snapshot/MountRedaction.swift" "$S/Snapshot/PlaceholderRedaction.swift" \
  Sources/DevCapsMotion/MountMatrix.swift Sources/DevCapsMotion/Vector3.swift
# The report model, and what its sensor descriptions name (the IIO description, udev's device).
report_model=("$S/Model/"*.swift "$S/Report/Report.swift" "$S/Report/SavedReportSections.swift" "$S/Report/ReportJSON.swift" "$S/Report/ModelEncoding.swift" "$S/Report/ReportSection.swift" "$S/Report/ReportSectionEntry.swift" \
  "$S/Requirements/Capabilities/CapabilitiesSection.swift" \
  "$S/Probes/Sensors/IIODevice.swift" "$S/Probes/Sensors/IIOChannels.swift" "$S/Udev/Udev.swift" "$S/Sampling/ScanFormat.swift" \
  "$S/Sampling/SampleSource.swift" "$S/Sampling/SysfsAttribute.swift" Sources/DevCapsMotion/MountMatrix.swift Sources/DevCapsMotion/Vector3.swift \
  Sources/DevCapsMotion/DeviceMotion/Quaternion.swift Sources/DevCapsMotion/DeviceMotion/Attitude.swift
)
build ReportFuzzer "${common[@]}" "${report_model[@]}"
# The system bus's messages, as the power section reads upowerd's and power-profiles-daemon's replies.
build DBusFuzzer "${common[@]}" "${report_model[@]}" "$S/DBus/"*.swift "$S/UPower/UPowerNames.swift" \
  "$S/UPower/UPowerDeviceReading+Properties.swift" "$S/UPower/UPowerDeviceReading.swift"
# The replay CSV, the motion values it makes, and the device-motion estimator they go through
# (with swift-numerics' RealModule, built here as SwiftPM checked it out, not instrumented).
numerics=.build/checkouts/swift-numerics/Sources
[ -d "$numerics" ] || swift package resolve
mkdir -p "$out/numerics"
swiftc -parse-as-library -O -module-name RealModule -emit-module -emit-module-path "$out/numerics/RealModule.swiftmodule" \
  -emit-library -static -o "$out/numerics/libRealModule.a" -I "$numerics/_NumericsShims/include" "$numerics/RealModule/"*.swift
build ReplayFuzzer "${common[@]}" "$S/Motion/API/MotionRecording.swift" "$S/Motion/API/MotionRecordingParser.swift" \
  Sources/DevCapsMotion/DeviceMotion/*.swift Sources/DevCapsMotion/Vector3.swift \
  -I "$out/numerics" -I "$numerics/_NumericsShims/include" -L "$out/numerics" -lRealModule
# JSONLine's shortest-decimal writer, checked against Double.description.
build ShortestDecimalFuzzer "$S/JSON/ShortestDecimal.swift" "$S/JSON/ShortestDecimal+PowersOfTen.swift"
all_done
[ "$failed" = 0 ] || exit 1

# Seeds: every input that ever crashed a fuzzer (Fuzz/corpus, each also a named unit test), every
# fixture manifest, and each fixture file behind the byte that selects its parser.
cp Fuzz/corpus/sysfs/* "$out/seeds/sysfs/"
cp Fuzz/corpus/report/* "$out/seeds/report/"
cp Fuzz/corpus/dbus/* "$out/seeds/dbus/"
cp Fuzz/corpus/replay/* "$out/seeds/replay/"
# Doubles: powers of ten and of two and their neighbours, the smallest subnormals, 2^53 ± 1 ulp.
python3 -c '
import struct, sys
values = [0.0, -0.0, 5e-324, 1e-322, 2.2250738585072014e-308, 1.7976931348623157e308, 9007199254740992.0, 9007199254740994.0, 1e16, 1e-4, 9.9e-5]
values += [10.0 ** e for e in range(-300, 300, 7)] + [2.0 ** e for e in range(-1074, 1024, 13)]
sys.stdout.buffer.write(b"".join(struct.pack("<d", v) for v in values))' > "$out/seeds/double/hard"
cp Tests/devcapsEndToEndTests/Fixtures/manifests/* "$out/seeds/manifest/"
for report in Tests/devcapsEndToEndTests/Fixtures/golden/list-*.json; do
  sed 's/"<statvfs>"/1000000000/' "$report" > "$out/seeds/report/$(basename "$report")"
done
n=0
seed() { n=$((n+1)); { printf "\\x$(printf %02x "$1")"; cat "$2"; } > "$out/seeds/sysfs/$n"; }
for machine in Tests/devcapsEndToEndTests/Fixtures/machines/*/root; do
  [ -f "$machine/proc/self/mountinfo" ] && seed 1 "$machine/proc/self/mountinfo"
  [ -f "$machine/proc/cpuinfo" ] && seed 2 "$machine/proc/cpuinfo"
  [ -f "$machine/proc/meminfo" ] && seed 3 "$machine/proc/meminfo"
  [ -f "$machine/etc/os-release" ] && seed 4 "$machine/etc/os-release"
  [ -f "$machine/sys/devices/system/cpu/online" ] && seed 5 "$machine/sys/devices/system/cpu/online"
done
# Redaction (case 13, then the byte that picks the file): each fixture's mount table, cpuinfo,
# cgroup and some uevents.
r=0
redaction_seed() { r=$((r+1)); { printf "\\x0d\\x$(printf %02x "$1")"; cat "$2"; } > "$out/seeds/sysfs/redaction-$r"; }
for machine in Tests/devcapsEndToEndTests/Fixtures/machines/*/root; do
  [ -f "$machine/proc/self/mountinfo" ] && redaction_seed 0 "$machine/proc/self/mountinfo"
  [ -f "$machine/proc/cpuinfo" ] && redaction_seed 3 "$machine/proc/cpuinfo"
  [ -f "$machine/proc/self/cgroup" ] && redaction_seed 4 "$machine/proc/self/cgroup"
done
for uevent in $(find Tests/devcapsEndToEndTests/Fixtures/machines -name uevent -size -4k | head -40); do redaction_seed 5 "$uevent"; done
for machine in Tests/DevCapsKitTests/Fixtures/cpu/*/; do
  seed 2 "$machine/proc/cpuinfo"
  seed 5 "$machine/sys/devices/system/cpu/online"
done
for table in Tests/DevCapsKitTests/Fixtures/smbios/*/sys/firmware/dmi/tables/DMI; do seed 0 "$table"; done
# Hostile shapes: a CPU list of 2,000 whole ranges (a set, capped at 8,192 CPUs), a manifest of
# 1,500 keys (51 KB, whole within -max_len; 30,000 keys are timed by scripts/benchmark-scaling.py:
# a bigger seed here made each of the fuzzer's runs take seconds under ASan), a report with byte
# counts past 2^63.
python3 -c 'import sys; sys.stdout.buffer.write(b"\x05" + b",".join([b"0-8191"] * 2000))' > "$out/seeds/sysfs/cpulist-huge"
python3 -c 'import json; print(json.dumps({"disk-free:/mnt/d%d" % i: ">= 1 GB" for i in range(1500)}))' > "$out/seeds/manifest/many-keys.json"
# Constraints alone, each read by bytes and by Characters (the fuzzer checks they agree).
n=0
for constraint in '>= 4 GiB' '>=1GB' '< 1.5 kB' '!= 100 B' '> 2 GHz' '>= 50%' '<= 0.25' '>= 123456789012345' '==  7 TiB'; do
  n=$((n+1)); printf '%s' "$constraint" > "$out/seeds/manifest/constraint-$n"
done
sed 's/"totalBytes": [0-9]*/"totalBytes": 18446744073709551615/' Tests/devcapsEndToEndTests/Fixtures/golden/list-thinkpad-laptop.json \
  | sed 's/"<statvfs>"/9223372036854775808/' > "$out/seeds/report/huge-bytes.json"
printf '\x060, 1, 0; -1, 0, 0; 0, 0, -1' > "$out/seeds/sysfs/matrix"
{ printf '\x0ale:s16/32>>0\n'; cat Tests/Recordings/iio-sensor-proxy/orientation-left-up.bin; } > "$out/seeds/sysfs/scan"
printf '\x071 2 3 4' > "$out/seeds/sysfs/quaternion"
printf '\x0b00000000,0000ffff\n' > "$out/seeds/sysfs/mask"
printf '\x0b10240K\n' > "$out/seeds/sysfs/cache-size"
printf '\x0brv64imafdc_zicntr_zicsr_zifencei_zihpm_zca_zcd_zba_zbb\n' > "$out/seeds/sysfs/isa"
printf '\x0b12.11\nVM00 Control Program: z/VM    7.3.0\n' > "$out/seeds/sysfs/release"
printf '\x0b/docker/abc/x\n/docker/abc\nMax open files            1024                 524288               files\n' > "$out/seeds/sysfs/cgroup"
printf '\x0b0010\t80eebeef\t0\n0018\t58530001\t1c\n' > "$out/seeds/sysfs/pci-devices"
printf '\x0c52000\npassive\n95000\ncritical\n105000\nProcessor' > "$out/seeds/sysfs/thermal"
# Two inotify events as the kernel lays them out: IN_MOVED_TO of an attribute, then IN_IGNORED.
python3 -c 'import struct, sys; sys.stdout.buffer.write(b"\x09" + struct.pack("<iIII", 1, 0x80, 7, 16) + b"in_accel_x_raw\0\0" + struct.pack("<iIII", 1, 0x8000, 0, 0))' \
  > "$out/seeds/sysfs/inotify"
# Recordings: each behind a byte that splits it; a header, comments, a BOM, CRLF, empty
# magnetometer columns, and the shapes that once cost gigabytes (a line of commas, of spaces).
printf '\x07\xef\xbb\xbftimestamp,gx,gy,gz,ax,ay,az,mx,my,mz\n# bench\n0,0.1,-0.2,3e-1,0,0,-1,24,0,-41.6\n0.01,0,0,0,0,0,-1,,,\r\n' > "$out/seeds/replay/header"
printf '\x03  0 , 0,0,0,0,-1,0\n\n1.5,0,0,0,0,0,-1' > "$out/seeds/replay/spaces"
python3 -c 'import sys; sys.stdout.buffer.write(b"\x10" + b"0,0,0,0,0,0,-1\n" + b"1," * 3000)' > "$out/seeds/replay/columns"
python3 -c 'import sys; sys.stdout.buffer.write(b"\x20" + b"0,0,0,0,0,0,-1\n" + b" " * 5000 + b"\n")' > "$out/seeds/replay/blank"
# For the estimator: 2 s at 100 Hz, a rest, a swing that reads at 401°/s (the 9D run's range) for
# 0.3 s, a field turning with it, then a 0.8 s gap.
python3 -c '
import math
rows = []
for i in range(200):
    t = i * 0.01 + (0.8 if i >= 150 else 0)
    g = 7.0 if 80 <= i < 110 else 0.01 * math.sin(i)
    rows.append(",".join(f"{v:.4g}" for v in (t, g, -g / 2, 0.02 * math.sin(i / 7), 0.1 * math.sin(i / 30), 0, -1,
                                             24 * math.cos(i / 20), 24 * math.sin(i / 20), -41.6)))
print("\x00" + "\n".join(rows), end="")' > "$out/seeds/replay/swing"
python3 scripts/fixtures/make-edid.py DEL 0xA0F2 0x12345678 "DELL U2720Q" 597 336 3840 160 2160 62 533250 \
  | python3 -c 'import sys; sys.stdout.buffer.write(b"\x00" + bytes.fromhex(sys.stdin.read().strip()))' > "$out/seeds/sysfs/edid"

# A run's report goes to its own log and is printed when the run ends, whole, not interleaved.
fuzz_one() {
  local target=$1 seeds=$2 corpus
  corpus=$(mktemp -d)
  if "$out/$target" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="$out/crashes/$target-" -print_final_stats=1 "$corpus" "$seeds" > "$out/$target.log" 2>&1; then
    echo "fuzz: $target: $(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$out/$target.log" | grep -oE '[0-9]+$') inputs in ${seconds}s, no crash"
  else
    echo "fuzz: $target found a crash; input in $out/crashes/, log in $out/$target.log" >&2
    tail -30 "$out/$target.log" >&2
    rm -rf "$corpus"
    return 1
  fi
  rm -rf "$corpus"
}
one_at_a_place fuzz_one ManifestFuzzer "$out/seeds/manifest"
one_at_a_place fuzz_one SysfsFuzzer "$out/seeds/sysfs"
one_at_a_place fuzz_one ReportFuzzer "$out/seeds/report"
one_at_a_place fuzz_one DBusFuzzer "$out/seeds/dbus"
one_at_a_place fuzz_one ReplayFuzzer "$out/seeds/replay"
one_at_a_place fuzz_one ShortestDecimalFuzzer "$out/seeds/double"
all_done
exit $failed
