#!/bin/sh
# SPDX-License-Identifier: MIT
# merge_test.sh U8CONFORM LIB OTHER_LIB - two shards of an --exhaustive
# run on LIB, merged with --merge: counts add up, the smaller
# counterexample survives, and bad input to --merge is refused.
set -u
u8conform=$1 lib=$2 other=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

ok() {
	if [ "$1" = "$2" ]; then
		passed=$((passed + 1))
		echo "ok   $3"
	else
		failed=$((failed + 1))
		echo "FAIL $3: got '$1', want '$2'"
	fi
}

# field ID KEY FILE: the number KEY of check ID, or its counterexample input.
field() {
	line=$(grep "\"id\": \"$1\"" "$3")
	case $2 in
	input) printf '%s' "$line" | sed -n 's/.*"input": "\([^"]*\)".*/\1/p' ;;
	*) printf '%s' "$line" | sed -n "s/.*\"$2\": \([0-9]*\).*/\1/p" ;;
	esac
}

"$u8conform" --exhaustive --shard 999/1000 --format json "$lib" >"$work/a.json"
"$u8conform" --exhaustive --shard 1000/1000 --format json "$lib" >"$work/b.json"
"$u8conform" --merge --format json "$work/a.json" "$work/b.json" >"$work/m.json"
ok "$?" 1 "merged report keeps the shards' FAIL (exit status 1)"
id=decode/row-00-7F
for key in tested failed; do
	a=$(field $id $key "$work/a.json") b=$(field $id $key "$work/b.json")
	ok "$(field $id $key "$work/m.json")" "$((a + b))" "$id $key adds up ($a + $b)"
done
a=$(field $id input "$work/a.json") b=$(field $id input "$work/b.json")
smaller=$(printf '%s\n%s\n' "$a" "$b" | sort | head -n 1)
ok "$(field $id input "$work/m.json")" "$smaller" "$id keeps the smaller counterexample"

"$u8conform" --merge "$work/a.json" /dev/null >/dev/null 2>"$work/err"
ok "$?" 2 "a file that is no report: exit status 2 ($(cat "$work/err"))"
"$u8conform" --exhaustive --shard 1000/1000 --format json "$other" >"$work/c.json"
"$u8conform" --merge "$work/a.json" "$work/c.json" >/dev/null 2>"$work/err"
ok "$?" 2 "reports on two targets: exit status 2 ($(cat "$work/err"))"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
