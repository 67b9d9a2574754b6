#!/bin/sh
# SPDX-License-Identifier: MIT
# man_test.sh U8VALIDATE TESTAID SRCDIR - u8validate.1 renders without a
# warning and documents every option --help lists.
. "$3/lib.sh"
page=$here/../u8validate.1
command -v groff >/dev/null || { echo "skipped: no groff to render the man page"; exit 77; }

groff -man -Tutf8 -ww -z "$page" 2>"$work/warnings"
status "groff renders u8validate.1" $? 0
empty "groff warnings" "$work/warnings"
groff -man -Tutf8 "$page" 2>/dev/null | col -b >"$work/page" 2>/dev/null ||
	groff -man -Tascii -P-cbou "$page" >"$work/page"
has "the page names the command" "u8validate - check that files are well-formed UTF-8" "$work/page"
"$u8validate" --help | grep -o -- '--[a-z0-9-]*' | sort -u >"$work/options"
while read -r option; do
	has "the page documents $option" "$option" "$work/page"
done <"$work/options"
for word in U8VALIDATE_CHUNK "EXIT STATUS" COLUMN; do
	has "the page has $word" "$word" "$work/page"
done
finish
