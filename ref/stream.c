/* SPDX-License-Identifier: MIT */
/*
 * stream.c - the walk fed in chunks, with the answer of one whole call.
 *
 * A character is decided only when the walk says the end of input did
 * not matter; otherwise its bytes wait in the stream until the next
 * chunk or the last one.  The walk never needs more than
 * U8REF_STREAM_HOLD bytes to decide, so what waits always fits.
 *
 * Under Table 3-7 the automaton of fast/ takes the walk's place: it
 * gives the walk's answer field for field (ref.fast_exhaustive checks
 * every input of up to four bytes, as far as a character can read),
 * and reports a truncation exactly where the walk says the end
 * mattered.  It is what every chunk of a stream costs.
 */
#include <string.h>

#include "dfa.h"
#include "engine.h"

/* One character of s[0..n), and whether the end of input mattered. */
static inline struct u8ref_result
step(const struct u8ref_profile *p, int table_3_7, const uint8_t *s, size_t n,
     int *hit_end)
{
	struct u8ref_result r;

	if (!table_3_7)
		return u8ref_walk(p, s, n, hit_end);
	r = u8ref_dfa_decode_step(s, n); /* n >= 1 */
	*hit_end = r.status == U8REF_TRUNCATED;
	return r;
}

void
u8ref_stream_init(struct u8ref_stream *st, const struct u8ref_profile *p)
{
	memset(st, 0, sizeof *st);
	st->profile = u8ref_profile_or_default(p);
	st->first_status = U8REF_OK;
}

/* Account for one decided character and emit its code point. */
static void
emit(struct u8ref_stream *st, struct u8ref_result r, uint32_t *out)
{
	if (r.status != U8REF_OK) {
		if (st->errors++ == 0) {
			st->first_status = r.status;
			st->first_offset = st->offset;
			st->first_len = r.len;
		}
	}
	st->offset += r.len;
	*out = r.cp;
}

size_t
u8ref_stream_decode(struct u8ref_stream *st, const uint8_t *s, size_t n,
                    int last, uint32_t *out, size_t cap, size_t *used)
{
	uint8_t buf[U8REF_STREAM_HOLD];
	struct u8ref_result r;
	size_t written = 0, u = 0, take;
	int hit_end, table_3_7 = st->profile == u8ref_profile_at(0);

	/* Characters that begin in held bytes: walk them with as much of
	 * the chunk as could matter appended. */
	while (st->nheld > 0 && written < cap) {
		take = U8REF_STREAM_HOLD - st->nheld;
		if (take > n - u)
			take = n - u;
		memcpy(buf, st->held, st->nheld);
		if (take > 0)
			memcpy(buf + st->nheld, s + u, take);
		r = step(st->profile, table_3_7, buf, st->nheld + take,
		         &hit_end);
		if (hit_end && !(last && u + take == n)) {
			/* Still undecided: the rest of the chunk is shorter
			 * than a decision needs, so it all fits in held.  (An
			 * empty chunk may be NULL, and NULL + 0 is undefined.)
			 */
			if (take > 0)
				memcpy(st->held + st->nheld, s + u, take);
			st->nheld += take;
			u += take;
			break;
		}
		emit(st, r, &out[written++]);
		if (r.len <= st->nheld) {
			st->nheld -= r.len;
			memmove(st->held, st->held + r.len, st->nheld);
		} else {
			u += r.len - st->nheld;
			st->nheld = 0;
		}
	}
	/* Characters that begin inside the chunk. */
	while (st->nheld == 0 && u < n && written < cap) {
		r = step(st->profile, table_3_7, s + u, n - u, &hit_end);
		if (hit_end && !last) {
			memcpy(st->held, s + u, n - u);
			st->nheld = n - u;
			u = n;
			break;
		}
		emit(st, r, &out[written++]);
		u += r.len;
	}
	*used = u;
	return written;
}
