/* SPDX-License-Identifier: MIT */
/*
 * write_dup_high_fd.c - hostile target: write_dup_fd.c with the copy of
 * fd 1 at 1500, its limit of open files raised while loading.
 *
 * A worker that looked for copies of its output only below 1024 left
 * this one writing into the fork server's pipe, and the write was charged
 * to loading.  Expected: a FAIL isolation/output naming C1.
 */
#define DUP_TO   1500
#define DUP_NAME "hostile-write-dup-high-fd"
#include "write_dup_fd.c"
