/* SPDX-License-Identifier: MIT */
/*
 * testutil.h - helpers of check_oracles: loading an oracle, hex for
 * messages, and the table-driven checks every oracle's suite runs.
 *
 * Oracles all export the same names, so each is loaded apart with
 * dlopen(RTLD_LOCAL) and never linked into the test executable.
 */
#ifndef TESTUTIL_H
#define TESTUTIL_H

#include <check.h>
#include <stddef.h>
#include <stdint.h>

#include "u8t.h"

/* ck_assert_msg reports its location through Check's pipe on every
 * call, passing or not; loops over many inputs test first and call
 * Check only to fail. */
#define U8O_REQUIRE(cond, ...)                                                 \
	do {                                                                   \
		if (!(cond))                                                   \
			ck_abort_msg(__VA_ARGS__);                             \
	} while (0)

#define U8O_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* One loaded oracle: its functions, NULL where it exports none. */
struct u8o_oracle {
	const char *name;  /* as in libu8t-<name>.so             */
	const char *path;  /* the .so this build made            */
	const char *title; /* its u8t_name(), or its name        */
	void *dl;          /* dlopen handle                      */
	u8t_abi_version_fn abi_version;
	u8t_name_fn name_fn;
	u8t_decode_fn decode;
	u8t_validate_fn validate;
	u8t_next_fn next;
	u8t_encode_fn encode;
	u8t_stream_size_fn stream_size; /* version 2: the three or none */
	u8t_stream_init_fn stream_init;
	u8t_stream_decode_fn stream_decode;
};

/* How many oracles this build made, and the i-th one's name. */
size_t u8o_oracle_count(void);
const char *u8o_oracle_name(size_t i);

/* Whether this build made the oracle called name. */
int u8o_oracle_built(const char *name);

/* Whether the oracle called name is built to stream (u8_oracle's STREAM
 * in oracles/CMakeLists.txt): what it claims, not what it exports. */
int u8o_oracle_streams(const char *name);

/* How many of the oracles built stream, and the i-th of them's name. */
size_t u8o_stream_oracle_count(void);
const char *u8o_stream_oracle_name(size_t i);

/* dlopen the oracle called name and look up its functions; a test that
 * cannot load it fails with dlerror()'s text. */
struct u8o_oracle u8o_load(const char *name);
void u8o_unload(struct u8o_oracle *o);

enum { U8O_HEX_MAX = 32 }; /* longest input shown in full */

struct u8o_hex {
	char text[3 * U8O_HEX_MAX + 8];
};

/* The first U8O_HEX_MAX bytes of s[0..n) in hex, "..." if more. */
struct u8o_hex u8o_hex(const uint8_t *s, size_t n);

enum { U8O_VALUES_MAX = 24 }; /* longest list of values shown */

struct u8o_values {
	char text[9 * U8O_VALUES_MAX + 8];
};

/* Scalar values as "0061 FFFD ...", "<none>" when n is 0. */
struct u8o_values u8o_values(const uint32_t *v, size_t n);

/* A heap copy of s[0..n) of exactly n bytes, so that under ASan a read
 * of s[n] is reported; free() it.  Never NULL (a failed test instead). */
uint8_t *u8o_exact_copy(const uint8_t *s, size_t n);

enum { U8O_CASE_MAX = 16 };

/*
 * What one oracle does with one input: a row of a characterisation
 * table.  Write rows with the macros below.
 */
struct u8o_case {
	const char *what;           /* the input, named         */
	uint8_t in[U8O_CASE_MAX];   /* its bytes                */
	size_t n;                   /* how many                 */
	uint32_t out[U8O_CASE_MAX]; /* u8t_decode's values      */
	size_t nout;                /* how many                 */
	int valid;                  /* u8t_validate's verdict   */
	size_t err;                 /* its offset when invalid  */
	uint32_t cp;                /* u8t_next on s[0..n): the
	                               value or U8T_ERROR       */
	size_t len;                 /* and the bytes consumed   */
};

#define U8O_BYTES(...) {__VA_ARGS__}, sizeof((const uint8_t[]){__VA_ARGS__})
#define U8O_VALUES(...)                                                        \
	{__VA_ARGS__},                                                         \
	    sizeof((const uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t)
#define U8O_VALID         1, 0
#define U8O_INVALID_AT(o) 0, (o)
#define U8O_NEXT(cp, len) (cp), (len)

/* What one oracle's u8t_encode does with one value: n 0 is a refusal. */
struct u8o_encoding {
	uint32_t cp;    /* the value             */
	uint8_t out[8]; /* the bytes it writes   */
	size_t n;       /* how many, 0 if none   */
};

#define U8O_ENCODES(cp, ...)                                                   \
	{                                                                      \
		(cp), {__VA_ARGS__}, sizeof((const uint8_t[]){__VA_ARGS__})    \
	}
#define U8O_REFUSES(cp)                                                        \
	{                                                                      \
		(cp), {0}, 0                                                   \
	}

/* What a decoder that follows Table 3-7 does with the telling inputs
 * and the seed examples, and how it encodes (cases_3_7.c). */
extern const struct u8o_case u8o_cases_3_7[];
extern const size_t u8o_cases_3_7_count;
extern const struct u8o_encoding u8o_encodings_3_7[];
extern const size_t u8o_encodings_3_7_count;

/* Loads the oracle and checks u8t_decode (with cap exactly n, input and
 * output on the heap at their exact sizes), u8t_validate and u8t_next
 * against the row. */
void u8o_check_case(const char *oracle, const struct u8o_case *c);

/* Loads the oracle and checks u8t_encode against the row, and that it
 * writes nothing past the bytes it reports. */
void u8o_check_encoding(const char *oracle, const struct u8o_encoding *e);

enum { U8O_SWEEP_MAX = 8 }; /* longest input u8o_require_like_u8ref takes */

/* Fails unless o decodes, validates and steps over s[0..n) exactly as
 * u8ref does under Table 3-7; n <= U8O_SWEEP_MAX.  For sweeps: checks
 * first and calls Check only to fail. */
void u8o_require_like_u8ref(const struct u8o_oracle *o, const uint8_t *s,
                            size_t n);

/* Loads the oracle and fails unless u8t_validate gives u8ref's verdict
 * and first-error offset on every input of one to three bytes that
 * begins with first. */
void u8o_sweep_validate_like_u8ref(const char *oracle, uint8_t first);

/*
 * A suite named suite with, when the oracle is built, a tcase
 * "behaviour" looping case_test over ncases rows and encoding_test over
 * nencodings rows; empty when it is not built.
 */
Suite *u8o_table_suite(const char *suite, const char *oracle,
                       const TTest *case_test, size_t ncases,
                       const TTest *encoding_test, size_t nencodings);

#endif /* TESTUTIL_H */
