#!/usr/bin/python3
"""Drives a umockdev testbed for stream tests: one JSON command per line on stdin, one JSON reply
per line on stdout. It runs with the umockdev preload library, which umockdev needs in the
process that sends uevents (the Swift test process cannot have it).

Commands: {"op": "load", "fixture": DIR} | {"op": "add", "devices": TEXT} |
{"op": "set", "path": SYSPATH, "attribute": NAME, "value": TEXT} |
{"op": "uevent", "path": SYSPATH, "action": ACTION} | {"op": "remove", "path": SYSPATH} |
{"op": "ioctl", "device": "/dev/...", "record": TEXT} (umockdev-record --ioctl format: the device
node answers those ioctls) | {"op": "events", "device": "/dev/...", "events": [[TYPE, CODE, VALUE],
...]} (struct input_event records, stamped now, written into the node's stream) |
{"op": "force-feedback", "device": "/dev/...", "id": N, "fail": ERRNO-NAME or null} (the node
answers the force-feedback ioctls as a rumble motor's evdev node does, giving uploaded effects id N
or failing EVIOCSFF with that errno, and records each call) | {"op": "force-feedback-log",
"device": "/dev/..."} (the calls so far, in "log") | {"op": "quit"}
"""
import errno
import json
import os
import shutil
import struct
import sys
import tempfile
import time

import threading

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


# linux/input.h on this machine: EVIOCSFF is _IOW('E', 0x80, struct ff_effect), EVIOCRMFF
# _IOW('E', 0x81, int). struct ff_effect: type, id, direction, trigger (button, interval),
# replay (length, delay), then the union, aligned as a pointer; a rumble's strong and weak
# magnitudes open it.
FF_EFFECT_SIZE = 48 if struct.calcsize("@P") == 8 else 44
UNION_OFFSET = 16 if struct.calcsize("@P") == 8 else 14
EVIOCSFF = (1 << 30) | (FF_EFFECT_SIZE << 16) | (ord("E") << 8) | 0x80
EVIOCRMFF = (1 << 30) | (4 << 16) | (ord("E") << 8) | 0x81
TIME_SIZE = struct.calcsize("@ll")


class ForceFeedbackNode(UMockdev.IoctlBase):
    """An evdev node of a force-feedback device: EVIOCSFF, EVIOCRMFF and EV_FF writes, recorded."""

    def __init__(self, effect_id, fail):
        super().__init__()
        self.effect_id = effect_id
        self.fail = getattr(errno, fail) if fail else 0
        self.lock = threading.Lock()
        self.log = []

    def record(self, entry):
        with self.lock:
            self.log.append(entry)

    def do_handle_ioctl(self, client):
        request = client.get_request()
        if request == EVIOCSFF:
            effect = client.get_arg().resolve(0, FF_EFFECT_SIZE)
            data = bytearray(effect.retrieve())
            kind, given_id, _, _, _, length, delay = struct.unpack_from("@HhHHHHH", data, 0)
            strong, weak = struct.unpack_from("@HH", data, UNION_OFFSET)
            self.record({"call": "EVIOCSFF", "type": kind, "id": given_id, "length": length, "delay": delay,
                         "strong": strong, "weak": weak})
            if self.fail:
                client.complete(-1, self.fail)
                return True
            struct.pack_into("@h", data, 2, self.effect_id)
            effect.update(0, bytes(data))
            client.complete(0, 0)
        elif request == EVIOCRMFF:
            (effect_id,) = struct.unpack_from("@i", bytes(client.get_arg().retrieve()), 0)
            self.record({"call": "EVIOCRMFF", "id": effect_id})
            client.complete(0, 0)
        else:
            self.record({"call": "ioctl", "request": request})
            client.complete(-1, errno.ENOTTY)
        return True

    def do_handle_write(self, client):
        data = bytes(client.get_arg().retrieve())
        size = TIME_SIZE + 8
        for offset in range(0, len(data) - size + 1, size):
            kind, code, value = struct.unpack_from("@HHi", data, offset + TIME_SIZE)
            self.record({"call": "write", "type": kind, "code": code, "value": value})
        client.complete(len(data), 0)
        return True


force_feedback = {}


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
        elif op == "force-feedback":
            node = ForceFeedbackNode(command["id"], command.get("fail"))
            if not testbed.attach_ioctl(command["device"], node):
                raise ValueError("umockdev did not attach the force-feedback handler")
            force_feedback[command["device"]] = node
        elif op == "force-feedback-log":
            node = force_feedback[command["device"]]
            with node.lock:
                reply({"ok": True, "log": list(node.log)})
            continue
        elif op == "quit":
            reply({"ok": True})
            break
        else:
            raise ValueError("unknown op " + op)
        reply({"ok": True})
    except Exception as error:  # reported to the test, which fails with it
        reply({"error": str(error)})
