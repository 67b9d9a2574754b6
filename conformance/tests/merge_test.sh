#!/bin/sh
# SPDX-License-Identifier: MIT
# merge_test.sh U8CONFORM LIB OTHER_LIB - shards of an --exhaustive run on
# LIB merged with --merge: counts add up, the smaller counterexample
# survives, missing shards are named; a whole report merges alone; and
# every report that is not whole and consistent is refused with exit
# status 2 and one line.
set -u
. "$(dirname "$0")/check.sh"
u8conform=$1 lib=$2 other=$3

# field ID KEY FILE: KEY of check ID (counterexample.input for the input).
field() {
	jq -r ".checks[] | select(.id == \"$1\") | .$2" "$3"
}

# two small shards: every input of one byte, and the first of two
"$u8conform" --exhaustive --shard 1/4000000 --format json "$lib" >"$work/a.json"
"$u8conform" --exhaustive --shard 2/4000000 --format json "$lib" >"$work/b.json"
"$u8conform" --merge --format json "$work/a.json" "$work/b.json" >"$work/m.json"
check "$?" 1 "merged report keeps the shards' FAIL (exit status 1)"
id=decode/row-00-7F
for key in tested failed; do
	a=$(field $id $key "$work/a.json") b=$(field $id $key "$work/b.json")
	check "$(field $id $key "$work/m.json")" "$((a + b))" "$id $key adds up ($a + $b)"
done
for key in inputs judged; do
	a=$(jq ".families[0].$key" "$work/a.json") b=$(jq ".families[0].$key" "$work/b.json")
	check "$(jq ".families[0].$key" "$work/m.json")" "$((a + b))" "the first family's $key add up ($a + $b)"
done
a=$(field $id counterexample.input "$work/a.json") b=$(field $id counterexample.input "$work/b.json")
smaller=$(printf '%s\n%s\n' "$a" "$b" | sort | head -n 1)
check "$(field $id counterexample.input "$work/m.json")" "$smaller" "$id keeps the smaller counterexample"
check "$(jq -r .complete "$work/m.json")" false "two shards of 4000000 are not complete"
check "$(jq -r .stopped "$work/m.json" | cut -c1-40)" "3999998 of 4000000 shards missing: 3, 4," \
	"the missing shards are named"

# Each check's causes are both shards' (those of a check that failed in
# both are kept once); --write-expect writes them from the merge.
check "$(jq -c '[.checks[] | select(.causes) | .causes | length > 0] | all' "$work/m.json")" true \
	"every failing check of the merge names its causes"
check "$(jq -c '[.checks[] | select(.causes) | (.causes | length) == (.causes | unique | length)] | all' "$work/m.json")" true \
	"each cause once"
a=$(field $id causes "$work/a.json") b=$(field $id causes "$work/b.json")
check "$(field $id causes "$work/m.json" | jq -c 'sort')" "$(printf '%s %s' "$a" "$b" | jq -sc 'add | unique')" \
	"$id: the causes of both shards"

# Shards judged with one --expect file merge with their expectations:
# nothing unexpected (the exit status is 2 only for the missing shards);
# a shard judged without it is refused.
"$u8conform" --merge --write-expect "$work/x.exp" "$work/a.json" "$work/b.json" >/dev/null
check "$(grep -c '^[a-z]' "$work/x.exp")" "$(jq '[.checks[] | .causes // [] | length] | add' "$work/m.json")" \
	"--merge --write-expect: a line per cause of the merged shards"
for k in 1 2; do
	"$u8conform" --exhaustive --shard $k/4000000 --expect "$work/x.exp" \
		--format json "$lib" >"$work/e$k.json"
done
"$u8conform" --merge --format json "$work/e1.json" "$work/e2.json" >"$work/em.json"
check "$?/$(jq -r '[.verdict, .unexpected, .expectations.file == "'"$work/x.exp"'"] | @tsv' "$work/em.json")" \
	"2/fail	pass	true" "merged shards keep their expectations (exit status 2: shards missing)"
check "$(jq '[.checks[] | select(.verdict != "pass") | .expected and (.why | length > 0)] | all' "$work/em.json")" \
	true "every failing check of the merged shards is expected, with its reason"
"$u8conform" --merge --format json "$work/e1.json" "$work/b.json" >/dev/null 2>"$work/err"
check "$?/$(grep -c 'judged with --expect' "$work/err")" "2/1" "shards judged with and without --expect are refused"

# Shards that pass, with one missing, or one that stopped early (a run with --max-fatal, or killed:
# "complete": false), is exit status 2 and one line saying which.
for k in 1 2 3; do
	"$u8conform" --exhaustive --shard $k/4000000 --format json "$other" >"$work/r$k.json"
done
"$u8conform" --merge --format json "$work/r1.json" "$work/r3.json" >"$work/rm.json" 2>"$work/err"
check "$?/$(wc -l <"$work/err")/$(jq -r .complete "$work/rm.json")" "2/1/false" \
	"passing shards with some missing: exit status 2, one line ($(cat "$work/err"))"
jq '.complete = false | .stopped = "stopped after 1 crash, hang or exit (--max-fatal 1)"' \
	"$work/r2.json" >"$work/r2-stopped.json"
"$u8conform" --merge "$work/r1.json" "$work/r2-stopped.json" "$work/r3.json" >/dev/null 2>"$work/err"
check "$?/$(wc -l <"$work/err")/$(grep -c 'shard 2 of 4000000 stopped' "$work/err")" "2/1/1" \
	"a shard that stopped early: exit status 2, one line naming it ($(cat "$work/err"))"

# The function a fate's call met it in is kept (here put on the first
# counterexample of a, which the merge keeps as the smaller).
first=$(jq -r '[.checks[] | select(.counterexample != null) | .id][0]' "$work/a.json")
jq "(.checks[] | select(.id == \"$first\") | .counterexample.function) |= \"next\"" \
	"$work/a.json" >"$work/a-fn.json"
"$u8conform" --merge --format json "$work/a-fn.json" "$work/b.json" >"$work/m-fn.json"
check "$(field "$first" counterexample.function "$work/m-fn.json")" next \
	"a counterexample's function survives the merge ($first)"

# A whole report merges alone, and stays whole.
"$u8conform" --format json --input 41 "$other" >"$work/whole.json"
"$u8conform" --merge --format json "$work/whole.json" >"$work/whole-m.json"
check "$?" 0 "a whole report merged alone: exit status 0"
check "$(jq -r '[.complete, .stopped] | @tsv' "$work/whole-m.json")" "true	" \
	"a whole report merged alone is complete, and not stopped"

# refused FILE WHY: --merge on a.json and FILE exits 2 with one line.
refused() {
	start=$(date +%s)
	"$u8conform" --merge "$work/a.json" "$1" >"$work/out" 2>"$work/err"
	rc=$?
	took=$(($(date +%s) - start))
	check "$rc/$(wc -l <"$work/err")/$(wc -c <"$work/out")/$((took < 10))" "2/1/0/1" \
		"$2: exit status 2, one line ($(cat "$work/err"))"
}
# bad FILTER WHY: a.json changed by the jq FILTER is refused.
bad() {
	jq "$1" "$work/a.json" >"$work/bad.json"
	refused "$work/bad.json" "$2"
}

refused /dev/null "an empty file"
refused /dev/zero "endless zeros"
"$u8conform" --exhaustive --shard 1/4000000 --format json "$other" >"$work/c.json"
refused "$work/c.json" "a report on another target"
"$u8conform" --merge "$work/a.json" "$work/a.json" >/dev/null 2>"$work/err"
check "$?/$(grep -c 'a second time' "$work/err")" "2/1" "the same shard twice is refused"
"$u8conform" --exhaustive --shard 2/3000000 --format json "$lib" >"$work/n.json"
refused "$work/n.json" "a shard of another N"
"$u8conform" --shard 2/4000000 --format json "$lib" >"$work/d.json"
refused "$work/d.json" "a shard of the default suite beside one of --exhaustive"
"$u8conform" --exhaustive --shard 2/4000000 --functions decode --format json "$lib" >"$work/f.json"
refused "$work/f.json" "a shard judged with other --functions"
"$u8conform" --exhaustive --shard 2/4000000 --profile cesu8 --format json "$lib" >"$work/p.json"
refused "$work/p.json" "a shard judged under another profile"
bad '.target = "another name"' "a report on a target of another name"
bad '(.checks[] | select(.counterexample != null) | .counterexample.function) |= "u8t_decode"' \
	"a counterexample's function that is not a name of --functions"
bad '.checks[0].tested = -5' "a negative count"
bad '.checks[0].tested = 1.5' "a count that is not whole"
bad '(.checks[] | select(.verdict == "pass")) |= (.failed = 5) ' "pass with failed 5"
bad '.checks[0].failed = .checks[0].tested + 1' "more failed than tested"
bad '.verdict = "pass"' "a verdict its checks contradict"
bad '.checks += [.checks[0]]' "a check twice"
bad '.checks[0].id = "decode/no-such"' "an unknown check"
bad 'del(.complete)' "no complete field (an older report)"
bad '.shard.index = 0' "shard 0"
bad 'del(.families)' "no families"
bad '.families[0].name = "context"' "families of no plan u8conform makes"
bad '.families[0].judged = .families[0].inputs + 1' "more judged than inputs"
bad '.checks[0].counterexample = {"input": "zz", "expected": "", "got": ""}' "an input that is no input"
bad '(.checks[] | select(.causes)) |= (.causes = ["zz"])' "a cause that is no input"
bad '(.checks[] | select(.causes)) |= (.causes = 5)' "causes that are not a list"
printf '{"target": "x\\' >"$work/backslash.json"
refused "$work/backslash.json" "a file ending in a backslash"
printf '{"target": "x\\u1' >"$work/escape.json"
refused "$work/escape.json" "a file ending in \\u1"
finish
