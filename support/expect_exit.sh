#!/bin/sh
# SPDX-License-Identifier: MIT
# expect_exit.sh WANT PATTERN CMD [ARGS...] - runs CMD and passes only when
# it ends as WANT says and its output (stdout and stderr together) has a
# line matching the extended regular expression PATTERN ("-": no line
# asked for).  WANT is an exit status, or "finding": a death by a signal,
# or exit status 77, which the sanitizers and fuzz_diff_target give a
# finding (a fuzzing harness's abort is a signal).  The one way a test of
# this tree asserts how a command ends: CTest's PASS_REGULAR_EXPRESSION
# would pass whatever the status.
set -u
want=$1 pattern=$2
shift 2
out=$("$@" 2>&1)
rc=$?
printf '%s\n' "$out" | tail -20
case $want in
finding) [ "$rc" -eq 77 ] || { [ "$rc" -gt 128 ] && [ "$rc" -lt 192 ]; } ;;
*) [ "$rc" -eq "$want" ] ;;
esac || {
	echo "expect_exit: exit status $rc, want $want: $*" >&2
	exit 1
}
if [ "$pattern" != - ] && ! printf '%s\n' "$out" | grep -Eq -- "$pattern"; then
	echo "expect_exit: no line matches '$pattern': $*" >&2
	exit 1
fi
exit 0
