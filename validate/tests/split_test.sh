#!/bin/sh
# SPDX-License-Identifier: MIT
# split_test.sh U8VALIDATE TESTAID SRCDIR - one large file checked by
# several threads (-j N splits it into parts of 8 MiB or more) gives what
# one thread gives: every error, the first, --json, the status, with
# errors in the first part, at the cuts between parts, in a later part
# only, and at the very end; a valid file is valid.  Text that starts
# with megabytes of ASCII (one thread counts its lines as it goes) gives
# the walk's lines and columns, an error in it or after it; so does a
# file split among threads that count its lines while its parts are
# ASCII, when a part holds text after ASCII or before it, and when the
# last error is at the very end.
. "$3/lib.sh"

# piece BYTES [HEX]: valid text, then bytes; appended to $file.
piece() {
	"$testaid" text "$@" >>"$file"
}

file=$work/valid
piece 41000000
file=$work/late # errors in the third of four parts only, and at the end
piece 25000000
piece 1000 "F0 9F 98"
piece 5000000 "ED A0 80"
piece 10000000 "E2 82"
file=$work/cuts # characters cut where -j 2 and 3 cut the file
for part in 1 2 3 4 5 6; do
	piece 6830000 "E6 96"
done
file=$work/early # the first part is bad: the scan goes from the start
piece 100 "C0 80"
piece 40000000 "80"
# ascii LINES BYTE: ASCII lines, then one byte; appended to $file.
ascii() {
	yes "an ASCII line" | head -n "$1" >>"$file"
	printf "\\$2" >>"$file"
}
file=$work/ascii-then-text # ASCII over three windows, then errors
ascii 700000 101
piece 2000000 "ED A0 80"
piece 1000 "E2 82"
file=$work/ascii-errors # errors in ASCII, the last at the very end
ascii 700000 377
ascii 1000 377
file=$work/big-ascii-errors # split: every part ASCII, counted by each
ascii 1400000 377
ascii 1000 377
file=$work/big-ascii-text-ascii # split: the counting stops in a part
ascii 1000000 101
piece 1000
ascii 500000 377
file=$work/big-text-ascii # split: a part's count after a gap, unused
piece 1000
ascii 1400000 377

for f in valid late cuts early ascii-then-text ascii-errors \
	big-ascii-errors big-ascii-text-ascii big-text-ascii; do
	"$u8validate" -j 1 --all "$work/$f" >"$work/want" 2>&1
	want=$?
	"$u8validate" -j 1 "$work/$f" >"$work/want-first" 2>&1
	"$u8validate" -j 1 --json --all "$work/$f" >"$work/want-json" 2>&1
	for j in 2 3; do
		"$u8validate" -j $j --all "$work/$f" >"$work/out" 2>&1
		status "$f -j $j" $? $want
		same "$f -j $j --all" "$work/out" "$work/want"
		"$u8validate" -j $j "$work/$f" >"$work/out" 2>&1
		same "$f -j $j first" "$work/out" "$work/want-first"
		"$u8validate" -j $j --json --all "$work/$f" >"$work/out" 2>&1
		same "$f -j $j --json" "$work/out" "$work/want-json"
	done
	# and what the walk finds
	"$testaid" errors unicode "$work/$f" "$work/$f" >"$work/walk"
	same "$f: the walk's errors" "$work/want" "$work/walk"
done
"$u8validate" "$work/valid"
status "valid, default -j" $? 0
finish
