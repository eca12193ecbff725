#!/usr/bin/env bash
# The desktop file, the AppStream metainfo and the MIME type are valid, agree with each
# other, and make *.tilelens.json a TileLens spec that the desktop file opens.
# Usage: test_desktop_entry.sh DESKTOP_FILE_VALIDATE APPSTREAMCLI UPDATE_MIME_DATABASE RESOURCES
set -euo pipefail
validate=$1 appstream=$2 update_mime=$3 res=$4
fail() { echo "FAIL: $*" >&2; exit 1; }
id=io.github.tilelens.TileLens
desktop=$res/$id.desktop metainfo=$res/$id.metainfo.xml mime=$res/mime/$id.xml

"$validate" "$desktop" || fail "desktop-file-validate rejects $desktop"
"$appstream" validate --no-net "$metainfo" || fail "appstreamcli rejects $metainfo"

# The type the MIME package declares is the one the desktop file and the metainfo name.
type=$(grep -oE '<mime-type type="[^"]+"' "$mime" | cut -d'"' -f2)
[[ -n $type ]] || fail "no mime-type in $mime"
mimetypes=$(sed -n 's/^MimeType=//p' "$desktop")
[[ ";$mimetypes" == *";$type;"* ]] || fail "$desktop does not open $type (MimeType=$mimetypes)"
grep -qF "<mediatype>$type</mediatype>" "$metainfo" || fail "$metainfo does not provide $type"
grep -qE "^Icon=$id$" "$desktop" || fail "the desktop file's icon is not $id"
grep -qE '^Exec=tilelens %[fFuU]$' "$desktop" || fail "the desktop file does not pass the file"

# shared-mime-info compiles the package, and the glob maps to the type.
db=$(mktemp -d)
trap 'rm -rf "$db"' EXIT
mkdir -p "$db/mime/packages"
cp "$mime" "$db/mime/packages/"
XDG_DATA_HOME=$db XDG_DATA_DIRS=$db "$update_mime" "$db/mime" 2>&1 | { grep -v '^$' || true; } | grep -q . && fail "update-mime-database warns"
grep -qF ":$type:*.tilelens.json" "$db/mime/globs2" ||
    fail "globs2 does not map *.tilelens.json to $type: $(cat "$db/mime/globs2")"
grep -qxF "$type application/json" "$db/mime/subclasses" || fail "$type is not a kind of JSON"
echo "desktop entry, metainfo and MIME type: valid and consistent ($type)"
