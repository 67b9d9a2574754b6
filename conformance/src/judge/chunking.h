/* SPDX-License-Identifier: MIT */
/*
 * chunking.h - how an input is cut into chunks for u8t_stream_decode.
 *
 * A chunking is named by a few numbers, not by its cuts, so that a
 * finding names its item and chunking in a handful of bytes and any
 * process can rebuild them.  A plan row says which chunkings each of
 * its inputs gets (its stream mode); they are numbered from 0, the whole
 * input in one chunk.
 */
#ifndef U8C_CHUNKING_H
#define U8C_CHUNKING_H

#include <stddef.h>
#include <stdint.h>

#include "families.h"

enum u8c_chunking_kind {
	U8C_CHUNK_NONE,   /* not a stream's input                          */
	U8C_CHUNK_WHOLE,  /* one chunk, the last                           */
	U8C_CHUNK_CUT,    /* [0, a) and [a, n); a may be 0 or n             */
	U8C_CHUNK_CUTS,   /* [0, a), [a, b) and [b, n); a <= b              */
	U8C_CHUNK_BYTES,  /* a byte a chunk                                */
	U8C_CHUNK_RANDOM, /* chunks of 0..8 bytes, drawn from seed a       */
	U8C_CHUNK_GIVEN,  /* the cuts u8c_chunking_given_set was given last */
};

/* Which chunkings an input gets. */
enum u8c_stream_mode {
	U8C_STREAM_NONE,  /* none: the row is not for streams             */
	U8C_STREAM_CUTS,  /* whole, and every cut                          */
	U8C_STREAM_INNER, /* whole, and every cut with bytes on both sides
	                     (for a second placement: what an empty chunk
	                     does is the same wherever it lies)          */
	U8C_STREAM_PAIRS, /* whole, every cut, every pair of inner cuts
	                     at most U8C_PAIR_SPAN apart (equal ones an
	                     empty chunk between), two empty chunks at the
	                     end, a byte a chunk                          */
	U8C_STREAM_LONG,  /* whole, every cut next to a byte of 80..FF
	                     (cuts between ASCII letters are alike); a
	                     byte a chunk and U8C_RANDOM_CHUNKINGS random
	                     ones on inputs of at most 16 bytes, and on
	                     those whose first byte of 80..FF lies within
	                     three bytes before a 16-byte edge or on it  */
	U8C_STREAM_GIVEN, /* whole, and the cuts --input gave             */
	/* The default families' modes, which leave out every chunking whose
	 * window a shorter input of the same family shows (see "The stream
	 * plan" in conformance/README.md); they need the held bytes. */
	U8C_STREAM_PIECES,       /* PAIRS, each on the shortest input of its
	                            window, a pair only inside one piece, a byte a
	                            chunk only on one piece                     */
	U8C_STREAM_PIECES_INNER, /* INNER, each on the shortest input of
	                            its window; nothing, not even the whole
	                            input, when no cut is left              */
	U8C_STREAM_TAILS, /* whole, and every inner cut whose bytes after it
	                     are each the first or last of its byte class
	                     (every tail a decoder may hold, completed by
	                     each class's ends)                          */
};

enum {
	U8C_PAIR_SPAN = 6,        /* a middle chunk of up to 6 bytes     */
	U8C_RANDOM_CHUNKINGS = 4, /* per input, with U8C_STREAM_LONG     */
	U8C_MAX_CUTS = U8C_MAX_INPUT,
};

/* The most chunkings an input gets: every cut and the pairs of cuts of
 * U8C_MAX_INPUT bytes, and the others. */
#define U8C_CHUNKINGS_MAX                                                      \
	(2 + (U8C_MAX_INPUT + 1) * (U8C_PAIR_SPAN + 2) + U8C_RANDOM_CHUNKINGS)

/* Whether mode @m places its cuts by the pieces, and so needs the held
 * bytes (u8c_chunkings_list's @held). */
static inline int
u8c_stream_places_pieces(enum u8c_stream_mode m)
{
	return m == U8C_STREAM_PIECES || m == U8C_STREAM_PIECES_INNER;
}

/* The chunkings the input s[0..n) gets in mode @m, in their order, into
 * list[0..U8C_CHUNKINGS_MAX); returns how many.  @held[0..n] are the
 * bytes the reference's stream holds after s[0..p) (u8c_stream_ref's
 * held, under the run's profile), which place the pieces; only the
 * PIECES modes read it. */
size_t u8c_chunkings_list(enum u8c_stream_mode m, const uint8_t *s, size_t n,
                          const uint8_t *held, struct u8c_chunking *list);

/* Where chunking @c cuts an input of @n bytes: positions 0..n, in
 * order, into cuts[0..U8C_MAX_CUTS); returns how many.  The chunks are
 * [0, cuts[0]), [cuts[0], cuts[1]), ... [cuts[last], n). */
size_t u8c_chunking_cuts(const struct u8c_chunking *c, size_t n,
                         uint16_t *cuts);

/* The cuts of U8C_CHUNK_GIVEN (--input "E0|A0 80"). */
void u8c_chunking_given_set(const uint16_t *cuts, size_t ncuts);

/* Whether @a and @b are the same chunking. */
static inline int
u8c_chunking_same(const struct u8c_chunking *a, const struct u8c_chunking *b)
{
	return a->kind == b->kind && a->a == b->a && a->b == b->b;
}

/* Whether @a is a smaller counterexample's chunking than @b: fewer
 * cuts, then the cuts in order. */
int u8c_chunking_before(const struct u8c_chunking *a, size_t na,
                        const struct u8c_chunking *b, size_t nb);

/*
 * u8c_chunks_format - s[0..n) as hex with " | " between the chunks of
 * @c ("E0 | A0 80"; an empty chunk shows as nothing between bars) into
 * buf[0..cap).  Returns the length written.
 */
size_t u8c_chunks_format(char *buf, size_t cap, const uint8_t *s, size_t n,
                         const struct u8c_chunking *c);

/*
 * u8c_chunks_parse - "E0|A0 80": hex bytes with '|' between chunks, into
 * buf[0..cap) and the cuts into cuts[0..U8C_MAX_CUTS).  Returns 0, or -1
 * when the text is not that (no hex digit anywhere is fine: "|" is an
 * empty input cut once).
 */
int u8c_chunks_parse(const char *text, uint8_t *buf, size_t cap, size_t *n,
                     uint16_t *cuts, size_t *ncuts);

#endif /* U8C_CHUNKING_H */
