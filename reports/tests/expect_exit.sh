#!/bin/sh
# Usage: expect_exit.sh CODE [--stderr PATTERN] COMMAND [ARGS...]
# Runs COMMAND and passes iff it exits with CODE and (for a non-zero CODE) writes exactly one line
# on stderr, of at most 2000 bytes -- the CLI's contract for bad arguments and failed runs
# (one clear, bounded line; exit code 2 for bad input, 1 for a failed run). With
# --stderr, that line must also match the extended regular expression PATTERN (the field it names).
expected="$1"; shift
pattern=""
if [ "$1" = "--stderr" ]; then pattern="$2"; shift 2; fi
err="$(mktemp)"
"$@" >/dev/null 2>"$err"
code=$?
lines=$(wc -l <"$err")
bytes=$(wc -c <"$err")
echo "exit code $code (expected $expected), stderr ($bytes bytes):"; head -c 2000 "$err"; echo
matched=1
[ -z "$pattern" ] || grep -Eq -- "$pattern" "$err" || matched=0
rm -f "$err"
[ "$code" -eq "$expected" ] || exit 1
[ "$expected" -eq 0 ] || [ "$lines" -eq 1 ] || { echo "expected one line on stderr, got $lines"; exit 1; }
[ "$expected" -eq 0 ] || [ "$bytes" -le 2000 ] || { echo "stderr longer than 2000 bytes"; exit 1; }
[ "$matched" -eq 1 ] || { echo "stderr does not match: $pattern"; exit 1; }
