#!/bin/sh
# SPDX-License-Identifier: MIT
# exec_children_test.sh U8CONFORM SOURCE_DIR - the default run of the
# Python and Node.js children (conformance/children/), each with the
# expectations file beside it that says, with the documentation, how
# its library departs from Table 3-7: each passes with every departure
# expected and no expectation stale.  Its time and rate are printed, not
# judged (scripts/bench-conform measures).  A child whose runtime is
# missing is skipped (77).
set -u
u8conform=$1 src=$2
. "$(dirname "$0")/check.sh"

python=/usr/bin/python3 # not a version manager's shim: see exec_test.sh
[ -x "$python" ] || python=$(command -v python3)
node=$(command -v node)
[ -n "$python" ] && [ -n "$node" ] || { echo "python3 or node missing" >&2; exit 77; }
children=$src/conformance/children

# run NAME COMMAND EXPECT
run() {
	name=$1 cmd=$2 expect=$3 json=$work/$1.json
	start=$(date +%s)
	"$u8conform" --format json --expect "$expect" --exec "$cmd" >"$json" 2>"$work/$name.err"
	rc=$? seconds=$(($(date +%s) - start))
	check "$rc" 0 "$name: exit status"
	check "$(jq -r .complete "$json")" true "$name: the whole default run"
	check "$(jq -r '[.checks[] | select(.verdict != "pass" and (.expected | not)) | .id] | join(" ")' "$json")" "" \
		"$name: every departure expected"
	check "$(jq -r '.expectations.stale | length' "$json")" 0 "$name: no expectation stale"
	check "$(jq -r .exec "$json")" true "$name: judged as a child"
	items=$(jq -r '[.families[].judged] | add' "$json")
	echo "     $name: $items items judged in $seconds s: $((items / (seconds > 0 ? seconds : 1))) a second"
	not_passed "$json"
}

run python "$python $children/python/u8child.py codecs" "$children/python/codecs.expect"
run node "$node $children/node/u8child.mjs textdecoder" "$children/node/textdecoder.expect"
finish 10
