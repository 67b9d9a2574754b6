#!/bin/sh
# SPDX-License-Identifier: MIT
# pipe_test.sh U8VALIDATE TESTAID SRCDIR - a reader that goes away (EPIPE,
# with SIGPIPE ignored) and a full disk end the run with a message and
# status 2, for --replace output and for reports alike.
. "$3/lib.sh"

"$testaid" text 8000000 >"$work/text"
"$testaid" mixed 2000000 9 >"$work/mixed"

# closed WHAT ARGS...: stdout read by head -c 1, which then exits.
closed() {
	what=$1
	shift
	{
		"$u8validate" "$@" 2>"$work/err"
		echo $? >"$work/status"
	} | head -c 1 >/dev/null
	status "$what" "$(cat "$work/status")" 2
	has "$what: message" "u8validate: write error: Broken pipe" "$work/err"
}
closed "--replace | head -c 1" --replace "$work/text"
closed "--all reports | head -c 1" --all "$work/mixed"
closed "--json --all | head -c 1" --json --all "$work/mixed"

if [ -w /dev/full ]; then
	"$u8validate" --replace "$work/text" >/dev/full 2>"$work/err"
	status "--replace >/dev/full" $? 2
	has "/dev/full: message" "No space left on device" "$work/err"
	"$u8validate" "$work/mixed" >/dev/full 2>"$work/err"
	status "report >/dev/full" $? 2
fi
finish
