/* SPDX-License-Identifier: MIT */
/*
 * u8f_repro.h - the u8conform command that shows a fuzz_diff_target
 * finding again: the same library, function, shape, profile, functions
 * and expectations, and the input itself (hex bytes, or U+XXXX for the
 * encoder), so the line runs as printed.
 */
#ifndef U8F_REPRO_H
#define U8F_REPRO_H

#include <stddef.h>
#include <stdint.h>

/* u8f_repro_option - one more option for every command (NULL @value
 * for a flag); u8f_repro_library - the library, last on the line.  Both
 * before the first command. */
void u8f_repro_option(const char *option, const char *value);
void u8f_repro_library(const char *path);
/* u8f_repro_exec - an --exec child's command, in the library's place. */
void u8f_repro_exec(const char *cmd);

/* The command for the bytes s[0..n), or for the code point @cp given to
 * u8t_encode.  The text stays until the next call of either. */
const char *u8f_repro_bytes(const uint8_t *s, size_t n);
const char *u8f_repro_code_point(uint32_t cp);

/* The command for bytes in chunks for u8t_stream_decode, written as
 * u8c_chunks_format writes them ("C2 | 80"). */
const char *u8f_repro_chunks(const char *chunks);

/* The command for the input kept in file @path (--input @path). */
const char *u8f_repro_file(const char *path);

#endif /* U8F_REPRO_H */
