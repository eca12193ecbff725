#!/usr/bin/env bash
# The man pages render without a warning under groff and mandoc, and name every option the
# program's --help lists.
# Usage: test_man_pages.sh GROFF MANDOC PAGE PROGRAM [--commands]
# (with --commands, PROGRAM COMMAND --help for each command PROGRAM --help lists under
# "Commands:"; without, PROGRAM --help.)
set -euo pipefail
groff=$1 mandoc=$2 page=$3 program=$4
shift 4
fail() { echo "FAIL: $*" >&2; exit 1; }

warnings=$("$groff" -man -Tutf8 -ww -z "$page" 2>&1) || fail "groff failed: $warnings"
[[ -z $warnings ]] || fail "groff warns on $page: $warnings"
"$mandoc" -Tlint -W warning "$page" || fail "mandoc warns on $page"
# Wide lines and no hyphenation, so no option name is split.
text=$("$groff" -man -Tascii -P-cbou -rLL=400n -rHY=0 "$page" 2> /dev/null)
for section in NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" FILES EXAMPLES; do
    grep -q "^$section" <<< "$text" || fail "$page has no $section section"
done

commands=("")
if [[ ${1-} == --commands ]]; then
    mapfile -t commands < <("$program" --help |
        awk '/^Commands:/ {on = 1; next} on && /^  [a-z]/ {print $1} on && !/^ / {exit}')
    ((${#commands[@]} >= 5)) || fail "no commands read from $program --help"
fi
for cmd in "${commands[@]}"; do
    if [[ -n $cmd ]]; then help=$(QT_QPA_PLATFORM=offscreen "$program" "$cmd" --help); else
        help=$(QT_QPA_PLATFORM=offscreen "$program" --help); fi
    opts=$(grep -oE '^ +(-[a-zA-Z], ?)?--[a-z][a-z-]*' <<< "$help" | grep -oE -- '--[a-z][a-z-]*')
    [[ -n $opts ]] || fail "no options read from '$cmd --help'"
    [[ -z $cmd ]] || grep -qE "^ +tilelens-audit $cmd( |$)" <<< "$text" ||
        fail "$page has no synopsis of $cmd"
    for o in $opts; do
        [[ $o == --help-all ]] && continue  # Qt's own
        grep -qE -- "(^|[^a-z-])$o([^a-z-]|$)" <<< "$text" ||
            fail "$page does not describe ${cmd:+$cmd }$o"
    done
done
echo "$(basename "$page"): renders cleanly, all options described"
