#!/bin/sh
# `lawcheck impact` with one bad Exudyn parameter: exit code 2 and exactly one
# line on stderr naming the field law.KEY and the value as given.
# Usage: exudyn_bad_parameter_cli_test.sh PATH/TO/lawcheck KEY JSON_VALUE SHOWN_VALUE
#   JSON_VALUE is written into the scene as is (a number, or a string with its quotes);
#   SHOWN_VALUE is the text the message must contain after the field.
set -u
bin="$1" key="$2" value="$3" shown="$4"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
printf '{"law": {"name": "exudyn", "%s": %s}, "radii": [0.01, 0.01], "speed": 1}' "$key" "$value" > "$dir/scene.json"
cat "$dir/scene.json"; echo
"$bin" impact "$dir/scene.json" > /dev/null 2> "$dir/err"
rc=$?
lines=$(wc -l < "$dir/err")
msg=$(cat "$dir/err")
echo "exit code $rc, stderr: $msg"
fail=0
[ "$rc" -eq 2 ] || { echo "FAIL exit code $rc (expected 2)"; fail=1; }
[ "$lines" -eq 1 ] || { echo "FAIL $lines lines on stderr (expected 1)"; fail=1; }
case "$msg" in *"law.$key"*"$shown"*) ;; *) echo "FAIL message lacks 'law.$key' ... '$shown'"; fail=1 ;; esac
exit $fail
