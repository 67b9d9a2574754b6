#!/bin/sh
# SPDX-License-Identifier: MIT
# jobs_test.sh U8VALIDATE TESTAID SRCDIR - -j N writes what -j 1 writes,
# byte for byte and in the same order, with the same exit status: a tree
# of many files (valid, invalid, empty, mapped and read), several
# operands with failures among them, text, --json, --all and --quiet,
# and a file whose report outgrows what a job may hold; a reader that
# goes away is told once; bad -j values are usage errors.
. "$3/lib.sh"

tree=$work/tree
mkdir -p "$tree/a/b" "$tree/c" "$tree/d/e/f"
i=0
while [ $i -lt 60 ]; do
	case $((i % 4)) in
	0) "$testaid" text $((i * 997)) >"$tree/a/t$i" ;;
	1) "$testaid" mixed $((i * 131 + 1)) $i >"$tree/a/b/m$i" ;;
	2) "$testaid" mixed $((i * 7 + 1)) $i >"$tree/c/s$i" ;;
	3) : >"$tree/d/e/f/empty$i" ;;
	esac
	i=$((i + 1))
done
# larger than a read: mapped
"$testaid" text 600000 "E2 82" >"$tree/d/big-bad"
"$testaid" text 700000 >"$tree/d/big-good"
# 120000 errors: more output than a job holds before it waits its turn
head -c 120000 /dev/zero | tr '\0' '\200' >"$tree/c/many"

# same WHAT ARGS...: -j 1, then -j 2, 3 and 8, stdout, stderr, status.
same_as_one() {
	what=$1
	shift
	"$u8validate" -j 1 "$@" >"$work/out1" 2>"$work/err1"
	st1=$?
	for j in 2 3 8; do
		"$u8validate" -j $j "$@" >"$work/out" 2>"$work/err"
		status "$what -j $j" $? $st1
		same "$what -j $j: stdout" "$work/out" "$work/out1"
		same "$what -j $j: stderr" "$work/err" "$work/err1"
	done
}

same_as_one "-r tree" -r "$tree"
same_as_one "-r --all tree" -r --all "$tree"
same_as_one "-r --json --all tree" -r --json --all "$tree"
same_as_one "-r -q tree" -r -q "$tree"
[ "$(wc -l <"$work/out1")" -eq 0 ] && pass || fail "-q: quiet"
same_as_one "operands" "$tree/a/b/m1" "$work/missing" "$tree/d/big-bad" \
	"$tree" "$tree/d/big-good" -
same_as_one "operands and -r" -r --all "$tree/c" "$work/missing" "$tree/d" \
	"$tree/a/t4"
if [ -r /proc/self/mem ]; then
	same_as_one "a failing read" --json "$tree/a/b/m5" /proc/self/mem \
		"$tree/c/s6"
fi
# the default is the CPUs online: the same again
"$u8validate" -r --all "$tree" >"$work/out" 2>&1
"$u8validate" -j 1 -r --all "$tree" >"$work/out1" 2>&1
same "-r --all, default -j" "$work/out" "$work/out1"
[ "$(grep -c many "$work/out1")" -eq 120000 ] && pass || fail "120000 errors of many"

# A reader that goes away: status 2 and one message, however many jobs.
{
	"$u8validate" -j 4 -r --all "$tree" 2>"$work/err"
	echo $? >"$work/status"
} | head -c 1 >/dev/null
status "-j 4 | head -c 1" "$(cat "$work/status")" 2
[ "$(grep -c 'write error: Broken pipe' "$work/err")" -eq 1 ] && pass ||
	fail "-j 4 | head -c 1: one message, got: $(cat "$work/err")"

for bad in "-j 0" "-j x" "-j 1025" "-j -1" "--jobs="; do
	# shellcheck disable=SC2086
	"$u8validate" $bad "$tree/a/t4" >"$work/out" 2>"$work/err"
	status "$bad" $? 2
	empty "$bad: stdout" "$work/out"
	[ "$(wc -l <"$work/err")" -eq 1 ] && pass || fail "$bad: one line"
done
finish
