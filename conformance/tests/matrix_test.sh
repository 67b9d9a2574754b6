#!/bin/sh
# SPDX-License-Identifier: MIT
# matrix_test.sh U8CONFORM MATRIX REF_LIB FAILING_LIB - scripts/exhaustive-matrix
# (MATRIX) as the README's CI recipe uses it, on three shards of a real
# N: the whole run (4.3 G inputs, 13 minutes for validate alone on 2
# CPUs) is too slow for CI, so the merge that passes is not run here;
# what is: every shard asked for runs and reports, the merge of them names
# the others missing (exit status 2, one line), a FAIL in a shard is exit
# status 1, and a shard that cannot load is exit status 2.
set -u
. "$(dirname "$0")/check.sh"
export U8CONFORM="$1"
matrix=$2 ref=$3 failing=$4
n=4000000

"$matrix" --only 1,2,3 --keep "$work/keep" $n --functions validate "$ref" >"$work/out" 2>"$work/err"
check "$?/$(wc -l <"$work/err")" "2/1" "three shards of $n that pass: exit status 2, one line ($(cut -c1-60 "$work/err"))"
check "$(grep -c '^u8conform: --merge: not whole: 3999997 of 4000000 shards missing: 4, 5,' "$work/err")" 1 \
	"the merge names the shards not run"
check "$(tail -n 1 "$work/out" | grep -Ec '^[1-9][0-9]* passed, 0 failed$')" 1 \
	"the merged report is printed ($(tail -n 1 "$work/out"))"
check "$(jq -s -r '[.[] | "\(.shard.index)/\(.shard.of) \(.complete) \(.functions | join(","))"] | join(" ")' \
	"$work/keep/shard-1.json" "$work/keep/shard-2.json" "$work/keep/shard-3.json")" \
	"1/$n true validate 2/$n true validate 3/$n true validate" "each shard ran whole, with the options given"

"$matrix" --only 1 $n --functions validate "$failing" >"$work/out" 2>/dev/null
check "$?/$(grep -c '^verdict  fail$' "$work/out")" "1/1" "a FAIL in a shard: exit status 1"

"$matrix" --only 1,2 $n "$work/no-such.so" >"$work/out" 2>"$work/err"
check "$?/$(grep -c '^shard [12]/4000000: ' "$work/err")/$(grep -c 'not a whole u8conform report' "$work/err")" "2/2/1" \
	"shards that cannot load: a line each, and the merge refuses (exit status 2)"
finish 6
