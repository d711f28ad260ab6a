#!/bin/sh
# cli_check.sh EXPECTED_EXIT EXPECTED_TEXT PROGRAM ARGS...: runs PROGRAM ARGS, prints what it wrote
# and its exit code, and passes only if the exit code is EXPECTED_EXIT and EXPECTED_TEXT occurs in
# its output (stdout and stderr together).
expected_exit=$1
expected_text=$2
shift 2
output=$("$@" 2>&1)
code=$?
printf '%s\n(exit code %s)\n' "$output" "$code"
[ "$code" -eq "$expected_exit" ] || { echo "expected exit code $expected_exit"; exit 1; }
printf '%s' "$output" | grep -qF -- "$expected_text" || { echo "expected text: $expected_text"; exit 1; }
