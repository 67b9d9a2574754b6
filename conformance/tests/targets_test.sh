#!/bin/sh
# SPDX-License-Identifier: MIT
# targets_test.sh U8CONFORM TARGETS_TSV MANIFEST - u8conform against each
# deliberately broken test target: the verdict the manifest gives, and
# the defect reported under the right check with the manifest's smallest
# input; the correct target passes with no check above PASS.
set -u
u8conform=$1 targets=$2 manifest=$3
. "$(dirname "$0")/check.sh"

# The check each defect must be reported under.
check_for() {
	case $1 in
	accepts-overlong) echo decode/overlong-2 ;;
	accepts-surrogate) echo decode/surrogate ;;
	accepts-too-large) echo decode/too-large ;;
	accepts-5-6-byte) echo decode/long-form ;;
	rejects-well-formed) echo decode/row-EE-EF ;;
	mis-decodes) echo decode/row-F1-F3 ;;
	encodes-ill-formed) echo encode/surrogates ;;
	crash) echo isolation/crash ;;
	hang) echo isolation/hang ;;
	exit) echo isolation/exit ;;
	writes-stdout) echo isolation/output ;;
	over-read) echo isolation/over-read ;;
	under-read) echo isolation/under-read ;;
	over-write) echo isolation/over-write ;;
	stateful) echo state/between-calls ;;
	next-progress | next-overrun) echo abi/next ;;
	validate-offset) echo abi/validate ;;
	decode-over-cap) echo abi/decode-cap ;;
	replacement-per-byte | replacement-per-run) echo decode/replacement ;;
	drops-ill-formed) echo decode/drops ;;
	strips-bom) echo decode/bom ;;
	*) echo none ;;
	esac
}

tab=$(printf '\t')
while IFS="$tab" read -r name verdict reason input _; do
	lib=$(grep "^$name$tab" "$targets" | cut -f2)
	want=$verdict
	[ "$want" = info ] && want=pass
	# Only the target that hangs on purpose gets a short --timeout: on a
	# loaded machine (the exhaustive proofs beside it) a correct call can
	# stand still for over a second, and be reported as a hang.
	timeout=3000
	[ "$reason" = hang ] && timeout=1000
	"$u8conform" --format json --timeout $timeout "$lib" >"$work/$name.json" 2>"$work/$name.err"
	got=$(jq -r .verdict "$work/$name.json")
	check=$(check_for "$reason")
	line=$(jq -r ".checks[] | select(.id == \"$check\") | [.verdict, .counterexample.input] | @tsv" "$work/$name.json")
	ok=1
	[ "$got" = "$want" ] || ok=0
	if [ "$reason" = correct ]; then
		[ "$(jq '[.checks[] | select(.verdict != "pass")] | length' "$work/$name.json")" = 0 ] || ok=0
	elif [ "$reason" = stateful ]; then
		# State shows only across two calls; the report names the first
		# call's input, not the manifest's repeated one.
		[ "$(echo "$line" | cut -f1)" = fail ] || ok=0
	else
		[ "$(echo "$line" | cut -f2)" = "$input" ] || ok=0
	fi
	if [ $ok -eq 1 ]; then
		passed=$((passed + 1))
		echo "ok   $name: $got${line:+, $check}"
	else
		failed=$((failed + 1))
		echo "FAIL $name: verdict $got (want $want); $check with input $input wanted; got:"
		echo "     ${line:-no such check}"
		not_passed "$work/$name.json"
		head -c 300 "$work/$name.err"
	fi
done <"$manifest"
finish
