/* SPDX-License-Identifier: MIT */
/*
 * expect.h - expected departures: a library's deliberate choices,
 * accepted so that only new departures fail a CI job.
 *
 * An expectation file (u8conform --expect, U8FUZZ_EXPECT) has one per
 * line: a check id, then optionally the input it is about, then a reason
 * after '#':
 *
 *     decode/row-00-7F 00      # CommonMark turns NUL into U+FFFD
 *     encode/beyond *          # Lua encodes values up to 7FFFFFFF
 *     decode/surrogate         # JavaScript keeps lone surrogates
 *
 * The input is a pattern of bytes, U+XXXX for the encoder, (loading)
 * or (unloading), or '*' (the same as none): any input.  A pattern is
 * words: a hex byte (ED), a range of them (A0..BF), '*' for any run of
 * bytes and cuts, and '|' for a cut of a stream's chunking, as reports
 * show them ("00 ED A0 |": the chunk 00 ED A0, then an empty last one).
 * It matches a failure when it matches the whole input, or the piece of
 * it where the target's answers part from the reference's (the NUL in
 * "41 00 42"), with the cuts inside it and those right after it:
 *
 *     stream/prompt    ED A0..9F |    # CPython holds a surrogate's prefix
 *     decode/surrogate * ED A0..BF *  # any input holding a surrogate
 *
 * Blank lines and lines starting with '#' are comments.
 */
#ifndef U8C_EXPECT_H
#define U8C_EXPECT_H

#include <stddef.h>
#include <stdint.h>

#include "checks.h"
#include "families.h"

enum {
	U8C_EXPECT_MAX = 256,  /* expectations in a file          */
	U8C_EXPECT_BYTES = 64, /* words of an expected input's pattern */
	U8C_EXPECT_REASON = 160,
};

/* A word of a pattern: bytes lo..hi, any run, or a cut. */
struct u8c_expect_word {
	uint8_t kind; /* enum u8c_expect_word_kind */
	uint8_t lo, hi;
};

enum u8c_expect_word_kind {
	U8C_WORD_BYTE, /* one byte of lo..hi          */
	U8C_WORD_ANY,  /* '*': any run, even empty    */
	U8C_WORD_CUT,  /* '|': a cut of the chunking  */
};

/* What an expectation's input is. */
enum u8c_expect_input {
	U8C_EXPECT_ANY,        /* '*', or nothing          */
	U8C_EXPECT_BYTES_IN,   /* a pattern of bytes        */
	U8C_EXPECT_CODE_POINT, /* U+XXXX                   */
	U8C_EXPECT_LOADING,    /* (loading)                */
	U8C_EXPECT_UNLOADING,  /* (unloading)              */
};

struct u8c_expectation {
	enum u8c_check_id check;
	enum u8c_expect_input input;
	struct u8c_expect_word words[U8C_EXPECT_BYTES];
	size_t n;
	uint32_t cp;
	unsigned line; /* in its file                               */
	char text[3 * U8C_EXPECT_BYTES + 16]; /* the input as written */
	char reason[U8C_EXPECT_REASON];
};

struct u8c_expectations {
	struct u8c_expectation e[U8C_EXPECT_MAX];
	size_t n;
};

/* The piece of an input where a target's answers part from the
 * reference's: an expectation's bytes may name it. */
struct u8c_part {
	size_t off, len; /* len 0: the whole input */
};

/*
 * u8c_expect_read - the expectations of @file into @x.  Returns 0, or
 * -1 with one line in @err ("FILE:LINE: why") for an unreadable file, an
 * unknown check id, an input that is no input, or too many lines.
 */
int u8c_expect_read(struct u8c_expectations *x, const char *file, char *err,
                    size_t errlen);

/* u8c_expect_input_valid - whether @text is an expectation's input. */
int u8c_expect_input_valid(const char *text);

/*
 * u8c_expect_match - the first expectation of @x that accepts a failure
 * of check @c on @item (NULL while loading or unloading, then @during
 * says which: 1 loading, 2 unloading) whose answers part at @part, or
 * -1.  @x may be NULL: no expectations.
 */
int u8c_expect_match(const struct u8c_expectations *x, enum u8c_check_id c,
                     const struct u8c_item *item, const struct u8c_part *part,
                     int during);

#endif /* U8C_EXPECT_H */
