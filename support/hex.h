/* SPDX-License-Identifier: MIT */
/*
 * hex.h - bytes as hex ("C0 80") and code points as "U+D800" or "0061",
 * both ways.
 *
 * The one copy of these codecs for the harness, the fuzzers and the
 * tests.  Formatting never overruns its buffer: what does not fit is cut
 * at a whole item and marked " ...".  Parsing is strict: a string either
 * is what it claims in full, or is refused.
 */
#ifndef U8S_HEX_H
#define U8S_HEX_H

#include <stddef.h>
#include <stdint.h>

/*
 * u8s_hex_format - s[0..n) as "C0 80" into buf[0..cap), cap >= 16.
 * "(empty)" when @n is 0.  Returns the length written.
 */
size_t u8s_hex_format(char *buf, size_t cap, const uint8_t *s, size_t n);

/*
 * u8s_code_points_format - cp[0..n) as "0061 FFFD" (%04X) into
 * buf[0..cap), cap >= 16; "(nothing)" when @n is 0.  Returns the length
 * written.
 */
size_t u8s_code_points_format(char *buf, size_t cap, const uint32_t *cp,
                              size_t n);

/* u8s_u_format - @cp as "U+00E9" (four hex digits at least) into
 * buf[0..cap), cap >= 12.  Returns the length written. */
size_t u8s_u_format(char *buf, size_t cap, uint32_t cp);

/* What a parser made of its text. */
enum u8s_parse {
	U8S_PARSE_OK = 0,
	U8S_PARSE_BAD,  /* not what it should be; nothing is guessed   */
	U8S_PARSE_LONG, /* well-formed, but more than the room given   */
};

/*
 * u8s_hex_parse - hex bytes into out[0..cap): pairs of hex digits, each
 * pair optionally led by "\x" or "0x", pairs optionally separated by
 * spaces, commas or colons ("C0 80", "c080", "\xC0\x80", "0xC0,0x80").
 * @n receives the count.  An empty text is zero bytes.
 */
enum u8s_parse u8s_hex_parse(const char *text, uint8_t *out, size_t cap,
                             size_t *n);

/* u8s_u_parse - "U+" (or "u+") and 1..8 hex digits, nothing else, into
 * @cp. */
enum u8s_parse u8s_u_parse(const char *text, uint32_t *cp);

#endif /* U8S_HEX_H */
