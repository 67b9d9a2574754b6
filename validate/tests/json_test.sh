#!/bin/sh
# SPDX-License-Identifier: MIT
# json_test.sh U8VALIDATE TESTAID SRCDIR - --json writes one valid JSON
# object per input (python3 parses each line) that says what the text
# report says; unreadable inputs and odd file names included.
. "$3/lib.sh"
command -v python3 >/dev/null || { echo "skipped: no python3"; exit 77; }

"$testaid" mixed 3000 5 >"$work/mixed"
printf 'fine\n' >"$work/valid"
name=$(printf 'odd "name"\\\001\377')
printf '\200' >"$work/$name"

# From JSON back to text lines, to compare with the aid's.
cat >"$work/totext.py" <<'PY'
import json, sys
for line in sys.stdin:
    o = json.loads(line)
    if o.get("failure") is not None:
        print("%s: failure %s valid=%s" % (o["file"], o["failure"], o["valid"]))
        continue
    for e in o["errors"]:
        print("%s:%d:%d: byte %d: %s (%s)" % (o["file"], e["line"], e["column"],
              e["offset"], e["kind"], e["bytes"]))
    print("%s: valid=%s" % (o["file"], o["valid"]))
PY

"$u8validate" --json --all "$work/mixed" "$work/valid" "$work/missing" >"$work/out" 2>"$work/err"
status "--json" $? 2
[ "$(wc -l <"$work/out")" -eq 3 ] && pass || fail "--json: one line per input"
python3 "$work/totext.py" <"$work/out" >"$work/got" || fail "--json does not parse"
{
	"$testaid" errors unicode "$work/mixed" "$work/mixed"
	echo "$work/mixed: valid=False"
	echo "$work/valid: valid=True"
	echo "$work/missing: failure No such file or directory valid=None"
} >"$work/want"
same "--json --all says what the walk says" "$work/got" "$work/want"
has "--json: a bad input on stderr too" "No such file" "$work/err"

"$u8validate" --json "$work/mixed" | python3 "$work/totext.py" >"$work/got"
{
	"$testaid" errors unicode "$work/mixed" "$work/mixed" | head -n 1
	echo "$work/mixed: valid=False"
} >"$work/want"
same "--json: the first error" "$work/got" "$work/want"

# A name with a quote, a backslash, a control byte and a non-UTF-8 byte.
"$u8validate" --json "$work/$name" >"$work/out"
python3 -c 'import json,sys; o=json.loads(sys.stdin.read()); print(o["file"].endswith("odd \"name\"\\\x01\ufffd"))' \
	<"$work/out" >"$work/got"
echo True >"$work/want"
same "--json: escaped file name" "$work/got" "$work/want"
python3 -m json.tool "$work/out" >/dev/null && pass || fail "json.tool rejects it"

printf 'x' | "$u8validate" --json --profile wtf8 >"$work/out"
echo '{"file":"-","errors":[],"valid":true}' >"$work/want"
same "--json: stdin, valid" "$work/out" "$work/want"
"$u8validate" --json -q "$work/mixed" >"$work/out"
empty "--json -q" "$work/out"
finish
