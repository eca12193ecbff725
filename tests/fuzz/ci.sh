#!/usr/bin/env bash
# The CI fuzz step: builds the harnesses of the sanitized tree (`asan` preset; a no-op after
# packaging/test-all.sh's asan build), runs each for a bounded time on its seeds (through
# run.sh), two at a time, prints each one's executions and coverage, and fails if any of them
# found a crash, a hang, a leak or a sanitizer report.
#   tests/fuzz/ci.sh [SECONDS_PER_HARNESS]      (default 10; TILELENS_FUZZ_SECONDS also works)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
seconds=${1:-${TILELENS_FUZZ_SECONDS:-10}}
harnesses=(expr spec timings recorded_call pallas_export)
build=build/asan
parallel=2

cmake --preset asan >/dev/null
cmake --build "$build" -j"$(nproc)" --target "${harnesses[@]/#/fuzz_}"

mkdir -p "$build/logs"
# One harness: its log, and its exit status in a file of its own (read after all have ended).
run_one() {
    local h=$1 status=0
    echo "fuzz: $h for ${seconds}s"
    # A wall-clock guard on top of libFuzzer's own limits, in case a run wedges outside them.
    timeout --kill-after=30 $((seconds + 300)) tests/fuzz/run.sh "$h" "$seconds" \
        >"$build/logs/$h.log" 2>&1 || status=$?
    echo "$status" >"$build/logs/$h.status"
}
running=0
for h in "${harnesses[@]}"; do
    rm -f "$build/logs/$h.status"
    run_one "$h" &
    running=$((running + 1))
    if ((running >= parallel)); then
        wait -n || true
        running=$((running - 1))
    fi
done
wait

failed=()
summary=()
for h in "${harnesses[@]}"; do
    log=$build/logs/$h.log
    status=$(cat "$build/logs/$h.status" 2>/dev/null || echo 255)
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

echo "fuzz: ${seconds}s per harness, $parallel at a time"
printf '  %s\n' "${summary[@]}"
if ((${#failed[@]})); then
    echo "fuzz: FAILED: ${failed[*]} (inputs in $build/crashes/)" >&2
    exit 1
fi
echo "fuzz: no crash, hang or sanitizer report"
