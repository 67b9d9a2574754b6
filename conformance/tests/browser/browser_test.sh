#!/bin/sh
# SPDX-License-Identifier: MIT
# browser_test.sh U8CONFORM BUILD_DIR OUTDIR - the HTML report in a real
# browser (page_test.mjs: Debian's chromium through playwright-core): the
# page of u8conform --format html on a target that departs (surrogates
# accepted), and, when U8C_MATRIX_HTML names one, a matrix page of
# scripts/matrix.  Screenshots go to OUTDIR.  scripts/deps-browser installs
# what it needs; without it this test fails, saying so.
set -u
u8conform=$1 build=$2 outdir=$3
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
. "$here/../check.sh"

if [ ! -x /usr/bin/chromium ] || [ ! -d "$root/support/browser/node_modules/playwright-core" ]; then
	echo "FAIL no /usr/bin/chromium or support/browser/node_modules: run scripts/deps-browser"
	exit 1
fi
mkdir -p "$outdir"

# page_test NAME PAGE INDEX: page_test.mjs on PAGE, its lines indented.
page_test() {
	rc=0
	node "$here/page_test.mjs" "$2" "$3" "$outdir/$1.png" >"$work/$1.out" 2>&1 || rc=$?
	sed 's/^/  /' "$work/$1.out"
	check "$rc" 0 "$1: page_test.mjs, report $3 ($(tail -n 1 "$work/$1.out"))"
}

check "$(grep -c '@U8C_DATA@' "$root/conformance/src/report/page.html")" 1 \
	"page.html holds its placeholder once"

target=$build/conformance/tests/targets/libu8t-test-accepts-surrogate.so
"$u8conform" --format html --functions decode "$target" >"$work/surrogate.html" 2>"$work/html.err"
check "$?" 1 "u8conform --format html on accepts-surrogate: exit status 1, it fails ($(wc -c <"$work/html.err") bytes on stderr)"
"$u8conform" --format json --functions decode "$target" >"$work/surrogate.json" 2>/dev/null
page_data "$work/surrogate.html" >"$work/embedded.json"
check "$(grep -c '@U8C_DATA@' "$work/surrogate.html")/$(jq -r '.reports | length' "$work/embedded.json")" "0/1" \
	"the page embeds one report, in place of the placeholder"
# Two runs: the same report but for the order of a check's causes (the
# order its workers found them in).
same_run='.checks[] |= (if .causes then .causes |= sort else . end)'
jq -S "$same_run" "$work/surrogate.json" >"$work/json.sorted"
jq -S ".reports[0] | $same_run" "$work/embedded.json" >"$work/embedded.sorted"
check "$(cmp -s "$work/json.sorted" "$work/embedded.sorted" && echo same)" same \
	"the page embeds the report --format json writes, byte_map and all ($(jq -r '.reports[0].byte_map.examples | length' "$work/embedded.json") examples)"
cp "$work/surrogate.html" "$outdir/surrogate.html"
page_test surrogate "$work/surrogate.html" 0

if [ -n "${U8C_MATRIX_HTML:-}" ] && [ ! -f "$U8C_MATRIX_HTML" ]; then
	check "missing" "there" "the matrix page $U8C_MATRIX_HTML (conformance.matrix.page makes it)"
elif [ -n "${U8C_MATRIX_HTML:-}" ]; then
	page_test matrix "$U8C_MATRIX_HTML" 0
fi
finish
