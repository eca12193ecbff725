#!/usr/bin/env bash
# The installed tree on its own: `cmake --install` of the built tree into a scratch root, the
# prefix copied elsewhere (so nothing can lean on the install path, the build tree or the
# source tree), both programs run from the copy, then an uninstall by install_manifest.txt.
# Usage: test_installed_tree.sh CMAKE BUILD_DIR SOURCE_DIR VERSION GUI(ON|OFF)
set -euo pipefail
cmake=$1 build=$(realpath "$2") source=$(realpath "$3") version=$4 gui=$5

fail() { echo "FAIL: $*" >&2; exit 1; }
scratch=$(mktemp -d "${TMPDIR:-/tmp}/tilelens-install.XXXXXX")
scratch=$(realpath "$scratch")
trap 'rm -rf "$scratch"' EXIT
case $scratch/ in "$source"/* | "$build"/*) fail "scratch folder $scratch is inside the trees" ;; esac

# cmake --install writes install_manifest.txt into the build tree: keep it here and give the
# build tree back the one it had (a real install's manifest must survive the suite).
manifest=$build/install_manifest.txt
[[ -e $manifest ]] && cp -p "$manifest" "$scratch/manifest.before"
root=$scratch/root
DESTDIR=$root "$cmake" --install "$build" --prefix /usr > "$scratch/install.log"
cp "$manifest" "$scratch/manifest.txt"
if [[ -e $scratch/manifest.before ]]; then
    cp -p "$scratch/manifest.before" "$manifest"
else
    rm -f "$manifest"
fi

# The manifest lists paths under the prefix (without DESTDIR): each one is under the scratch
# root, and nothing else is.
n=0
while IFS= read -r f || [[ -n $f ]]; do
    [[ $f == /usr/* && -f $root$f ]] || fail "manifest entry $f is not under DESTDIR/usr"
    n=$((n + 1))
done < "$scratch/manifest.txt"
((n == $(find "$root" ! -type d | wc -l))) || fail "files installed that the manifest omits"

# Everything in its standard place.
expect=(
    bin/tilelens-audit
    share/tilelens/targets.json
    share/tilelens/examples/index.json
    share/tilelens/examples/matmul-rect.tilelens.json
    share/tilelens/examples/real/index.json
    share/tilelens/examples/real/SOURCES.md
    share/tilelens/python/tilelens_run.py
    share/tilelens/python/jax/__init__.py
    share/bash-completion/completions/tilelens-audit
    share/man/man1/tilelens-audit.1
)
if [[ $gui == ON ]]; then
    expect+=(
        bin/tilelens
        share/applications/io.github.tilelens.TileLens.desktop
        share/metainfo/io.github.tilelens.TileLens.metainfo.xml
        share/icons/hicolor/scalable/apps/io.github.tilelens.TileLens.svg
        share/mime/packages/io.github.tilelens.TileLens.xml
        share/man/man1/tilelens.1
    )
fi
for f in "${expect[@]}"; do
    [[ -f $root/usr/$f ]] || fail "not installed: usr/$f"
done
[[ -x $root/usr/bin/tilelens-audit ]] || fail "bin/tilelens-audit is not executable"
n_examples=$(find "$source/resources/examples" -name '*.tilelens.json' | wc -l)
n_installed=$(find "$root/usr/share/tilelens/examples" -name '*.tilelens.json' | wc -l)
((n_examples == n_installed)) || fail "$n_installed of $n_examples example specs installed"
n_lessons=$(find "$source/resources/lessons" -name '*.tilelens.json' | wc -l)
n_installed=$(find "$root/usr/share/tilelens/lessons" -name '*.tilelens.json' | wc -l)
((n_lessons == n_installed)) || fail "$n_installed of $n_lessons lessons installed"
if find "$root" -name __pycache__ -o -name '*.pyc' | grep -q .; then
    fail "compiled Python installed"
fi

# No run path of the programs points into the build tree.
for exe in "$root"/usr/bin/*; do
    if readelf -d "$exe" | grep -E 'R(UN)?PATH' | grep -qF "$build"; then
        fail "$(basename "$exe") has a run path into the build tree"
    fi
done

# A copy of the prefix at another path: the programs find share/tilelens from their own bin/.
prefix=$scratch/elsewhere/opt-tilelens
mkdir -p "$(dirname "$prefix")" "$scratch/work" "$scratch/home"
cp -a "$root/usr" "$prefix"
cd "$scratch/work"
run() {  # a clean environment: no TILELENS_* variables, only the copy and the system on PATH
    env -i PATH="$prefix/bin:/usr/bin:/bin" HOME="$scratch/home" LANG=C.UTF-8 "$@"
}
log=$scratch/run.log
: > "$log"

out=$(run tilelens-audit --version 2>&1)
echo "$out" >> "$log"
[[ $out == "tilelens-audit $version" ]] || fail "--version said: $out"

example=$prefix/share/tilelens/examples/matmul-rect.tilelens.json
rc=0
run tilelens-audit check --jobs 2 --json report.json "$example" >> "$log" 2>&1 || rc=$?
((rc == 0)) || fail "check of the installed matmul-rect exited $rc: $(tail -5 "$log")"
grep -q '"verdict"' report.json || fail "no verdict in the JSON report"
cat report.json >> "$log"

lesson=$(find "$prefix/share/tilelens/lessons" -name '*.tilelens.json' | sort | head -1)
rc=0
run tilelens-audit lesson --step 1 "$lesson" >> "$log" 2>&1 || rc=$?
((rc == 0)) || fail "lesson $(basename "$lesson") exited $rc: $(tail -5 "$log")"

# A kernel file runs on the installed stand-ins.
cat > add.py << 'PY'
import jax
from jax.experimental import pallas as pl


def add_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]


def add(x, y):
    block = pl.BlockSpec((128,), lambda i: (i,))
    return pl.pallas_call(add_kernel, grid=(pl.cdiv(x.shape[0], 128),),
                          in_specs=[block, block], out_specs=block,
                          out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)
PY
rc=0
run tilelens-audit import add.py --call add --param N=300 --arg 'float32[300]' \
    --arg 'float32[300]' -o add.tilelens.json >> "$log" 2>&1 || rc=$?
((rc == 0)) || fail "import of a kernel file exited $rc: $(tail -5 "$log")"
rc=0
run tilelens-audit check --sweep off add.tilelens.json >> "$log" 2>&1 || rc=$?
((rc == 0)) || fail "check of the imported kernel exited $rc: $(tail -5 "$log")"
cat add.tilelens.json >> "$log"

# Without its stand-ins the installed program says so; it never falls back to a checkout.
mv "$prefix/share/tilelens/python" "$scratch/python.off"
rc=0
out=$(run tilelens-audit import add.py --call add --param N=300 --arg 'float32[300]' \
    --arg 'float32[300]' 2>&1) || rc=$?
echo "$out" >> "$log"
((rc == 2)) || fail "import without the stand-ins exited $rc, expected 2: $out"
[[ $out == *"tilelens_run.py) were not found"* ]] || fail "import without the stand-ins: $out"
mv "$scratch/python.off" "$prefix/share/tilelens/python"

if [[ $gui == ON ]]; then
    rc=0
    run QT_QPA_PLATFORM=offscreen tilelens --export-image out.png --program 2,3,1 "$example" \
        >> "$log" 2>&1 || rc=$?
    ((rc == 0)) || fail "tilelens --export-image exited $rc: $(tail -5 "$log")"
    # A PNG signature, then an IHDR of a picture of some size.
    python3 - out.png << 'PY' || fail "out.png is not a PNG picture"
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", "no PNG header"
w, h = struct.unpack(">II", data[16:24])
assert w >= 200 and h >= 100, f"{w}x{h}"
PY
fi

# No output names the build or the source tree (the build tree lies inside the source tree
# in the usual layout, so both are looked for).
for tree in "$build" "$source"; do
    if grep -qF "$tree" "$log"; then fail "output names $tree: $(grep -F "$tree" "$log" | head -3)"; fi
done

# Uninstall: remove what the manifest lists; only empty folders may be left.
while IFS= read -r f || [[ -n $f ]]; do rm -f -- "$root$f"; done < "$scratch/manifest.txt"
left=$(find "$root" ! -type d)
[[ -z $left ]] || fail "left after uninstall: $left"
find "$root" -depth -type d -empty -delete
[[ ! -e $root ]] || fail "folders left after uninstall"
echo "installed tree: ${#expect[@]} files checked, runs from a moved prefix, uninstalled"
