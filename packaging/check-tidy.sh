#!/usr/bin/env bash
# The committed .clang-tidy over the whole tree: every translation unit of the sanitized build
# (packaging/test-all.sh builds it first; its unity sources hold every .cpp of the project), with
# diagnostics kept for the project's own .h and .cpp files. Prints each finding and fails on any.
#   packaging/check-tidy.sh [BUILD_DIR]      (default build/asan)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
build=${1:-build/asan}
if [[ ! -f $build/compile_commands.json ]]; then
    echo "check-tidy: no $build/compile_commands.json: cmake --preset asan && cmake --build --preset asan" >&2
    exit 2
fi
# The unity sources include the project's .cpp files, so those count as headers here; generated
# files (moc, resources) live under build/ and are left out.
filter="^$root/(core|widgets|app|tests)/.*\.(h|cpp)\$"
log=$build/tidy.log
if ! run-clang-tidy -quiet -p "$build" -j "$(nproc)" -header-filter="$filter" \
        "^$root/(core|widgets|app|tests|$build)/" >"$log" 2>&1; then
    grep -E "(warning|error):" "$log" | sort -u >&2 || tail -n 40 "$log" >&2
    echo "check-tidy: findings above (whole output: $log)" >&2
    exit 1
fi
echo "check-tidy: $(grep -c '"file"' "$build/compile_commands.json") translation units, no finding"
