#!/bin/sh
# SPDX-License-Identifier: MIT
# exports_test.sh U8CONFORM WRAPPER IFUNC - a library whose u8t_ functions
# are a needed library's, and one whose u8t_validate is an indirect
# function that resolves to none: each exports what dlsym finds, with no
# finding of a written-over load report (CMakeLists.txt says why each).
set -u
u8conform=$1 wrapper=$2 ifunc=$3
. "$(dirname "$0")/../check.sh"

# every function exported is judged on --input: .functions lists them
exports='.functions | join(" ")'
for lib in "$wrapper" "$ifunc"; do
	name=$(basename "$lib" .so)
	rc=0
	"$u8conform" --format json --input 41 "$lib" >"$work/$name.json" 2>"$work/$name.err" || rc=$?
	check "$rc" 0 "$name: exit status"
	check "$(jq -r '.checks[] | select(.id == "isolation/over-write") | .failed' "$work/$name.json")" 0 \
		"$name: no over-write of the load report"
	case $lib in
	"$wrapper") want='decode validate next encode' ;;
	*) want=decode ;;
	esac
	check "$(jq -r "$exports" "$work/$name.json")" "$want" "$name: exports"
done
finish 6
