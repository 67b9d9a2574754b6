/* SPDX-License-Identifier: MIT */
/*
 * icu.c - ICU's UTF-8 decoder behind the u8t ABI (libu8t-icu.so).
 *
 * ICU is the main oracle.  Every function hands the bytes to one ICU
 * mechanism and reports its answer unchanged: decoding through
 * u_strFromUTF8WithSub, one character through U8_NEXT, validation by
 * walking U8_NEXT, encoding through U8_APPEND, streaming through a
 * "UTF-8" UConverter and ucnv_toUnicode.  ICU documents that since ICU 60
 * the length of each ill-formed sequence it skips follows Unicode's
 * maximal-subpart practice (unicode/utf.h); where it does not, the harness
 * must see it, so nothing here corrects ICU or falls back to u8ref.
 */
#include <pthread.h>
#include <stdalign.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>
#include <unicode/uversion.h>

#include "identity.h"
#include "put.h"
#include "u8t.h"

/* Decoding below this many bytes needs no heap. */
enum { STACK_UNITS = 256 };

/* U8_NEXT reads at most the lead byte and three trail bytes, so a window
 * of four bytes from the current offset decides exactly what the whole
 * string would; this keeps ICU's int32_t lengths away from size_t n. */
enum { WINDOW = 4 };

static int32_t
window(size_t left)
{
	return left < WINDOW ? (int32_t)left : WINDOW;
}

void
u8o_describe(char *name, size_t len)
{
	UVersionInfo v;
	char text[U_MAX_VERSION_STRING_LENGTH];

	/* The version of the ICU actually loaded, not the headers'. */
	u_getVersion(v);
	u_versionToString(v, text);
	snprintf(name, len, "ICU %s", text);
}

/*
 * u_strFromUTF8WithSub with subchar U+FFFD, then ICU's own u_strToUTF32
 * for the scalar values.  Each input byte yields at most one UTF-16 unit
 * (a four-byte character two units; every substitution consumes at least
 * one byte and is one unit), and so at most one value: n of each always
 * suffice.  The count ICU returns in pNumSubstitutions is not asked for:
 * the ABI reports the U+FFFDs themselves, in place.  ICU lengths are
 * int32_t: longer input is beyond its API and decodes to nothing, as
 * does a failed malloc.
 */
U8T_EXPORT size_t
u8t_decode(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	UChar stack16[STACK_UNITS];
	UChar32 stack32[STACK_UNITS];
	UChar *u16 = stack16;
	UChar32 *u32 = stack32;
	UErrorCode ec = U_ZERO_ERROR;
	int32_t len16 = 0, len32 = 0;
	size_t k = 0;

	if (n == 0 || cap == 0 || n > INT32_MAX ||
	    n > SIZE_MAX / sizeof(UChar32))
		return 0;
	if (n > STACK_UNITS) {
		u16 = malloc(n * sizeof *u16);
		u32 = malloc(n * sizeof *u32);
		if (u16 == NULL || u32 == NULL)
			ec = U_MEMORY_ALLOCATION_ERROR;
	}
	/* A result of exactly n units is not NUL-terminated: ICU says so
	 * with U_STRING_NOT_TERMINATED_WARNING, which is no failure.  Both
	 * calls do nothing once ec holds a failure. */
	u_strFromUTF8WithSub(u16, (int32_t)n, &len16, (const char *)s,
	                     (int32_t)n, 0xFFFD, NULL, &ec);
	/* ICU's UTF-16 is well-formed: every surrogate it wrote is half of
	 * a pair, and u_strToUTF32 joins the pair into one value. */
	u_strToUTF32(u32, (int32_t)n, &len32, u16, len16, &ec);
	if (U_SUCCESS(ec))
		for (; k < (size_t)len32 && k < cap; k++)
			out[k] = (uint32_t)u32[k];
	if (u16 != stack16) {
		free(u16);
		free(u32);
	}
	return k;
}

/*
 * The offset comes from walking U8_NEXT: the index before the first call
 * that yields c < 0.  That is the only ICU mechanism that says where:
 * u_strFromUTF8 fails with U_INVALID_CHAR_FOUND and leaves pDestLength
 * unset (ICU 72.1), and pNumSubstitutions of u_strFromUTF8WithSub only
 * counts.
 */
U8T_EXPORT int
u8t_validate(const uint8_t *s, size_t n, size_t *err)
{
	size_t at = 0;

	while (at < n) {
		const uint8_t *p = s + at;
		int32_t i = 0, len = window(n - at);
		UChar32 c;

		U8_NEXT(p, i, len, c);
		if (c < 0) {
			if (err != NULL)
				*err = at;
			return 0;
		}
		at += (size_t)i;
	}
	return 1;
}

/* U8_NEXT: c < 0 is ICU's "illegal sequence"; i says how much ICU skips
 * (since ICU 60 the maximal subpart, unicode/utf.h). */
U8T_EXPORT size_t
u8t_next(const uint8_t *s, size_t n, uint32_t *cp)
{
	int32_t i = 0, len = window(n);
	UChar32 c;

	if (n == 0) { /* outside the contract: read nothing */
		*cp = U8T_ERROR;
		return 0;
	}
	U8_NEXT(s, i, len, c);
	*cp = c < 0 ? U8T_ERROR : (uint32_t)c;
	return (size_t)i;
}

/* U8_APPEND sets isError for surrogates and values above U+10FFFF (and
 * for lack of room, which eight bytes rule out): ICU refuses them. */
U8T_EXPORT size_t
u8t_encode(uint32_t cp, uint8_t out[8])
{
	int32_t i = 0;
	UBool refused = false;

	U8_APPEND(out, i, 8, cp, refused);
	return refused ? 0 : (size_t)i;
}

/*
 * Streaming: one ICU converter per state, and the state holds all of it.
 *
 * ICU keeps what a chunk leaves undecided (the bytes of a character cut
 * by the chunk's end) inside its UConverter, and documents for
 * ucnv_toUnicode that a call with flush false "may hold back" such input
 * for the next call, while flush true ends the input: the held bytes are
 * then reported as truncated (U_TRUNCATED_CHAR_FOUND) to the callback,
 * which substitutes.  So the converter itself must live in the state,
 * with no heap behind it, because the ABI has no call to free anything:
 * init clones a "UTF-8" converter, opened once, into the state's buffer
 * with ucnv_safeClone.  The clone of the UTF-8
 * converter owns nothing: its shared data is ICU's static table for the
 * algorithmic UTF-8 converter (not reference counted), its substitution
 * bytes are the array inside the clone, and the callback below has no
 * context; so a state that is never closed, or is overwritten by the next
 * init, leaks nothing (the tests run under LeakSanitizer).  Should ICU
 * ever need the heap for the clone (U_SAFECLONE_ALLOCATED_WARNING), init
 * closes it at once and the state decodes nothing, a failure the tests
 * and the harness see rather than a leak.
 *
 * The clone points into itself (its substitution bytes), so the state
 * must stay where init put it for the whole input, as the ABI has it.
 */

/* ICU's advice for ucnv_safeClone's buffer; ICU 72's UTF-8 converter
 * needs 288 bytes of it. */
enum { CLONE_BYTES = U_CNV_SAFECLONE_BUFFERSIZE };

/* UTF-16 units converted per ucnv_toUnicode call; the loop goes on after
 * U_BUFFER_OVERFLOW_ERROR, which keeps the rest inside the converter. */
enum { UNITS = 256 };

/* ucnv_toUnicode takes at most INT32_MAX bytes per call; longer chunks go
 * in pieces of this many, which is ICU's own streaming again. */
#define PIECE ((size_t)1 << 30)

struct stream {
	UConverter *cnv; /* the clone, inside clone[]; NULL if
	                    init failed (the state decodes nothing) */
	UChar high;      /* a high surrogate whose low one has not
	                    come yet, or 0                          */
	alignas(16) char clone[CLONE_BYTES]; /* ucnv_safeClone's buffer */
};

_Static_assert(sizeof(struct stream) <= 4096,
               "u8t.h: a state is at most 4096 bytes");
_Static_assert(alignof(struct stream) <= 16,
               "u8t.h: the harness aligns the state to 16 bytes");

U8T_EXPORT size_t
u8t_stream_size(void)
{
	return sizeof(struct stream);
}

/*
 * ucnv_safeClone is deprecated since ICU 71 in favour of ucnv_clone,
 * which always allocates: cloning into memory the caller owns is exactly
 * what a state without a destructor needs, and ICU 72 still does it (it
 * says when it did not, with U_SAFECLONE_ALLOCATED_WARNING).
 */
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
static UConverter *
safe_clone(const UConverter *cnv, char *buf, int32_t size, UErrorCode *ec)
{
	return ucnv_safeClone(cnv, buf, &size, ec);
}
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

/* @cnv cloned into buf[0..CLONE_BYTES), or NULL: a clone ICU had to put
 * on the heap is closed at once, since nothing would ever free it. */
static UConverter *
clone_into(const UConverter *cnv, char *buf)
{
	UErrorCode ec = U_ZERO_ERROR;
	UConverter *c = safe_clone(cnv, buf, CLONE_BYTES, &ec);

	if (c == NULL || U_FAILURE(ec))
		return NULL;
	if (ec == U_SAFECLONE_ALLOCATED_WARNING) {
		ucnv_close(c);
		return NULL;
	}
	return c;
}

/* The converter every state is cloned from, made once per process and
 * never used itself: opening one per state (a lookup by name, a lock and
 * an allocation, and a free at close) cost more than the clone.  It is a
 * clone too, in static memory, so nothing of it is left on the heap, and
 * it has the substitution below, which its clones keep. */
static UConverter *template_cnv;
static alignas(16) char template_clone[CLONE_BYTES];
static pthread_once_t template_once = PTHREAD_ONCE_INIT;

/*
 * The substitution is that of the one-shot u8t_decode, whose
 * u_strFromUTF8WithSub writes subchar U+FFFD for each ill-formed
 * sequence: UCNV_TO_U_CALLBACK_SUBSTITUTE with no context substitutes
 * for illegal and irregular input, and ICU reports a tail cut by the end
 * of input (U_TRUNCATED_CHAR_FOUND) as illegal; a converter's toUnicode
 * substitute is U+FFFD unless it is an MBCS table with a subchar1
 * (ucnv_cbToUWriteSub), which UTF-8 is not.  It is also ICU's default;
 * setting it says so.
 */
static void
open_template(void)
{
	UErrorCode ec = U_ZERO_ERROR;
	UConverter *cnv = ucnv_open("UTF-8", &ec), *c = NULL;

	if (U_SUCCESS(ec))
		c = clone_into(cnv, template_clone);
	ucnv_close(cnv); /* NULL is allowed */
	if (c == NULL)
		return;
	ucnv_setToUCallBack(c, UCNV_TO_U_CALLBACK_SUBSTITUTE, NULL, NULL, NULL,
	                    &ec);
	if (U_SUCCESS(ec))
		template_cnv = c;
}

U8T_EXPORT void
u8t_stream_init(void *state)
{
	struct stream *st = state;

	st->high = 0;
	pthread_once(&template_once, open_template);
	st->cnv =
	    template_cnv != NULL ? clone_into(template_cnv, st->clone) : NULL;
}

/*
 * UTF-16 units to values, as u_strToUTF32 does for the one-shot: a pair
 * is joined, a surrogate that is not half of a pair passes as it is.  A
 * high surrogate at the end of the units waits in the state for the next
 * units, in this call or the next: ICU writes both halves of a pair
 * together, but nothing here depends on it.
 */
static size_t
put_units(struct stream *st, const UChar *u, size_t nu, uint32_t *out, size_t k,
          size_t cap)
{
	size_t i;

	for (i = 0; i < nu; i++) {
		if (st->high != 0 && U16_IS_TRAIL(u[i])) {
			k = u8o_put(
			    (uint32_t)U16_GET_SUPPLEMENTARY(st->high, u[i]),
			    out, k, cap);
			st->high = 0;
			continue;
		}
		if (st->high != 0) /* unpaired: as it is */
			k = u8o_put(st->high, out, k, cap);
		st->high = 0;
		if (U16_IS_LEAD(u[i]))
			st->high = u[i];
		else
			k = u8o_put(u[i], out, k, cap);
	}
	return k;
}

/*
 * The chunk goes to ucnv_toUnicode with flush = last, after what the
 * converter holds from the chunks before.  Each byte yields at most one
 * value, and what the converter holds (at most three bytes of a
 * character) at most one value a byte, so cap >= n + 4 is room for all.
 * An empty last chunk still calls ucnv_toUnicode with flush, which
 * substitutes for a held tail.
 */
U8T_EXPORT size_t
u8t_stream_decode(void *state, const uint8_t *s, size_t n, int last,
                  uint32_t *out, size_t cap)
{
	static const char none[1] = {0}; /* a valid pointer for n == 0 */
	struct stream *st = state;
	const char *in = n > 0 ? (const char *)s : none;
	size_t k = 0, at = 0;

	if (st->cnv == NULL)
		return 0;
	do {
		size_t piece = n - at < PIECE ? n - at : PIECE;
		const char *src = in + at, *end = src + piece;
		UBool flush = last && at + piece == n;
		UErrorCode ec;

		do {
			UChar u16[UNITS], *t = u16;

			ec = U_ZERO_ERROR;
			ucnv_toUnicode(st->cnv, &t, u16 + UNITS, &src, end,
			               NULL, flush, &ec);
			k = put_units(st, u16, (size_t)(t - u16), out, k, cap);
		} while (ec == U_BUFFER_OVERFLOW_ERROR);
		if (U_FAILURE(ec))
			break; /* the converter failed: nothing more */
		at += piece;
	} while (at < n);
	if (last && st->high != 0) { /* a high surrogate at the very end */
		k = u8o_put(st->high, out, k, cap);
		st->high = 0;
	}
	return k;
}
