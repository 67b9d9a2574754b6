/* SPDX-License-Identifier: MIT */
/*
 * split.h - one large mapped file read by several threads at once: to
 * accept it, and to count the lines before an error.
 */
#ifndef U8V_SPLIT_H
#define U8V_SPLIT_H

#include <stdint.h>

#include "map.h"
#include "position.h"

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
 * are left to that scan.  With @position, it is moved past the bytes
 * from @from to *@counted_to, which the parts counted while their text
 * was ASCII: a scan that needs lines goes on counting from there.
 */
uint64_t u8v_split_accept(const struct u8v_map *m, uint64_t from, uint64_t to,
                          unsigned threads, struct u8v_position *position,
                          uint64_t *counted_to);

/*
 * u8v_split_count - move @position past the bytes [@from, @to) of @m,
 * well-formed under Table 3-7, counted in up to @threads parts at once.
 * Returns 0, or -1 (@position unchanged) when a part could not be read
 * (the file shrank).
 */
int u8v_split_count(const struct u8v_map *m, uint64_t from, uint64_t to,
                    unsigned threads, struct u8v_position *position);

#endif /* U8V_SPLIT_H */
