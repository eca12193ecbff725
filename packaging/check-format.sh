#!/usr/bin/env bash
# Every C++ file of the repository is formatted as the committed .clang-format says; prints the
# files that are not, and how to fix them.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.cpp' '*.h')
if ! clang-format --dry-run -Werror "${files[@]}"; then
    echo "check-format: reformat the files above: clang-format -i FILE..." >&2
    exit 1
fi
echo "check-format: ${#files[@]} files formatted"
