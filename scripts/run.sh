#!/usr/bin/env bash
# The main job: install what is missing, build (Release) and run `lawcheck report`.
# Extra arguments go to `lawcheck report` (e.g. --out DIR).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
"$root/scripts/build.sh" "$root/build/release"
exec "$root/build/release/reports/lawcheck" report "$@"
