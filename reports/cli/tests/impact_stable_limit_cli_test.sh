#!/bin/sh
# `lawcheck impact` at its stable limit, for every registered law (and each exudyn impact model):
# the run at the default dt and the run just below the announced limit (0.999 of "stable_dt")
# exit 0 with an energy balance error within the guard's threshold (max_balance_error,
# read from cli/balance_guard.hpp); just above it (1.001) exits 2 naming dt and the limit. Each
# run's figures are printed before anything is asserted.
# Usage: impact_stable_limit_cli_test.sh PATH/TO/lawcheck PATH/TO/balance_guard.hpp
set -u
bin="$1"
threshold=$(sed -n 's/.*max_balance_error = \([0-9.e+-]*\);.*/\1/p' "$2")
[ -n "$threshold" ] || { echo "FAIL: no max_balance_error in $2"; exit 1; }
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
fail=0
# value KEY FILE: the first number after "KEY": in lawcheck's --json output.
value() { sed -n "s/^ *\"$1\": \([-0-9.e+]*\),*\$/\1/p" "$2" | head -1; }
within() { awk -v e="$1" -v t="$threshold" 'BEGIN { exit !(e != "" && (e < 0 ? -e : e) <= t) }'; }

# case NAME SCENE (a JSON object without "dt")
case_() {
  name="$1" scene="$2"
  printf '%s' "$scene" > "$dir/s.json"
  if ! "$bin" impact "$dir/s.json" --json > "$dir/out" 2> "$dir/err"; then
    echo "FAIL $name: default dt exits non-zero: $(cat "$dir/err")"; fail=1; return
  fi
  limit=$(value dt_limit "$dir/out") dt=$(value dt "$dir/out") err=$(value relative_error "$dir/out")
  echo "$name: limit $limit s (stable $(value stable_dt "$dir/out") s); default dt $dt s: balance error $err"
  within "$err" || { echo "FAIL $name: default dt's balance error $err above $threshold"; fail=1; }
  for f in 0.999 1.001; do
    below=$(awk -v l="$limit" -v f="$f" 'BEGIN { printf "%.17g", l * f }')
    printf '%s, "dt": %s}' "${scene%\}}" "$below" > "$dir/d.json"
    "$bin" impact "$dir/d.json" --json > "$dir/out" 2> "$dir/err"
    rc=$?
    if [ "$f" = 0.999 ]; then
      err=$(value relative_error "$dir/out")
      echo "  dt = $f x limit = $below s: exit $rc, restitution $(value achieved_restitution "$dir/out"), balance error $err $(cat "$dir/err")"
      [ "$rc" -eq 0 ] || { echo "FAIL $name: just below the limit exits $rc"; fail=1; }
      within "$err" || { echo "FAIL $name: just below the limit, balance error $err above $threshold"; fail=1; }
    else
      echo "  dt = $f x limit = $below s: exit $rc: $(cat "$dir/err")"
      [ "$rc" -eq 2 ] || { echo "FAIL $name: just above the limit exits $rc, not 2"; fail=1; }
      grep -q "invalid dt = .*above the .*limit" "$dir/err" || { echo "FAIL $name: the refusal does not name dt and the limit"; fail=1; }
    fi
  done
}

case_ linear '{"law": {"name": "linear"}, "radii": [0.01, 0.01], "speed": 1}'
case_ linear-wall '{"law": {"name": "linear"}, "radii": [0.01, "wall"], "speed": 1}'
case_ linear-oblique-stiff-tangent '{"law": {"name": "linear"}, "materials": [{"ktDivKn": 1e6}], "radii": [0.01, 0.01], "speed": 1, "angle": 45}'
case_ linel6 '{"law": {"name": "linel6"}, "radii": [0.01, 0.01], "speed": 1, "angle": 30, "spins": [[1, 2, 3]]}'
case_ linel6-woo '{"law": {"name": "linel6", "rotationalStiffness": "woo", "charLen": 1e-3}, "radii": [0.01, 0.01], "speed": 1, "angle": 30, "spins": [[10, 20, 30]]}'
case_ ice '{"law": {"name": "ice"}, "radii": [0.01, 0.01], "speed": 1, "angle": 30}'
case_ ice-wall '{"law": {"name": "ice"}, "radii": [0.01, "wall"], "speed": 1, "angle": 30}'
case_ exudyn-model0 '{"law": {"name": "exudyn", "contactPlasticityRatio": 0.5}, "radii": [0.01, 0.01], "speed": 1}'
case_ exudyn-model1 '{"law": {"name": "exudyn", "impactModel": 1, "restitutionCoefficient": 0.5}, "radii": [0.01, 0.01], "speed": 1}'
case_ exudyn-model2-hertz '{"law": {"name": "exudyn", "impactModel": 2, "restitutionCoefficient": 0.2, "contactStiffness": 1e8, "contactStiffnessExponent": 1.5}, "radii": [0.01, 0.01], "speed": 1}'
case_ exudyn-damped-wall '{"law": {"name": "exudyn", "contactDamping": 10}, "radii": [0.01, "wall"], "speed": 1}'
# where the stable limit, not t_c,est/20, binds: the Gonthier branch's hysteresis, Ice's stiff
# rotational springs (as linel6-woo's twist and the stiff tangent above)
case_ exudyn-model2-gonthier '{"law": {"name": "exudyn", "impactModel": 2, "restitutionCoefficient": 0.05}, "radii": [0.01, 0.01], "speed": 1}'
case_ ice-stiff-rotation '{"law": {"name": "ice"}, "materials": [{"alphaR": 100, "alphaW": 100}], "radii": [0.01, 0.01], "speed": 1, "angle": 30, "spins": [[5, 5, 5], [0, 0, 0]]}'
case_ exudyn-adhesive '{"law": {"name": "exudyn", "contactPlasticityRatio": 0.3, "adhesionCoefficient": 1e5, "constantPullOffForce": 0.1}, "radii": [0.01, 0.01], "speed": 1}'
exit $fail
