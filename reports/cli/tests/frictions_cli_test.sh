#!/bin/sh
# The program's own small contract (docs/cli.md): `--version` prints the version and the commit;
# `lawcheck` alone lists every command and exits 0, a word that is no command exits 2; the text of
# `laws` is in aligned columns and `laws --json` gives defaults as JSON numbers; `stiffness --uN`
# without `--lengths reduced` is refused naming --uN; `stiffness` and `oracle` print units, and
# `oracle` prints counts as integers, in text and JSON.
# Usage: frictions_cli_test.sh PATH/TO/lawcheck
set -u
bin="$1"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
fail=0
py=/usr/bin/python3

"$bin" --version > "$dir/version.out"; rc=$?
cat "$dir/version.out"
[ "$rc" -eq 0 ] || { echo "FAIL --version exit $rc"; fail=1; }
grep -Eqx 'lawcheck [0-9]+\.[0-9]+\.[0-9]+ \(commit ([0-9a-f]{7,40}|unknown \(no git checkout at configure time\))\)' "$dir/version.out" \
  || { echo "FAIL --version line"; fail=1; }

"$bin" > "$dir/bare.out" 2> "$dir/bare.err"; rc=$?
cat "$dir/bare.out"
[ "$rc" -eq 0 ] || { echo "FAIL bare lawcheck exit $rc"; fail=1; }
[ -s "$dir/bare.err" ] && { echo "FAIL bare lawcheck wrote to stderr: $(cat "$dir/bare.err")"; fail=1; }
for c in demo lawtest laws report dissipation stiffness oracle impact run claims; do
  grep -Eq "^  $c +[a-z]" "$dir/bare.out" || { echo "FAIL bare lawcheck does not list $c"; fail=1; }
done
"$bin" nosuch > /dev/null 2> "$dir/nosuch.err"; rc=$?
[ "$rc" -eq 2 ] || { echo "FAIL 'lawcheck nosuch' exit $rc (expected 2)"; fail=1; }
[ "$(wc -l < "$dir/nosuch.err")" -eq 1 ] && grep -q "nosuch" "$dir/nosuch.err" \
  || { echo "FAIL 'lawcheck nosuch' stderr: $(cat "$dir/nosuch.err")"; fail=1; }

"$bin" laws > "$dir/laws.out" || { echo "FAIL laws exit $?"; fail=1; }
"$bin" laws --json > "$dir/laws.json" || { echo "FAIL laws --json exit $?"; fail=1; }
$py - "$dir/laws.out" "$dir/laws.json" <<'PY' || fail=1
import json, sys
text = open(sys.argv[1]).read().splitlines()
bad = 0
# Every table opens with "    key  <pad>default  <pad>meaning"; each of its rows has its default and
# its meaning at the header's columns, after at least two spaces.
i = 0
tables = 0
while i < len(text):
    head = text[i]
    if head.strip().startswith("key ") and "default" in head and "meaning" in head:
        tables += 1
        d, m = head.index("default"), head.index("meaning")
        i += 1
        while i < len(text) and text[i].startswith("    ") and not text[i].startswith("  energy"):
            row = text[i]
            if not (row[d - 2:d] == "  " and row[d] != " " and row[m - 2:m] == "  " and row[m] != " "):
                print(f"FAIL laws: row not in the header's columns {d}, {m}: {row!r}")
                bad = 1
            i += 1
        continue
    i += 1
print(f"laws: {tables} tables checked for columns")
if tables < 10:
    print("FAIL laws: expected a parameter and a material table per law (>= 10)")
    bad = 1
laws = json.load(open(sys.argv[2]))["laws"]
linear = next(l for l in laws if l["name"] == "linear")
young = next(f for f in linear["material_fields"] if f["key"] == "young")["default"]
no_break = next(p for p in linear["parameters"] if p["key"] == "noBreak")["default"]
rule = next(p for p in linear["parameters"] if p["key"] == "dissipation")["default"]
print(f"laws --json: linear young default {young!r}, noBreak {no_break!r}, dissipation {rule!r}")
if not (isinstance(young, (int, float)) and not isinstance(young, bool) and young == 1e7):
    print("FAIL laws --json: young default is not the number 1e7"); bad = 1
if no_break is not False:
    print("FAIL laws --json: noBreak default is not the boolean false"); bad = 1
if rule != "mean_yield_times_slip":
    print("FAIL laws --json: a rule's default is not its name"); bad = 1
for l in laws:
    for group in ("parameters", "material_fields"):
        for p in l[group]:
            v = p["default"]
            if isinstance(v, str):
                try:
                    float(v)
                    print(f"FAIL laws --json: {l['name']}.{p['key']} default {v!r} is a number as a string"); bad = 1
                except ValueError:
                    pass
sys.exit(bad)
PY

pair="--pair capsule-sphere --r1 0.2 --r2 0.1 --young1 10e6 --young2 30e6"
"$bin" stiffness $pair --uN -0.001 > /dev/null 2> "$dir/un.err"; rc=$?
cat "$dir/un.err"
[ "$rc" -eq 2 ] || { echo "FAIL stiffness --uN without --lengths reduced exit $rc (expected 2)"; fail=1; }
[ "$(wc -l < "$dir/un.err")" -eq 1 ] && grep -q -- "--uN" "$dir/un.err" && grep -q -- "-0.001" "$dir/un.err" \
  || { echo "FAIL stiffness --uN: stderr does not name --uN and its value in one line"; fail=1; }
"$bin" stiffness $pair --uN -0.001 --lengths reduced > "$dir/stiff.out"; rc=$?
cat "$dir/stiff.out"
[ "$rc" -eq 0 ] || { echo "FAIL stiffness --uN --lengths reduced exit $rc"; fail=1; }
grep -Eq '^kn +N/m ' "$dir/stiff.out" && grep -Eq '^area +m\^2 ' "$dir/stiff.out" \
  || { echo "FAIL stiffness: no units on kn, area"; fail=1; }
"$bin" stiffness $pair > /dev/null || { echo "FAIL stiffness without --uN exit $?"; fail=1; }

"$bin" oracle sliding --mass 1 --v0 1 --kt 100 --fy 1 > "$dir/slide.out" || { echo "FAIL oracle sliding exit $?"; fail=1; }
cat "$dir/slide.out"
grep -Eqx '  slips +1' "$dir/slide.out" || { echo "FAIL oracle: slips is not printed as the integer 1"; fail=1; }
grep -Eq '^  stop_time +[0-9.e+-]+ \[s\]$' "$dir/slide.out" || { echo "FAIL oracle: stop_time has no unit [s]"; fail=1; }
grep -Eq '^  state.force +[0-9.e+-]+ \[N\]$' "$dir/slide.out" || { echo "FAIL oracle: state.force has no unit [N]"; fail=1; }
"$bin" oracle sliding --mass 1 --v0 1 --kt 100 --fy 1 --json > "$dir/slide.json" || { echo "FAIL oracle --json exit $?"; fail=1; }
$py - "$dir/slide.json" <<'PY' || fail=1
import json, sys
r = json.load(open(sys.argv[1]))["results"]
print("oracle --json slips:", r["slips"], "stop_time unit:", r["stop_time"].get("unit"))
ok = type(r["slips"]["value"]) is int and r["slips"]["value"] == 1 and r["stop_time"].get("unit") == "s"
if not ok:
    print("FAIL oracle --json: slips not the integer 1, or stop_time without its unit")
sys.exit(0 if ok else 1)
PY

exit $fail
