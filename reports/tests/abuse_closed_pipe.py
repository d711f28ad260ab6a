#!/usr/bin/python3
"""lawcheck writing into a pipe whose reader is gone (`lawcheck claims --json | head -1` once head
has exited): the write fails with EPIPE and the run ends with exit 1 and one stderr line, as the
README's exit-code contract says, instead of being killed by SIGPIPE (status 141 in a shell).
The child starts with SIGPIPE at its default action (subprocess restores it), as from a shell.
Usage: abuse_closed_pipe.py PATH/TO/lawcheck"""
import os
import subprocess
import sys

binary = sys.argv[1]
failed = False
for args in (["claims", "--json"], ["claims"], ["laws"], ["demo"]):
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first write
    run = subprocess.run([binary, *args], stdout=write_end, stderr=subprocess.PIPE, timeout=10)
    os.close(write_end)
    err = run.stderr.decode(errors="replace")
    print(f"lawcheck {' '.join(args)} into a closed pipe: exit {run.returncode}, stderr: {err.strip()}")
    if run.returncode != 1 or err.count("\n") != 1:
        print("  FAIL: expected exit 1 and one stderr line")
        failed = True
sys.exit(1 if failed else 0)
