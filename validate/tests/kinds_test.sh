#!/bin/sh
# SPDX-License-Identifier: MIT
# kinds_test.sh U8VALIDATE TESTAID SRCDIR - every error kind, every
# profile, --all and --quiet on the cases of kinds.tsv: the exact line
# printed and the exit status.
. "$3/lib.sh"

grep -v '^#' "$here/kinds.tsv" >"$work/cases"
while IFS='|' read -r want options input output; do
	# shellcheck disable=SC2059 # the input is a printf format
	printf "$input" >"$work/in"
	printf '%b' "$output${output:+\n}" >"$work/want"
	# shellcheck disable=SC2086 # options are words
	"$u8validate" $options <"$work/in" >"$work/out" 2>"$work/err"
	got=$?
	status "$options '$input'" "$got" "$want"
	same "$options '$input': stdout" "$work/out" "$work/want"
	empty "$options '$input': stderr" "$work/err"
	# The same through the walk: the aid finds every error in memory.
	profile=$(echo "$options" | sed -n 's/.*--profile \([^ ]*\).*/\1/p')
	"$testaid" errors "${profile:-unicode}" - "$work/in" >"$work/all"
	case $options in
	*-q*) ;;
	*--all*) same "$options '$input': aid" "$work/out" "$work/all" ;;
	*) head -n 1 "$work/all" >"$work/first"
		same "$options '$input': aid" "$work/out" "$work/first" ;;
	esac
done <"$work/cases"
finish
