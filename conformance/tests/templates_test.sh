#!/bin/sh
# SPDX-License-Identifier: MIT
# templates_test.sh U8CONFORM README SHIMS INCLUDE_DIR - the shim
# templates of the README's "Shim templates" (conformance/shims/LANG/):
# each block the README shows is its file; each template whose toolchain
# this machine has builds as its README line says, from a copy (nothing
# is written into the tree), and u8conform judges the library whole
# (exit status 0 or 1, a complete report, the functions it exports).
# Exit 77 (skipped) when no toolchain is here at all.
set -u
u8conform=$1 readme=$2 shims=$3 include=$4
. "$(dirname "$0")/check.sh"
built=0

# block FILE: the README's block for conformance/shims/FILE.
block() {
	sed -n "\\|<!-- template:$1:begin -->|,\\|<!-- template:$1:end -->|p" "$readme" |
		sed '/^```/d; /^<!--/d'
}

# judge LANG LIB FUNCTIONS: u8conform on LIB judges FUNCTIONS, whole.
judge() {
	rc=0
	"$u8conform" --format json --exhaustive --shard 1/2000 "$2" >"$work/$1.json" 2>"$work/$1.err" || rc=$?
	check "$([ "$rc" -le 1 ] && jq -r '[.complete, (.functions | join(","))] | map(tostring) | join(" ")' "$work/$1.json")" \
		"true $3" "$1: u8conform judges $3, whole (exit $rc, verdict $(jq -r .verdict "$work/$1.json" 2>/dev/null))"
	built=$((built + 1))
}

for file in go/decoder.go rust/src/lib.rs cpython/shim.c cpp/shim.cpp; do
	block "$file" >"$work/block"
	check "$(cmp -s "$work/block" "$shims/$file" && echo same)" same \
		"the README shows $file as it is ($(grep -c . "$shims/$file") lines)"
done

if command -v go >/dev/null; then
	cp -r "$shims/go" "$work/go"
	(cd "$work/go" && GOCACHE=$work/go-cache go build -buildmode=c-shared -o libu8t-go.so .) >"$work/go.log" 2>&1
	judge go "$work/go/libu8t-go.so" decode,validate
else
	echo "skip go: no go (scripts/deps --all)"
fi
if command -v cargo >/dev/null; then
	cp -r "$shims/rust" "$work/rust"
	(cd "$work/rust" && cargo build --release --offline -q) >"$work/rust.log" 2>&1
	judge rust "$work/rust/target/release/libu8t_rust.so" decode,validate
else
	echo "skip rust: no cargo"
fi
if command -v python3-config >/dev/null && [ -f "$(python3-config --includes | sed 's/^-I\([^ ]*\).*/\1/')/Python.h" ]; then
	# shellcheck disable=SC2046 # the flags are words
	cc -shared -fPIC -O2 -Wall -Wextra -Werror $(python3-config --includes) -I"$include" \
		-o "$work/libu8t-cpython.so" "$shims/cpython/shim.c" $(python3-config --ldflags --embed) >"$work/cpython.log" 2>&1
	judge cpython "$work/libu8t-cpython.so" decode,validate
else
	echo "skip cpython: no python3-config and Python.h"
fi
if command -v c++ >/dev/null; then
	c++ -shared -fPIC -O2 -Wall -Wextra -Werror -I"$include" -o "$work/libu8t-cpp.so" "$shims/cpp/shim.cpp" >"$work/cpp.log" 2>&1
	judge cpp "$work/libu8t-cpp.so" next
else
	echo "skip cpp: no c++"
fi
[ "$built" -gt 0 ] || { echo "skipped: no toolchain for any template"; exit 77; }
finish
