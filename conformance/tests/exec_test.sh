#!/bin/sh
# SPDX-License-Identifier: MIT
# exec_test.sh U8CONFORM SOURCE_DIR LIB.so - u8conform --exec on hostile
# children (exec/hostile.py): each way a child can fail on one input of
# a batch is that input's finding, of its own kind; a child that fails
# its hello, or none at all, is one line and status 2; a child's own
# processes go with the run; isolation/protocol is judged for a child
# and for no library.  Then one whole default run on a child that
# crashes on a few thousand inputs: named, reproduced, and the run ends.
set -u
u8conform=$1 src=$2 lib=$3
. "$(dirname "$0")/check.sh"

# Debian's python3: a version manager's shim would start each child
# through a shell script, a tenth of a second a fresh child.
python=/usr/bin/python3
[ -x "$python" ] || python=python3
hostile="$python $src/conformance/tests/exec/hostile.py"

# one MODE CHECK GOT [OPTIONS]: MODE's child on C1 80 fails CHECK alone,
# with GOT in what the finding says it did.
one() {
	mode=$1 want=$2 got=$3 json=$work/$1.json
	shift 3
	"$u8conform" --format json "$@" --input 'C1 80' --exec "$hostile $mode" >"$json" 2>"$work/$mode.err"
	check "$?" 1 "$mode: exit status"
	check "$(jq -r '[.checks[] | select(.verdict == "fail") | .id] | join(" ")' "$json")" "$want" \
		"$mode: $want, and nothing else fails"
	check "$(jq -r --arg c "$want" '.checks[] | select(.id == $c) | .counterexample.input' "$json")" "C1 80" \
		"$mode: its input"
	check "$(jq -r --arg c "$want" '.checks[] | select(.id == $c) | .counterexample.got' "$json" | grep -c -- "$got")" 1 \
		"$mode: what it did ($got)"
	not_passed "$json"
}

one crash isolation/crash "killed by signal 11"
one exit isolation/exit "exit(3)"
one short isolation/exit "exit(0)"
one stdout isolation/protocol "not its answer's frame"
one garbage isolation/protocol "not its answer's frame"
one hang isolation/hang "its --exec child gave no answer" --timeout 300

# refused: one line, status 2
refused() {
	what=$1 want=$2
	shift 2
	"$u8conform" "$@" >"$work/out" 2>"$work/err"
	check "$?" 2 "$what: exit status"
	check "$(wc -l <"$work/err")" 1 "$what: one line: $(cat "$work/err")"
	check "$(grep -c -- "$want" "$work/err")" 1 "$what: says $want"
	check "$(wc -c <"$work/out")" 0 "$what: no report"
}
refused badhello "version 2, not 1" --exec "$hostile badhello"
refused "no such program" "before its hello" --exec "$work/no-such-program"
refused "an empty command" "wants a command" --exec ''
refused "a library too" "no library" --exec "$hostile crash" "$lib"
refused "--merge" "takes no --exec" --merge --exec "$hostile crash" "$work/x.json"

# linger: what the child started in a session of its own, ignoring the
# signals a shell's end sends, is gone with the run
"$u8conform" --input 'C1 80' --exec "$hostile linger" >"$work/linger.txt" 2>&1
check "$?" 0 "linger: exit status"
sleep 0.2
check "$(pgrep -f u8-hostile-linger | wc -l)" 0 "linger: nothing of the child outlives the run"

# the protocol's check: listed for a child, not for a library; the
# calling convention's, the other way round (x86-64, where it is looked at)
"$u8conform" --format json --input 61 --exec "$python $src/conformance/children/python/u8child.py codecs" \
	>"$work/child.json" 2>"$work/child.err"
check "$(jq -r '.checks[] | select(.id == "isolation/protocol") | .verdict' "$work/child.json")" pass \
	"a child: isolation/protocol judged"
"$u8conform" --format json --input 61 "$lib" >"$work/lib.json" 2>"$work/lib.err"
check "$(jq -r '[.checks[] | select(.id == "isolation/protocol")] | length' "$work/lib.json")" 0 \
	"a library: isolation/protocol not listed"
check "$(jq -r '[.checks[] | select(.id == "isolation/convention")] | length' "$work/child.json")" 0 \
	"a child: isolation/convention not listed"
if [ "$(uname -m)" = x86_64 ]; then
	check "$(jq -r '.checks[] | select(.id == "isolation/convention") | .verdict' "$work/lib.json")" pass \
		"a library: isolation/convention judged"
fi

# a batch of thousands: the one input named, reproduced, and the run
# ends whole, the function set aside once it has ended 32 children
json=$work/crash-all.json
"$u8conform" --format json --functions decode --exec "$hostile crash" >"$json" 2>"$work/crash-all.err"
check "$?" 1 "crash, default run: exit status"
check "$(jq -r '.checks[] | select(.id == "isolation/crash") | .counterexample.input' "$json" | grep -c C1)" 1 \
	"crash, default run: its input holds C1"
check "$(jq -r '.checks[] | select(.id == "isolation/crash") | .counterexample.reproduced' "$json")" true \
	"crash, default run: reproduced"
check "$(jq -r '.stopped' "$json" | grep -c 'ended its --exec child')" 1 "crash, default run: set aside, and said why"
check "$(jq -r '.checks[] | select(.id == "decode/row-00-7F") | .verdict' "$json")" pass \
	"crash, default run: judged on the rest"
input=$(jq -r '.checks[] | select(.id == "isolation/crash") | .counterexample.input' "$json")
"$u8conform" --format json --functions decode --input "$input" --exec "$hostile crash" >"$work/again.json" 2>&1
check "$(jq -r '.checks[] | select(.id == "isolation/crash") | .verdict' "$work/again.json")" fail \
	"crash, default run: --input $input shows it again"
not_passed "$json"
finish 50
