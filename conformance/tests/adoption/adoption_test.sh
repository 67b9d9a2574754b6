#!/bin/sh
# SPDX-License-Identifier: MIT
# adoption_test.sh U8CONFORM TARGETS_DIR HOSTILE_DIR THIS_DIR [GLIB] - what
# a maintainer putting u8conform on a real decoder relies on:
#   --expect: a by-design decoder with its expectations exits 0, a new
#   departure exits 1, an expectation nothing matches is reported stale,
#   an expectation may name the byte where answers part; --write-expect
#   writes a file --expect takes back; a bad file is exit status 2;
#   --functions judges only what it names; u8t_traits: a decoder of C
#   strings passes when it says so and over-reads when it does not, an
#   encoder with a declared domain is not asked outside it; a validator
#   that stops at NUL is blamed on the NUL; a counterexample is of its
#   check's own category; a run stopped early names no policy.
set -u
. "$(dirname "$0")/../check.sh"
u8conform=$1 targets=$2 hostile=$3 here=$4 glib=${5:-}

# run NAME ARGS...: u8conform --format json; $work/NAME.json, $rc.
run() {
	name=$1
	shift
	rc=0
	"$u8conform" --format json "$@" >"$work/$name.json" 2>"$work/$name.err" || rc=$?
}

json() {
	jq -r "$2" "$work/$1.json"
}

surrogate=$targets/libu8t-test-accepts-surrogate.so
# A decoder that keeps surrogates by design (as JavaScript's do).
"$u8conform" --write-expect "$work/by-design.expect" "$surrogate" >/dev/null 2>&1
check "$?" 1 "--write-expect on a decoder with departures: its verdict, exit 1"
sed 's/# fail: /# JavaScript keeps lone surrogates: /' "$work/by-design.expect" >"$work/js.expect"
run by-design --expect "$work/js.expect" "$surrogate"
check "$rc" 0 "every departure expected: exit 0"
check "$(json by-design '[.verdict, .unexpected] | join(" ")')" "fail pass" \
	"the verdict stays fail; the unexpected verdict is pass"
check "$(json by-design '[.checks[] | select(.verdict != "pass") | .expected] | unique | join(" ")')" \
	"true" "each departure is marked expected"
check "$(json by-design '.checks[] | select(.id == "decode/surrogate") | .why' | cut -c1-28)" \
	"JavaScript keeps lone surrog" "with the reason of its line"

run new-departure --expect "$work/js.expect" "$targets/libu8t-test-mis-decodes.so"
check "$rc" 1 "a departure not in the file: exit 1"
check "$(json new-departure '.checks[] | select(.id == "decode/row-F1-F3") | .expected')" false \
	"the new departure is not expected"
check "$(json new-departure '.expectations.stale | length > 0')" true \
	"expectations that took nothing are stale"
"$u8conform" --expect "$work/js.expect" "$targets/libu8t-test-correct.so" >"$work/correct.txt" 2>&1
check "$?/$(grep -c '^stale ' "$work/correct.txt")" "0/$(grep -c '^[a-z]' "$work/js.expect")" \
	"a decoder that got better: exit 0, every expectation stale"
printf 'encode/surrogates U+D800 # a function left out\n' >"$work/left-out.expect"
"$u8conform" --expect "$work/left-out.expect" --functions decode "$targets/libu8t-test-correct.so" \
	>"$work/left-out.txt" 2>&1
check "$?/$(grep -c '^stale ' "$work/left-out.txt")" "0/0" \
	"an expectation of a function left out is not stale: nothing judged it"

printf 'decode/no-such-check *\n' >"$work/bad.expect"
"$u8conform" --expect "$work/bad.expect" "$surrogate" >/dev/null 2>"$work/err"
check "$?/$(wc -l <"$work/err")" "2/1" "an unknown check in --expect: exit 2, one line"
printf 'decode/surrogate zz # oops\n' >"$work/bad.expect"
"$u8conform" --expect "$work/bad.expect" "$surrogate" >/dev/null 2>"$work/err"
check "$?/$(grep -c ':1: ' "$work/err")" "2/1" "an input that is no input: exit 2, file:line"
for bad in 'A0..9F' 'ED A0..' '**x' 'E0|A0'; do
	printf 'decode/surrogate %s\n' "$bad" >"$work/bad.expect"
	"$u8conform" --expect "$work/bad.expect" "$surrogate" >/dev/null 2>"$work/err"
	check "$?/$(grep -c ':1: ' "$work/err")" "2/1" "a pattern '$bad': exit 2, file:line"
done

# Expectations as narrow as the departure: a stream that replaces a cut
# tail at once, accepted by patterns of the pieces it cuts (ranges, '|'
# for the cut, '*' for what follows), in 4.3 M inputs; narrowed to the
# two-byte leads, a departure at a three-byte one is new, and fails
# (the stream alone: the expectations are all its own).
early=$targets/../streams/libu8t-test-stream-early.so
printf '%s\n' \
	'stream/early C2..F4 | *              # a lead replaced at the cut' \
	'stream/early E0..F4 80..BF | *' \
	'stream/early F0..F4 80..BF 80..BF | *' \
	'stream/row-E1-EC *' \
	'stream/row-F0 *' \
	'stream/replacement *' >"$work/early.expect"
run early --functions stream --expect "$work/early.expect" "$early"
check "$rc/$(json early '[.unexpected, ([.checks[] | select(.verdict != "pass") | .expected] | all)] | map(tostring) | join(" ")')" \
	"0/pass true" "a stream's departures, each accepted by a pattern of the pieces it cuts"
grep -v '^stream/early [EF]0' "$work/early.expect" | sed 's|^stream/early C2..F4|stream/early C2..DF|' >"$work/early2.expect"
run early2 --functions stream --expect "$work/early2.expect" "$early"
check "$rc/$(json early2 '.checks[] | select(.id == "stream/early") | [.expected, (.counterexample.input | .[0:1])] | map(tostring) | join(" ")')" \
	"1/false E" "narrowed to two-byte leads: a three-byte lead cut is a new departure"

# --write-expect writes those patterns itself, a line per cause (the byte
# classes of a piece where the answers part, and its cuts), never '*'
# where patterns name them; the file accepts what it saw and no more.
"$u8conform" --functions stream --write-expect "$work/early-written.expect" "$early" >/dev/null
check "$(grep -c '^stream/early ' "$work/early-written.expect")/$(grep -c '^stream/early  *\* ' "$work/early-written.expect")" \
	"$(grep -c '^stream/early ' "$work/early-written.expect")/0" "a line per cause of stream/early, none of them '*'"
run early-written --functions stream --expect "$work/early-written.expect" "$early"
check "$rc/$(json early-written '[.unexpected, ([.checks[] | select(.verdict != "pass") | .expected] | all)] | map(tostring) | join(" ")')" \
	"0/pass true" "what --write-expect wrote accepts every departure it saw"
"$u8conform" --functions stream --input 'C2 80' --write-expect "$work/early-c2.expect" "$early" >/dev/null
check "$(grep -v '^#' "$work/early-c2.expect" | sed 's/ *#.*//' | tr -s ' ')" "stream/early C2..DF * 80..8F" \
	"from the cuts of C2 80 alone: the pattern of a two-byte character cut inside"
run early-c2 --functions stream --expect "$work/early-c2.expect" "$early"
check "$rc/$(json early-c2 '.checks[] | select(.id == "stream/early") | [.expected, .counterexample.input] | map(tostring) | join(" ")')" \
	"1/false C2" "narrowed to what it saw: a lead cut alone (C2 |) is a new departure, and fails"

# An expectation naming the byte where the answers part: GLib reads NUL
# as U+FFFD; "00" accepts it wherever the NUL stands, not other bytes.
if [ -n "$glib" ]; then
	{
		for f in decode validate next; do echo "$f/row-00-7F 00  # NUL is U+FFFD"; done
		echo "decode/replacement *"
		echo "next/replacement *"
		echo "abi/validate *"
	} >"$work/glib.expect"
	run glib --exhaustive --shard 1/20000 --expect "$work/glib.expect" "$glib"
	check "$rc/$(json glib .unexpected)" "0/pass" "GLib's NUL accepted by '00' in every input that holds it"
	sed 's/row-00-7F 00 /row-00-7F 01 /' "$work/glib.expect" >"$work/glib01.expect"
	run glib01 --exhaustive --shard 1/20000 --expect "$work/glib01.expect" "$glib"
	check "$rc" 1 "an expectation for another byte does not accept them"
fi

# --functions: a decoder whose u8t_decode crashes, set aside.
crashes=$hostile/libu8t-hostile-decode-crashes.so
run functions --exhaustive --shard 1/20000 --functions validate,next,encode "$crashes"
check "$rc/$(json functions '.set_aside | join(",")')/$(json functions '.functions | join(",")')" \
	"0/decode/validate,next,encode" "--functions leaves u8t_decode out: it passes, the report says so"
run functions-all --exhaustive --shard 1/20000 "$crashes"
check "$rc" 1 "the same decoder with u8t_decode: the crash fails it"
"$u8conform" --functions decode,decode "$crashes" >/dev/null 2>"$work/err"
check "$?" 2 "--functions naming one twice: exit 2"

# u8t_traits.
run needs-nul --exhaustive --shard 1/20000 "$here/libu8t-needs-nul.so"
check "$rc/$(json needs-nul '.traits | join(",")')" "0/needs-nul" \
	"a decoder of C strings that says so: a 0 at s[n], and it passes"
run needs-nul-undeclared --input "C2 80" "$here/libu8t-needs-nul-undeclared.so"
check "$rc/$(json needs-nul-undeclared '.checks[] | select(.id == "isolation/over-read") | .verdict')" \
	"1/fail" "the same decoder without saying so reads past its input"
run scalars-only "$here/libu8t-scalars-only.so"
check "$rc/$(json scalars-only '[.skipped[] | select(startswith("encode/"))] | join(",")')" \
	"0/encode/surrogates,encode/beyond" \
	"an encoder of scalar values only: never asked outside, those checks not judged"

# Blamed where it departs: a validator that stops at NUL.
run nul --input "41 00 ED A0 80" "$here/libu8t-stops-at-nul.so"
check "$(json nul '[.checks[] | select(.id | startswith("validate/")) | select(.verdict == "fail") | .id] | join(",")')" \
	"validate/row-00-7F" "a validator stopping at NUL: the NUL's row, not the surrogate's"
run nul-all "$here/libu8t-stops-at-nul.so"
check "$(json nul-all '.checks[] | select(.id == "validate/surrogate") | .verdict')" "pass" \
	"over the whole run, validate/surrogate stays clean"
check "$(json nul-all '[.checks[] | select(.counterexamples) | .counterexamples | length] | max >= 2')" \
	true "counterexamples that part at other bytes are kept beside the smallest"

# A counterexample of the check's own category: a decoder that takes
# surrogates and stops at NUL fails "00 ED A0 80" too, which is smaller
# in byte order; the surrogate checks show "ED A0 80", and every
# failure its NUL causes is the NUL row's.
run two-causes "$here/libu8t-two-causes.so"
check "$(json two-causes '[.checks[] | select(.id | endswith("/surrogate")) | .counterexample.input] | unique | join(",")')" \
	"ED A0 80" "the surrogate checks show a surrogate, not the NUL before one"
check "$(json two-causes '[.checks[] | select(.verdict == "fail" and (.id | startswith("validate/"))) | .id] | join(",")')" \
	"validate/row-00-7F,validate/surrogate" "its validator fails on the NUL and the surrogate, nothing else"

# A run stopped after one crash names no policy or variant.
run thin --max-fatal 1 "$targets/libu8t-test-crash.so"
check "$(json thin '[.complete, .policy, .variant] | map(tostring) | join(" ")')" "false unknown unknown" \
	"a run stopped early: policy and variant unknown"
# The text report says why each is unknown: a run stopped early, or a
# validator, whose answers show neither.
"$u8conform" --max-fatal 1 "$targets/libu8t-test-crash.so" >"$work/thin.txt" 2>&1
check "$(grep -c '^\(policy\|variant\) *unknown (the run stopped after [0-9]* telling inputs, too few to name one)$' "$work/thin.txt")" 2 \
	"a run stopped early: the text says it had too few telling inputs"
"$u8conform" --functions validate "$targets/libu8t-test-correct.so" >"$work/validator.txt" 2>&1
check "$(sed -n 's/^variant  unknown (\(.*\))$/\1/p' "$work/validator.txt")" \
	"only the values of u8t_decode show it, and none was judged" \
	"a validator: the text says why its variant is unknown"

finish
