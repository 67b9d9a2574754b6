#!/bin/sh
# SPDX-License-Identifier: MIT
# shapes_test.sh U8CONFORM SHAPE_DECODERS_SO [GLIB UNISTRING UTF8PROC ICUUC
# LIBC PYTHON] - --symbol/--shape: our decoder of every shape passes,
# judged with no shim; and on unmodified functions of system libraries,
# streams among them, the verdict and,
# where the library departs from Table 3-7, the check and input that show
# it.  A library path given as "-" was not found at configure time:
# skipped.  With "replay" first (and for ICU's and glibc's streams,
# which their oracles' tests judge whole), each runs on one input alone (the
# departure's, or one with a character of every length and errors
# between): quick enough for the sanitizers, which then watch every
# shape's adapter.
set -u
mode=full
if [ "$1" = replay ]; then
	mode=replay
	shift
fi
u8conform=$1 shapes_so=$2 glib=${3:--} unistring=${4:--} utf8proc=${5:--}
icuuc=${6:--} libc=${7:--} python=${8:--}
passed=0 failed=0
mixed="61 C3 A9 E0 A0 80 F0 90 80 80 80 ED A0 80 C0 AF F4 90 80 80 E1 80"

# expect LIB SYMBOL SHAPE VERDICT [CHECK INPUT]
expect() {
	lib=$1 symbol=$2 shape=$3 want=$4 check=${5:-} input=${6:-}
	[ "$lib" = - ] && return 0
	one=
	[ "$mode" = replay ] || [ -n "${only_one:-}" ] && one=${input:-$mixed}
	out=$("$u8conform" --format json ${one:+--input "$one"} --symbol "$symbol" --shape "$shape" "$lib" 2>&1)
	got=$(printf '%s\n' "$out" | jq -r .verdict)
	ok=1
	[ "$got" = "$want" ] || ok=0
	if [ -n "$check" ]; then
		[ "$(printf '%s\n' "$out" | jq -r ".checks[] | select(.id == \"$check\") | .counterexample.input")" = "$input" ] || ok=0
	fi
	if [ $ok -eq 1 ]; then
		passed=$((passed + 1))
		echo "ok   $symbol ($shape): $got${check:+, $check on $input}"
	else
		failed=$((failed + 1))
		echo "FAIL $symbol ($shape): verdict $got, want $want${check:+ with $check on $input}"
		# what did not pass, or the error when there was no report
		printf '%s\n' "$out" | jq -c '.checks[] | select(.verdict != "pass") | [.id, .verdict, .counterexample.input, .counterexample.got, .failed]' 2>/dev/null ||
			printf '%s\n' "$out" | head -3
	fi
}

# Every shape, our decoder behind it: all pass (guessed error lengths
# are INFO, not charged to the library).
for shape in bool glib unistring utf8-range utf8proc cmark quickjs libxml2 jq \
	utf32 utf16 transform iconv; do
	expect "$shapes_so" "shape_$(echo "$shape" | tr - _)" "$shape" pass
done
# The streaming shapes' helpers are named as the bound symbol is around
# the shape's stem: shape_ucnv_open beside shape_ucnv_toUnicode.
expect "$shapes_so" shape_ucnv_toUnicode icu pass
expect "$shapes_so" shape_PyUnicode_DecodeUTF8Stateful python pass
# CPython 3.11.2's bug (gh-99612): *consumed unset on ASCII.
expect "$shapes_so" shape_ascii_PyUnicode_DecodeUTF8Stateful python fail abi/stream-consumed 00
# An iconv that says it stopped far past its room, with more input left
# than it had: the adapter writes nothing there, and the count is a FAIL.
expect "$shapes_so" shape_lying_iconv iconv fail abi/stream-consumed 80
# GLib documents that g_utf8_validate_len rejects NUL bytes; Table 3-7
# row 00..7F includes 00.
expect "$glib" g_utf8_validate_len glib fail validate/row-00-7F 00
expect "$unistring" u8_check unistring pass
# utf8proc_iterate reports an error without a length: the adapter takes
# one byte and says so; the policy it guesses is not the library's.
expect "$utf8proc" utf8proc_iterate utf8proc pass
# ICU's converter keeps its tail and follows maximal subparts; its
# symbols carry ICU's version.  (ICU's stream is judged whole by its
# oracle's tests; here, one input shows the adapter reads it.)
if [ "$icuuc" != - ]; then
	to_unicode=$(nm -D --defined-only "$icuuc" | awk '$3 ~ /^ucnv_toUnicode(_[0-9]+)?$/ { print $3; exit }')
	only_one=1 expect "$icuuc" "$to_unicode" icu pass
fi
# glibc's iconv from UTF-8 to UCS-4 takes the old forms beyond U+10FFFF.
only_one=1 expect "$libc" iconv iconv fail stream/too-large "F4 90 80 80"
# CPython before 3.11.5 leaves *consumed unset on ASCII of 2 bytes or
# more (gh-99612; one byte has a path of its own that sets it).
if [ "$python" != - ]; then
	version=$(strings -n 5 "$python" | grep -m1 -E '^3\.[0-9]+\.[0-9]+')
	if printf '%s\n3.11.5\n' "$version" | sort -C -V && [ "$version" != 3.11.5 ]; then
		expect "$python" PyUnicode_DecodeUTF8Stateful python fail abi/stream-consumed "61 61"
	else
		expect "$python" PyUnicode_DecodeUTF8Stateful python pass
	fi
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
