#!/bin/sh
# SPDX-License-Identifier: MIT
# byte_map_test.sh U8CONFORM SURROGATE_LIB CORRECT_LIB - the byte map of
# the JSON report and the HTML page: a decoder that takes ED A0..BF for
# the start of a character departs there and nowhere in rows it gets
# right; a correct one departs nowhere; every cell of a default run is
# tested; the page carries the report it was made from; and --merge adds
# up the maps of shards cell by cell.
set -u
. "$(dirname "$0")/check.sh"
u8conform=$1 surrogate=$2 correct=$3

# cells REPORT: the map's letters, one row of 257 a line.
cells() {
	jq -r '.byte_map.cells' "$1" | fold -w 257
}
# row REPORT BYTE: the row of first byte BYTE (hex).
row() {
	cells "$1" | sed -n "$(($(printf '%d' "0x$2") + 1))p"
}

# One run, as a page: its data is the JSON report (browser_test.sh
# compares the two formats).
"$u8conform" --format html --functions decode "$surrogate" >"$work/s.html"
check "$?" 1 "a decoder that accepts surrogates fails"
check "$(grep -c '@U8C_DATA@' "$work/s.html")" 0 "the page's data filled in"
page_data "$work/s.html" >"$work/data.json"
check "$(jq -r '[.title, (.reports | length), (.generated | test("^[0-9]{4}-[0-9]{2}-[0-9]{2}T"))] | @tsv' "$work/data.json")" \
	"$(printf 'u8conform: %s\t1\ttrue' "$(jq -r '.reports[0].target' "$work/data.json")")" "the page's title, one report, the date"
jq '.reports[0]' "$work/data.json" >"$work/s.json"
check "$(jq -r '.byte_map | [.rows, .columns, (.cells | length)] | @tsv' "$work/s.json")" \
	"$(printf '256\t257\t65792')" "256 rows of 257 cells"
check "$(cells "$work/s.json" | grep -c -- -)" 0 "a default run tests every cell"
check "$(row "$work/s.json" ED | cut -c161-192)" "$(printf 'a%.0s' $(seq 32))" \
	"row ED: A0..BF read otherwise than Table 3-7"
check "$(jq -r '[.byte_map.examples[] | .input | select(test("ED [AB][0-9A-F]") | not)] | length' "$work/s.json")" \
	0 "every cell that departs has a surrogate in its counterexample"
check "$(jq -r '.byte_map.examples["ED A0"] | [.check, .input, .expected, .got] | @tsv' "$work/s.json")" \
	"$(printf 'decode/surrogate\tED A0 80\tFFFD FFFD FFFD\tD800')" "cell ED A0: its smallest counterexample"
check "$(jq -r '.byte_map as $m | [$m.examples | keys[] |
	(split(" ") | map(explode | map(if . > 64 then . - 55 else . - 48 end) | .[0] * 16 + .[1])) as $b |
	(if ($b | length) == 2 then $b[0] * 257 + $b[1] else $b[0] * 257 + 256 end) as $i |
	$m.cells[$i:$i + 1] | select(test("[.-]"))] | length' "$work/s.json")" \
	0 "an example for departing cells only"
check "$(jq -r '.byte_map | ([.cells | explode[] | select(. != 46 and . != 45)] | length) == (.examples | length)' "$work/s.json")" \
	true "an example for each departing cell"

"$u8conform" --format json --functions decode "$correct" >"$work/c.json"
check "$?/$(cells "$work/c.json" | tr -d '.\n')/$(jq '.byte_map.examples | length' "$work/c.json")" \
	"0//0" "a correct decoder agrees in every cell"

# --merge: two shards of --exhaustive, each cell the worse of the two
# (the rest of the shards missing: exit status 2, and the report).
for k in 1 2; do
	"$u8conform" --format json --exhaustive --shard "$k/20000" --functions decode "$surrogate" >"$work/shard$k.json"
done
"$u8conform" --format json --merge "$work/shard1.json" "$work/shard2.json" >"$work/merged.json" 2>/dev/null
check "$?" 2 "the merge of two shards of 20000 names the others missing"
worse=$(jq -rn --slurpfile a "$work/shard1.json" --slurpfile b "$work/shard2.json" '
	"-.bsopraf" as $rank |
	[$a[0].byte_map.cells, $b[0].byte_map.cells] | map(explode) | transpose |
	map(. as $p | if ($rank | index([$p[0]] | implode)) >= ($rank | index([$p[1]] | implode)) then $p[0] else $p[1] end) | implode')
check "$(jq -r .byte_map.cells "$work/merged.json" | cmp -s - "$(printf '%s\n' "$worse" >"$work/worse" && echo "$work/worse")" && echo same)" \
	same "merged cells: the worse of the shards'"
check "$(jq -r '.byte_map | (.examples | length) == ([.cells | explode[] | select(. != 46 and . != 45)] | length) and (.examples | length) > 0' "$work/merged.json")" \
	true "merged: an example for each departing cell"
finish
