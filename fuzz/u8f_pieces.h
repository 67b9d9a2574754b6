/* SPDX-License-Identifier: MIT */
/*
 * u8f_pieces.h - the byte sequences fuzzing is built from: boundary
 * characters and ill-formed forms of every row of Table 3-7.
 *
 * The mutator inserts them, the corpus generator writes them as seeds
 * and the dictionary lists them; all three read this one list, which is
 * worked out from u8ref_table_3_7 itself.
 */
#ifndef U8F_PIECES_H
#define U8F_PIECES_H

#include <stddef.h>
#include <stdint.h>

enum { U8F_PIECE_MAX = 12 };

struct u8f_piece {
	uint8_t s[U8F_PIECE_MAX]; /* the bytes                           */
	uint8_t n;                /* how many                            */
	signed char row;          /* Table 3-7 row it comes from, or -1  */
	char what[40];            /* "row E0 lo hi hi", "overlong" ...   */
};

/* u8f_pieces - every piece, built on first use; *@count receives how
 * many.  Deterministic: the same list on every call and machine. */
const struct u8f_piece *u8f_pieces(size_t *count);

/* u8f_piece_random - piece @k with each byte of a row drawn anew from
 * its column's range by @rng (an xorshift state), into out[]; returns
 * its length. */
size_t u8f_piece_random(size_t k, uint32_t *rng, uint8_t out[U8F_PIECE_MAX]);

/* u8f_rand - the next number of a 32-bit xorshift state (never 0). */
uint32_t u8f_rand(uint32_t *rng);

#endif /* U8F_PIECES_H */
