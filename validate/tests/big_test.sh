#!/bin/sh
# SPDX-License-Identifier: MIT
# big_test.sh U8VALIDATE TESTAID SRCDIR - 200 MB of text with one error at
# its very end: found with its exact line and column, from the file and
# from a pipe, and in constant memory (GNU time's maximum resident set).
. "$3/lib.sh"

big=$work/big
"$testaid" text 200000000 "41 E2 82" >"$big"
"$testaid" errors unicode "$big" "$big" >"$work/want"
[ "$(wc -l <"$work/want")" -eq 1 ] && pass || fail "the aid finds one error"

# rss FILE ARGS...: run, keeping the maximum resident set (KB) in FILE
# (GNU time writes a line about the exit status before it).
rss() {
	out=$1
	shift
	/usr/bin/time -f %M -o "$out.log" "$u8validate" "$@"
	st=$?
	tail -n 1 "$out.log" >"$out"
	return $st
}
if /usr/bin/time -f %M -o "$work/probe" true 2>/dev/null; then
	limit=16384 # KB; the buffers take 0.4 MB, the program about 1.3 MB
	rss "$work/rss" "$big" >"$work/out"
	status "big file" $? 1
	same "big file: the error" "$work/out" "$work/want"
	[ "$(cat "$work/rss")" -lt $limit ] && pass || fail "big file: $(cat "$work/rss") KB resident"
	rss "$work/rss" --replace "$big" 2>/dev/null | tail -c 4 | od -An -tx1 >"$work/out"
	echo " 41 ef bf bd" >"$work/want-tail"
	same "big file --replace: the end" "$work/out" "$work/want-tail"
	[ "$(cat "$work/rss")" -lt $limit ] && pass || fail "--replace: $(cat "$work/rss") KB resident"
	echo "resident: $(cat "$work/rss") KB for 200 MB"
else
	echo "no GNU time: memory not measured"
	"$u8validate" "$big" >"$work/out"
	same "big file: the error" "$work/out" "$work/want"
fi
sed 's|^[^:]*:|-:|' "$work/want" >"$work/want-stdin"
cat "$big" | "$u8validate" >"$work/out"
same "big file from a pipe" "$work/out" "$work/want-stdin"
finish
