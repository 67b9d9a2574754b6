#!/bin/sh
# SPDX-License-Identifier: MIT
# streams_test.sh U8CONFORM TARGETS_TSV MANIFEST [replay] - u8conform against each
# streaming test target: the manifest's verdict, and the defect under the
# manifest's check with its smallest input and chunking ("C2 | 80": the
# bytes, a bar at each cut); then that counterexample replayed with
# --input, which must show the same check failing again.  The correct
# target passes with no check above PASS and no stream check left out;
# the broken ones, whose defects are all in the stream, are judged with
# --functions stream (their other functions are the correct core's).
# With "replay", only the --input replays (quick enough for sanitizers),
# and the correct target's replay of an empty input and of "C2 |" pass.
# A fifth column K/N judges only that shard of each family: a target
# whose every stream call writes or reads past or beside its state shows
# it on every input, the smallest of which the first twentieth of each
# family holds; the whole run shows it no better, at twenty times the
# cost (past the state, each call is a fault, at the kernel's price).
set -u
u8conform=$1 targets=$2 manifest=$3 mode=${4:-full}
. "$(dirname "$0")/check.sh"

# A JSON counterexample's input and chunk lengths as "C2 | 80".
chunked() {
	jq -L "$(dirname "$0")/../../scripts" -r --arg id "$2" \
		'include "chunks"; .checks[] | select(.id == $id) | .counterexample | shown' "$1"
}

tab=$(printf '\t')
while IFS="$tab" read -r name verdict check input part; do
	lib=$(grep "^$name$tab" "$targets" | cut -f2)
	json=$work/$name.json
	only="--functions stream"
	[ "$check" = - ] && only=
	shard=
	[ -n "$part" ] && shard="--shard $part"
	ok=1 shown=
	if [ "$mode" = replay ]; then
		got=replayed
		if [ "$check" = - ]; then
			for one in "" "C2|"; do
				"$u8conform" --format json --input "$one" "$lib" >"$json" 2>"$work/$name.err"
				jq -e '.verdict == "pass"' "$json" >/dev/null || { ok=0; shown="--input \"$one\" not a pass"; }
			done
			check=- input=-
		fi
	else
		# shellcheck disable=SC2086
		"$u8conform" --format json $only $shard "$lib" >"$json" 2>"$work/$name.err"
		got=$(jq -r .verdict "$json")
		[ "$got" = "$verdict" ] || ok=0
	fi
	if [ "$check" = - ] && [ "$mode" = replay ]; then
		:
	elif [ "$check" = - ]; then
		[ "$(jq '[.checks[] | select(.verdict != "pass")] | length' "$json")" = 0 ] || ok=0
		[ "$(jq '[.checks[] | select(.id | startswith("stream/"))] | length' "$json")" -gt 0 ] || ok=0
		jq -e '.skipped | length == 0' "$json" >/dev/null || ok=0
	else
		if [ "$mode" != replay ]; then
			shown=$(chunked "$json" "$check")
			[ "$shown" = "$input" ] || ok=0
		fi
		# The bars of the counterexample, as --input takes them.
		replay=$(echo "$input" | sed 's/ *| */|/g')
		# shellcheck disable=SC2086
		"$u8conform" --format json $only --input "$replay" "$lib" >"$work/$name.replay.json" 2>&1
		jq -e --arg id "$check" '.checks[] | select(.id == $id) | .verdict != "pass"' \
			"$work/$name.replay.json" >/dev/null || { ok=0; shown="$shown (not shown again by --input \"$replay\")"; }
		# A state written past on every input is, on the empty one too,
		# whose one empty chunk the text report shows as "(empty)".
		if jq -e '.checks[] | select(.id == "isolation/over-write") | .counterexample.got // "" | test("its state")' \
			"$work/$name.replay.json" >/dev/null; then
			"$u8conform" --input "" "$lib" >"$work/$name.empty.txt" 2>&1
			grep -qx '     input (empty)' "$work/$name.empty.txt" || { ok=0; shown="$shown (--input \"\" not shown)"; }
		fi
	fi
	if [ $ok -eq 1 ]; then
		passed=$((passed + 1))
		echo "ok   $name: $got${shown:+, $check on $shown}"
	else
		failed=$((failed + 1))
		echo "FAIL $name: verdict $got (want $verdict); $check on \"$input\" wanted, got \"$shown\""
		not_passed "$json"
		head -5 "$work/$name.err"
	fi
done <"$manifest"
finish "$(cases "$manifest")"
