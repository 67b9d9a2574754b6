/* SPDX-License-Identifier: MIT */
/*
 * tree.h - the files under a directory, for -r.
 */
#ifndef U8V_TREE_H
#define U8V_TREE_H

#include "check.h"

/*
 * u8v_walk_directory - check every regular file under @dir, in byte
 * order of names, descending into subdirectories.  Symbolic links and
 * special files met on the way are skipped (links on the command line
 * are followed), so the walk cannot loop or block on a FIFO.
 */
void u8v_walk_directory(struct u8v_run *run, const char *dir);

#endif /* U8V_TREE_H */
