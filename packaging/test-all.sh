#!/usr/bin/env bash
# The whole test suite, as CI runs it (README.md, "Quick start"): the style checks, the release
# build and the tests that need optimised code, the sanitized build (clang, ASan + UBSan, leak
# checked) and every unit suite under it, then each libFuzzer harness of that same build for a
# bounded time (tests/fuzz/ci.sh). Stops at the first failing step and prints how long each
# step took.
#   packaging/test-all.sh      (TILELENS_FUZZ_SECONDS: seconds per harness, default 10)
set -euo pipefail
cd "$(dirname "$0")/.."

times=()
start_all=$SECONDS
step() {
    local name=$1 start=$SECONDS
    shift
    echo "test-all: $name"
    "$@"
    times+=("$(printf '%-16s %4d s' "$name" $((SECONDS - start)))")
}

step "format" packaging/check-format.sh
step "release build" bash -c 'cmake --preset release && cmake --build --preset release'
step "release tests" ctest --preset release
step "asan build" bash -c 'cmake --preset asan && cmake --build --preset asan'
step "asan tests" ctest --preset asan
step "fuzz" tests/fuzz/ci.sh
step "tidy" packaging/check-tidy.sh

echo "test-all: passed"
printf '  %s\n' "${times[@]}"
printf '  %-16s %4d s\n' "total" $((SECONDS - start_all))
