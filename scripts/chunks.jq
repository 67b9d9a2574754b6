# SPDX-License-Identifier: MIT
# chunks.jq - a JSON counterexample's input as the text report shows it:
# for a stream, a bar at each cut of its chunks ("C2 | 80").  Included by
# scripts/conformance-table and the stream tests (jq -L DIR).
def shown:
	if .chunks == null then .input
	else (if .input == "(empty)" then [] else .input | split(" ") end) as $b
		| .chunks as $c
		| reduce range(0; $c | length) as $k ({at: 0, out: []};
			.out += (if $k > 0 then ["|"] else [] end) + $b[.at:.at + $c[$k]]
			| .at += $c[$k])
		| .out | join(" ") | if . == "" then "(empty)" else . end
	end;
