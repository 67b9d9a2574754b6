/* SPDX-License-Identifier: MIT */
/*
 * split.h - one large mapped file validated by several threads at once.
 */
#ifndef U8V_SPLIT_H
#define U8V_SPLIT_H

#include <stdint.h>

#include "map.h"

/* A file is split only into parts of at least this size: below it,
 * starting a thread costs more than it saves. */
#define U8V_SPLIT_PART ((uint64_t)8 << 20)

/*
 * u8v_split_accept - check that the bytes [@from, @to) of @m are
 * well-formed UTF-8, in up to @threads parts at once (this thread takes
 * one).  Returns @to when they are; otherwise where the first bad part
 * went wrong, to within the window it was reading (1 MiB), or could not
 * be read (the file shrank).  The bytes before the returned offset are
 * well-formed and end where a character ends, so a scan from there
 * finds what a scan from @from would.  Only the verdict is fast: errors
 * are left to that scan.
 */
uint64_t u8v_split_accept(const struct u8v_map *m, uint64_t from, uint64_t to,
                          unsigned threads);

#endif /* U8V_SPLIT_H */
