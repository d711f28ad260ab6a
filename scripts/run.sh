#!/usr/bin/env bash
# The main job: install what is missing, build the `lawcheck` program (Release) and run
# `lawcheck report`. Only that target and what it links are built: the tests, the property kit and
# the benchmarks are scripts/test.sh's, which builds them into the same tree.
# Extra arguments go to `lawcheck report` (e.g. --out DIR).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
cmake -S "$root" -B "$root/build/release" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build/release" --target lawcheck -j "$(nproc)"
exec "$root/build/release/reports/lawcheck" report "$@"
