#!/usr/bin/env python3
"""Run a command with SIGINT at its default disposition.

A background job of a non-interactive shell (as in bats) starts with SIGINT
ignored, and bash cannot trap a signal ignored at entry; this wrapper restores
the default so an interrupt test exercises the script's real INT trap.
"""
import os
import signal
import sys

signal.signal(signal.SIGINT, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])
