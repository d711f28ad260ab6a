#!/bin/sh
# Usage: abuse_sweep.sh PATH/TO/lawcheck
# A sweep of abusive command lines over every subcommand (issue 14): each must end within 5 s
# with exit code 0, 1 or 2 (no signal, no hang), write at most 2000 bytes on stderr and 1 MB on
# stdout, exit non-zero with exactly one stderr line, and print no NaN or inf when it succeeds.
set -u
bin="$1"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
fail=0
count=0

run() {
  count=$((count + 1))
  timeout 5 "$bin" "$@" >"$dir/out" 2>"$dir/err"
  rc=$?
  out=$(wc -c <"$dir/out")
  err=$(wc -c <"$dir/err")
  lines=$(wc -l <"$dir/err")
  bad=""
  case $rc in 0 | 1 | 2) ;; 124) bad="timed out" ;; *) bad="exit code $rc" ;; esac
  [ "$out" -le 1000000 ] || bad="$bad; stdout $out bytes"
  [ "$err" -le 2000 ] || bad="$bad; stderr $err bytes"
  [ "$rc" -eq 0 ] || [ "$lines" -eq 1 ] || bad="$bad; $lines stderr lines"
  [ "$rc" -ne 0 ] || ! grep -Eqiw -- '-?(nan|inf)' "$dir/out" || bad="$bad; NaN/inf in the output"
  if [ -n "$bad" ]; then
    echo "FAIL ($bad): lawcheck $*"
    head -c 300 "$dir/err"
    fail=1
  fi
}

# Numbers every numeric option must reject (or, where in range, accept): each kind once.
for v in -1 nan 1e400 1e-400 '' 0x10 ' 1' 1e5x 1e300; do
  run dissipation --no-slider --steps 8 --kt "$v"
  run stiffness --pair sphere-sphere --r1 "$v" --r2 0.01 --young1 1e7 --young2 1e7
  run oracle hysteresis --kt "$v" --fy 1 --amplitude 1e-4 --json
  run oracle impact --model hertz-sphere-wall --young "$v" --mass 1 --v0 1 --radius 0.01 --json
done
# The restitution maps over their whole domain, down to the smallest e (each map once at an extreme).
for me in hunt-crossley:0.008 exact:1e-6 flores:1e-3 flores:1e-300 gonthier:1e-300 carvalho-martins:1e-300 \
  exudyn-model2:1e-300 lankarani-nikravesh:1; do
  run oracle restitution --model "${me%%:*}" --e "${me#*:}" --json
done
for p in ,,, 1,,2 '' 1e-3,-1e-3; do run oracle slip1d --kt 1e4 --fy 1 --path "$p"; done
for s in 0 8,,32 100000000 8,32,x ''; do run dissipation --no-slider --steps "$s"; done
for w in foo '' oracle 'oracle foo' 'laws --bogus'; do run $w; done

# Scenario files for lawtest and impact.
printf '%s' '{"dt": 1e-5, "stages": [{"values": [-1e-3,0,0,0,0,0], "until": "steps >= 10"}]}' >"$dir/good.json"
for body in \
  '{"dt": 1e400, "stages": [{"until": "broken"}]}' \
  '{"dt": 1e-5, "dt": 1e-5, "stages": [{"until": "broken"}]}' \
  '{"dt": 1e-5, "radii": [1e200, 1e200], "stages": [{"until": "broken"}]}' \
  '{"dt": 1e-5, "radii": [1e-300, 1e-300], "stages": [{"until": "broken"}]}' \
  '{"dt": 1e-5, "materials": [{"young": 1e308}], "stages": [{"until": "broken"}]}' \
  '{"dt": 1e-5, "materials": [{"ktDivKn": 1e300}], "stages": [{"until": "broken"}]}' \
  '{"dt": 1e300, "stages": [{"values": [-1e-3,0,0,0,0,0], "until": "uN <= -1e-5"}]}' \
  '{"dt": 1e-5, "stages": [{"until": "broken", "maxSteps": 18446744073709551615}]}' \
  '{"dt": 1e-5, "stages": [{"until": "broken", "maxSteps": 1e300}]}' \
  '{"dt": 1e-5, "stages": [{"values": [-1e300,0,0,0,0,0], "until": "broken"}]}' \
  '{"dt": 1e-5, "law": {"name": "linel6", "charLen": 1e300}, "initialUN": -1e-6, "stages": [{"values": [0,0,0,1,0,0], "until": "steps >= 10"}]}' \
  '{"dt": 1e-5, "law": {"name": "exudyn", "contactStiffness": 1e308}, "stages": [{"values": [-1e-3,0,0,0,0,0], "until": "steps >= 10"}]}' \
  '' '{' '[]' '"x"' 'null' '{"dt": "1e-5", "stages": []}'; do
  printf '%s' "$body" >"$dir/s.json"
  run lawtest "$dir/s.json"
done
for body in \
  '{"radii": [1e200, 1e200], "speed": 1}' \
  '{"radii": [1e-300, "wall"], "speed": 1}' \
  '{"radii": [0.01, 0.01], "speed": 1e300}' \
  '{"radii": [0.01, 0.01], "speed": 1e-300}' \
  '{"radii": [0.01, 0.01], "speed": 1, "dt": 1e-300}' \
  '{"radii": [0.01, 0.01], "speed": 1, "dt": 1e300}' \
  '{"radii": [0.01, 0.01], "speed": 1, "materials": [{"young": 1e308}]}' \
  '{"radii": [0.01, 0.01], "speed": 1, "angle": 89.9999999}' \
  '{"law": {"name": "exudyn", "contactStiffness": 1e-300}, "radii": [0.01, 0.01], "speed": 1}'; do
  printf '%s' "$body" >"$dir/s.json"
  run impact "$dir/s.json"
done
run lawtest "$dir"
run lawtest "$dir/missing.json"
run lawtest "$dir/good.json" --csv ''
run lawtest "$dir/good.json" --csv "$dir"
run lawtest "$dir/good.json" --csv /dev/full
run report --out /dev/null
run report --out ''
run report --out "$dir/good.json"
echo "$count command lines"
exit $fail
