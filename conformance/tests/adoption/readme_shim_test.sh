#!/bin/sh
# SPDX-License-Identifier: MIT
# readme_shim_test.sh U8CONFORM README INCLUDE_DIR - the shim of the
# README's "Testing your decoder" builds as shown and u8conform judges
# it: libunistring's u8_mbtoucr passes, and its guessed error lengths
# name no replacement policy.
set -u
u8conform=$1 readme=$2 include=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed -n '/<!-- shim:begin -->/,/<!-- shim:end -->/p' "$readme" | sed '/^```/d; /^<!--/d' >"$work/shim.c"
[ -s "$work/shim.c" ] || { echo "FAIL no shim in $readme"; exit 1; }
echo "the shim: $(grep -c . "$work/shim.c") lines"
cc -shared -fPIC -O2 -Wall -Wextra -Werror -I"$include" -o "$work/libshim.so" "$work/shim.c" -lunistring ||
	{ echo "FAIL the README's shim does not build"; exit 1; }
rc=0
"$u8conform" --format json "$work/libshim.so" >"$work/r.json" || rc=$?
got=$rc/$(jq -r '[.verdict, .policy, (.traits | join(",")), (.functions | join(","))] | join(" ")' "$work/r.json")
want="0/pass unknown guessed-lengths next"
if [ "$got" != "$want" ]; then
	echo "FAIL the README's shim: got '$got', want '$want'"
	jq -c '.checks[] | select(.verdict != "pass") | [.id, .verdict, .counterexample.input]' "$work/r.json"
	exit 1
fi
echo "ok   the README's shim builds, and u8conform judges it: exit 0, $want"
