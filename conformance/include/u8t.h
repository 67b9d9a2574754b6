/* SPDX-License-Identifier: MIT */
/*
 * u8t.h - the target ABI: what a decoder exports for u8conform to test it.
 *
 * A target is a shared library exporting any non-empty subset of the
 * functions below, with C linkage and exactly these names.  u8conform
 * and the fuzzers load it with dlopen and call what it exports; nothing
 * else is required, and nothing of the harness is linked into it.  This
 * header is version 3 of the ABI: version 1; the streaming functions,
 * which only a version 2 or 3 target exports; and u8t_stream_consumed,
 * which only a version 3 target exports.  Targets of earlier versions
 * stay valid; a later version will only add.
 *
 * For fuzz_diff_target to see inside a target, build the target (and its
 * library) with clang's -fsanitize=fuzzer-no-link: the fuzzer, linked
 * with -fsanitize=fuzzer, then follows the coverage of the target's own
 * branches (fuzz/README.md has the commands).
 */
#ifndef U8T_H
#define U8T_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define U8T_ABI_VERSION 3
#define U8T_ERROR       0xFFFFFFFFu

/* Exports a target marks with U8T_EXPORT stay visible when the library
 * is built with -fvisibility=hidden. */
#if defined(__GNUC__)
#define U8T_EXPORT __attribute__((visibility("default")))
#else
#define U8T_EXPORT
#endif

/*
 * Every function is pure: no state survives a call, and none reads s[n]
 * (but with U8T_NEEDS_NUL) or beyond, nor s[-1], nor writes past its
 * output.  None writes to
 * stdout or stderr, starts a process, signals another or exits, while
 * loaded, called or unloaded.  The harness checks all of it, and runs
 * the library only in processes of its own.
 */

/* Optional; a target without it is version 1.  A target exporting the
 * streaming functions returns 2, or 3 with u8t_stream_consumed. */
U8T_EXPORT int u8t_abi_version(void);

/* Optional; a name for reports ("ICU 72.1"). */
U8T_EXPORT const char *u8t_name(void);

/*
 * Optional: what the target needs of the harness, and what its answers
 * mean, as bits; a target without it has none of them.  A version 1
 * target may export it.
 *
 * U8T_NEEDS_NUL: the decoding functions read s[n], which the harness
 *   sets to 0 and places just before the guard page (a decoder of C
 *   strings, such as Lua's; a shim need not copy).
 * U8T_GUESSED_LENGTHS: on an error, the length u8t_next returns is the
 *   shim's guess (one byte), because the library does not say how many
 *   bytes an error consumes.  The report does not charge that guess to
 *   the library: a different count of U+FFFD from u8t_next is INFO, not
 *   a WARN, and u8t_next's errors say nothing of its policy.
 * U8T_SCALARS_ONLY: u8t_encode is defined on scalar values only (its
 *   library asserts or documents it); it is never asked for surrogates
 *   or values beyond U+10FFFF, and encode/surrogates and encode/beyond
 *   are reported as not judged.
 */
#define U8T_NEEDS_NUL       0x1u
#define U8T_GUESSED_LENGTHS 0x2u
#define U8T_SCALARS_ONLY    0x4u
U8T_EXPORT unsigned u8t_traits(void);

/*
 * u8t_decode - decode all of s[0..n) to scalar values, replacing
 * ill-formed input the decoder's own way.
 * @s:   the input; may be NULL only when @n is 0.
 * @n:   bytes at @s.
 * @out: receives the values.
 * @cap: room at @out; always >= @n.
 *
 * Writes at most @cap values; returns how many were written.
 */
U8T_EXPORT size_t u8t_decode(const uint8_t *s, size_t n, uint32_t *out,
                             size_t cap);

/*
 * u8t_validate - is s[0..n) well-formed UTF-8?
 * @err: may be NULL; the harness presets *@err to (size_t)-1.
 *
 * Returns 1 if well-formed, else 0; on 0 a target that knows stores the
 * offset of the first ill-formed subsequence in *@err.
 */
U8T_EXPORT int u8t_validate(const uint8_t *s, size_t n, size_t *err);

/*
 * u8t_next - decode one character at s[0..n), n >= 1.
 * @cp: receives the scalar value, or U8T_ERROR when the consumed bytes
 *      are ill-formed; the harness presets *@cp to U8T_ERROR, so a
 *      target may leave it alone on an error.
 *
 * Returns the bytes consumed, 1..@n.
 */
U8T_EXPORT size_t u8t_next(const uint8_t *s, size_t n, uint32_t *cp);

/*
 * u8t_encode - encode @cp into @out.
 *
 * Returns 1..6 bytes written, or 0 when the encoder refuses @cp.
 */
U8T_EXPORT size_t u8t_encode(uint32_t cp, uint8_t out[8]);

/*
 * Streaming (version 2): optional, all three or none.
 *
 * u8t_stream_size - bytes of state, 1..4096.  The harness allocates them,
 * 16-aligned, flush against a guard page.
 */
U8T_EXPORT size_t u8t_stream_size(void);

/*
 * u8t_stream_init - start a new input in @state, which holds nothing else:
 * nothing of an earlier input may survive it.  Called before each input.
 */
U8T_EXPORT void u8t_stream_init(void *state);

/*
 * u8t_stream_decode - decode the next chunk s[0..n) of the current input.
 * @last: nonzero on its final chunk.  @n may be 0, for the final chunk and
 *        for any other; a chunk is never a reason to end the input.
 * @out, @cap: room for at most @cap values; @cap >= @n + 4.
 *
 * Returns how many values were written.  Every character that ends in
 * this chunk is written now; an incomplete tail is kept in @state, to be
 * completed by the next chunk, or replaced at @last.  The chunk is not
 * there after the call: no reading s[-1] (of the chunk before) or s[n].
 * Like every function here, pure apart from @state: no static state, no
 * writing outside state[0..u8t_stream_size()) or out[0..cap).
 */
U8T_EXPORT size_t u8t_stream_decode(void *state, const uint8_t *s, size_t n,
                                    int last, uint32_t *out, size_t cap);

/*
 * u8t_stream_consumed (version 3) - in place of u8t_stream_decode, with
 * u8t_stream_size and u8t_stream_init, for a decoder that says how much
 * of its input it consumed and leaves the caller to keep the rest
 * (CPython's PyUnicode_DecodeUTF8Stateful, Go's transform.Transformer,
 * iconv).  A target exports one of the two.
 * @s, @n:     the bytes it left unconsumed in the call before, if any,
 *             then the next chunk: the harness keeps that tail and
 *             passes it again, first.
 * @last:      nonzero when s[0..n) ends the input, passed as with
 *             u8t_stream_decode: every byte is then consumed, and an
 *             incomplete tail replaced.
 * @consumed:  receives how many bytes of s[0..n) it consumed, 0..@n;
 *             @n when @last.  The harness presets it to (size_t)-1, and
 *             a value it does not allow is a FAIL abi/stream-consumed.
 * @out:       room for @n + 4 values, the cap u8t_stream_decode gets.
 *
 * Returns how many values were written.  A decoder may also keep an
 * incomplete tail in @state and consume it (ICU's converters do); what
 * it consumed and left is judged the same way, as one stream.
 */
U8T_EXPORT size_t u8t_stream_consumed(void *state, const uint8_t *s, size_t n,
                                      int last, size_t *consumed,
                                      uint32_t *out);

/* The same functions as pointer types, for a harness that loads them. */
typedef int (*u8t_abi_version_fn)(void);
typedef const char *(*u8t_name_fn)(void);
typedef unsigned (*u8t_traits_fn)(void);
typedef size_t (*u8t_decode_fn)(const uint8_t *, size_t, uint32_t *, size_t);
typedef int (*u8t_validate_fn)(const uint8_t *, size_t, size_t *);
typedef size_t (*u8t_next_fn)(const uint8_t *, size_t, uint32_t *);
typedef size_t (*u8t_encode_fn)(uint32_t, uint8_t[8]);
typedef size_t (*u8t_stream_size_fn)(void);
typedef void (*u8t_stream_init_fn)(void *);
typedef size_t (*u8t_stream_decode_fn)(void *, const uint8_t *, size_t, int,
                                       uint32_t *, size_t);
typedef size_t (*u8t_stream_consumed_fn)(void *, const uint8_t *, size_t, int,
                                         size_t *, uint32_t *);

#ifdef __cplusplus
}
#endif

#endif /* U8T_H */
