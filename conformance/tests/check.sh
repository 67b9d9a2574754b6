# SPDX-License-Identifier: MIT
# check.sh - sourced by u8conform's test scripts: a scratch directory,
# one assertion, and the count that ends a script (a script that checked
# nothing fails).
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

# check GOT WANT WHAT
check() {
	if [ "$1" = "$2" ]; then
		passed=$((passed + 1))
		echo "ok   $3"
	else
		failed=$((failed + 1))
		echo "FAIL $3: got '$1', want '$2'"
	fi
}

# not_passed REPORT.json: what a run did not pass, and why it stopped if
# it did, to show beside a wrong verdict.
not_passed() {
	jq -r '(.checks[] | select(.verdict != "pass") |
		"     \(.verdict) \(.id) on \(.counterexample.input // "-") (\(.failed) of \(.tested))"),
		(.stopped // empty | "     stopped: \(.)")' "$1" 2>/dev/null | head -8
}

# finish [CASES]: the closing count; it fails on any failure, when
# nothing was checked, and when fewer than CASES cases were (a loop over
# a manifest that stopped short).
finish() {
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ] || return 1
	if [ "$passed" -lt "${1:-0}" ]; then
		echo "only $passed of $1 cases were checked" >&2
		return 1
	fi
}

# cases MANIFEST: its lines that are cases (not blank, not comments).
cases() {
	grep -cv '^\(#\|$\)' "$1"
}

# page_data PAGE: the JSON a u8conform page carries (src/report/page.html:
# one line, its every "<" escaped), read apart from the page's script.
page_data() {
	sed -n 's|.*<script id="u8c-data" type="application/json">\(.*\)</script>.*|\1|p' "$1"
}
