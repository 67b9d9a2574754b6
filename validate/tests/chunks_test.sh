#!/bin/sh
# SPDX-License-Identifier: MIT
# chunks_test.sh U8VALIDATE TESTAID SRCDIR - inputs cut into chunks of
# 1, 2, 3, 5, 7, 13, 64 and 4096 bytes and the default give exactly the
# errors (offset, line, column, kind, bytes) that the aid finds by
# walking the whole input in memory, under every profile, from a file
# (positions counted late, by reading again) and from a pipe (counted
# as read).  The input is four mixed texts of 3,000 bytes, each from its
# own seed, one after the other, read in one run: under the sanitizers,
# starting u8validate costs more than reading them.
. "$3/lib.sh"

in=$work/in
for seed in 1 2 3 4; do
	"$testaid" mixed 3000 $seed
done >"$in"
for profile in unicode unicode-3.1 rfc2279 cesu8 mutf8 wtf8; do
	"$testaid" errors $profile "$in" "$in" >"$work/want"
	"$testaid" errors $profile - "$in" >"$work/want-stdin"
	head -n 1 "$work/want" >"$work/want-first"
	[ -s "$work/want" ] || fail "the input has no $profile errors"
	for chunk in 1 2 3 5 7 13 64 4096 default; do
		case $chunk in default) size= ;; *) size=$chunk ;; esac
		what="$profile chunk $chunk"
		U8VALIDATE_CHUNK=$size "$u8validate" --all --profile $profile "$in" >"$work/out"
		status "$what" $? 1
		same "$what --all" "$work/out" "$work/want"
		U8VALIDATE_CHUNK=$size "$u8validate" --profile $profile "$in" >"$work/out"
		same "$what first" "$work/out" "$work/want-first"
		cat "$in" | U8VALIDATE_CHUNK=$size "$u8validate" --all --profile $profile >"$work/out"
		same "$what pipe" "$work/out" "$work/want-stdin"
	done
done
finish
