#!/bin/sh
# SPDX-License-Identifier: MIT
# matrix_page_test.sh MATRIX BUILD_DIR [OUTDIR] - scripts/matrix --smoke
# (MATRIX) as CI runs it, into OUTDIR (a scratch directory if none; the
# browser test loads the page it leaves there): it exits 0; matrix.json parses
# and holds at least four whole reports, with a decoder entry beside each
# naming the same decoder; matrix.md has a row for every decoder, and the
# Node.js TextDecoder row cites, for each of its departures that
# textdecoder.expect explains, that file's documentation link (the parse of
# the file's comment blocks: decode/bom's is the TextDecoder page, not the
# TextEncoder one above it); matrix.html is the page template with the data
# in place of its placeholder; README.md is left alone.  A child whose
# runtime is missing is skipped by the script, so python3 and node are
# needed here (77 without them).
set -u
. "$(dirname "$0")/check.sh"
matrix=$1 build=$2 out=${3:-}
src=$(cd "$(dirname "$matrix")/.." && pwd)
command -v node >/dev/null && command -v python3 >/dev/null || { echo "python3 or node missing" >&2; exit 77; }
readme_before=$(cksum <"$src/README.md")

out=${out:-$work/out}
rm -rf "$out"
"$matrix" --smoke --out "$out" "$build" >"$work/stdout" 2>"$work/stderr"
check "$?" 0 "scripts/matrix --smoke: exit status"
json=$out/matrix.json md=$out/matrix.md
check "$(jq -e 'type' "$json" 2>/dev/null)" '"object"' "matrix.json parses"
check "$(jq -r '.title' "$json")" "UTF-8 decoder conformance matrix" "matrix.json's title"
check "$(jq -r '.reports | length >= 4' "$json")" true "at least four reports ($(jq -r '.reports | length' "$json"))"
check "$(jq -r '[.reports[] | .complete == true and (.checks | length) > 0] | all' "$json")" true "every report whole"
check "$(jq -r '(.decoders | length) == (.reports | length)' "$json")" true "a decoder entry beside each report"
# Each entry names the decoder its report judged (the child's hello, the
# oracle's u8t_name), whatever the order.
check "$(jq -r '[.reports as $r | .decoders | to_entries[] | .key as $i | .value.id as $id
	| {"ref": "u8ref ", "icu": "ICU ", "python-codecs": "CPython bytes.decode('"'utf-8', 'replace'"') ",
	   "node-textdecoder": "Node.js TextDecoder utf-8 "}[$id] as $want
	| $want != null and ($r[$i].target | startswith($want))] | all' "$json")" true \
	"decoders parallel to reports: ref, icu, python-codecs, node-textdecoder, each beside its own report"
check "$(jq -r '[.decoders[] | (.language | length) > 0 and (.library | length) > 0
	and (.version | length) > 0 and (.docs | startswith("https://")) and (.documented | type == "object")] | all' "$json")" \
	true "every decoder entry has language, library, version, docs and documented"
# The .expect file's entries, each with the link of the comment block above it.
check "$(jq -r '.decoders[] | select(.id == "node-textdecoder") | .documented["decode/bom"].doc' "$json")" \
	"https://encoding.spec.whatwg.org/#dom-textdecoder-decode" "documented decode/bom: textdecoder.expect's link"
check "$(jq -r '.decoders[] | select(.id == "node-textdecoder") | .documented["encode/surrogates"].doc' "$json")" \
	"https://encoding.spec.whatwg.org/#dom-textencoder-encode" "documented encode/surrogates: textdecoder.expect's link"

# A table row for every decoder (identical rows are grouped: names joined).
rows=$(grep -c '^| [A-Z]' "$md")
# A row's name, as the script writes it: "language: library version", the
# language not said twice ("Go: strings.ToValidUTF8", not "Go: Go ...").
row_name='(.language as $l | "\($l): \(.library | ltrimstr("\($l) ")) \(.version)")'
jq -r ".decoders[] | $row_name" "$json" >"$work/names"
while IFS= read -r name; do
	check "$(grep '^| ' "$md" | grep -cF "$name")" 1 "matrix.md has a row for $name"
done <"$work/names"
check "$((rows >= 1 && rows <= $(wc -l <"$work/names")))" 1 "matrix.md's rows: $rows for $(wc -l <"$work/names") decoders"
# Node's row cites the .expect link for each of its departures that the
# file explains, and at least one departs in the smoke's shard.
node_name=$(jq -r ".decoders[] | select(.id == \"node-textdecoder\") | $row_name" "$json")
node_row=$(grep '^| ' "$md" | grep -F "$node_name")
jq -r '.reports as $r | .decoders | to_entries[] | select(.value.id == "node-textdecoder") | .key as $i
	| .value.documented as $d | $r[$i].checks[] | select(.verdict != "pass" and $d[.id] != null)
	| "\(.id) \($d[.id].doc)"' "$json" >"$work/node-departed"
check "$(($(wc -l <"$work/node-departed") >= 1))" 1 \
	"Node's TextDecoder departs where textdecoder.expect says ($(cut -d' ' -f1 "$work/node-departed" | tr '\n' ' '))"
while read -r id doc; do
	cited=0
	printf '%s\n' "$node_row" | grep -F "documented: " | grep -F "$id" | grep -qF "($doc)" && cited=1
	check "$cited" 1 "matrix.md's documented column cites $doc for Node's $id"
done <"$work/node-departed"
check "$(grep -c '^matrix: \[[1-4]/4\] [a-z-]*: [a-z]* in [0-9]* s$' "$work/stderr")" 4 "a progress line per decoder, with its time"

# The page: the template with the data in place of its placeholder.
if [ -f "$src/conformance/src/report/page.html" ]; then
	check "$(grep -c '@U8C_DATA@' "$out/matrix.html")" 0 "matrix.html: no placeholder left"
	page_data "$out/matrix.html" >"$work/data"
	check "$(grep -c '<' "$work/data")" 0 "matrix.html's data has every < escaped"
	check "$(jq -S . "$work/data" 2>/dev/null | cksum)" "$(jq -S . "$json" | cksum)" "matrix.html's data is matrix.json"
else
	echo "skip matrix.html: conformance/src/report/page.html is not there"
fi
check "$(cksum <"$src/README.md")" "$readme_before" "--smoke leaves README.md alone"
[ "$failed" -eq 0 ] || sed 's/^/     /' "$work/stderr"
finish 14
