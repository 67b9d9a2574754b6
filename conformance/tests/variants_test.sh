#!/bin/sh
# SPDX-License-Identifier: MIT
# variants_test.sh U8CONFORM NAME=LIB... - the reference built under
# each profile: u8conform names the variant its decoder behaves as (the
# variant is read off u8t_decode's answers: --functions decode), and
# judging every function with --profile NAME passes.
set -u
u8conform=$1
shift
passed=0 failed=0
for pair in "$@"; do
	name=${pair%%=*} lib=${pair#*=}
	variant=$("$u8conform" --format json --functions decode "$lib" | jq -r .variant)
	if [ "$variant" = "$name" ]; then
		passed=$((passed + 1))
		echo "ok   profile $name diagnosed as $variant"
	else
		failed=$((failed + 1))
		echo "FAIL profile $name diagnosed as '$variant'"
	fi
	if "$u8conform" --profile "$name" "$lib" >/dev/null; then
		passed=$((passed + 1))
		echo "ok   profile $name passes --profile $name"
	else
		failed=$((failed + 1))
		echo "FAIL profile $name does not pass --profile $name"
	fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -eq $((2 * $#)) ] && [ $# -gt 0 ]
