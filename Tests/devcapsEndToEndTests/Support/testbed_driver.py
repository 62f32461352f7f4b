#!/usr/bin/python3
"""Drives a umockdev testbed for stream tests: one JSON command per line on stdin, one JSON reply
per line on stdout. It runs with the umockdev preload library, which umockdev needs in the
process that sends uevents (the Swift test process cannot have it).

Commands: {"op": "load", "fixture": DIR} | {"op": "add", "devices": TEXT} |
{"op": "set", "path": SYSPATH, "attribute": NAME, "value": TEXT} |
{"op": "uevent", "path": SYSPATH, "action": ACTION} | {"op": "remove", "path": SYSPATH} |
{"op": "ioctl", "device": "/dev/...", "record": TEXT} (umockdev-record --ioctl format: the device
node answers those ioctls) | {"op": "events", "device": "/dev/...", "events": [[TYPE, CODE, VALUE],
...]} (struct input_event records, stamped now, written into the node's stream) | {"op": "quit"}
"""
import json
import os
import shutil
import struct
import sys
import tempfile
import time

import gi

gi.require_version("UMockdev", "1.0")
from gi.repository import UMockdev  # noqa: E402

testbed = UMockdev.Testbed.new()
root = testbed.get_root_dir()


def load(fixture):
    devices = open(os.path.join(fixture, "devices.umockdev")).read()
    if devices.strip():
        testbed.add_from_string(devices)
    tree = os.path.join(fixture, "root")
    for directory, _, files in os.walk(tree):
        for name in files:
            source = os.path.join(directory, name)
            target = os.path.join(root, os.path.relpath(source, tree))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(source, target)


def reply(value):
    sys.stdout.write(json.dumps(value) + "\n")
    sys.stdout.flush()


reply({"root": root})
for line in sys.stdin:
    command = json.loads(line)
    op = command["op"]
    try:
        if op == "load":
            load(command["fixture"])
        elif op == "add":
            testbed.add_from_string(command["devices"])
        elif op == "set":
            testbed.set_attribute(command["path"], command["attribute"], command["value"])
        elif op == "uevent":
            testbed.uevent(command["path"], command["action"])
        elif op == "remove":
            testbed.uevent(command["path"], "remove")
            testbed.remove_device(command["path"])
        elif op == "ioctl":
            with tempfile.NamedTemporaryFile("w", suffix=".ioctl", delete=False) as record:
                record.write(command["record"])
            try:
                if not testbed.load_ioctl(command["device"], record.name):
                    raise ValueError("umockdev did not load the ioctl record")
            finally:
                os.unlink(record.name)
        elif op == "events":
            # A device node without contents is a PTY whose other end is ours.
            fd = testbed.get_dev_fd(command["device"])
            if fd < 0:
                raise ValueError("no stream behind " + command["device"])
            now = time.time()
            seconds, microseconds = int(now), int((now % 1) * 1e6)
            # struct input_event: two native longs of time, __u16 type, __u16 code, __s32 value.
            data = b"".join(struct.pack("@llHHi", seconds, microseconds, t, c, v) for t, c, v in command["events"])
            os.write(fd, data)
        elif op == "quit":
            reply({"ok": True})
            break
        else:
            raise ValueError("unknown op " + op)
        reply({"ok": True})
    except Exception as error:  # reported to the test, which fails with it
        reply({"error": str(error)})
