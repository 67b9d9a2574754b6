#!/bin/sh
# SPDX-License-Identifier: MIT
# xtext_test.sh U8CONFORM LIB.so - Go x/text's UTF-8 decoder, a
# transform.Transformer, bound by the transform shape with no carry of
# its own: a part of the exhaustive run has no FAIL and no isolation
# finding; at a cut it holds back a byte a lead has already broken
# (E0 | C2: the E0's U+FFFD comes with the next chunk), a WARN.
set -u
u8conform=$1 lib=$2
. "$(dirname "$0")/../check.sh"

rc=0
"$u8conform" --format json --exhaustive --shard 1/20000 --symbol u8_transform --shape transform "$lib" \
	>"$work/shard.json" 2>"$work/shard.err" || rc=$?
check "$rc" 0 "a shard of the exhaustive run: exit status"
check "$(jq -r '[.checks[] | select(.verdict == "fail") | .id] | join(",")' "$work/shard.json")" "" "no FAIL"
check "$(jq -r '[.loaded, (.functions | join(","))] | join(" ")' "$work/shard.json")" "in each worker stream" \
	"the stream alone, loaded in each worker"
"$u8conform" --format json --input 'E0 C2' --symbol u8_transform --shape transform "$lib" >"$work/held.json"
check "$(jq -r '[.checks[] | select(.verdict != "pass") | [.id, .verdict, .counterexample.input] | join(" ")] | join(",")' "$work/held.json")" \
	"stream/prompt warn E0 C2" "E0 broken by C2 at a cut: its U+FFFD held back, a WARN"
finish 4
