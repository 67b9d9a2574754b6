/* SPDX-License-Identifier: MIT */
/*
 * glibc_iconv.c - glibc's iconv from UTF-8 behind the u8t ABI
 * (libu8t-glibc-iconv.so).
 *
 * What glibc's "UTF-8" converter accepts is authoritative here.  iconv
 * stops at ill-formed input without saying how long it is: EILSEQ leaves
 * the input pointer at the start of an invalid sequence, EINVAL at an
 * incomplete one that the input ends inside (POSIX iconv).  u8t_decode
 * therefore does what an iconv loop with its own replacement does: on
 * EILSEQ it emits one U+FFFD and skips one byte, on EINVAL one U+FFFD for
 * the incomplete rest.  That is not Unicode's maximal-subpart practice,
 * and nothing here makes it so.  Each call opens and closes its own
 * iconv_t: no state survives a call.  Streaming keeps iconv's incomplete
 * tail (EINVAL) in the state and puts it before the next chunk, as a
 * program that reads its input in blocks does (see u8t_stream_decode).
 */
#include <errno.h>
#include <gnu/libc-version.h>
#include <iconv.h>
#include <stdio.h>
#include <string.h>

#include "identity.h"
#include "put.h"
#include "u8t.h"

/* Values converted per iconv call; the loop goes on after E2BIG. */
enum { CHUNK = 64 };

/* glibc's names; "UTF-32LE" writes no byte-order mark. */
#define FROM "UTF-8"
#define TO   "UTF-32LE"

/* The scalar value in four little-endian bytes. */
static uint32_t
le32(const unsigned char *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
	       (uint32_t)b[3] << 24;
}

/* Where the conversion of s[0..n) stopped, and why. */
struct run {
	size_t used; /* input bytes converted              */
	size_t nout; /* values written                     */
	int error;   /* 0 when all of s converted, else
	                EILSEQ or EINVAL (or what iconv
	                failed with otherwise)             */
};

/*
 * Converts s[0..n) with cd until the end or the first ill-formed input,
 * writing at most cap values to out (none when out is NULL); the input
 * still converts to the end after out is full.
 */
static struct run
convert(iconv_t cd, const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	struct run r = {0, 0, 0};
	/* POSIX iconv takes char **, and does not write the input. */
	char *in = (char *)s;
	size_t left = n;

	while (left > 0) {
		unsigned char buf[4 * CHUNK];
		char *o = (char *)buf;
		size_t room = sizeof buf, got, i;
		size_t rc = iconv(cd, &in, &left, &o, &room);
		int e = rc == (size_t)-1 ? errno : 0;

		got = (sizeof buf - room) / 4;
		for (i = 0; i < got && out != NULL && r.nout < cap; i++)
			out[r.nout++] = le32(buf + 4 * i);
		if (e == E2BIG)
			continue;
		r.error = e;
		break;
	}
	r.used = n - left;
	return r;
}

void
u8o_describe(char *name, size_t len)
{
	snprintf(name, len, "glibc %s iconv (" FROM " to " TO ")",
	         gnu_get_libc_version());
}

struct stream;
static size_t decode_rest(iconv_t cd, const uint8_t *s, size_t n, uint32_t *out,
                          size_t k, size_t cap, struct stream *keep);

/* The stream's conversion with no chunk after it (decode_rest). */
U8T_EXPORT size_t
u8t_decode(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	iconv_t cd = iconv_open(TO, FROM);
	size_t k;

	if (cd == (iconv_t)-1)
		return 0;
	k = decode_rest(cd, s, n, out, 0, cap, NULL);
	iconv_close(cd);
	return k;
}

/* The offset is how much input iconv consumed before EILSEQ or EINVAL. */
U8T_EXPORT int
u8t_validate(const uint8_t *s, size_t n, size_t *err)
{
	iconv_t cd = iconv_open(TO, FROM);
	struct run r;

	if (cd == (iconv_t)-1)
		return 0;
	r = convert(cd, s, n, NULL, 0);
	iconv_close(cd);
	if (r.error == 0)
		return 1;
	if (err != NULL && (r.error == EILSEQ || r.error == EINVAL))
		*err = r.used;
	return 0;
}

/*
 * Output room for exactly one value: iconv converts the first character
 * and stops with E2BIG before the second, the input pointer just past
 * the first.  EILSEQ consumes one byte, EINVAL the incomplete rest, as
 * u8t_decode does.
 */
U8T_EXPORT size_t
u8t_next(const uint8_t *s, size_t n, uint32_t *cp)
{
	iconv_t cd;
	unsigned char buf[4];
	char *in = (char *)s, *o = (char *)buf;
	size_t left = n, room = sizeof buf, rc;
	int e;

	*cp = U8T_ERROR;
	if (n == 0) /* outside the contract: read nothing */
		return 0;
	cd = iconv_open(TO, FROM);
	if (cd == (iconv_t)-1)
		return 1;
	rc = iconv(cd, &in, &left, &o, &room);
	e = rc == (size_t)-1 ? errno : 0;
	iconv_close(cd);
	if (room == 0) {
		*cp = le32(buf);
		return n - left;
	}
	if (e == EINVAL)
		return n;
	return 1;
}

/* The value as UTF-32LE into UTF-8; iconv's EILSEQ is a refusal. */
U8T_EXPORT size_t
u8t_encode(uint32_t cp, uint8_t out[8])
{
	iconv_t cd = iconv_open(FROM, TO);
	unsigned char in4[4] = {
	    (unsigned char)(cp & 0xFF), (unsigned char)(cp >> 8 & 0xFF),
	    (unsigned char)(cp >> 16 & 0xFF), (unsigned char)(cp >> 24)};
	char *in = (char *)in4, *o = (char *)out;
	size_t left = sizeof in4, room = 8, rc;

	if (cd == (iconv_t)-1)
		return 0;
	rc = iconv(cd, &in, &left, &o, &room);
	iconv_close(cd);
	if (rc == (size_t)-1 || left != 0)
		return 0;
	return 8 - room;
}

/*
 * Streaming.  POSIX iconv says what to do with a chunk cut inside a
 * character: it stops with EINVAL, the input pointer at the start of the
 * incomplete sequence, and the caller supplies the rest with the next
 * block.  So the state is those bytes, and the next chunk is converted
 * as if they stood before it; at the last chunk an incomplete tail is
 * what u8t_decode makes of one, a single U+FFFD, and EILSEQ is one U+FFFD
 * per byte skipped, as there.  A chunked input therefore decodes as the
 * whole input does in one call, wherever it is cut, as long as iconv
 * decides a sequence from its own bytes alone: the tests try every cut
 * and every pair of cuts.
 *
 * When, not what: glibc reads F8..FB as leads of five bytes and FC, FD
 * of six (RFC 2279), so its incomplete tail can be five bytes long.  Held
 * until the next chunk, five bytes may become five U+FFFD (EILSEQ at the
 * lead, then one per trail byte), and with a chunk of n bytes that is
 * n + 5 values where u8t.h promises room for n + 4.  But a sequence of
 * more than four bytes never converts, so its lead becomes exactly one
 * U+FFFD whatever follows: the first of the per-byte U+FFFDs if a byte
 * comes, the one for the whole tail if the input ends.  So a tail of
 * more than four bytes has that U+FFFD written when it is held, and it is
 * not written again: the values are those of u8t_decode, one of them a
 * chunk sooner than the plain loop would write it.
 *
 * Where the iconv_t lives.  Not in the state: init comes before every
 * input and there is no call to free anything, so an iconv_t opened in
 * init would leak at every input.  Not in a static either, shared by all
 * states and reset with iconv(cd, NULL, NULL, NULL, NULL) before each
 * use: that is mutable global state, which the ABI rules out, and two
 * threads converting with one iconv_t at once race.  Each call opens and
 * closes its own, as u8t_decode does: glibc's UTF-8 decoder has no shift
 * state, so nothing is lost between calls that the held bytes do not
 * carry, and no state ever holds a resource.
 */

/* glibc's longest incomplete tail is five bytes, a lead FC or FD and
 * four trail bytes; this is room for more, and keeps the state at 16
 * bytes. */
enum { HELD_MAX = 14 };

/* The longest sequence glibc converts to UTF-32: Table 3-7's rows. */
enum { CONVERTS_MAX = 4 };

struct stream {
	uint8_t nheld;          /* bytes in held[]                     */
	uint8_t replaced;       /* 1: the U+FFFD of held[0] is written
	                           (a tail of more than CONVERTS_MAX)  */
	uint8_t held[HELD_MAX]; /* the incomplete tail iconv left with
	                           EINVAL, oldest first                */
};

_Static_assert(sizeof(struct stream) <= 4096,
               "u8t.h: a state is at most 4096 bytes");

U8T_EXPORT size_t
u8t_stream_size(void)
{
	return sizeof(struct stream);
}

U8T_EXPORT void
u8t_stream_init(void *state)
{
	memset(state, 0, sizeof(struct stream));
}

/* The U+FFFD for held[0], unless it is written already; held[0] is
 * then done with. */
static size_t
put_held_fffd(struct stream *st, uint32_t *out, size_t k, size_t cap)
{
	if (!st->replaced)
		k = u8o_put(0xFFFD, out, k, cap);
	st->replaced = 0;
	return k;
}

/* Drops the first m held bytes (held[0] among them). */
static void
drop(struct stream *st, size_t m)
{
	st->nheld = (uint8_t)(st->nheld - m);
	memmove(st->held, st->held + m, st->nheld);
	st->replaced = 0;
}

/* Holds b[0..m), an incomplete tail that begins with held[0] if any was
 * held; a tail longer than CONVERTS_MAX has its U+FFFD written now. */
static size_t
hold(struct stream *st, const uint8_t *b, size_t m, uint32_t *out, size_t k,
     size_t cap)
{
	memmove(st->held, b, m);
	st->nheld = (uint8_t)m;
	if (m > CONVERTS_MAX && !st->replaced) {
		k = u8o_put(0xFFFD, out, k, cap);
		st->replaced = 1;
	}
	return k;
}

/* How the held bytes end, for u8t_stream_decode. */
enum { FAILED = -1 };

/*
 * Decides the held bytes with as many bytes of the chunk s[0..n) as
 * iconv needs, taken one at a time, so that no more than HELD_MAX bytes
 * are ever copied: each character iconv converts and each EILSEQ are
 * those of the whole input.  Returns the chunk bytes consumed, with the
 * values in out[*k..cap), or FAILED when iconv failed otherwise.
 */
static ptrdiff_t
finish_held(iconv_t cd, struct stream *st, const uint8_t *s, size_t n, int last,
            uint32_t *out, size_t cap, size_t *k)
{
	size_t at = 0;

	while (st->nheld > 0) {
		uint8_t buf[HELD_MAX];
		size_t take = 0;
		struct run r;

		/* Grow the chunk's part until iconv decides held[0]:
		 * EINVAL with nothing converted means it is undecided. */
		for (;;) {
			memcpy(buf, st->held, st->nheld);
			if (take > 0)
				memcpy(buf + st->nheld, s + at, take);
			r = convert(cd, buf, st->nheld + take, out + *k,
			            cap - *k);
			if (r.used > 0 || r.error != EINVAL || at + take == n ||
			    st->nheld + take == sizeof buf)
				break;
			take++;
		}
		*k += r.nout;
		if (r.used >= st->nheld) { /* the held bytes are done */
			at += r.used - st->nheld;
			st->nheld = 0;
			st->replaced = 0;
		} else if (r.used > 0) { /* decide the rest of them */
			drop(st, r.used);
		} else if (r.error == EILSEQ) { /* one byte, one U+FFFD */
			*k = put_held_fffd(st, out, *k, cap);
			drop(st, 1);
		} else if (r.error == EINVAL && at + take < n) {
			/* Undecided after HELD_MAX bytes, which glibc never
			 * is: one U+FFFD for them, as for an incomplete rest.
			 */
			*k = put_held_fffd(st, out, *k, cap);
			st->nheld = 0;
			at += take;
		} else if (r.error == EINVAL && !last) {
			/* Still incomplete at the chunk's end: hold it all
			 * and return.  The loop runs while bytes are held,
			 * and these wait for the next chunk: going round
			 * again would hold them again, for ever. */
			*k = hold(st, buf, st->nheld + take, out, *k, cap);
			return (ptrdiff_t)n;
		} else if (r.error == EINVAL) {
			/* Incomplete to the end of the input: one U+FFFD, as
			 * u8t_decode gives. */
			*k = put_held_fffd(st, out, *k, cap);
			st->nheld = 0;
			at = n;
		} else {
			return FAILED;
		}
	}
	return (ptrdiff_t)at;
}

/*
 * s[0..n) converted after the k values out[0..k) (cap in all), each
 * EILSEQ one U+FFFD for one byte, as the one-shot does; an incomplete
 * rest (EINVAL) one U+FFFD, or, with @keep (a chunk that is not the
 * last), held there for the next chunk.  Returns the values in out.
 */
static size_t
decode_rest(iconv_t cd, const uint8_t *s, size_t n, uint32_t *out, size_t k,
            size_t cap, struct stream *keep)
{
	size_t at = 0;

	while (at < n && k < cap) {
		struct run r = convert(cd, s + at, n - at, out + k, cap - k);

		k += r.nout;
		at += r.used;
		if (r.error == 0)
			break;
		if (r.error == EILSEQ) { /* one byte, one U+FFFD */
			k = u8o_put(0xFFFD, out, k, cap);
			at++;
		} else if (r.error == EINVAL && keep != NULL &&
		           n - at <= HELD_MAX) { /* wait for the rest */
			k = hold(keep, s + at, n - at, out, k, cap);
			at = n;
		} else if (r.error == EINVAL) { /* incomplete to the end */
			k = u8o_put(0xFFFD, out, k, cap);
			at = n;
		} else { /* iconv failed for another reason */
			break;
		}
	}
	return k;
}

/*
 * The held bytes first, completed from the chunk; then the rest of the
 * chunk as u8t_decode converts it, but for an incomplete tail (EINVAL)
 * when the chunk is not the last: that is held.  Each byte yields at
 * most one value, and held bytes whose U+FFFD is not yet written are at
 * most CONVERTS_MAX, so cap >= n + 4 is room for all.
 */
U8T_EXPORT size_t
u8t_stream_decode(void *state, const uint8_t *s, size_t n, int last,
                  uint32_t *out, size_t cap)
{
	struct stream *st = state;
	iconv_t cd;
	ptrdiff_t done;
	size_t at, k = 0;

	if (n == 0 && st->nheld == 0)
		return 0;
	cd = iconv_open(TO, FROM);
	if (cd == (iconv_t)-1)
		return 0;
	done = finish_held(cd, st, s, n, last, out, cap, &k);
	at = done == FAILED ? n : (size_t)done;
	if (at < n) /* an empty chunk may be NULL: no NULL + 0 */
		k = decode_rest(cd, s + at, n - at, out, k, cap,
		                last ? NULL : st);
	iconv_close(cd);
	return k;
}
