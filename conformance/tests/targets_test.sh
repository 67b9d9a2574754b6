#!/bin/sh
# SPDX-License-Identifier: MIT
# targets_test.sh U8CONFORM TARGETS_TSV MANIFEST [replay] - u8conform
# against each deliberately broken test target: the verdict the manifest
# gives, and the defect reported under the right check with the
# manifest's smallest input; the correct target passes with no check
# above PASS.  A broken target's defect is in the core all its functions
# share, so it is judged on the function its check names (--functions;
# isolation and state checks on u8t_decode), as the whole run would find
# it there with the same smallest input; the correct one on all.  With
# "replay", each target runs on the manifest's input alone (--input),
# which must show the same verdict and check: quick enough for the
# sanitizers, which then watch every fate's path.
set -u
u8conform=$1 targets=$2 manifest=$3 mode=${4:-full}
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

# The function a check judges.
function_of() {
	case $1 in
	decode/* | abi/decode-cap | isolation/* | state/*) echo decode ;;
	validate/* | abi/validate) echo validate ;;
	next/* | abi/next) echo next ;;
	encode/*) echo encode ;;
	esac
}

tab=$(printf '\t')
while IFS="$tab" read -r name verdict reason input _; do
	lib=$(grep "^$name$tab" "$targets" | cut -f2)
	want=$verdict
	[ "$want" = info ] && want=pass
	# The target that hangs on purpose gets a short --timeout, since each
	# of its hangs costs one.  A correct call that waits on a busy
	# machine uses no CPU, so it is never taken for a hang.  Its whole run
	# is the first twentieth of each family, which holds FE and more
	# hangs than u8conform meets before it sets the function aside, which
	# the whole default run does in its first family too.
	timeout=3000 part=
	[ "$reason" = hang ] && timeout=300
	[ "$reason" = hang ] && [ "$mode" = full ] && part="--shard 1/20"
	check=$(check_for "$reason")
	one=
	[ "$mode" = replay ] && one="--input $(echo "$input" | tr -d ' ')"
	[ "$mode" = full ] && [ "$reason" != correct ] && one="--functions $(function_of "$check")"
	# shellcheck disable=SC2086
	"$u8conform" --format json --timeout $timeout $one $part "$lib" >"$work/$name.json" 2>"$work/$name.err"
	got=$(jq -r .verdict "$work/$name.json")
	line=$(jq -r ".checks[] | select(.id == \"$check\") | [.verdict, .counterexample.input] | @tsv" "$work/$name.json")
	ok=1
	[ "$got" = "$want" ] || ok=0
	if [ "$reason" = correct ]; then
		[ "$(jq '[.checks[] | select(.verdict != "pass")] | length' "$work/$name.json")" = 0 ] || ok=0
	elif [ "$mode" = replay ]; then
		[ "$(echo "$line" | cut -f1)" != pass ] || ok=0
		[ "$reason" = stateful ] || [ "$(echo "$line" | cut -f2)" = "$input" ] || ok=0
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
finish "$(cases "$manifest")"
