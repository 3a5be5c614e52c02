#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# validate.sh TOOL PACKAGE ARGS...: runs a desktop-integration validator. A missing TOOL fails
# the test with the package to install (it is a build dependency: a skip would read as a pass).
set -u
tool="$1"; package="$2"; shift 2
if ! command -v "$tool" >/dev/null 2>&1; then
    echo "FAIL: $tool is not installed (apt-get install $package; it is in packaging/build-deps.txt)"
    exit 1
fi
"$tool" "$@"
status=$?
[ "$status" -eq 0 ] || echo "FAIL: $tool $* exited with $status"
exit "$status"
