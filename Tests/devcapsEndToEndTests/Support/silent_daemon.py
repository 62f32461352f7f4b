#!/usr/bin/python3
"""Owns D-Bus names on a bus and never answers a method call: a hung daemon, as devcaps must
survive one. Usage: silent_daemon.py ADDRESS NAME... ; prints "ready" once it owns them."""
import sys

from gi.repository import Gio, GLib

address, *names = sys.argv[1:]
flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
connection = Gio.DBusConnection.new_for_address_sync(address, flags, None, None)


def swallow(_connection, message, incoming):
    # Dropped before GDBus sees it, so not even an "unknown object" error goes back.
    if incoming and message.get_message_type() == Gio.DBusMessageType.METHOD_CALL:
        return None
    return message


connection.add_filter(swallow)
for name in names:
    connection.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
                         GLib.Variant("(su)", (name, 4)), None, Gio.DBusCallFlags.NONE, -1, None)
print("ready", flush=True)
GLib.MainLoop().run()
