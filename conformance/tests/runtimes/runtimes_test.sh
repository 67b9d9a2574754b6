#!/bin/sh
# SPDX-License-Identifier: MIT
# runtimes_test.sh U8CONFORM LIB.so - a decoder whose runtime starts
# threads as it loads (Go's scheduler and collector), on a part of the
# exhaustive run in which its collector has work: loaded in each worker
# it is judged for its decoding alone (Go's one U+FFFD per byte is a
# WARN), with no isolation finding; forked from one loaded copy
# (--load once), its calls wait for threads a fork did not copy.
set -u
u8conform=$1 lib=$2
. "$(dirname "$0")/../check.sh"

rc=0
"$u8conform" --format json --exhaustive --shard 1/2000 "$lib" >"$work/each.json" 2>"$work/each.err" || rc=$?
check "$rc" 0 "loaded in each worker: exit status"
check "$(jq -r .loaded "$work/each.json")" "in each worker" "loaded in each worker, as loading left threads"
check "$(jq -r '[.checks[] | select(.id | startswith("isolation/")) | select(.verdict != "pass") | .id] | join(",")' "$work/each.json")" "" "no isolation finding"
[ "$rc" = 0 ] || not_passed "$work/each.json"

rc=0
"$u8conform" --format json --load once --timeout 500 --exhaustive --shard 1/2000 "$lib" >"$work/once.json" 2>"$work/once.err" || rc=$?
check "$rc" 1 "--load once: exit status"
check "$(jq -r '.checks[] | select(.id == "isolation/hang") | .verdict' "$work/once.json")" fail "--load once: the calls that need the runtime's threads hang"
finish 5
