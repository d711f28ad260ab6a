#!/bin/sh
# Usage: expect_exit.sh CODE COMMAND [ARGS...]
# Runs COMMAND and passes iff it exits with CODE and (for a non-zero CODE) writes exactly one line
# on stderr -- the CLI's contract for bad arguments (issue 5: one clear line, exit code 2).
expected="$1"; shift
err="$(mktemp)"
"$@" >/dev/null 2>"$err"
code=$?
lines=$(wc -l <"$err")
echo "exit code $code (expected $expected), stderr:"; cat "$err"
rm -f "$err"
[ "$code" -eq "$expected" ] || exit 1
[ "$expected" -eq 0 ] || [ "$lines" -eq 1 ] || { echo "expected one line on stderr, got $lines"; exit 1; }
