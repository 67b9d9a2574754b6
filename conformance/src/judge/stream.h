/* SPDX-License-Identifier: MIT */
/*
 * stream.h - u8t_stream_decode's answers on the chunkings of an item,
 * against the reference's stream (u8ref_stream_*).
 *
 * The reference writes every character in the chunk it ends in and
 * holds back only a tail that could still become one, so what it has
 * written after s[0..p) depends on p alone, not on the cuts before:
 * one pass over the input tells it for every cut (u8c_stream_ref).
 *
 * Every chunking of an item is judged against the one-chunk run of the
 * same item, which is judged first, as u8t_decode is: where that run is
 * right, a chunking must give the same values, write each character by
 * the chunk it ends in (stream/prompt, a WARN), keep an incomplete tail
 * until the last chunk (stream/early) and replace it then
 * (stream/flush); anything else is judged as values, where they part
 * from the reading.  Where the one-chunk run is wrong already, a
 * chunking that gives the same values is the same failure again.
 */
#ifndef U8C_STREAM_H
#define U8C_STREAM_H

#include "judge.h"

/* The reference's stream on one input, cut after s[0..p), for every p. */
struct u8c_stream_ref {
	size_t n;
	uint32_t written[U8C_MAX_INPUT + 1]; /* values written by then  */
	uint32_t allowed[U8C_MAX_INPUT + 1]; /* the most a decoder may
	                                        have written by then: one
	                                        U+FFFD per ill-formed byte
	                                        decided, as for decode    */
	uint8_t held[U8C_MAX_INPUT + 1];     /* bytes held back then     */
};

/* u8c_stream_ref_make - the reference's stream on s[0..n), under @p. */
void u8c_stream_ref_make(struct u8c_stream_ref *r,
                         const struct u8ref_profile *p, const uint8_t *s,
                         size_t n);

/* u8c_stream_ref_read - the same from the reading @in of the input,
 * which under Table 3-7 tells it without a walk a byte at a time (proved
 * equal to u8c_stream_ref_make in conformance.unit); under any other
 * profile, u8c_stream_ref_make. */
void u8c_stream_ref_read(struct u8c_stream_ref *r,
                         const struct u8ref_profile *p,
                         const struct u8c_reading *in);

/* u8c_stream_held - the bytes the reference's stream holds after each
 * s[0..p), into held[0..n], as u8c_stream_ref_make's held; returns the
 * input's first error, as u8c_first_error does.  What a worker places
 * its cuts by, without the written and allowed counts only a judge
 * needs: under Table 3-7 one pass of the automaton's pieces. */
size_t u8c_stream_held(const struct u8ref_profile *p, const uint8_t *s,
                       size_t n, uint8_t *held);

/* How the one-chunk run of an item fared, for its other chunkings. */
struct u8c_stream_whole {
	int judged; /* it ran and returned within its cap      */
	const uint32_t *out;
	size_t nout;
	int exact;                  /* its values are the reading's           */
	struct u8c_failure failure; /* else what it failed            */
};

/*
 * u8c_judge_stream - judge @a, the answers on @item's chunking, into @t.
 * The whole-input chunking comes first and fills @whole (whose values
 * must stay where they are until the item's last chunking); every other
 * chunking of the item reads it.
 */
void u8c_judge_stream(struct u8c_tallies *t, const struct u8c_judging *j,
                      const struct u8c_item *item, const struct u8c_reading *in,
                      const struct u8c_stream_ref *ref,
                      const struct u8c_stream_answers *a,
                      struct u8c_stream_whole *whole);

/* u8c_judge_stream_size - a state size of 1..U8C_STATE_MAX bytes, as
 * u8t_stream_size() said it while loading (@x: the expectations). */
void u8c_judge_stream_size(struct u8c_tallies *t,
                           const struct u8c_expectations *x, uint64_t size);

/* u8c_judge_stream_probes - what the stream's probes of @item found
 * (stream/init, stream/independent), into @t. */
void u8c_judge_stream_probes(struct u8c_tallies *t, const struct u8c_judging *j,
                             const struct u8c_item *item,
                             const struct u8c_reading *in,
                             const struct u8c_stream_probes *p);

#endif /* U8C_STREAM_H */
