#!/bin/sh
# SPDX-License-Identifier: MIT
# cli_test.sh U8CONFORM NOT_A_TARGET ABI_2 - bad input to the CLI gets one
# clear line on stderr and exit status 2, and nothing on stdout.
set -u
u8conform=$1 no_symbols=$2 abi_2=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'not an ELF file\n' >"$work/text.so"
passed=0 failed=0

# expect STATUS PATTERN ARGS...: the exit status and a pattern of stderr.
expect() {
	want=$1 pattern=$2
	shift 2
	"$u8conform" "$@" >"$work/out" 2>"$work/err"
	got=$?
	if [ "$got" -eq "$want" ] && grep -q -- "$pattern" "$work/err" && [ ! -s "$work/out" ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAIL: u8conform $*: exit $got (want $want), stderr:"
		cat "$work/err"
	fi
}

expect 2 "No such file" "$work/missing.so"
expect 2 "text.so" "$work/text.so"
expect 2 "exports none of u8t_decode" "$no_symbols"
expect 2 "not a regular file" "$work"
expect 2 "u8t_abi_version() is 2" "$abi_2"
expect 2 "unknown or incomplete option" --bogus "$no_symbols"
expect 2 "unknown format" --format xml "$no_symbols"
expect 2 "unknown profile" --profile utf-9 "$no_symbols"
expect 2 "no library given"
expect 2 "give exactly one library" a.so b.so
expect 2 "--jobs wants" --jobs 65 "$no_symbols"
expect 2 "--shard wants" --exhaustive --shard 3/2 "$no_symbols"
expect 2 "--shard goes with --exhaustive" --shard 1/2 "$no_symbols"
expect 2 "not hex bytes" --input "zz" "$no_symbols"
expect 2 "No such file" --input "@$work/none" "$no_symbols"
expect 2 "go together" --symbol f "$no_symbols"
expect 2 "exports no symbol nope" --symbol nope --shape bool "$no_symbols"
expect 2 "unknown shape" --symbol u8ref_validate --shape odd "$no_symbols"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
