/* SPDX-License-Identifier: MIT */
/*
 * families.h - the inputs of the conformance suite, numbered.
 *
 * A family is a function from an index to an item: bytes for the
 * decoding functions, a code point for u8t_encode.  Workers share a
 * family by ranges of indexes, and a finding names its item by family
 * and index, so the supervisor can rebuild any input it is told of.
 */
#ifndef U8C_FAMILIES_H
#define U8C_FAMILIES_H

#include <stddef.h>
#include <stdint.h>

/* Longest input a family gives, and --input takes. */
#define U8C_MAX_INPUT 4096

enum u8c_item_kind {
	U8C_ITEM_BYTES,      /* for u8t_decode, u8t_validate, u8t_next */
	U8C_ITEM_CODE_POINT, /* for u8t_encode                         */
};

/* How a stream's input is cut into chunks (chunking.h); kind 0 for the
 * other functions' inputs. */
struct u8c_chunking {
	uint8_t kind; /* enum u8c_chunking_kind */
	uint16_t a, b;
};

/* One input of a family. */
struct u8c_item {
	enum u8c_item_kind kind;
	const uint8_t *s; /* the bytes (kind BYTES)         */
	size_t n;
	uint32_t cp;                  /* the code point (kind CODE_POINT) */
	struct u8c_chunking chunking; /* for u8t_stream_decode            */
};

struct u8c_family {
	const char *name;
	enum u8c_item_kind kind;
	size_t (*count)(void);
	/* Item i: its bytes into buf[0..U8C_MAX_INPUT) (returns their
	 * length), or its code point (the return value). */
	size_t (*get)(size_t i, uint8_t *buf);
};

/* The byte classes of Table 3-7's columns (and of the five- and
 * six-byte forms): 17 of them, in byte order. */
enum { U8C_BYTE_CLASSES = 17 };

/* u8c_byte_class - the class of byte @b, 0..16. */
unsigned u8c_byte_class(uint8_t b);

/* u8c_byte_class_range - the first and last byte of class @k. */
void u8c_byte_class_range(unsigned k, uint8_t *lo, uint8_t *hi);

/* u8c_byte_class_edge - whether @b is the first or last byte of its
 * class (the bytes the class sequences are made of). */
int u8c_byte_class_edge(uint8_t b);

/*
 * u8c_family_item - item @i of @f, its bytes (if any) in @buf.  Inline,
 * so that the item is built where it is kept: a copy of one built field
 * by field in the callee's frame waits for each store to land (3 to 5 %
 * of a default run's samples on ICU).
 */
static inline struct u8c_item
u8c_family_item(const struct u8c_family *f, size_t i, uint8_t *buf)
{
	struct u8c_item it = {f->kind, buf, 0, 0, {0, 0, 0}};

	if (f->kind == U8C_ITEM_CODE_POINT)
		it.cp = (uint32_t)f->get(i, buf);
	else
		it.n = f->get(i, buf);
	return it;
}

/* The byte classes of Table 3-7 (and of the five- and six-byte forms),
 * every sequence of 1..4 classes with each class's first and last
 * member. */
extern const struct u8c_family u8c_family_categories;
/* Every input of 1, 2 and 3 bytes. */
extern const struct u8c_family u8c_family_short;
/* Every supplementary scalar value in four bytes. */
extern const struct u8c_family u8c_family_supplementary;
/* Every supplementary value as a pair of three-byte surrogates. */
extern const struct u8c_family u8c_family_surrogate_pairs;
/* Four-, five- and six-byte forms of values beyond U+10FFFF. */
extern const struct u8c_family u8c_family_long_forms;
/* Short categories inside text: after and before ASCII and multi-byte
 * characters, cut at the end, repeated, at offsets 0..63. */
extern const struct u8c_family u8c_family_context;
/* Runs of 1..64 valid characters of each length and of U+FEFF, and of
 * 1..64 errors of three kinds: the long chunks where vector code and its
 * tails live, and a stream's input that starts with a BOM. */
extern const struct u8c_family u8c_family_runs;
/* Every sequence of 1..4 bytes (4,311,810,304 inputs). */
extern const struct u8c_family u8c_family_exhaustive;
/* The encoder's code points: all of 0..10FFFF, then values beyond it up
 * to 7FFFFFFF and the top of the 32-bit range. */
extern const struct u8c_family u8c_family_encoder;
/* One input of bytes, and one code point: what u8c_family_one_set was
 * given last (u8conform --input, a fuzzer's input). */
extern const struct u8c_family u8c_family_one;
extern const struct u8c_family u8c_family_one_code_point;
void u8c_family_one_set(const uint8_t *s, size_t n);
void u8c_family_one_code_point_set(uint32_t cp);

#endif /* U8C_FAMILIES_H */
