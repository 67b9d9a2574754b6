/* SPDX-License-Identifier: MIT */
/*
 * reader_seeds.h - fuzz_reader's seed corpus, for u8f-gen-corpus.
 */
#ifndef U8F_READER_SEEDS_H
#define U8F_READER_SEEDS_H

#include <stddef.h>
#include <stdint.h>

/* u8f_write_reader_seeds - each seed through @write_file(@dir, name,
 * bytes, size); 0, or nonzero when one could not be written. */
int u8f_write_reader_seeds(const char *dir,
                           int (*write_file)(const char *, const char *,
                                             const uint8_t *, size_t));

#endif /* U8F_READER_SEEDS_H */
