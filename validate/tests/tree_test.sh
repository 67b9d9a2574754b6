#!/bin/sh
# SPDX-License-Identifier: MIT
# tree_test.sh U8VALIDATE TESTAID SRCDIR - -r walks a tree in name order,
# skipping links and FIFOs inside it; without -r a directory is status 2.
. "$3/lib.sh"

tree=$work/tree
mkdir -p "$tree/b/deep" "$tree/a"
printf 'ok\n' >"$tree/a/fine.txt"
printf '\200' >"$tree/b/deep/z.txt"
printf 'x\300' >"$tree/b/c.txt"
printf '\377' >"$tree/a.txt"
printf '\377' >"$work/outside.txt"
ln -s "$work/outside.txt" "$tree/b/link.txt"
ln -s "$tree" "$tree/b/loop"
mkfifo "$tree/fifo" 2>/dev/null || true

cat >"$work/want" <<EOF2
$tree/a.txt:1:1: byte 0: invalid lead (FF)
$tree/b/c.txt:1:2: byte 1: invalid lead (C0)
$tree/b/deep/z.txt:1:1: byte 0: unexpected continuation (80)
EOF2

"$u8validate" -r "$tree" >"$work/out" 2>"$work/err"
status "-r tree" $? 1
same "-r: every file, in order" "$work/out" "$work/want"
empty "-r: stderr" "$work/err"
"$u8validate" --recursive "$tree/" >"$work/out" 2>"$work/err"
same "-r tree/: one slash" "$work/out" "$work/want"
"$u8validate" -r "$tree/a" >"$work/out"
status "-r valid subtree" $? 0
"$u8validate" -r "$tree/b/link.txt" >"$work/out"
status "a link named as operand is followed" $? 1
"$u8validate" "$tree" >"$work/out" 2>"$work/err"
status "directory without -r" $? 2
has "directory without -r: message" "Is a directory" "$work/err"
"$u8validate" -r "$tree" "$work/none" >"$work/out" 2>"$work/err"
status "-r tree and a missing file" $? 2
same "-r tree and a missing file: the tree still" "$work/out" "$work/want"
finish
