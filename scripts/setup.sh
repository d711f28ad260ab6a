#!/usr/bin/env bash
# Installs the Debian 12 packages lawcheck needs, only those that are missing (so a second run
# is fast): the conformance engines (LAMMPS and LIGGGHTS as libraries), valgrind (the
# instruction-count gate) and VTK's Python reader (the VTK output's test) among them. Runs apt as
# root directly, or through sudo. `--browser` also installs chromium, which only the browser test
# needs (ctest -L browser: the report's formulas typeset offline).
set -euo pipefail

packages=(
  cmake g++ make
  libeigen3-dev libboost-dev libboost-math-dev
  libgtest-dev libgmock-dev librapidcheck-dev
  libbenchmark-dev libbenchmark-tools python3-scipy python3-numpy
  libcli11-dev nlohmann-json3-dev libfmt-dev
  gnuplot-nox libjs-katex
  valgrind libxsimd-dev libvalijson-dev python3-vtk9
  liblammps-dev libliggghts-dev liggghts
)
[ "${1:-}" = "--browser" ] && packages+=(chromium)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "lawcheck setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
