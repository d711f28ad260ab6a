#!/bin/sh
# The installed package as a user meets it: `cmake --install` of this build into a fresh prefix
# holds no path of the build tree or the source tree in any installed file (`strings` on each, so
# binaries too: a compiled-in cache directory, a __FILE__), and the out-of-tree example configured
# against it with no build type builds Release, saying so.
# Usage: installed_package_test.sh BUILD_DIR SOURCE_DIR
set -u
build="$(cd "$1" && pwd -P)"
src="$(cd "$2" && pwd -P)"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
fail=0
cmake --install "$build" --prefix "$dir/prefix" > "$dir/install.log" 2>&1 || { cat "$dir/install.log"; echo "FAIL: cmake --install exited non-zero"; exit 1; }
files=0
for f in $(find "$dir/prefix" -type f); do
  files=$((files + 1))
  # the build tree lies inside the source tree here, so the source path finds both; both searched
  hits="$(strings -a "$f" | grep -F -e "$build" -e "$src" | head -3)"
  if [ -n "$hits" ]; then
    echo "FAIL ${f#$dir/prefix/} holds a path of the build machine:"
    echo "$hits" | sed 's/^/    /'
    fail=1
  fi
done
echo "checked $files installed files for '$build' and '$src'"
[ "$files" -gt 0 ] || { echo "FAIL: nothing installed"; fail=1; }
cmake -S "$src/examples/spring_dashpot_law" -B "$dir/example" -DCMAKE_PREFIX_PATH="$dir/prefix" > "$dir/cfg.log" 2>&1 \
  || { tail -20 "$dir/cfg.log"; echo "FAIL: the example does not configure against the installed package"; fail=1; }
type="$(grep '^CMAKE_BUILD_TYPE:' "$dir/example/CMakeCache.txt" 2>/dev/null)"
echo "example with no build type: $type; $(grep 'lawcheck: no CMAKE_BUILD_TYPE' "$dir/cfg.log")"
case "$type" in *=Release) ;; *) echo "FAIL: the example's build type is not Release"; fail=1 ;; esac
grep -q 'lawcheck: no CMAKE_BUILD_TYPE given, building Release' "$dir/cfg.log" || { echo "FAIL: no message saying so"; fail=1; }
exit $fail
