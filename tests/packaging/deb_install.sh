#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# deb_install.sh BUILD_DIR CPACK VERSION WORK_DIR: builds the .deb with CPack into WORK_DIR,
# unpacks it with dpkg -x into WORK_DIR/staging and runs the packaged binary from there.
# Fails when dpkg-dev is missing (a build dependency: a skip would read as a pass); writes nothing
# outside WORK_DIR except CPack's install manifest in BUILD_DIR.
set -eu
build="$1"; cpack="$2"; version="$3"; work="$4"
id=org.shardscope.ShardScope

for tool in dpkg dpkg-deb dpkg-shlibdeps; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "FAIL: $tool is not installed (apt-get install dpkg-dev; it is in packaging/build-deps.txt)"
        exit 1
    fi
done
fail() { echo "FAIL: $*"; exit 1; }

rm -rf "$work"
mkdir -p "$work"
"$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$work/out" > "$work/cpack.log" 2>&1 \
    || { cat "$work/cpack.log"; fail "cpack -G DEB failed"; }
set -- "$work"/out/*.deb
[ $# -eq 1 ] && [ -f "$1" ] || fail "expected one .deb in $work/out, found: $*"
deb="$1"
echo "package: $deb"

# Control fields: name, version from the project, section, Depends from dpkg-shlibdeps.
dpkg-deb -f "$deb" Package Version Section Maintainer Depends
[ "$(dpkg-deb -f "$deb" Package)" = shardscope ] || fail "Package is not shardscope"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "Version is not $version"
[ "$(dpkg-deb -f "$deb" Section)" = science ] || fail "Section is not science"
dpkg-deb -f "$deb" Depends | grep -q 'libqt6core6' || fail "Depends lacks libqt6core6 (shlibdeps did not run?)"

staging="$work/staging"
dpkg -x "$deb" "$staging"
for f in usr/bin/shardscope usr/bin/shardscope-gui usr/libexec/shardscope/shardscope-onnx-infer \
         usr/share/applications/$id.desktop \
         usr/share/metainfo/$id.metainfo.xml \
         usr/share/mime/packages/$id.xml \
         usr/share/icons/hicolor/scalable/apps/$id.svg \
         usr/share/icons/hicolor/16x16/apps/$id.png \
         usr/share/icons/hicolor/32x32/apps/$id.png \
         usr/share/icons/hicolor/48x48/apps/$id.png \
         usr/share/icons/hicolor/64x64/apps/$id.png \
         usr/share/icons/hicolor/128x128/apps/$id.png \
         usr/share/icons/hicolor/256x256/apps/$id.png \
         usr/share/doc/shardscope/README.md \
         usr/share/doc/shardscope/copyright; do
    [ -f "$staging/$f" ] || fail "the package lacks /$f"
done

# The packaged binary runs from the staging folder (bundled models are compiled in).
out=$("$staging/usr/bin/shardscope" --version) || fail "shardscope --version exited with $?"
echo "$out"
echo "$out" | grep -qF "$version" || fail "shardscope --version does not print $version"
"$staging/usr/bin/shardscope" plan llama-3-8b --gpus 8 > "$work/plan.txt" 2>&1 \
    || { cat "$work/plan.txt"; fail "shardscope plan llama-3-8b --gpus 8 failed"; }
head -n 5 "$work/plan.txt"
# The command line needs no GUI library: shardscope links QtCore and no QtGui or QtWidgets.
needed=$(objdump -p "$staging/usr/bin/shardscope" | awk '/NEEDED/ {print $2}')
echo "$needed" | grep -q '^libQt6Core' || fail "shardscope does not link QtCore?"
if echo "$needed" | grep -qE '^libQt6(Gui|Widgets)|^libGL|^libX'; then
    fail "shardscope (the command line) links a GUI library: $(echo $needed)"
fi
# ONNX shape inference runs in the packaged helper (../libexec/shardscope beside the program), not
# in the fork fallback: no warning that the helper could not run.
onnx_out=$(env -u SHARDSCOPE_ONNX_HELPER "$staging/usr/bin/shardscope" inspect "$(dirname "$0")/../data/onnx/gpt_block.onnx" 2>&1) \
    || { echo "$onnx_out"; fail "shardscope inspect gpt_block.onnx failed"; }
echo "$onnx_out" | grep -q "116.5 K" || { echo "$onnx_out"; fail "the packaged shardscope did not import the ONNX model"; }
if echo "$onnx_out" | grep -qi "could not run\|helper"; then echo "$onnx_out"; fail "the packaged ONNX helper did not run"; fi
# The desktop planner runs the same subcommands.
"$staging/usr/bin/shardscope-gui" --version | grep -qF "$version" || fail "shardscope-gui --version does not print $version"

# The installed tree as a whole (no network).
command -v appstreamcli >/dev/null 2>&1 || fail "appstreamcli is not installed (apt-get install appstream; it is in packaging/build-deps.txt)"
appstreamcli validate-tree --no-net "$staging" || fail "appstreamcli validate-tree failed"
echo "PASS"
