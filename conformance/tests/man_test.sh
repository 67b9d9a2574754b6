#!/bin/sh
# SPDX-License-Identifier: MIT
# man_test.sh U8CONFORM PAGE BUILD - u8conform.1 renders without a
# warning, documents every option and shape --help lists, and is
# installed.
set -u
. "$(dirname "$0")/check.sh"
u8conform=$1 page=$2 build=$3
command -v groff >/dev/null || { echo "skipped: no groff to render the man page"; exit 77; }

groff -man -Tutf8 -ww -z "$page" 2>"$work/warnings"
check "$?/$(wc -c <"$work/warnings")" "0/0" "groff renders it without a warning"
groff -man -Tascii -P-cbou "$page" 2>/dev/null >"$work/page"
"$u8conform" --help >"$work/help"
for word in $(grep -o -- '--[a-z0-9-]*' "$work/help" | sort -u) \
	$(sed -n '/^Shapes/,$p' "$work/help" | awk 'NF > 1 && $1 ~ /^[a-z0-9-]+$/ { print $1 }') \
	"EXIT STATUS" "EXPECTATIONS" u8t_traits u8t_stream_decode stream/early; do
	check "$(grep -c -F -- "$word" "$work/page" | sed 's/^[1-9][0-9]*$/found/')" found \
		"the page documents $word"
done
cmake --install "$build" --prefix "$work/prefix" >/dev/null
check "$(find "$work/prefix" -path '*/man1/u8conform.1' | wc -l)" 1 "cmake --install puts it in man1"
finish
