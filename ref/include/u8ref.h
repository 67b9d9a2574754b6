/* SPDX-License-Identifier: MIT */
/*
 * u8ref.h - reference UTF-8 decoder, validator and encoder.
 *
 * Decodes exactly as The Unicode Standard, Chapter 3, Table 3-7
 * ("Well-Formed UTF-8 Byte Sequences") reads: the table is data
 * (u8ref_table_3_7) and one engine walks it for every decision.  Each
 * maximal subpart of an ill-formed subsequence becomes one U+FFFD
 * (Chapter 3, "U+FFFD Substitution of Maximal Subparts"; the WHATWG
 * Encoding Standard makes that practice mandatory).  Historical variants
 * of UTF-8 are further tables (profiles) run by the same engine.
 *
 * No function allocates, performs I/O or keeps global state.  Correct
 * first; the fast validators are built and proved against this walk.
 */
#ifndef U8REF_H
#define U8REF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The shared library exports the API below and nothing else. */
#if defined(U8REF_BUILDING) && defined(__GNUC__)
#define U8REF_API __attribute__((visibility("default")))
#else
#define U8REF_API
#endif

#define U8REF_VERSION_MAJOR 0
#define U8REF_VERSION_MINOR 1

/* U+FFFD REPLACEMENT CHARACTER, emitted once per maximal subpart. */
#define U8REF_REPLACEMENT UINT32_C(0xFFFD)

/* Longest byte sequence of any profile: RFC 2279's six-octet form, and
 * CESU-8's surrogate pair spelled as two three-byte sequences. */
#define U8REF_MAX_LEN 6

/* Rows of Table 3-7. */
#define U8REF_TABLE_3_7_ROWS 9

/*
 * What one step of the walk found.  Every error kind is derived from the
 * profile's table: which row was followed, which column refused the byte,
 * and the code points the refused byte would have reached.
 */
enum u8ref_status {
	U8REF_OK = 0,       /* a well-formed sequence: cp is its value      */
	U8REF_EMPTY,        /* n == 0: nothing to decode                    */
	U8REF_TRUNCATED,    /* the input ends inside a valid prefix         */
	U8REF_INTERRUPTED,  /* a valid prefix, then a byte that is no
	                       continuation byte (it starts the next part)  */
	U8REF_CONTINUATION, /* an unexpected continuation byte: 80..BF
	                       where a sequence must begin                  */
	U8REF_INVALID_LEAD, /* a byte that begins no row and is no
	                       continuation byte: C0, C1, F5..FF            */
	U8REF_OVERLONG,     /* the bytes spell a value that fits in fewer
	                       bytes (E0 80..9F, F0 80..8F, ...)            */
	U8REF_SURROGATE,    /* the bytes spell a surrogate code point the
	                       profile does not allow here (ED A0..BF)      */
	U8REF_TOO_LARGE,    /* the bytes spell a value beyond the profile's
	                       largest (F4 90..BF: beyond U+10FFFF)         */
};

/* An inclusive range of byte values: one cell of a table. */
struct u8ref_range {
	uint8_t lo; /* smallest byte allowed in this column */
	uint8_t hi; /* largest byte allowed in this column  */
};

/*
 * How a row's bytes make its value.  Every row of Table 3-7 uses the
 * bit layout; only CESU-8 and Modified UTF-8 have rows whose six bytes
 * are two surrogates combined as UTF-16 combines them.
 */
enum u8ref_form {
	U8REF_FORM_BITS = 0,      /* payload bits of each byte, concatenated  */
	U8REF_FORM_SURROGATE_PAIR /* two three-byte halves: lead, trail      */
};

/* One row of a table of well-formed byte sequences. */
struct u8ref_row {
	uint32_t cp_lo;                         /* "Code Points", first    */
	uint32_t cp_hi;                         /* "Code Points", last     */
	uint8_t len;                            /* byte columns in use     */
	struct u8ref_range byte[U8REF_MAX_LEN]; /* "First Byte", "Second
	                                           Byte", ... in order      */
	enum u8ref_form form;                   /* how bytes become cp     */
};

/*
 * A rule between neighbouring characters that no row can express.
 * Only WTF-8 has one: a lead surrogate followed by a trail surrogate is
 * ill-formed there, since that pair must be spelled as one four-byte
 * sequence.
 */
enum u8ref_pairing {
	U8REF_PAIRING_FREE = 0, /* characters are independent          */
	U8REF_PAIRING_NO_SURROGATE_PAIR /* lead then trail surrogate is an
	                                   error at the lead                */
};

/* A variant of UTF-8: a table run by the engine, and its source. */
struct u8ref_profile {
	const char *name;             /* "unicode", "wtf8", ...            */
	const char *source;           /* the document that defines it      */
	const struct u8ref_row *rows; /* its table                         */
	size_t nrows;                 /* rows in the table, 1..32          */
	enum u8ref_pairing pairing;   /* rule between characters           */
};

/* Table 3-7 itself, row for row. */
U8REF_API extern const struct u8ref_row u8ref_table_3_7[U8REF_TABLE_3_7_ROWS];

/*
 * u8ref_profile_at - the i-th built-in profile.
 * @i: 0 for "unicode" (Table 3-7), then "unicode-3.1", "rfc2279",
 *     "cesu8", "mutf8" and "wtf8".
 *
 * Returns NULL when @i is past the last profile, so a loop from 0 lists
 * them all.
 */
U8REF_API const struct u8ref_profile *u8ref_profile_at(size_t i);

/*
 * u8ref_profile_by_name - the built-in profile called @name.
 * @name: one of the names u8ref_profile_at lists (case-sensitive).
 *
 * Returns NULL for an unknown name or a NULL @name.
 */
U8REF_API const struct u8ref_profile *u8ref_profile_by_name(const char *name);

/* The outcome of decoding one character. */
struct u8ref_result {
	enum u8ref_status status; /* U8REF_OK or what went wrong        */
	uint32_t cp;              /* the code point, or
	                             U8REF_REPLACEMENT on error         */
	size_t len;               /* bytes consumed: the character's
	                             length, or the maximal subpart's;
	                             0 only for U8REF_EMPTY             */
	int row;                  /* index in the profile's table of the
	                             row that matched or was followed;
	                             -1 when no row begins with s[0]    */
};

/*
 * u8ref_decode_one - decode the character that starts at s[0].
 * @p: the profile; NULL means "unicode" (Table 3-7).
 * @s: input bytes; may be NULL only when @n is 0.
 * @n: number of readable bytes at @s; s[n] and beyond are never read.
 *
 * On success status is U8REF_OK and len the character's length.  On
 * error cp is U8REF_REPLACEMENT and len the length of the maximal
 * subpart (Unicode ch. 3, D93b): the longest prefix of s[0..n) that
 * begins a well-formed sequence, or 1 when none does.  A caller that
 * emits one U+FFFD and advances by len follows "U+FFFD Substitution of
 * Maximal Subparts".  Progress: len >= 1 whenever n >= 1.
 */
U8REF_API struct u8ref_result u8ref_decode_one(const struct u8ref_profile *p,
                                               const uint8_t *s, size_t n);

/*
 * u8ref_decode_all - decode s[0..n), one U+FFFD per maximal subpart.
 * @p:   the profile; NULL means "unicode".
 * @s:   input bytes; may be NULL only when @n is 0.
 * @n:   number of bytes at @s.
 * @out: receives the code points; may be NULL when @cap is 0.
 * @cap: room at @out, in code points.  @n always suffices.
 *
 * Returns the number of code points the whole input decodes to, and
 * writes the first min(that, @cap) of them, so a call with @cap 0 sizes
 * the output (as snprintf does).  This is the decoding the WHATWG
 * Encoding Standard requires of browsers.
 */
U8REF_API size_t u8ref_decode_all(const struct u8ref_profile *p,
                                  const uint8_t *s, size_t n, uint32_t *out,
                                  size_t cap);

/* Where a buffer first goes wrong. */
struct u8ref_validation {
	enum u8ref_status status; /* U8REF_OK when the whole buffer is
	                             well-formed, else the first error  */
	size_t offset;            /* offset of the first ill-formed
	                             subsequence; n when well-formed    */
	size_t len;               /* its maximal subpart; 0 if none     */
};

/*
 * u8ref_validate - is s[0..n) well-formed, and if not, where and why?
 * @p: the profile; NULL means "unicode".
 * @s: input bytes; may be NULL only when @n is 0.
 * @n: number of bytes at @s.  The empty buffer is well-formed.
 *
 * Reports the first ill-formed subsequence: its offset, the kind of
 * error and the length of its maximal subpart.
 */
U8REF_API struct u8ref_validation u8ref_validate(const struct u8ref_profile *p,
                                                 const uint8_t *s, size_t n);

/*
 * u8ref_encode - the profile's byte sequence for code point @cp.
 * @p:   the profile; NULL means "unicode".
 * @cp:  the code point to encode.
 * @out: receives 1..U8REF_MAX_LEN bytes.
 *
 * Returns the number of bytes written, or 0 (writing nothing) when no
 * row of the profile covers @cp: under "unicode" the surrogates
 * D800..DFFF and everything above U+10FFFF (RFC 3629 section 3).
 */
U8REF_API size_t u8ref_encode(const struct u8ref_profile *p, uint32_t cp,
                              uint8_t out[U8REF_MAX_LEN]);

/* Bytes a stream may hold back while a character is undecided: a row
 * of the longest kind, then its neighbour for a pairing rule. */
#define U8REF_STREAM_HOLD (2 * U8REF_MAX_LEN)

/*
 * A decoder fed in chunks.  Plain data: declare one, call
 * u8ref_stream_init, and read the fields below at any time.
 */
struct u8ref_stream {
	const struct u8ref_profile *profile;
	uint8_t held[U8REF_STREAM_HOLD]; /* undecided bytes, oldest first */
	size_t nheld;                    /* how many of held[] are in use */
	uint64_t offset;                 /* input offset of held[0], or of
	                                    the next byte when none held  */
	uint64_t errors;                 /* ill-formed subsequences so far */
	enum u8ref_status first_status;  /* the first error, U8REF_OK if
	                                    none yet                       */
	uint64_t first_offset;           /* its input offset               */
	size_t first_len;                /* its maximal subpart            */
};

/*
 * u8ref_stream_init - start decoding a new input.
 * @st: the stream to reset.
 * @p:  the profile; NULL means "unicode".
 */
U8REF_API void u8ref_stream_init(struct u8ref_stream *st,
                                 const struct u8ref_profile *p);

/*
 * u8ref_stream_decode - decode the next chunk of the input.
 * @st:   the stream.
 * @s:    the chunk; may be NULL only when @n is 0.
 * @n:    bytes in the chunk.
 * @last: nonzero when this chunk ends the input (it may be empty).
 * @out:  receives code points, one U+FFFD per maximal subpart.
 * @cap:  room at @out.
 * @used: receives how many bytes of @s were consumed.
 *
 * Returns the number of code points written.  Bytes that cannot be
 * decided yet (a character cut by the chunk's end) are kept in @st and
 * count as consumed.  Concatenating the outputs of all calls gives
 * exactly what u8ref_decode_all gives on the whole input, wherever the
 * chunks are cut, and the error fields match u8ref_validate.  When
 * @cap >= @n + U8REF_STREAM_HOLD one call consumes the whole chunk (and,
 * with @last, everything held); otherwise call again with the rest.
 */
U8REF_API size_t u8ref_stream_decode(struct u8ref_stream *st, const uint8_t *s,
                                     size_t n, int last, uint32_t *out,
                                     size_t cap, size_t *used);

/*
 * Fast paths (ref/fast/).  Validation and repair under Table 3-7 only,
 * by kernels that give exactly u8ref_validate(NULL, s, n): the verdict,
 * the offset, the kind and the maximal subpart of the first error.
 * The kernels never run the walk: they are compared with it, on every
 * input of up to four bytes.
 * No kernel reads outside s[0..n), at any length or alignment.
 */
struct u8ref_kernel {
	const char *name; /* "scalar", "sse4", "avx2", "avx512" */
	struct u8ref_validation (*validate)(const uint8_t *s, size_t n);
};

/*
 * u8ref_kernel_at - the i-th kernel compiled in, fastest last; NULL past
 * the end.  Index 0 is "scalar", which runs everywhere.
 */
U8REF_API const struct u8ref_kernel *u8ref_kernel_at(size_t i);

/* u8ref_kernel_supported - 1 when this CPU can run @k, else 0. */
U8REF_API int u8ref_kernel_supported(const struct u8ref_kernel *k);

/* u8ref_kernel_by_name - the kernel called @name, or NULL. */
U8REF_API const struct u8ref_kernel *u8ref_kernel_by_name(const char *name);

/*
 * u8ref_kernel_select - make @name the kernel behind u8ref_validate_fast and
 * u8ref_repair: "scalar", "sse4", "avx2", "avx512", or "auto" (or NULL)
 * for the fastest this CPU runs.  Returns 0, or -1 (changing nothing)
 * when the name is unknown or the CPU cannot run it.  Until the first
 * call, the environment variable U8REF_KERNEL chooses the same way; an
 * unknown or unsupported value there means "auto".
 */
U8REF_API int u8ref_kernel_select(const char *name);

/* u8ref_kernel_active - the kernel u8ref_validate_fast uses now. */
U8REF_API const struct u8ref_kernel *u8ref_kernel_active(void);

/*
 * u8ref_validate_fast - u8ref_validate(NULL, s, n), by the active kernel
 * (by the scalar one for inputs of up to four bytes, where it is faster).
 * @s: input bytes; may be NULL only when @n is 0.
 */
U8REF_API struct u8ref_validation u8ref_validate_fast(const uint8_t *s,
                                                      size_t n);

/*
 * u8ref_decode_fast - u8ref_decode_one(NULL, s, n), field for field,
 * by the scalar kernel's automaton: for decoders that want the
 * reference's answer at speed.
 */
U8REF_API struct u8ref_result u8ref_decode_fast(const uint8_t *s, size_t n);

/*
 * u8ref_decode_all_fast - u8ref_decode_all(NULL, s, n, out, cap), code
 * point for code point and with the same return value, by the same
 * automaton.
 */
U8REF_API size_t u8ref_decode_all_fast(const uint8_t *s, size_t n,
                                       uint32_t *out, size_t cap);

/*
 * u8ref_repair_length - bytes u8ref_repair writes for s[0..n): the
 * input's length, plus 3 - len for each maximal subpart of len bytes.
 * Never more than 3 * n.
 */
U8REF_API size_t u8ref_repair_length(const uint8_t *s, size_t n);

/*
 * u8ref_repair - s[0..n) made well-formed: well-formed characters
 * copied, each maximal subpart replaced by EF BF BD (U+FFFD), as a
 * browser decodes.  @out needs u8ref_repair_length(s, n) bytes; @out and
 * @s must not overlap.  Returns the bytes written.
 */
U8REF_API size_t u8ref_repair(const uint8_t *s, size_t n, uint8_t *out);

/*
 * u8ref_status_name - a short English name for @status, such as
 * "overlong" or "truncated"; "unknown" for values outside the enum.
 */
U8REF_API const char *u8ref_status_name(enum u8ref_status status);

#ifdef __cplusplus
}
#endif

#endif /* U8REF_H */
