#!/bin/sh
# SPDX-License-Identifier: MIT
# sanitized_test.sh U8CONFORM TSV - u8conform on decoders built with ASan
# and UBSan (sanitized/), each judged as it is, with no runtime preloaded
# by hand: a planted bug is one FAIL of its kind on its smallest input,
# and nothing of the report is charged to output, exit, spawn or crash;
# the clean one passes, and the run says which sanitizers it hosted.
# Then the route a user tries first: the runtime in LD_PRELOAD, which
# u8conform leaves, and says so.
set -u
u8conform=$1 tsv=$2
. "$(dirname "$0")/check.sh"

lib() { awk -F'\t' -v n="$1" '$1 == n { print $2 }' "$tsv"; }

# expect NAME CHECK INPUT KIND: one whole default run of NAME.
expect() {
	name=$1 check=$2 input=$3 kind=$4 json=$work/$1.json
	"$u8conform" --format json "$(lib "$name")" >"$json" 2>"$work/$name.err"
	check "$?" 1 "$name: exit status"
	check "$(jq -r --arg c "$check" '.checks[] | select(.id == $c) | .verdict' "$json")" fail "$name: $check fails"
	check "$(jq -r --arg c "$check" '.checks[] | select(.id == $c) | .counterexample.input' "$json")" "$input" \
		"$name: its input"
	check "$(jq -r --arg c "$check" '.checks[] | select(.id == $c) | .counterexample.reproduced' "$json")" true \
		"$name: reproduced in a fresh worker"
	jq -r --arg c "$check" '.checks[] | select(.id == $c) | .counterexample.got' "$json" >"$work/got"
	check "$(grep -c -- "$kind" "$work/got")" 1 "$name: the report's kind ($kind): $(cat "$work/got")"
	check "$(grep -c 'u8t_decode' "$work/got")" 1 "$name: a frame in u8t_decode, symbolized"
	check "$(jq -r '[.checks[] | select(.verdict == "fail") | .id] | join(" ")' "$json")" "$check" \
		"$name: nothing else fails (output, exit, spawn, crash)"
	not_passed "$json"
}

[ -n "$(lib clean)" ] || { echo "no sanitized targets in $tsv" >&2; exit 1; }
"$u8conform" --format json "$(lib clean)" >"$work/clean.json" 2>"$work/clean.err"
check "$?" 0 "clean (ASan and UBSan): exit status"
check "$(jq -r .verdict "$work/clean.json")" pass "clean: verdict"
check "$(jq -r '.sanitizers | join(" ")' "$work/clean.json")" "address undefined" "clean: the sanitizers hosted"
check "$(jq -r '[.checks[] | select(.id == "isolation/memory-error" or .id == "isolation/undefined") | .verdict] | join(" ")' \
	"$work/clean.json")" "pass pass" "clean: both sanitizer checks judged"
not_passed "$work/clean.json"

expect heap-overread isolation/memory-error "00 C1" "heap-buffer-overflow READ of size 1"
expect use-after-free isolation/memory-error C1 "heap-use-after-free READ"
expect signed-overflow isolation/undefined C1 "signed-integer-overflow at signed_overflow.c"
expect misaligned isolation/undefined C1 "misaligned-pointer-use at misaligned.c"
if [ -n "$(lib clang-heap-overread)" ]; then
	expect clang-heap-overread isolation/memory-error "00 C1" "heap-buffer-overflow READ of size 1"
fi

# Hostile: closes the report pipe before its error, on 00 C1 alone.  Its
# worker's end is still that finding, with the report said to be lost,
# and the report of the run is whole.
json=$work/closes-report.json
"$u8conform" --format json "$(lib closes-report)" >"$json" 2>"$work/closes-report.err"
check "$?" 1 "closes-report: exit status"
check "$(jq -r '[.checks[] | select(.verdict == "fail") | "\(.id) \(.counterexample.input)"] | join(", ")' "$json")" \
	"isolation/memory-error 00 C1" "closes-report: one FAIL, on its input"
check "$(jq -r '.checks[] | select(.id == "isolation/memory-error") | .counterexample.got' "$json" | grep -c 'report was lost')" 1 \
	"closes-report: the report said to be lost"
check "$(jq -r .complete "$json")" true "closes-report: the run went on to its end"

# Hostile: a made-up report in every descriptor, the report pipe among
# them, then exit(3), with no memory error: an exit, and nothing more.
json=$work/forges-report.json
"$u8conform" --format json "$(lib forges-report)" >"$json" 2>"$work/forges-report.err"
check "$?" 1 "forges-report: exit status"
check "$(jq -r '[.checks[] | select(.verdict == "fail") | "\(.id) \(.counterexample.input) \(.counterexample.got)"] | join(", ")' "$json")" \
	"isolation/exit 00 C1 exit(3)" "forges-report: one FAIL, its exit; the forged report is no finding"
runtime=$(ldd "$(lib heap-overread)" | awk '/libasan/ { print $3 }')
LD_PRELOAD=$runtime "$u8conform" --input '00 C1' "$(lib heap-overread)" >"$work/preload.out" 2>"$work/preload.err"
check "$?" 1 "LD_PRELOAD route: exit status"
check "$(grep -c 'LD_PRELOAD holds .*libasan' "$work/preload.err")" 1 "LD_PRELOAD route: u8conform says it leaves it"
check "$(grep -c '^fail isolation/memory-error' "$work/preload.out")" 1 "LD_PRELOAD route: the same finding"
finish
