#!/usr/bin/env bash
# The .deb CPack makes from the built tree: its control fields, its files under /usr, and the
# audit tool run from the package unpacked into a scratch root.
# Usage: test_deb.sh CPACK BUILD_DIR VERSION GUI(ON|OFF)
set -euo pipefail
cpack=$1 build=$(realpath "$2") version=$3 gui=$4
fail() { echo "FAIL: $*" >&2; exit 1; }
scratch=$(mktemp -d "${TMPDIR:-/tmp}/tilelens-deb.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

# CPack's install step rewrites the build tree's install_manifest.txt: keep the one it had.
manifest=$build/install_manifest.txt
[[ -e $manifest ]] && cp -p "$manifest" "$scratch/manifest.before"
rc=0
"$cpack" --config "$build/CPackConfig.cmake" -B "$scratch/out" > "$scratch/cpack.log" 2>&1 || rc=$?
if [[ -e $scratch/manifest.before ]]; then cp -p "$scratch/manifest.before" "$manifest"; else rm -f "$manifest"; fi
((rc == 0)) || fail "cpack exited $rc: $(tail -5 "$scratch/cpack.log")"
deb=$(find "$scratch/out" -maxdepth 1 -name 'tilelens_*.deb')
[[ -n $deb ]] || fail "no tilelens_*.deb made"
[[ $(basename "$deb") == tilelens_${version}_$(dpkg --print-architecture).deb ]] || fail "named $(basename "$deb")"

field() { dpkg-deb -f "$deb" "$1"; }
[[ $(field Package) == tilelens ]] || fail "Package: $(field Package)"
[[ $(field Version) == "$version" ]] || fail "Version: $(field Version)"
[[ $(field Maintainer) == *"<"*"@"*">" ]] || fail "Maintainer: $(field Maintainer)"
[[ $(field Section) == devel ]] || fail "Section: $(field Section)"
# A Homepage only when one is configured (TILELENS_HOMEPAGE): never a made-up address.
[[ -z $(field Homepage) || $(field Homepage) == https://* ]] || fail "Homepage: $(field Homepage)"
depends=$(field Depends)
[[ $depends == *libc6* && $depends == *libstdc++6* ]] || fail "Depends not computed: $depends"
if [[ $gui == ON ]]; then
    [[ $depends == *libqt6widgets6* ]] || fail "Depends lacks Qt: $depends"
fi
[[ $(field Description | sed -n 2p) == " "[A-Z]* ]] || fail "no long description"

# Files: the programs and the data under /usr, nothing elsewhere.
listing=$(dpkg-deb -c "$deb" | awk '{print $6}')
grep -v '^\./usr/' <<< "$listing" | grep -qv '^\./$' && fail "files outside /usr: $(grep -v '^\./usr/' <<< "$listing")"
for f in bin/tilelens-audit share/tilelens/examples/matmul-rect.tilelens.json \
    share/tilelens/python/tilelens_run.py share/man/man1/tilelens-audit.1 \
    share/bash-completion/completions/tilelens-audit; do
    grep -qx "\./usr/$f" <<< "$listing" || fail "the package lacks /usr/$f"
done

# Unpacked into a scratch root, the audit tool runs from there.
dpkg-deb -x "$deb" "$scratch/root"
out=$(env -i PATH="$scratch/root/usr/bin:/usr/bin:/bin" tilelens-audit --version)
[[ $out == "tilelens-audit $version" ]] || fail "--version said: $out"
env -i PATH="$scratch/root/usr/bin:/usr/bin:/bin" tilelens-audit --quiet --sweep off \
    "$scratch/root/usr/share/tilelens/examples/matmul-rect.tilelens.json" || fail "check failed"
echo "$(basename "$deb"): $(field Depends | tr ',' '\n' | wc -l) computed dependencies"
