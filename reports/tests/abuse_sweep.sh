#!/bin/sh
# Usage: abuse_sweep.sh PATH/TO/lawcheck [CORPUS [MIN_CASES]]
#   (CORPUS: abuse_corpus.txt beside this script; MIN_CASES: the fewest cases it must hold, 300)
# The bad-input corpus: every case of CORPUS is one lawcheck command line. Each must end
# within 5 s with an exit code of its expected set (always one of 0, 1, 2: no signal, no hang),
# write at most 2000 bytes on stderr and 1 MB on stdout, exit non-zero with exactly one stderr line,
# print no NaN or inf when it succeeds and, where the corpus names a field, fail with stderr naming
# it ("invalid FIELD = ..."). The corpus format is described at the top of abuse_corpus.txt;
# scenario and scene files are generated here from its templates into a temporary directory $D.
#
# Under the sanitizers (scripts/test.sh) every lawcheck start costs ~0.25 s, 30x Release: there
# LAWCHECK_SWEEP_STRIDE=k runs every k-th case only, and LAWCHECK_SWEEP_SECONDS raises the 5 s
# limit (it catches hangs, not slowness); the Release pass runs the whole corpus at 5 s, as the
# property suites hold their full case counts in Release.
set -u
stride="${LAWCHECK_SWEEP_STRIDE:-1}"
seconds="${LAWCHECK_SWEEP_SECONDS:-5}"
bin="$1"
corpus="${2:-$(dirname "$0")/abuse_corpus.txt}"
min_cases="${3:-300}"
D="$(mktemp -d)"
trap 'rm -rf "$D"' EXIT
[ -r "$corpus" ] || { echo "cannot read the corpus $corpus"; exit 1; }
fail=0
count=0

# run EXITS FIELD ARGS...: one case (EXITS: comma-separated codes; FIELD, checked when the exit is
# not 0: - for none, ~TEXT for a literal TEXT on stderr, else stderr must hold "invalid FIELD =").
run() {
  exits="$1" field="$2"
  shift 2
  count=$((count + 1))
  [ $(((count - 1) % stride)) -eq 0 ] || return 0
  timeout "$seconds" "$bin" "$@" <"/dev/null" >"$D/out" 2>"$D/err"
  rc=$?
  cmdline="$*"
  set -- $(stat -c %s "$D/out" "$D/err")
  bad=""
  case $rc in 0 | 1 | 2) ;; 124) bad="timed out" ;; *) bad="exit code $rc" ;; esac
  case ",$exits," in *",$rc,"*) ;; *) bad="$bad; exit $rc, expected $exits" ;; esac
  [ "$1" -le 1000000 ] || bad="$bad; stdout $1 bytes"
  [ "$2" -le 2000 ] || bad="$bad; stderr $2 bytes"
  if [ "$rc" -eq 0 ]; then
    ! grep -Eqiw -- '-?(nan|inf)' "$D/out" || bad="$bad; NaN/inf in the output"
  else
    lines=$(wc -l <"$D/err")
    [ "$lines" -eq 1 ] || bad="$bad; $lines stderr lines"
  fi
  [ "$rc" -ne 0 ] || field=-
  case $field in
    -) ;;
    ~*) grep -Fq -- "${field#\~}" "$D/err" || bad="$bad; stderr does not say '${field#\~}'" ;;
    *) grep -Fq -- "invalid $field =" "$D/err" || bad="$bad; stderr does not name '$field'" ;;
  esac
  if [ -n "$bad" ]; then
    echo "FAIL (${bad#; }): lawcheck $cmdline"
    head -c 300 "$D/err"
    fail=1
  fi
}

# repeat COUNT UNIT: UNIT written COUNT times on stdout.
repeat() {
  if [ "${#2}" -eq 1 ]; then
    head -c "$1" /dev/zero | tr '\0' "$2"
  else
    yes "$2" | head -n "$1" | tr -d '\n'
  fi
}

n=0
while IFS= read -r line || [ -n "$line" ]; do
  n=$((n + 1))
  case $line in '' | '#'*) continue ;; esac
  # The corpus is this project's own file: its lines are shell words, $D the temporary directory.
  eval "set -- $line" || { echo "FAIL: corpus line $n does not parse: $line"; fail=1; continue; }
  case $1 in
    @file) printf '%b' "$3" >"$D/$2" ;;
    @fifo) rm -f "$D/$2" && mkfifo "$D/$2" ;;
    @repeat) { printf '%s' "${5-}"; repeat "$3" "$4"; printf '%s' "${6-}"; } >"$D/$2" ;;
    @vary)
      # @vary CMD NAME EXITS FIELD TEMPLATE VALUE...: one case per VALUE, written for every @@ in TEMPLATE.
      cmd="$2" name="$3" exits="$4" field="$5" tpl="$6"
      shift 6
      k=0
      for v in "$@"; do
        k=$((k + 1))
        rest="$tpl" body=""
        while :; do
          case $rest in *@@*) body="$body${rest%%@@*}$v" rest="${rest#*@@}" ;; *) break ;; esac
        done
        printf '%s%s' "$body" "$rest" >"$D/$name.$k.json"
        run "$exits" "$field" $cmd "$D/$name.$k.json"  # CMD may be several words: 'claims --ledger'
      done
      ;;
    @*) echo "FAIL: corpus line $n: unknown directive $1"; fail=1 ;;
    *) run "$@" ;;
  esac
done <"$corpus"
echo "$count cases"
[ "$count" -ge "$min_cases" ] || { echo "FAIL: the corpus has fewer than $min_cases cases"; fail=1; }
exit $fail
