#!/usr/bin/env bash
# The CI fuzz step: builds the `fuzz` preset's harnesses, runs each for a bounded time on its
# seeds (through run.sh), prints each one's executions and coverage, and fails if any of them
# found a crash, a hang, a leak or a sanitizer report.
#   tests/fuzz/ci.sh [SECONDS_PER_HARNESS]      (default 30; TILELENS_FUZZ_SECONDS also works)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
seconds=${1:-${TILELENS_FUZZ_SECONDS:-30}}
harnesses=(expr spec timings recorded_call pallas_export)
build=build/fuzz

cmake --preset fuzz >/dev/null
cmake --build "$build" -j"$(nproc)" --target "${harnesses[@]/#/fuzz_}"

mkdir -p "$build/logs"
failed=()
summary=()
for h in "${harnesses[@]}"; do
    log=$build/logs/$h.log
    echo "fuzz: $h for ${seconds}s"
    # A wall-clock guard on top of libFuzzer's own limits, in case a run wedges outside them.
    status=0
    timeout --kill-after=30 $((seconds + 300)) tests/fuzz/run.sh "$h" "$seconds" >"$log" 2>&1 ||
        status=$?
    # libFuzzer's last status line ("#N DONE cov: C ft: F corp: ...") and its final stats.
    done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1 || true)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$done_line")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$done_line")
    corp=$(sed -n 's/.* corp: \([0-9]*\).*/\1/p' <<<"$done_line")
    line=$(printf '%-14s execs %-9s (%s/s)  cov %-6s ft %-6s corpus %s' \
        "$h" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}")
    if ((status != 0)) || [[ -z $done_line ]]; then
        line+="  FAILED (exit $status)"
        failed+=("$h")
        echo "fuzz: $h failed, the end of $log:" >&2
        tail -n 60 "$log" >&2
    fi
    summary+=("$line")
done

echo "fuzz: ${seconds}s per harness"
printf '  %s\n' "${summary[@]}"
if ((${#failed[@]})); then
    echo "fuzz: FAILED: ${failed[*]} (inputs in $build/crashes/)" >&2
    exit 1
fi
echo "fuzz: no crash, hang or sanitizer report"
