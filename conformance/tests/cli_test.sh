#!/bin/sh
# SPDX-License-Identifier: MIT
# cli_test.sh U8CONFORM NOT_A_TARGET ABI_NEXT CORRECT WARN_ONLY CONSUMED_V2
# BOTH_STREAMS - bad input to the CLI gets one clear line on stderr, exit
# status 2 and nothing on stdout; a report that cannot be written is exit
# status 2 and one line; u8conform needs no writable /tmp; a WARN stays a
# WARN at any --input length.
set -u
u8conform=$1 no_symbols=$2 abi_next=$3 correct=$4 warn_only=$5
consumed_v2=$6 both_streams=$7
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'not an ELF file\n' >"$work/text.so"
printf 'A' >"$work/input.bin"
passed=0 failed=0

ok() {
	passed=$((passed + 1))
}

bad() {
	failed=$((failed + 1))
	echo "FAIL: $*"
}

# expect STATUS PATTERN ARGS...: the exit status, one line on stderr
# matching PATTERN, nothing on stdout.
expect() {
	want=$1 pattern=$2
	shift 2
	"$u8conform" "$@" >"$work/out" 2>"$work/err"
	got=$?
	if [ "$got" -eq "$want" ] && grep -q -- "$pattern" "$work/err" &&
		[ "$(wc -l <"$work/err")" -eq 1 ] && [ ! -s "$work/out" ]; then
		ok
	else
		bad "u8conform $*: exit $got (want $want), stderr:"
		cat "$work/err"
	fi
}

expect 2 "No such file" "$work/missing.so"
expect 2 "text.so" "$work/text.so"
expect 2 "exports none of u8t_decode" "$no_symbols"
expect 2 "not a regular file" "$work"
expect 2 "u8t_abi_version() is 4" "$abi_next"
expect 2 "exports u8t_stream_consumed, but u8t_abi_version() is 2" "$consumed_v2"
expect 2 "exports both u8t_stream_decode and u8t_stream_consumed" "$both_streams"
expect 2 "unknown or incomplete option" --bogus "$no_symbols"
expect 2 "unknown format" --format xml "$no_symbols"
expect 2 "unknown profile" --profile utf-9 "$no_symbols"
expect 2 "no library given"
expect 2 "give exactly one library" a.so b.so
expect 2 "--jobs wants" --jobs 65 "$no_symbols"
expect 2 "--jobs wants" --jobs "" "$no_symbols"
expect 2 "--jobs wants" --jobs 0 "$no_symbols"
expect 2 "--jobs wants" --jobs 2x "$no_symbols"
expect 2 "--shard wants" --exhaustive --shard 3/2 "$no_symbols"
expect 2 "--shard wants" --exhaustive --shard 1/-1 "$no_symbols"
expect 2 "--shard wants" --exhaustive --shard 1/3junk "$no_symbols"
expect 2 "--shard wants" --exhaustive --shard 0/3 "$no_symbols"
expect 2 "--shard wants" --shard 2/1 "$no_symbols"
expect 2 "no --exhaustive or --shard" --input 41 --exhaustive --shard 1/2 "$no_symbols"
expect 2 "--timeout wants" --timeout 4294967296 "$no_symbols"
expect 2 "--timeout wants" --timeout 0 "$no_symbols"
expect 2 "--timeout wants" --timeout -5 "$no_symbols"
expect 2 "--max-fatal wants" --max-fatal 0 "$no_symbols"
expect 2 "not hex bytes" --input "zz" "$no_symbols"
expect 2 "not a code point" --input "U+12345678Z" "$no_symbols"
expect 2 "No such file" --input "@$work/none" "$no_symbols"
expect 2 "not a regular file" --input "@$work" "$no_symbols"
expect 2 "go together" --symbol f "$no_symbols"
expect 2 "exports no symbol nope" --symbol nope --shape bool "$no_symbols"
expect 2 "unknown shape" --symbol u8ref_validate --shape odd "$no_symbols"
expect 2 "takes no --input" --merge --input 41 "$work/input.bin"
expect 2 "takes no --functions" --merge --functions decode "$work/input.bin"
expect 2 "takes no --progress" --merge --progress "$work/input.bin"
expect 2 "exports no ucnv_open, which the shape needs" --symbol u8ref_validate --shape icu "$no_symbols"

# A report that cannot be written: exit status 2 and one line.
"$u8conform" --input 41 "$correct" >/dev/full 2>"$work/err"
rc=$?
if [ "$rc" = 2 ] && grep -q "cannot write the report" "$work/err"; then ok; else
	bad "a report to /dev/full: exit $rc, $(cat "$work/err")"
fi
"$u8conform" --input 41 "$correct" >&- 2>"$work/err"
rc=$?
if [ "$rc" = 2 ] && grep -q "standard output is closed" "$work/err"; then ok; else
	bad "a closed stdout: exit $rc, $(cat "$work/err")"
fi
# a pipe whose reader is gone before the report is written
{
	"$u8conform" --format json --input 41 "$correct" 2>"$work/err"
	echo $? >"$work/rc"
} | (exec 0<&- && sleep 1)
rc=$(cat "$work/rc")
if [ "$rc" = 2 ] && grep -q "cannot write the report" "$work/err"; then ok; else
	bad "a closed pipe: exit $rc, $(cat "$work/err")"
fi

# --input @FILE reads the file's bytes.
"$u8conform" --input "@$work/input.bin" "$correct" >"$work/out" 2>&1
if grep -q '^input      41 (1 bytes)' "$work/out"; then ok; else bad "--input @FILE: $(head -2 "$work/out")"; fi

# No writable /tmp, and TMPDIR nowhere: the reference still passes.
if unshare -m true 2>/dev/null; then
	unshare -m sh -c "mount -o bind,ro /tmp /tmp && TMPDIR=/nonexistent '$u8conform' --input 'C0 80' '$correct'" \
		>"$work/out" 2>&1
	rc=$?
	if [ "$rc" = 0 ] && grep -q '^verdict  pass' "$work/out"; then ok; else
		bad "read-only /tmp: exit $rc, $(tail -3 "$work/out")"
	fi
else
	echo "skip read-only /tmp: no mount namespace here"
fi

# A WARN stays a WARN on an --input of 400 bytes (two hundred E0 A0).
long=$(awk 'BEGIN { for (i = 0; i < 200; i++) printf "E0A0" }')
"$u8conform" --format json --input "$long" "$warn_only" >"$work/out" 2>"$work/err"
rc=$?
if [ "$rc" = 0 ] && [ "$(jq -r .verdict "$work/out")" = warn ]; then ok; else
	bad "a WARN-only target on 400 bytes: exit $rc, verdict $(jq -r .verdict "$work/out")"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
