/* SPDX-License-Identifier: MIT */
/*
 * file_mode.h - the large-file half of the benchmark: write a valid file
 * of any size, and time the library call on its bytes in memory, the
 * yardstick for `u8validate FILE` (scripts/bench times the commands).
 */
#ifndef U8B_FILE_MODE_H
#define U8B_FILE_MODE_H

#include <stddef.h>

#include "inputs.h"

/* Writes @size bytes of @kind to @path.  Returns 0, or 1 with a message. */
int u8b_write_file(const char *path, size_t size,
                   const struct u8b_input_kind *kind);

/*
 * Reads @path into memory, then prints "SECONDS VALID BYTES": the median
 * of @runs calls of u8ref_validate_fast on those bytes (after one
 * warm-up), 1 or 0, and the size.  Returns 0, or 1 with a message.
 */
int u8b_time_file(const char *path, size_t runs);

#endif /* U8B_FILE_MODE_H */
