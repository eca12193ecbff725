#!/usr/bin/env bash
# The bash completion of tilelens-audit: commands, options and their values complete, and
# every option that `tilelens-audit COMMAND --help` lists is offered for that command.
# Usage: test_completion.sh COMPLETION_SCRIPT TILELENS_AUDIT
set -euo pipefail
script=$1 audit=$2
fail() { echo "FAIL: $*" >&2; exit 1; }

# shellcheck source=/dev/null
source "$script"
declare -F _tilelens_audit > /dev/null || fail "no _tilelens_audit function"
[[ $(complete -p tilelens-audit) == *"-F _tilelens_audit tilelens-audit"* ]] ||
    fail "tilelens-audit has no completion: $(complete -p tilelens-audit 2>&1)"

# complete WORDS...: what the function offers for the last word (sorted, one line).
complete_words() {
    COMP_WORDS=("$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMP_LINE="$*"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    _tilelens_audit tilelens-audit "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//'
}
expect() {  # expect "WANT" WORDS...
    local want=$1 got
    shift
    got=$(complete_words "$@")
    [[ $got == "$want" ]] || fail "'$*' completed to '$got', expected '$want'"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
expect "check" tilelens-audit ch
expect "timings" tilelens-audit tim
expect "export-pallas" tilelens-audit ex
expect "lesson" tilelens-audit les
expect "--step" tilelens-audit lesson --st
expect "--stage" tilelens-audit --st
expect "--emit-bench" tilelens-audit plan --em
expect "--inline" tilelens-audit import k.py --in
expect "contract" tilelens-audit check --stage con
expect "auto off" tilelens-audit --sweep ''
expect "tpu-v5e tpu-v5p" tilelens-audit check --target tpu-v5
expect "nsys-csv" tilelens-audit timings --format nsys
# Files: specs for check, kernel files for import, folders everywhere.
mkdir dir && touch a.tilelens.json b.json k.py
expect "a.tilelens.json dir" tilelens-audit check ''
expect "a.tilelens.json check dir export-pallas import lesson limits plan timings" tilelens-audit ''
expect "dir k.py" tilelens-audit import ''
expect "a.tilelens.json b.json dir k.py" tilelens-audit timings ''

# Every command of the program's --help is completed, and every option of each command's
# --help is offered for it (CLI11 lists them indented, one a line).
commands=$("$audit" --help | awk '/^Commands:/ {on = 1; next} on && /^  [a-z]/ {print $1} on && !/^ / {exit}')
[[ $(wc -w <<< "$commands") -ge 5 ]] || fail "no commands read from --help: $commands"
offered=" $(complete_words tilelens-audit '') "
for cmd in $commands; do
    [[ $offered == *" $cmd "* ]] || fail "command $cmd is not completed"
done
for cmd in $commands; do
    args=("$cmd")
    [[ $cmd == check ]] && args=()
    help=$("$audit" "${args[@]}" --help)
    offered=" $(complete_words tilelens-audit "$cmd" -) "
    [[ $cmd == check ]] && offered=" $(complete_words tilelens-audit -) "
    opts=$(grep -oE '^ +(-[a-z], ?)?--[a-z][a-z-]*' <<< "$help" | grep -oE -- '--[a-z][a-z-]*|-[a-z]')
    [[ -n $opts ]] || fail "no options read from '$cmd --help'"
    for o in $opts; do
        [[ $offered == *" $o "* ]] || fail "'$cmd' option $o is not completed"
    done
done
echo "completion: commands, options, values and files complete"
