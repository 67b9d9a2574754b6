# SPDX-License-Identifier: MIT
# lib.sh - sourced by each *_test.sh: the command, the aid, a scratch
# directory, and counting that fails a suite that checked nothing.
set -u
u8validate=$1 testaid=$2 here=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

pass() { passed=$((passed + 1)); }
fail() {
	failed=$((failed + 1))
	echo "FAIL: $*"
}

# same WHAT GOT WANT: two files with the same bytes.
same() {
	if cmp -s "$2" "$3"; then
		pass
	else
		fail "$1"
		diff "$2" "$3" | head -6
	fi
}

# status WHAT GOT WANT: an exit status.
status() {
	if [ "$2" -eq "$3" ]; then pass; else fail "$1: exit $2, want $3"; fi
}

# has WHAT PATTERN FILE: a line of FILE matches PATTERN (fixed string).
has() {
	if grep -q -F -- "$2" "$3"; then
		pass
	else
		fail "$1: no '$2' in:"
		head -5 "$3"
	fi
}

# empty WHAT FILE
empty() {
	if [ ! -s "$2" ]; then
		pass
	else
		fail "$1: not empty:"
		head -5 "$2"
	fi
}

finish() {
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
}
