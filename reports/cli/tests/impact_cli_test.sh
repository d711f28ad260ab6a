#!/bin/sh
# `lawcheck impact`: sphere-sphere and sphere-wall scenes for every registered law exit 0 with
# finite numbers (--json keys present); a grazing scene that never touches exits 0 saying so; each
# bad scene exits 2 with one stderr line naming the field.
# Usage: impact_cli_test.sh PATH/TO/lawcheck
set -u
bin="$1"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
fail=0
for law in linear linel6 ice exudyn hertz_mindlin; do
  case $law in
    exudyn) l='{"name": "exudyn", "impactModel": 1, "contactStiffness": 1e8, "contactStiffnessExponent": 1.5, "restitutionCoefficient": 0.5}' ;;
    hertz_mindlin) l='{"name": "hertz_mindlin", "restitution": 0.5}' ;;
    *) l="{\"name\": \"$law\"}" ;;
  esac
  for radii in '[0.01, 0.01]' '[0.01, "wall"]'; do
    printf '{"law": %s, "radii": %s, "speed": 1}' "$l" "$radii" > "$dir/s.json"
    "$bin" impact "$dir/s.json" --json > "$dir/out" 2> "$dir/err" || { echo "FAIL $law $radii exit $?: $(cat "$dir/err")"; fail=1; continue; }
    for key in achieved_restitution contact_duration peak_force max_overlap; do
      grep -Eq "^  \"$key\": [0-9]" "$dir/out" || { echo "FAIL $law $radii: $key not a finite number"; fail=1; }
    done
    grep -qi 'nan\|inf' "$dir/out" && { echo "FAIL $law $radii: non-finite"; fail=1; }
    "$bin" impact "$dir/s.json" | head -8
  done
done
# A grazing scene never touches at a step (overlap window 2 (r1 + r2) cos(angle)/speed = 7e-8 s at
# 89.9999 deg, dt ~ 3e-6 s): a result, not a failure -- exit 0, "no contact during the run", no NaN, and JSON
# "contact": false (README exit-code contract).
for law in linear linel6 ice exudyn hertz_mindlin; do
  printf '{"law": {"name": "%s"}, "radii": [0.01, 0.01], "speed": 1, "angle": 89.9999}' "$law" > "$dir/graze.json"
  "$bin" impact "$dir/graze.json" > "$dir/out" 2> "$dir/err" || { echo "FAIL grazing $law exit $?: $(cat "$dir/err")"; fail=1; }
  grep -q 'no contact during the run' "$dir/out" || { echo "FAIL grazing $law: no 'no contact during the run' line"; fail=1; }
  grep -qiw 'nan\|inf' "$dir/out" && { echo "FAIL grazing $law: non-finite"; fail=1; }
  "$bin" impact "$dir/graze.json" --json > "$dir/out" 2> "$dir/err" || { echo "FAIL grazing $law --json exit $?"; fail=1; }
  grep -q '"contact": false' "$dir/out" || { echo "FAIL grazing $law --json: no \"contact\": false"; fail=1; }
done
check() {
  printf '%s' "$1" > "$dir/bad.json"
  "$bin" impact "$dir/bad.json" > /dev/null 2> "$dir/err"
  rc=$?
  lines=$(wc -l < "$dir/err")
  msg=$(cat "$dir/err")
  echo "rc=$rc: $msg"
  [ "$rc" -eq 2 ] || { echo "FAIL exit $rc for $1"; fail=1; }
  [ "$lines" -eq 1 ] || { echo "FAIL $lines stderr lines for $1"; fail=1; }
  case "$msg" in *"$2"*) ;; *) echo "FAIL message lacks '$2'"; fail=1 ;; esac
}
check '{"radii": [0.01, 0.01], "speed": 1' "scene"
check '{"radii": [0.01, 0.01]}' "speed"
check '{"radii": [0.01, 0.01], "speed": -1}' "speed"
check '{"radii": [0.01, -0.01], "speed": 1}' "radii[1]"
check '{"radii": [0.01, "floor"], "speed": 1}' "radii[1]"
check '{"radii": [0.01, 0.01], "speed": 1, "angle": 95}' "angle"
check '{"radii": [0.01, 0.01], "speed": 1, "spinz": []}' "spinz"
check '{"radii": [0.01, 0.01], "speed": 1, "spins": [[0, 0]]}' "spins[0]"
check '{"radii": [0.01, 0.01], "speed": 1, "dt": 0}' "dt"
# bodies that would pass through each other in a step, or an overlap below the rounding of positions
check '{"radii": [0.01, 0.01], "speed": 1e300}' "speed, angle, law = x_max,est"
check '{"radii": [0.01, "wall"], "speed": 1e-300}' "speed, angle, law = x_max,est"
check '{"law": {"name": "nope"}, "radii": [0.01, 0.01], "speed": 1}' "law.name"
check '{"law": {"name": "exudyn", "restitutionCoefficient": 0}, "radii": [0.01, 0.01], "speed": 1}' "law.restitutionCoefficient"
check '{"law": {"name": "exudyn"}, "materials": [{"density": -1}], "radii": [0.01, 0.01], "speed": 1}' "materials[0].density"
check '{"law": {"name": "hertz_mindlin", "restitution": 0}, "radii": [0.01, 0.01], "speed": 1}' "law.restitution"
check '{"law": {"name": "hertz_mindlin"}, "materials": [{"poisson": 0.7}], "radii": [0.01, 0.01], "speed": 1}' "materials[0].poisson"
check '{"law": {"name": "hertz_mindlin", "tangentialDamping": -1}, "radii": [0.01, 0.01], "speed": 1}' "law.tangentialDamping"
exit $fail
