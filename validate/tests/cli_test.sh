#!/bin/sh
# SPDX-License-Identifier: MIT
# cli_test.sh U8VALIDATE TESTAID SRCDIR - operands (files, '-', none),
# bad operands (missing, a directory, a failing read) and bad usage (status 2, one line, the others still
# checked), the worst status winning, --help, --version and --kernel.
. "$3/lib.sh"

printf 'caf\303\251\n' >"$work/good"
printf 'ok\nbad \340\200 here\n' >"$work/bad"
: >"$work/empty"
"$testaid" mixed 4000 7 >"$work/mixed"

# run STATUS ARGS...: run with stdout in out, stderr in err.
run() {
	want=$1
	shift
	"$u8validate" "$@" >"$work/out" 2>"$work/err"
	status "u8validate $*" $? "$want"
}

run 0 "$work/good" "$work/empty"
empty "valid files: stdout" "$work/out"
run 1 "$work/good" "$work/bad"
echo "$work/bad:2:5: byte 7: overlong (E0)" >"$work/want"
same "invalid file: the line" "$work/out" "$work/want"
"$u8validate" <"$work/bad" >"$work/out"
status "stdin, no operand" $? 1
has "stdin is named -" "-:2:5: byte 7: overlong (E0)" "$work/out"
"$u8validate" "$work/good" - <"$work/bad" >"$work/out"
status "stdin as -" $? 1
has "stdin as -: named -" "-:2:5:" "$work/out"

# A bad operand: a message and status 2; the ones after it still run.
run 2 "$work/missing" "$work/bad" "$work/good"
has "missing file: message" "u8validate: $work/missing: No such file or directory" "$work/err"
has "missing file: the next still checked" "$work/bad:2:5:" "$work/out"
run 2 "$work/bad" "$work"
has "directory without -r" "$work: Is a directory" "$work/err"
has "directory without -r: the file before" "$work/bad:2:5:" "$work/out"
# A read that fails midway (EIO: /proc/self/mem at offset 0).
if [ -r /proc/self/mem ]; then
	run 2 /proc/self/mem "$work/bad"
	has "read error: message" "u8validate: /proc/self/mem: Input/output error" "$work/err"
	has "read error: the next still checked" "$work/bad:2:5:" "$work/out"
fi
run 2 -q "$work/missing"
has "--quiet still names a bad operand" "No such file" "$work/err"
empty "--quiet: stdout" "$work/out"
run 1 -q "$work/bad" "$work/good"
empty "--quiet invalid: stdout" "$work/out"

# Bad usage: one line on stderr, nothing on stdout.
for args in "--bogus" "-x" "--profile" "--profile utf-9 x" "--kernel nope x"; do
	# shellcheck disable=SC2086
	run 2 $args
	empty "$args: stdout" "$work/out"
	[ "$(wc -l <"$work/err")" -eq 1 ] && pass || fail "$args: one line"
done
run 2 --profile utf-9
has "unknown profile" "unknown profile 'utf-9'" "$work/err"
run 2 --kernel nope
has "unknown kernel" "unknown kernel 'nope'" "$work/err"
U8VALIDATE_CHUNK=0 "$u8validate" "$work/good" 2>"$work/err"
status "U8VALIDATE_CHUNK=0" $? 2
U8VALIDATE_CHUNK=1k "$u8validate" "$work/good" 2>"$work/err"
status "U8VALIDATE_CHUNK=1k" $? 2

run 0 --help
has "--help" "usage: u8validate" "$work/out"
run 0 --version
has "--version" "u8validate " "$work/out"

# Each kernel the CPU runs is really the one used, with the same answers;
# the others are refused by name.
"$testaid" errors unicode "$work/mixed" "$work/mixed" >"$work/want"
for kernel in scalar sse4 avx2 avx512 auto; do
	if "$u8validate" --kernel $kernel --version >"$work/out" 2>"$work/err"; then
		[ $kernel = auto ] || has "--kernel $kernel used" "kernel $kernel)" "$work/out"
		run 1 --kernel $kernel --all "$work/mixed"
		same "--kernel $kernel answers" "$work/out" "$work/want"
	else
		has "--kernel $kernel refused" "not supported on this CPU" "$work/err"
	fi
done
finish
