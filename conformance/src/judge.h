/* SPDX-License-Identifier: MIT */
/*
 * judge.h - what the suite checks, and how a target's answer is judged
 * against the reference.
 *
 * Every check keeps a count of inputs tested and failed and the smallest
 * counterexample (shortest input, then lowest bytes).  A wrong character
 * is a FAIL; a different number of U+FFFD for the same ill-formed bytes
 * is a WARN (Unicode allows it, the web does not); a stripped BOM is
 * INFO.
 */
#ifndef U8C_JUDGE_H
#define U8C_JUDGE_H

#include <stddef.h>
#include <stdint.h>

#include "inputs.h"
#include "sandbox.h"
#include "target.h"
#include "u8ref.h"

enum u8c_level { U8C_PASS, U8C_INFO, U8C_WARN, U8C_FAIL };

/* Checks: u8t_decode, u8t_validate and u8t_next per group, then one of
 * each below. */
enum u8c_check {
	U8C_CHECK_DECODE = 0,
	U8C_CHECK_VALIDATE = U8C_GROUPS,
	U8C_CHECK_NEXT = 2 * U8C_GROUPS,
	U8C_CHECK_DECODE_REPLACEMENT = 3 * U8C_GROUPS,
	U8C_CHECK_DECODE_DROPS,
	U8C_CHECK_DECODE_BOM,
	U8C_CHECK_NEXT_REPLACEMENT,
	U8C_CHECK_ENCODE_SCALARS,
	U8C_CHECK_ENCODE_SURROGATES,
	U8C_CHECK_ENCODE_BEYOND,
	U8C_CHECK_ABI_DECODE_CAP,
	U8C_CHECK_ABI_VALIDATE,
	U8C_CHECK_ABI_NEXT,
	U8C_CHECK_ABI_ENCODE,
	U8C_CHECK_CONSISTENCY,
	U8C_CHECK_STATE,
	U8C_CHECK_FATE, /* + enum u8c_fate */
	U8C_CHECKS = U8C_CHECK_FATE + U8C_FATES
};

/* Id ("decode/overlong-3") and title of a check. */
void u8c_check_id(enum u8c_check c, char *buf, size_t len);
void u8c_check_title(enum u8c_check c, char *buf, size_t len);

enum { U8C_EXAMPLE_INPUT = 128, U8C_EXAMPLE_TEXT = 160 };

struct u8c_example {
	uint8_t input[U8C_EXAMPLE_INPUT];
	size_t n;
	int code_point; /* the input is a code point (encoder checks) */
	char expected[U8C_EXAMPLE_TEXT];
	char got[U8C_EXAMPLE_TEXT];
};

struct u8c_tally {
	uint64_t tested, failed;
	enum u8c_level level; /* worst seen */
	int has_example;
	struct u8c_example example;
};

/* Replacement policies a decoder may follow for a run of ill-formed
 * bytes: bit k of u8c_results.policy_violated when some run did not. */
enum u8c_policy {
	U8C_POLICY_MAXIMAL,  /* one U+FFFD per maximal subpart  */
	U8C_POLICY_PER_BYTE, /* one per byte                    */
	U8C_POLICY_PER_RUN,  /* one per run of ill-formed bytes */
	U8C_POLICY_DROPS,    /* none: dropped                   */
	U8C_POLICIES
};

/* The raw answers of a target to one input, for --input. */
enum { U8C_RAW_MAX = 64 };
struct u8c_raw {
	int captured;
	size_t ndecode; /* SIZE_MAX: returned more than cap */
	uint32_t decode[U8C_RAW_MAX];
	int valid; /* -1: not exported */
	size_t err;
	size_t nnext;
	size_t next_len[U8C_RAW_MAX];
	uint32_t next_cp[U8C_RAW_MAX];
};

struct u8c_results {
	struct u8c_tally checks[U8C_CHECKS];
	/* Inputs each check has seen in a worker, side by side for speed;
	 * u8c_judge_merge adds them to checks[].tested. */
	uint64_t seen[U8C_CHECKS];
	uint64_t survivors;        /* items that came back: seen by each fate */
	uint32_t policy_violated;  /* bits of enum u8c_policy        */
	uint64_t policy_runs;      /* ill-formed runs seen           */
	uint32_t variant_violated; /* bits of u8ref_profile_at(i)   */
	uint64_t variant_tested;
	struct u8c_raw raw;
};

/* What a run of the suite judges, shared by its workers. */
struct u8c_suite {
	const struct u8c_target *target;
	const struct u8ref_profile *profile; /* judged against           */
	const struct u8c_family *family;     /* inputs of this job       */
	int variants;                        /* diagnose the variant on
	                                        every variants-th input
	                                        (0: never)               */
	int probes;                          /* check state after calls  */
	int encoding;                        /* inputs are code points   */
	int capture;                         /* keep the raw answers     */
	unsigned fatal_left;                 /* fates still put up with  */
	struct u8c_results total;            /* merged results           */
};

/* Job callbacks: one input of suite->family through every function. */
void u8c_judge_input(struct u8c_worker *w, void *suite, size_t i);
/* Job callbacks: code point i of u8c_encoder_points through u8t_encode. */
void u8c_judge_encode(struct u8c_worker *w, void *suite, size_t i);
size_t u8c_encoder_points(void);
void u8c_judge_fate(void *suite, enum u8c_fate fate, int detail,
                    const uint8_t *s, size_t n);
void u8c_judge_merge(void *suite, const void *results);

/* The overall verdict, policy and variant of merged results. */
enum u8c_level u8c_verdict(const struct u8c_results *r);
const char *u8c_policy_name(const struct u8c_results *r);
const char *u8c_variant_name(const struct u8c_results *r);

#endif /* U8C_JUDGE_H */
