#!/usr/bin/env bash
# The committed .clang-tidy over the translation units of the sanitized build (packaging/test-all.sh
# builds it first; its unity sources hold every .cpp of the project), with diagnostics kept for the
# project's own .h and .cpp files. Prints each finding and fails on any.
#   packaging/check-tidy.sh [--all] [BUILD_DIR]      (default build/asan)
# The program code (core, widgets, app) is checked on every run. The tests' translation units are
# as many again and cost as much to check as to compile, so they are checked when one of their
# files differs from the upstream branch (committed or not), and with --all.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
all=0
if [[ ${1:-} == --all ]]; then
    all=1
    shift
fi
build=${1:-build/asan}
if [[ ! -f $build/compile_commands.json ]]; then
    echo "check-tidy: no $build/compile_commands.json: cmake --preset asan && cmake --build --preset asan" >&2
    exit 2
fi

# The test folders (tests/core, tests/widgets, ...) with a file changed against upstream.
changed_test_dirs() {
    local upstream base
    upstream=$(git rev-parse --abbrev-ref --symbolic-full-name '@{upstream}' 2>/dev/null) || return 0
    base=$(git merge-base HEAD "$upstream" 2>/dev/null) || return 0
    { git diff --name-only "$base" -- tests; git ls-files --others --exclude-standard -- tests; } |
        cut -d/ -f1-2 | sort -u
}

# The sources to check, as regular expressions over compile_commands.json's file names: the
# program code's own files and unity sources, and the changed test folders'. Generated files
# (moc, resources) are not ours: the headers they include are checked through the unity sources.
sources=("^$root/(core|widgets|app)/" "^$root/$build/(core|widgets|app)/.*/Unity/")
scope="program code"
if ((all)); then
    sources+=("^$root/tests/" "^$root/$build/tests/.*/Unity/")
    scope="program code and tests"
else
    while read -r dir; do
        [[ -n $dir ]] || continue
        sources+=("^$root/$dir/" "^$root/$build/$dir/.*/Unity/")
        scope+=", $dir"
    done < <(changed_test_dirs)
fi

# The unity sources include the project's .cpp files, so those count as headers here.
filter="^$root/(core|widgets|app|tests)/.*\.(h|cpp)\$"
log=$build/tidy.log
if ! run-clang-tidy -quiet -p "$build" -j "$(nproc)" -header-filter="$filter" "${sources[@]}" \
        >"$log" 2>&1; then
    grep -E "(warning|error):" "$log" | sort -u >&2 || tail -n 40 "$log" >&2
    echo "check-tidy: findings above (whole output: $log)" >&2
    exit 1
fi
echo "check-tidy: $scope: no finding (packaging/check-tidy.sh --all checks every test too)"
