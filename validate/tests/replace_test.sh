#!/bin/sh
# SPDX-License-Identifier: MIT
# replace_test.sh U8VALIDATE TESTAID SRCDIR - --replace gives, at every
# chunk size and under every profile, exactly the aid's decode-then-
# encode of the whole input, and for Table 3-7 exactly u8ref_repair;
# reports go to stderr; valid input comes out unchanged.
. "$3/lib.sh"

for seed in 1 2 3; do
	"$testaid" mixed 3000 $seed >"$work/in$seed"
done
for profile in unicode unicode-3.1 rfc2279 cesu8 mutf8 wtf8; do
	for seed in 1 2 3; do
		in=$work/in$seed
		"$testaid" repair $profile "$in" >"$work/want"
		"$testaid" errors $profile "$in" "$in" | head -n 1 >"$work/want-err"
		for chunk in 1 3 7 default; do
			case $chunk in default) size= ;; *) size=$chunk ;; esac
			what="--replace $profile seed $seed chunk $chunk"
			U8VALIDATE_CHUNK=$size "$u8validate" --replace --profile $profile "$in" >"$work/out" 2>"$work/err"
			status "$what" $? 1
			same "$what: output" "$work/out" "$work/want"
			same "$what: first error on stderr" "$work/err" "$work/want-err"
		done
	done
done
for seed in 1 2 3; do
	"$testaid" librepair "$work/in$seed" >"$work/want"
	"$u8validate" --replace "$work/in$seed" >"$work/out" 2>/dev/null
	same "--replace seed $seed = u8ref_repair" "$work/out" "$work/want"
	U8VALIDATE_CHUNK=2 "$u8validate" --replace <"$work/in$seed" >"$work/out" 2>/dev/null
	same "--replace seed $seed stdin = u8ref_repair" "$work/out" "$work/want"
done

# --all lists every error on stderr; --quiet none; valid input unchanged.
"$u8validate" --replace --all "$work/in1" >/dev/null 2>"$work/err"
"$testaid" errors unicode "$work/in1" "$work/in1" >"$work/want"
same "--replace --all: every error on stderr" "$work/err" "$work/want"
"$u8validate" --replace -q "$work/in1" >/dev/null 2>"$work/err"
status "--replace -q" $? 1
empty "--replace -q: stderr" "$work/err"
"$testaid" text 100000 >"$work/valid"
"$u8validate" --replace "$work/valid" >"$work/out" 2>"$work/err"
status "--replace valid" $? 0
same "--replace valid: unchanged" "$work/out" "$work/valid"
# Inputs are replaced one after the other, each ending on its own.
printf 'a\342\202' >"$work/cut"
printf 'b\n' >"$work/next"
"$u8validate" --replace "$work/cut" "$work/next" >"$work/out" 2>/dev/null
printf 'a\357\277\275b\n' >"$work/want"
same "--replace two inputs" "$work/out" "$work/want"
finish
