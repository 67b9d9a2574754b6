#!/bin/bash -eu
# SPDX-License-Identifier: MIT
# build.sh - OSS-Fuzz and ClusterFuzzLite build of the u8conform fuzzers.
#
# Honours what the builder sets: $CC $CXX $CFLAGS $CXXFLAGS
# $LIB_FUZZING_ENGINE $FUZZING_ENGINE $SRC $WORK $OUT.  Puts each fuzzer
# into $OUT with <fuzzer>_seed_corpus.zip, <fuzzer>.dict and
# <fuzzer>.options; fuzz_diff_target fuzzes the reference shipped beside
# it as libu8t-ref.so (built without sanitizers, as a target is), and
# ICU's shared libraries go to $OUT/lib, since the runner image has none.
src=${U8_SRC:-$SRC/u8conform}
engine=libfuzzer
[ "${FUZZING_ENGINE:-libfuzzer}" = libfuzzer ] || engine=afl

cmake -S "$src" -B "$WORK/u8-fuzz" -DCMAKE_BUILD_TYPE=Release \
	-DCMAKE_C_COMPILER="$CC" -DCMAKE_C_FLAGS="$CFLAGS" \
	-DCMAKE_EXE_LINKER_FLAGS="-Wl,-rpath,\$ORIGIN/lib" \
	-DBUILD_TESTING=OFF -DU8_FUZZ_ENGINE="$engine" \
	-DU8_FUZZ_LINK="$LIB_FUZZING_ENGINE" -DU8_FUZZ_DEFAULT_TARGET=libu8t-ref.so
cmake --build "$WORK/u8-fuzz" -j"$(nproc)" --target fuzzers

# The target: an ordinary, uninstrumented library, as a user's would be.
CFLAGS= cmake -S "$src" -B "$WORK/u8-target" -DCMAKE_BUILD_TYPE=Release \
	-DCMAKE_C_COMPILER=clang -DCMAKE_C_FLAGS= -DBUILD_TESTING=OFF
cmake --build "$WORK/u8-target" -j"$(nproc)" --target u8t-ref
cp "$WORK/u8-target/oracles/libu8t-ref.so" "$OUT/"

mkdir -p "$OUT/lib"
for fuzzer in fuzz_ref_props fuzz_diff_icu fuzz_diff_target fuzz_kernels fuzz_reader; do
	[ -x "$WORK/u8-fuzz/fuzz/$fuzzer" ] || continue
	cp "$WORK/u8-fuzz/fuzz/$fuzzer" "$OUT/"
	(cd "$src/corpus/$fuzzer" && zip -q -j "$OUT/${fuzzer}_seed_corpus.zip" ./*)
	cp "$src/corpus/utf8.dict" "$OUT/$fuzzer.dict"
	printf '[libfuzzer]\ndict = %s.dict\nmax_len = 4096\ntimeout = 10\n' \
		"$fuzzer" >"$OUT/$fuzzer.options"
	# ICU is a shared library: ship it with the fuzzer that uses it.
	ldd "$OUT/$fuzzer" | awk '/libicu/ { print $3 }' | while read -r lib; do
		cp -L "$lib" "$OUT/lib/"
	done
done
