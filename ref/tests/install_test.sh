#!/bin/sh
# SPDX-License-Identifier: MIT
# install_test.sh BUILD README CONSUMER WORK
# Installs BUILD into WORK/prefix, takes the example program and its
# output from README, and builds and runs it against the installed
# library twice: with pkg-config, and with CMake's find_package.
set -eu
build=$1 readme=$2 consumer=$3 work=$4
rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix

cmake --install "$build" --prefix "$prefix" >"$work/install.log"

# The example lies between the markers example:begin and example:end,
# its output between output:begin and output:end, each in a fence.
fenced() {
	sed -n "/<!-- $1:begin -->/,/<!-- $1:end -->/p" "$readme" | sed '/^```/d; /^<!--/d'
}
fenced example >"$work/example.c"
fenced output >"$work/want.txt"
[ -s "$work/example.c" ] || { echo "no example in $readme"; exit 1; }
[ -s "$work/want.txt" ] || { echo "no example output in $readme"; exit 1; }

libdir=$(cd "$prefix" && ls -d lib*/pkgconfig | head -n 1)
libdir=$prefix/${libdir%/pkgconfig}
export PKG_CONFIG_PATH=$libdir/pkgconfig
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror -o "$work/example_pc" "$work/example.c" \
	$(pkg-config --cflags --libs u8ref)
LD_LIBRARY_PATH=$libdir "$work/example_pc" >"$work/got_pc.txt"
diff -u "$work/want.txt" "$work/got_pc.txt"
echo "pkg-config: the README example builds and prints what the README says"

cmake -S "$consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$prefix" \
	-DEXAMPLE_SOURCE="$work/example.c" >"$work/consumer.log"
cmake --build "$work/consumer" >>"$work/consumer.log"
for kind in shared static; do
	"$work/consumer/example_$kind" >"$work/got_$kind.txt"
	diff -u "$work/want.txt" "$work/got_$kind.txt"
done
echo "find_package: u8ref::u8ref and u8ref::u8ref_static build it and print the same"
