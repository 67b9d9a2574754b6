/* SPDX-License-Identifier: MIT */
/*
 * ref.c - the reference decoder itself behind the u8t ABI (libu8t-ref.so).
 *
 * Each function is libu8ref under Table 3-7 (the NULL profile): one
 * U+FFFD per maximal subpart, the first error's offset, RFC 3629's
 * encodable range.  Decoding and validation take libu8ref's fast paths,
 * which its tests prove equal to the literal walk on every input of up
 * to four bytes; streaming is u8ref_stream_*, whose state is a struct
 * u8ref_stream in the harness's buffer.  u8ref is authoritative; this
 * file only translates between its structs and the ABI's plain values,
 * and adds no behaviour of its own.  u8ref is linked statically and its
 * symbols stay hidden, so this library exports the u8t_ functions only.
 */
#include <stdalign.h>
#include <stdio.h>

#include "identity.h"
#include "u8ref.h"
#include "u8t.h"

/* The version compiled in: u8ref is linked statically. */
void
u8o_describe(char *name, size_t len)
{
	snprintf(name, len, "u8ref %d.%d", U8REF_VERSION_MAJOR,
	         U8REF_VERSION_MINOR);
}

/* On error u8ref consumes the maximal subpart (Unicode ch. 3, D93b). */
U8T_EXPORT size_t
u8t_next(const uint8_t *s, size_t n, uint32_t *cp)
{
	struct u8ref_result r = u8ref_decode_fast(s, n);

	*cp = r.status == U8REF_OK ? r.cp : U8T_ERROR;
	return r.len;
}

U8T_EXPORT size_t
u8t_decode(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	size_t all = u8ref_decode_all_fast(s, n, out, cap);

	return all < cap ? all : cap; /* written, not needed */
}

U8T_EXPORT int
u8t_validate(const uint8_t *s, size_t n, size_t *err)
{
	struct u8ref_validation v = u8ref_validate_fast(s, n);

	if (v.status == U8REF_OK)
		return 1;
	if (err != NULL)
		*err = v.offset;
	return 0;
}

/* u8ref_encode writes at most U8REF_MAX_LEN (6) bytes: out has 8. */
U8T_EXPORT size_t
u8t_encode(uint32_t cp, uint8_t out[8])
{
	return u8ref_encode(NULL, cp, out);
}

/*
 * Streaming: the state is one struct u8ref_stream, plain data (no
 * pointer into itself, nothing allocated), so init needs no undoing.
 * The harness's 16-byte alignment covers the struct's.
 */
_Static_assert(sizeof(struct u8ref_stream) <= 4096,
               "u8t.h: a state is at most 4096 bytes");
_Static_assert(alignof(struct u8ref_stream) <= 16,
               "u8t.h: the harness aligns the state to 16 bytes");

U8T_EXPORT size_t
u8t_stream_size(void)
{
	return sizeof(struct u8ref_stream);
}

/* The NULL profile: Table 3-7, as every other function here. */
U8T_EXPORT void
u8t_stream_init(void *state)
{
	u8ref_stream_init(state, NULL);
}

/*
 * u8ref_stream_decode writes every character in the chunk it ends in and
 * holds only a tail that could still become one: under Table 3-7 at most
 * three bytes (a four-byte row less its last byte), each at most one
 * U+FFFD, so cap >= n + 4 lets one call take the whole chunk.  The loop
 * only keeps to u8ref's contract, which promises the whole chunk for
 * cap >= n + U8REF_STREAM_HOLD: it calls again with the rest while the
 * chunk is not all consumed and there is room.
 */
U8T_EXPORT size_t
u8t_stream_decode(void *state, const uint8_t *s, size_t n, int last,
                  uint32_t *out, size_t cap)
{
	size_t k = 0, at = 0, used;

	do {
		k += u8ref_stream_decode(state, at > 0 ? s + at : s, n - at,
		                         last, out + k, cap - k, &used);
		at += used;
	} while (at < n && k < cap && used > 0);
	return k;
}
