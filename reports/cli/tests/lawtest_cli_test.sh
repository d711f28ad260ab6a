#!/bin/sh
# `lawcheck demo` and `lawcheck lawtest`: a good scenario runs (exit 0, energy table, CSV); each bad
# scenario prints exactly one line on stderr naming the field and the value, and exits 2.
# Usage: lawtest_cli_test.sh PATH/TO/lawcheck
set -u
bin="$1"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
fail=0

"$bin" demo > "$dir/demo.out" 2>&1 || { echo "FAIL demo exit $?"; fail=1; }
grep -q "^shear" "$dir/demo.out" || { echo "FAIL demo: no shear row"; fail=1; }
cat "$dir/demo.out"

printf '%s' '{"dt": 1e-5, "stages": [{"values": [-1e-3,0,0,0,0,0], "until": "steps >= 10"}]}' > "$dir/good.json"
"$bin" lawtest "$dir/good.json" --csv "$dir/out.csv" > /dev/null || { echo "FAIL good scenario"; fail=1; }
rows=$(wc -l < "$dir/out.csv")
[ "$rows" -eq 11 ] || { echo "FAIL csv rows $rows (expected header + 10)"; fail=1; }
# Today's columns, then one per energy kind of the law (linear: plastic_shear, released).
head -1 "$dir/out.csv" | grep -qx 'stage,step,t,uN,uy,uz,rx,ry,rz,Fn,Fy,Fz,Tx,Ty,Tz,elastic,plastic,kinetic,work,in_contact,plastic_shear,released' \
  || { echo "FAIL csv header: $(head -1 "$dir/out.csv")"; fail=1; }

# `lawcheck laws` lists every registered law by name.
"$bin" laws > "$dir/laws.out" || { echo "FAIL laws exit $?"; fail=1; }
for law in linear linel6 ice exudyn; do
  grep -q "^$law:" "$dir/laws.out" || { echo "FAIL laws does not list $law"; fail=1; }
done
"$bin" laws --json | grep -q '"name": "linear"' || { echo "FAIL laws --json"; fail=1; }

# A LinEl6 scenario: twist then bend, back to the start; one energy column (released).
printf '%s' '{"dt": 1e-5, "law": {"name": "linel6", "charLen": 0.005}, "initialUN": -1e-6, "stages": [
  {"name": "twist", "values": [0,0,0,1e-2,0,0], "until": "steps >= 100"},
  {"name": "bend", "values": [0,0,0,0,1e-2,0], "until": "steps >= 100"}]}' > "$dir/linel6.json"
"$bin" lawtest "$dir/linel6.json" --csv "$dir/linel6.csv" > "$dir/linel6.out" || { echo "FAIL linel6 scenario"; fail=1; }
cat "$dir/linel6.out"
grep -q "law linel6" "$dir/linel6.out" || { echo "FAIL linel6 scenario did not run the linel6 law"; fail=1; }
head -1 "$dir/linel6.csv" | grep -q 'in_contact,released$' || { echo "FAIL linel6 csv header"; fail=1; }

# An Ice scenario: a bonded contact pulled apart breaks at F_nb = c_n A (A = pi r^2 = pi 1e-4 m^2,
# c_n = 1e3 Pa: 0.314 N, i.e. uN = F_nb / kn = 2e-6 m with kn = pi E r / 2) and releases its energy.
printf '%s' '{"dt": 1e-5, "law": {"name": "ice"}, "materials": [{"bonded": "ntwr", "cohesionN": 1e3}],
  "stages": [{"name": "pull", "values": [1e-3,0,0,0,0,0], "until": "broken", "maxSteps": 100000}]}' > "$dir/ice.json"
"$bin" lawtest "$dir/ice.json" > "$dir/ice.out" || { echo "FAIL ice scenario"; fail=1; }
cat "$dir/ice.out"
grep -q "^pull .* 2.000000e-06 " "$dir/ice.out" || { echo "FAIL ice did not break at uN = 2e-6 m"; fail=1; }
grep -q "released 3.12" "$dir/ice.out" || { echo "FAIL ice released energy"; fail=1; }

# An Exudyn scenario (model 0, Edinburgh elasto-plastic): load, unload until the contact opens.
printf '%s' '{"dt": 1e-5, "law": {"name": "exudyn", "impactModel": 0, "contactPlasticityRatio": 0.5},
  "materials": [{"density": 2600}], "stages": [
  {"name": "load", "values": [-1e-3,0,0,0,0,0], "until": "uN <= -1e-5"},
  {"name": "unload", "values": [1e-3,0,0,0,0,0], "until": "broken", "maxSteps": 100000}]}' > "$dir/exudyn.json"
"$bin" lawtest "$dir/exudyn.json" > "$dir/exudyn.out" || { echo "FAIL exudyn scenario"; fail=1; }
cat "$dir/exudyn.out"
grep -q "law exudyn" "$dir/exudyn.out" || { echo "FAIL exudyn scenario did not run the exudyn law"; fail=1; }

# case: file content | text the one stderr line must contain (field and value)
check() {
  printf '%s' "$1" > "$dir/bad.json"
  "$bin" lawtest "$dir/bad.json" > /dev/null 2> "$dir/err"
  rc=$?
  lines=$(wc -l < "$dir/err")
  msg=$(cat "$dir/err")
  echo "rc=$rc: $msg"
  [ "$rc" -eq 2 ] || { echo "FAIL exit $rc for $1"; fail=1; }
  [ "$lines" -eq 1 ] || { echo "FAIL $lines stderr lines for $1"; fail=1; }
  case "$msg" in *"$2"*"$3"*) ;; *) echo "FAIL message lacks '$2' ... '$3'"; fail=1 ;; esac
}
check '{"dt": 1e-5, "stages": [' "scenario" "bad.json"
check '{"dt": 1e-5, "stagez": []}' "stagez" "[]"
check '{"dt": -1, "stages": [{"until": "broken"}]}' "dt" "-1"
check '{"dt": 1e-5, "radii": [0.01, 0], "stages": [{"until": "broken"}]}' "radii[1]" "0"
check '{"dt": 1e-5, "materials": [{"young": -5}], "stages": [{"until": "broken"}]}' "materials[0].young" "-5"
check '{"dt": 1e-5, "materials": [{"tanPhi": -0.1}], "stages": [{"until": "broken"}]}' "materials[0].tanPhi" "-0.1"
check '{"dt": 1e-5, "stages": [{"until": "speed > 1"}]}' "stages[0].until" "speed"
check '{"dt": 1e-5, "stages": [{"until": "broken", "whats": "vvvvvx"}]}' "stages[0].whats" "vvvvvx"
check '{"dt": 1e-5, "rules": {"area": "foo"}, "stages": [{"until": "broken"}]}' "rules.area" "foo"
check '{"dt": 1e-5, "law": {"dissipation": "magic"}, "stages": [{"until": "broken"}]}' "law.dissipation" "magic"
check '{"dt": 1e-5, "stages": [{"until": "steps >= 5", "maxSteps": 3}]}' "stages[0].until" "steps >= 5"
check '{"dt": 1e-5, "law": {"name": "nope"}, "stages": [{"until": "broken"}]}' "law.name" "nope"
check '{"dt": 1e-5, "law": {"name": 3}, "stages": [{"until": "broken"}]}' "law.name" "3"
check '{"dt": 1e-5, "law": {"name": "linear", "charLen": 1}, "stages": [{"until": "broken"}]}' "law.charLen" "1"
check '{"dt": 1e-5, "law": {"name": "linel6", "charLen": 0}, "stages": [{"until": "broken"}]}' "law.charLen" "0"
check '{"dt": 1e-5, "law": {"name": "linel6", "charLen": -1}, "stages": [{"until": "broken"}]}' "law.charLen" "-1"
check '{"dt": 1e-5, "law": {"name": "linel6", "charLen": "x"}, "stages": [{"until": "broken"}]}' "law.charLen" "x"
check '{"dt": 1e-5, "law": {"name": "linel6", "rotationalStiffness": "cubed"}, "stages": [{"until": "broken"}]}' "law.rotationalStiffness" "cubed"
check '{"dt": 1e-5, "law": {"name": "linel6", "dissipation": "code_split"}, "stages": [{"until": "broken"}]}' "law.dissipation" "code_split"
check '{"dt": 1e-5, "law": {"name": "ice"}, "materials": [{"alphaW": -2}], "stages": [{"until": "broken"}]}' "materials[0].alphaW" "-2"
check '{"dt": 1e-5, "law": {"name": "exudyn", "restitutionCoefficient": 0}, "stages": [{"until": "broken"}]}' "law.restitutionCoefficient" "0"
check '{"dt": 1e-5, "law": {"name": "exudyn", "impactModel": 3}, "stages": [{"until": "broken"}]}' "law.impactModel" "3"
check '{"dt": 1e-5, "law": {"name": "exudyn"}, "materials": [{"young": 1e7}], "stages": [{"until": "broken"}]}' "materials[0].young" "10000000"
check '{"dt": 1e-5, "law": {"name": "ice", "pairing": "x"}, "stages": [{"until": "broken"}]}' "law.pairing" "x"
check '{"dt": 1e-5, "law": {"name": "ice"}, "materials": [{"bonded": "nq"}], "stages": [{"until": "broken"}]}' "materials[0].bonded" "nq"
exit $fail
