#!/bin/sh
# Runs one libFuzzer harness of the sanitized (`asan` preset) build for a bounded time on its
# seeds.
#   tests/fuzz/run.sh HARNESS [SECONDS] [extra libFuzzer flags...]
# New inputs go to build/asan/corpus/HARNESS; a crash is written to build/asan/crashes/.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${TILELENS_FUZZ_BUILD:-$root/build/asan}
h=${1:?usage: run.sh HARNESS [SECONDS] [libFuzzer flags]}
seconds=${2:-120}
[ $# -ge 2 ] && shift 2 || shift $#
bin=$build/tests/fuzz/fuzz_$h
[ -x "$bin" ] || { echo "no $bin: cmake --preset asan && cmake --build build/asan --target fuzz_$h" >&2; exit 2; }
mkdir -p "$build/corpus/$h" "$build/crashes"
# The seed folders (kept regressions, corpus/, and the project's examples and golden files).
seeds=$(cat "$build/tests/fuzz/fuzz_$h.seeds")
# shellcheck disable=SC2086
exec "$bin" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
    -artifact_prefix="$build/crashes/$h-" "$@" "$build/corpus/$h" $seeds
