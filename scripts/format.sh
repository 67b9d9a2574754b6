#!/bin/sh
# SPDX-License-Identifier: MIT
# format.sh [--check] - format our C sources with .clang-format, or with
# --check only report (and fail on) what is not formatted.
set -eu
cd "$(dirname "$0")/.."
files=$(find bench ref oracles conformance validate fuzz support scripts -name '*.[ch]' 2>/dev/null | sort)
[ -n "$files" ] || exit 0
if [ "${1:-}" = --check ]; then
	# shellcheck disable=SC2086
	clang-format --dry-run -Werror $files
	echo "format: $(echo "$files" | wc -l) files clean"
else
	# shellcheck disable=SC2086
	clang-format -i $files
fi
