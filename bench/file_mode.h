/* SPDX-License-Identifier: MIT */
/*
 * file_mode.h - the large-file half of the benchmark: a file of any
 * size, for `u8validate FILE` and its peers (commands.c) to read.
 */
#ifndef U8B_FILE_MODE_H
#define U8B_FILE_MODE_H

#include <stddef.h>

#include "inputs.h"

/* Writes @size bytes of @kind to @path.  Returns 0, or 1 with a message. */
int u8b_write_file(const char *path, size_t size,
                   const struct u8b_input_kind *kind);

#endif /* U8B_FILE_MODE_H */
