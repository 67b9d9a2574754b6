/* SPDX-License-Identifier: MIT */
/*
 * check_judge.c - the judge, driven with hand-written answers.
 *
 * Each case is an input, what a target answered, and the one check that
 * must not pass, at its level, or none.  The judge calls no target, so
 * these are the whole truth of what it decides; the harness's processes
 * only bring it answers.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "causes.h"
#include "chunking.h"
#include "hex.h"
#include "judge.h"
#include "match.h"
#include "only_failed.h"
#include "suites.h"
#include "u8t.h"

enum { NONE = -1, MAX = 16 };

/* What a case's target answered; a list ends at END. */
#define END 0xFFFFFFFEu

/* Which functions a case asked. */
enum { D = 1, V = 2, N = 4 };

static const struct judge_case {
	const char *what;
	unsigned asked;        /* D, V, N                              */
	const char *input;     /* hex                                  */
	uint32_t decode[MAX];  /* u8t_decode's values, to END           */
	int decode_over_cap;   /* ...or it returned cap + 1             */
	int valid;             /* u8t_validate: 0, 1 (or 2)             */
	size_t err;            /* and its offset                        */
	uint32_t next_cp[MAX]; /* u8t_next's values, to END             */
	size_t next_len[MAX];  /* and lengths                           */
	const char *check;     /* the check that fails, or NULL         */
	enum u8c_level level;
} cases[] = {
    /* Table 3-7 row 00..7F */
    {"ASCII decoded",
     D | V,
     "61",
     {0x61, END},
     0,
     1,
     0,
     {END},
     {0},
     NULL,
     U8C_PASS},
    /* no row starts with C0: an overlong form of U+0000 */
    {"C0 80 read as U+0000",
     D,
     "C0 80",
     {0x0000, END},
     0,
     -1,
     0,
     {END},
     {0},
     "decode/overlong-2",
     U8C_FAIL},
    /* row ED: second byte 80..9F only */
    {"a surrogate decoded",
     D,
     "ED A0 80",
     {0xD800, END},
     0,
     -1,
     0,
     {END},
     {0},
     "decode/surrogate",
     U8C_FAIL},
    /* earlier subparts could soak up the U+FFFD of the surrogate's
     * three; the output parts from the reading at ED, not at C0 */
    {"a surrogate after two subparts",
     D,
     "E7 80 C0 ED BE B4",
     {0xFFFD, 0xFFFD, 0xDFB4, END},
     0,
     -1,
     0,
     {END},
     {0},
     "decode/surrogate",
     U8C_FAIL},
    /* the same under one U+FFFD per byte */
    {"a surrogate after a U+FFFD per byte",
     D,
     "E7 80 41 ED A0 80",
     {0xFFFD, 0xFFFD, 0x41, 0xD800, END},
     0,
     -1,
     0,
     {END},
     {0},
     "decode/surrogate",
     U8C_FAIL},
    /* row F4: second byte 80..8F only */
    {"beyond U+10FFFF decoded",
     D,
     "F4 90 80 80",
     {0x110000, END},
     0,
     -1,
     0,
     {END},
     {0},
     "decode/too-large",
     U8C_FAIL},
    /* row E1..EC: a character lost after a subpart */
    {"a character swallowed",
     D,
     "E1 41",
     {0xFFFD, END},
     0,
     -1,
     0,
     {END},
     {0},
     "decode/row-00-7F",
     U8C_FAIL},
    /* E0 A0 is one maximal subpart: two U+FFFD is a policy, not a loss */
    {"U+FFFD per byte",
     D,
     "E0 A0",
     {0xFFFD, 0xFFFD, END},
     0,
     -1,
     0,
     {END},
     {0},
     "decode/replacement",
     U8C_WARN},
    {"ill-formed input dropped",
     D,
     "80",
     {END},
     0,
     -1,
     0,
     {END},
     {0},
     "decode/drops",
     U8C_WARN},
    {"a leading BOM stripped",
     D,
     "EF BB BF 61",
     {0x61, END},
     0,
     -1,
     0,
     {END},
     {0},
     "decode/bom",
     U8C_INFO},
    {"decode returns cap + 1",
     D,
     "C2",
     {END},
     1,
     -1,
     0,
     {END},
     {0},
     "abi/decode-cap",
     U8C_FAIL},
    /* u8t_validate */
    {"a lone trail byte accepted",
     V,
     "80",
     {END},
     0,
     1,
     0,
     {END},
     {0},
     "validate/continuation",
     U8C_FAIL},
    {"the error one byte late",
     V,
     "41 80",
     {END},
     0,
     0,
     2,
     {END},
     {0},
     "abi/validate",
     U8C_FAIL},
    {"validate returns 2",
     V,
     "41",
     {END},
     0,
     2,
     0,
     {END},
     {0},
     "abi/validate",
     U8C_FAIL},
    {"the right offset",
     V,
     "41 80",
     {END},
     0,
     0,
     1,
     {END},
     {0},
     NULL,
     U8C_PASS},
    /* u8t_next */
    {"next consumes nothing",
     N,
     "C2 80",
     {END},
     0,
     -1,
     0,
     {U8T_ERROR, END},
     {0},
     "abi/next",
     U8C_FAIL},
    {"next consumes past the end",
     N,
     "C2",
     {END},
     0,
     -1,
     0,
     {U8T_ERROR, END},
     {2},
     "abi/next",
     U8C_FAIL},
    {"next steps right",
     N,
     "C2 80 41",
     {END},
     0,
     -1,
     0,
     {0x80, 0x41, END},
     {2, 1},
     NULL,
     U8C_PASS},
    {"next: one byte per error",
     N,
     "E0 A0",
     {END},
     0,
     -1,
     0,
     {U8T_ERROR, U8T_ERROR, END},
     {1, 1},
     "next/replacement",
     U8C_WARN},
};

static size_t
list_length(const uint32_t *v)
{
	size_t n = 0;

	while (n < MAX && v[n] != END)
		n++;
	return n;
}

/* Judges answers @a on the bytes s[0..n), item @index, into tallies of
 * their own. */
static const struct u8c_tallies *
judge_bytes(const uint8_t *s, size_t n, const struct u8c_answers *a,
            size_t index)
{
	static struct u8c_tallies t;
	static struct u8c_reading in;
	struct u8c_judging j = {u8ref_profile_at(0), NULL, 0, 1, 0, index};
	struct u8c_item item = {U8C_ITEM_BYTES, s, n, 0, {0, 0, 0}};

	u8c_tallies_clear(&t);
	u8c_read(j.profile, s, n, &in);
	u8c_judge(&t, &j, &item, &in, a);
	return &t;
}

/* Judges case @c's answers on its input. */
static const struct u8c_tallies *
judge_case(const struct judge_case *c)
{
	static uint8_t s[MAX];
	struct u8c_answers a;
	size_t n;

	ck_assert_msg(u8s_hex_parse(c->input, s, sizeof s, &n) == U8S_PARSE_OK,
	              "%s: bad hex %s", c->what, c->input);
	memset(&a, 0, sizeof a);
	if (c->asked & D) {
		a.given[U8C_FN_DECODE] = U8C_ANSWER_GIVEN;
		a.cap = n;
		a.ndecode = c->decode_over_cap ? n + 1 : list_length(c->decode);
		a.decode = c->decode;
	}
	if (c->asked & V) {
		a.given[U8C_FN_VALIDATE] = U8C_ANSWER_GIVEN;
		a.valid = c->valid;
		a.err = c->valid == 1 ? SIZE_MAX : c->err;
		a.accepted_from = SIZE_MAX;
		a.valid_prefix = -1;
	}
	if (c->asked & N) {
		a.given[U8C_FN_NEXT] = U8C_ANSWER_GIVEN;
		a.nnext = list_length(c->next_cp);
		a.next_cp = c->next_cp;
		a.next_len = c->next_len;
	}
	return judge_bytes(s, n, &a, 0);
}

START_TEST(test_judge_case)
{
	const struct judge_case *c = &cases[_i];

	only_failed(judge_case(c), c->what, c->input, c->check, c->level);
}
END_TEST

/* A WARN stays a WARN however long the input: 200 subparts of two
 * bytes, each given two U+FFFD (the matcher once gave up above 65,536
 * cells and called this a FAIL). */
START_TEST(test_judge_long_warn)
{
	static uint8_t s[U8C_MAX_INPUT];
	static uint32_t out[U8C_MAX_INPUT];
	const struct u8c_tallies *t;
	struct u8c_answers a;
	size_t pairs = (size_t)_i, k;

	for (k = 0; k < pairs; k++) {
		s[2 * k] = 0xE0;
		s[2 * k + 1] = 0xA0;
		out[2 * k] = out[2 * k + 1] = 0xFFFD;
	}
	memset(&a, 0, sizeof a);
	a.given[U8C_FN_DECODE] = U8C_ANSWER_GIVEN;
	a.cap = a.ndecode = 2 * pairs;
	a.decode = out;
	t = judge_bytes(s, 2 * pairs, &a, 0);
	ck_assert_msg(t->t[U8C_DECODE_REPLACEMENT].level == U8C_WARN &&
	                  u8c_tally_verdict(t) == U8C_WARN,
	              "%zu bytes: verdict %s, want warn", 2 * pairs,
	              u8c_level_names[u8c_tally_verdict(t)]);
}
END_TEST

/* An output longer than any reading of its input explains, as a
 * stream's may be (five values a byte): on the longest input it does not
 * fit, and parts at the second A, not past it.  The matcher once sized
 * its table by the output, and wrote past its end. */
START_TEST(test_match_longer_output)
{
	static uint8_t s[U8C_MAX_INPUT];
	static struct u8c_token tok[U8C_MAX_TOKENS];
	static uint32_t out[5 * U8C_MAX_INPUT];
	size_t ntok, stuck = SIZE_MAX, k;
	int lost = -1;

	memset(s, 'A', sizeof s);
	ntok = u8c_tokenize(u8ref_profile_at(0), s, sizeof s, tok);
	for (k = 0; k < sizeof out / sizeof out[0]; k++)
		out[k] = k % 5 == 0 ? 'A' : 0xFFFD;
	ck_assert_int_eq(u8c_match(tok, ntok, out, sizeof out / sizeof out[0],
	                           NULL, &stuck, &lost),
	                 0);
	ck_assert_uint_eq(stuck, 1);
	ck_assert_int_eq(lost, 0);
	/* the input's own values fit, and one more does not */
	for (k = 0; k <= sizeof s; k++)
		out[k] = 'A';
	ck_assert_int_eq(u8c_match(tok, ntok, out, sizeof s, NULL, NULL, NULL),
	                 1);
	ck_assert_int_eq(
	    u8c_match(tok, ntok, out, sizeof s + 1, NULL, &stuck, &lost), 0);
	ck_assert_uint_eq(stuck, ntok);
	ck_assert_int_eq(lost, 0);
}
END_TEST

/* A validator that stops at a NUL accepts "41 00 ED A0 80" and
 * "00 ED A0 80", but not "ED A0 80": the failure is the NUL's, not the
 * surrogate's; nor the A's, before it. */
START_TEST(test_judge_validate_stops_early)
{
	static const uint8_t s[] = {0x41, 0x00, 0xED, 0xA0, 0x80};
	const struct u8c_tallies *t;
	struct u8c_answers a;

	memset(&a, 0, sizeof a);
	a.given[U8C_FN_VALIDATE] = U8C_ANSWER_GIVEN;
	a.valid = 1;
	a.err = SIZE_MAX;
	a.accepted_from = 1;
	t = judge_bytes(s, sizeof s, &a, 0);
	ck_assert_uint_eq(t->t[U8C_VALIDATE_SURROGATE].failed, 0);
	ck_assert_uint_eq(t->t[U8C_VALIDATE_ROW_00_7F].failed, 1);
	ck_assert_uint_eq(t->t[U8C_VALIDATE_ROW_00_7F].ex[0].part_off, 1);
	a.accepted_from = 2; /* it accepts the surrogate alone too */
	t = judge_bytes(s, sizeof s, &a, 0);
	ck_assert_uint_eq(t->t[U8C_VALIDATE_SURROGATE].failed, 1);
}
END_TEST

/* A validator that names the wrong offset is an ABI fault, unless the
 * input cut at the offsets shows the cause: it passes over the
 * surrogate in "ED A0 80 80", or rejects the well-formed EF BF BF. */
START_TEST(test_judge_validate_offset_cause)
{
	static const uint8_t passes[] = {0xED, 0xA0, 0x80, 0x80};
	static const uint8_t rejects[] = {0xEF, 0xBF, 0xBF, 0x80};
	const struct u8c_tallies *t;
	struct u8c_answers a;

	memset(&a, 0, sizeof a);
	a.given[U8C_FN_VALIDATE] = U8C_ANSWER_GIVEN;
	a.valid = 0;
	a.err = 3;
	a.accepted_from = SIZE_MAX;
	a.valid_prefix = 1; /* "ED A0 80" is well-formed, it says */
	t = judge_bytes(passes, sizeof passes, &a, 0);
	ck_assert_uint_eq(t->t[U8C_VALIDATE_SURROGATE].failed, 1);
	ck_assert_uint_eq(t->t[U8C_ABI_VALIDATE].failed, 0);
	a.valid_prefix = 0; /* right there: only the offset is wrong */
	t = judge_bytes(passes, sizeof passes, &a, 0);
	ck_assert_uint_eq(t->t[U8C_VALIDATE_SURROGATE].failed, 0);
	ck_assert_uint_eq(t->t[U8C_ABI_VALIDATE].failed, 1);
	a.err = 0;
	a.valid_prefix = 0; /* "EF BF BF" is ill-formed, it says */
	t = judge_bytes(rejects, sizeof rejects, &a, 0);
	ck_assert_uint_eq(t->t[U8C_VALIDATE_ROW_EE_EF].failed, 1);
	ck_assert_uint_eq(t->t[U8C_ABI_VALIDATE].failed, 0);
	a.valid_prefix = 1;
	t = judge_bytes(rejects, sizeof rejects, &a, 0);
	ck_assert_uint_eq(t->t[U8C_VALIDATE_ROW_EE_EF].failed, 0);
	ck_assert_uint_eq(t->t[U8C_ABI_VALIDATE].failed, 1);
}
END_TEST

/* u8t_decode and u8t_next that both fit the reading but count U+FFFD
 * differently: two policies, a WARN. */
START_TEST(test_judge_consistency)
{
	static const uint8_t s[] = {0xE0, 0xA0};
	static const uint32_t decoded[] = {0xFFFD};
	static const uint32_t stepped[] = {U8T_ERROR, U8T_ERROR};
	static const size_t lens[] = {1, 1};
	const struct u8c_tallies *t;
	struct u8c_answers a;

	memset(&a, 0, sizeof a);
	a.given[U8C_FN_DECODE] = a.given[U8C_FN_NEXT] = U8C_ANSWER_GIVEN;
	a.cap = 2;
	a.ndecode = 1;
	a.decode = decoded;
	a.nnext = 2;
	a.next_cp = stepped;
	a.next_len = lens;
	t = judge_bytes(s, 2, &a, 0);
	ck_assert_int_eq(t->t[U8C_CONSISTENCY_DECODE_NEXT].level, U8C_WARN);
	ck_assert_int_eq(t->t[U8C_NEXT_REPLACEMENT].level, U8C_WARN);
	ck_assert_uint_eq(t->t[U8C_DECODE_REPLACEMENT].failed, 0);
}
END_TEST

/* The state probe: answers after an item that differ from a fresh
 * start's are a FAIL, named by that item. */
START_TEST(test_judge_state)
{
	static const uint8_t s[] = {0xC2};
	struct u8c_probe fresh = {1, 0, {0xFFFD}, {0}, -1};
	const struct u8c_tallies *t;
	struct u8c_answers a;

	memset(&a, 0, sizeof a);
	a.probed = 1;
	a.probe_k = 1;
	a.probe_fresh = &fresh;
	a.probe_now = fresh;
	t = judge_bytes(s, 1, &a, 7);
	ck_assert_uint_eq(t->t[U8C_STATE_BETWEEN_CALLS].failed, 0);
	a.probe_now.decode[0] = 0x80; /* C2 left over, BF completed it */
	t = judge_bytes(s, 1, &a, 7);
	ck_assert_uint_eq(t->t[U8C_STATE_BETWEEN_CALLS].failed, 1);
	ck_assert_uint_eq(t->t[U8C_STATE_BETWEEN_CALLS].ex[0].index, 7);
	ck_assert_str_eq(t->t[U8C_STATE_BETWEEN_CALLS].ex[0].expected,
	                 "the next call on BF answers as on a fresh start");
}
END_TEST

static const struct encode_case {
	uint32_t cp;
	uint8_t out[8];
	size_t n;
	const char *check; /* failed, or NULL */
} encodes[] = {
    {0x41, {0x41}, 1, NULL},
    {0x10FFFF, {0xF4, 0x8F, 0xBF, 0xBF}, 4, NULL},
    {0xD800, {0}, 0, NULL},
    {0x110000, {0}, 0, NULL},
    {0xD800, {0xED, 0xA0, 0x80}, 3, "encode/surrogates"},
    {0x110000, {0xF4, 0x90, 0x80, 0x80}, 4, "encode/beyond"},
    {0xE9, {0xC3}, 1, "encode/scalars"},
    {0x41, {0x41}, 9, "abi/encode"},
};

START_TEST(test_judge_encode)
{
	static struct u8c_tallies t;
	const struct encode_case *c = &encodes[_i];
	struct u8c_judging j = {u8ref_profile_at(0), NULL, 0, 0, 0, 0};
	struct u8c_item item = {U8C_ITEM_CODE_POINT, NULL, 0, c->cp, {0, 0, 0}};
	struct u8c_answers a;
	int want = c->check ? u8c_check_by_id(c->check) : NONE;

	u8c_tallies_clear(&t);
	memset(&a, 0, sizeof a);
	a.given[U8C_FN_ENCODE] = U8C_ANSWER_GIVEN;
	a.nencode = c->n;
	memcpy(a.encode, c->out, sizeof a.encode);
	u8c_judge(&t, &j, &item, NULL, &a);
	for (int k = 0; k < U8C_CHECKS; k++)
		ck_assert_msg(t.t[k].failed == (k == want),
		              "U+%04X in %zu bytes: %s failed %llu", c->cp,
		              c->n, u8c_check((enum u8c_check_id)k)->id,
		              (unsigned long long)t.t[k].failed);
}
END_TEST

/* A call that died is judged by nothing, and counted as died by every
 * check it would have fed. */
START_TEST(test_judge_died)
{
	static const uint8_t s[] = {0xC0, 0x80};
	const struct u8c_tallies *t;
	struct u8c_answers a;

	memset(&a, 0, sizeof a);
	a.given[U8C_FN_DECODE] = U8C_ANSWER_DIED;
	t = judge_bytes(s, 2, &a, 0);
	ck_assert_int_eq(u8c_tally_verdict(t), U8C_PASS);
	ck_assert_uint_eq(t->t[U8C_DECODE_OVERLONG_2].died, 1);
	ck_assert_uint_eq(t->seen[U8C_DECODE_OVERLONG_2], 0);
	ck_assert_uint_eq(t->items, 1);
}
END_TEST

/* Bytes at the edges of Table 3-7's rows and of the variants' (a lead's
 * first and last, a trail's ranges). */
static const uint8_t edges[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F,
                                0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
                                0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1,
                                0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFE, 0xFF};
/* Four-byte leads, and what may follow one. */
static const uint8_t leads4[] = {0xF0, 0xF1, 0xF4, 0xF5, 0xF7, 0xF8};
static const uint8_t after4[] = {0x41, 0x80, 0x8F, 0x90, 0xBF, 0xC0};

/* What a test holds of one input under profile u8ref_profile_at(i). */
typedef void per_input(size_t i, const uint8_t *s, size_t n, void *ctx);

/* @f on every input of one and two bytes, of three from the edges, and
 * of four from a four-byte lead; returns how many inputs that was. */
static size_t
each_edge_input(size_t i, per_input *f, void *ctx)
{
	enum { E = sizeof edges, L = sizeof leads4, A = sizeof after4 };
	uint8_t s[4];
	size_t count = 0;

	for (unsigned v = 0; v < 256 + 65536; v++, count++) {
		s[0] = (uint8_t)(v < 256 ? v : (v - 256) >> 8);
		s[1] = (uint8_t)(v - 256);
		f(i, s, v < 256 ? 1 : 2, ctx);
	}
	for (unsigned v = 0; v < E * E * E; v++, count++) {
		s[0] = edges[v / (E * E)];
		s[1] = edges[v / E % E];
		s[2] = edges[v % E];
		f(i, s, 3, ctx);
	}
	for (unsigned v = 0; v < L * A * A * A; v++, count++) {
		s[0] = leads4[v / (A * A * A)];
		s[1] = after4[v / (A * A) % A];
		s[2] = after4[v / A % A];
		s[3] = after4[v % A];
		f(i, s, 4, ctx);
	}
	return count;
}

/* u8c_first_error(p, s, n) is the reading's first error, and the policy
 * an exact decoding shows, from the reading's runs, is what
 * u8c_note_policy finds token by token: checked, and counted in
 * *@checked. */
static void
first_error_is_reading(size_t i, const uint8_t *s, size_t n, void *checked)
{
	static struct u8c_reading in;
	static struct u8c_tallies by_token, by_run;
	const struct u8ref_profile *p = u8ref_profile_at(i);

	u8c_read(p, s, n, &in);
	ck_assert_msg(u8c_first_error(p, s, n) == in.error_at,
	              "%zu bytes from %02X %02X: %zu, the reading %zu", n, s[0],
	              n > 1 ? s[1] : 0, u8c_first_error(p, s, n), in.error_at);
	by_token.policy_runs = by_run.policy_runs = 0;
	by_token.policy_violated = by_run.policy_violated = 0;
	u8c_note_policy(&by_token, in.tok, in.ntok, NULL);
	u8c_note_exact_policy(&by_run, &in);
	ck_assert_msg(
	    by_run.policy_runs == by_token.policy_runs &&
	        by_run.policy_violated == by_token.policy_violated,
	    "%zu bytes from %02X %02X: runs %llu policies %x, "
	    "token by token %llu %x",
	    n, s[0], n > 1 ? s[1] : 0, (unsigned long long)by_run.policy_runs,
	    by_run.policy_violated, (unsigned long long)by_token.policy_runs,
	    by_token.policy_violated);
	(*(size_t *)checked)++;
}

/* u8c_first_error is the reading's first error, and an exact decoding's
 * policy is the same from its runs, under every profile, on every edge
 * input.  A worker chooses its calls by it; the judge, by the reading. */
START_TEST(test_judge_first_error)
{
	size_t checked = 0;

	ck_assert_ptr_nonnull(u8ref_profile_at((size_t)_i));
	ck_assert_uint_eq(
	    each_edge_input((size_t)_i, first_error_is_reading, &checked),
	    checked);
}
END_TEST

/* Whether two tokenizations are the same, piece for piece. */
static int
same_tokens(const struct u8c_token *a, size_t na, const struct u8c_token *b,
            size_t nb)
{
	if (na != nb)
		return 0;
	for (size_t k = 0; k < na; k++)
		if (a[k].cp != b[k].cp || a[k].len != b[k].len ||
		    a[k].bytes != b[k].bytes || a[k].status != b[k].status)
			return 0;
	return 1;
}

/* Under profile i, s[0..n)'s reading has the tokens u8c_tokenize gives
 * it, and where no byte of it is telling for the profile they are Table
 * 3-7's: u8c_note_variants judges those profiles by the reading at hand.
 * The inputs without a telling byte are counted in *@alike. */
static void
reads_as_told(size_t i, const uint8_t *s, size_t n, void *alike)
{
	static struct u8c_reading in, unicode;
	static struct u8c_token tok[U8C_MAX_TOKENS];
	const struct u8ref_profile *p = u8ref_profile_at(i);
	size_t ntok = u8c_tokenize(p, s, n, tok);

	u8c_read(p, s, n, &in);
	ck_assert_msg(same_tokens(in.tok, in.ntok, tok, ntok),
	              "%s, %zu bytes from %02X %02X: the reading's tokens are "
	              "not u8c_tokenize's",
	              p->name, n, s[0], n > 1 ? s[1] : 0);
	if (u8c_variants_telling(s, n) >> i & 1u)
		return;
	u8c_read(u8ref_profile_at(0), s, n, &unicode);
	ck_assert_msg(same_tokens(unicode.tok, unicode.ntok, tok, ntok),
	              "%s, %zu bytes from %02X %02X: no telling byte, yet "
	              "read unlike Table 3-7",
	              p->name, n, s[0], n > 1 ? s[1] : 0);
	(*(size_t *)alike)++;
}

/* reads_as_told under every profile, on every edge input. */
START_TEST(test_variants_telling)
{
	size_t alike = 0, inputs;

	ck_assert_ptr_nonnull(u8ref_profile_at((size_t)_i));
	inputs = each_edge_input((size_t)_i, reads_as_told, &alike);
	/* every input under Table 3-7 itself; under a variant, most */
	ck_assert(_i == 0 ? alike == inputs : alike > 0 && alike < inputs);
}
END_TEST

/* The cause of a failure on input @i of the causes test: three bytes,
 * a lead of C2..F4 and two of 80..BF or 41, cut after the lead or after
 * the second, the piece all three: 256 causes. */
static void
note_cause(struct u8c_causes *k, unsigned i)
{
	static const uint8_t after[] = {0x41, 0x80, 0x8F, 0x90,
	                                0x9F, 0xA0, 0xBF};
	enum { A = sizeof after };
	uint8_t s[3] = {(uint8_t)(0xC2 + i / (A * A * 2) % 51),
	                after[i / (A * 2) % A], after[i / 2 % A]};
	struct u8c_item item = {
	    U8C_ITEM_BYTES, s, 3, 0, {U8C_CHUNK_CUT, (uint16_t)(1 + i % 2), 0}};
	struct u8c_part part = {0, 3};

	u8c_causes_note(k, &item, &part, U8C_CAUSE_ITEM);
}

/* The patterns of a check's causes do not depend on the order its
 * failures come in, nor on how two judges split them: met in order, or
 * backwards, half in each of two sets merged, they are the same. */
START_TEST(test_causes_any_order)
{
	enum { INPUTS = 51 * 7 * 7 * 2 };
	static struct u8c_causes in_order, one, other;
	char a[U8C_CAUSE_TEXT], b[U8C_CAUSE_TEXT];

	memset(&in_order, 0, sizeof in_order);
	memset(&one, 0, sizeof one);
	memset(&other, 0, sizeof other);
	for (unsigned i = 0; i < INPUTS; i++)
		note_cause(&in_order, i);
	for (unsigned i = INPUTS; i-- > 0;)
		note_cause(i % 3 == 0 ? &one : &other, i);
	ck_assert(!in_order.any && in_order.n > U8C_CAUSES);
	u8c_causes_merge(&one, &other);
	u8c_causes_coalesce(&in_order);
	u8c_causes_coalesce(&one);
	ck_assert_uint_eq(one.n, in_order.n);
	for (unsigned k = 0; k < one.n; k++) {
		u8c_cause_text(&in_order.cause[k], a);
		u8c_cause_text(&one.cause[k], b);
		ck_assert_str_eq(b, a);
	}
}
END_TEST

/* A check's causes merged into tallies that have none are moved, not
 * copied, and read as a merge into an empty set reads: the same causes,
 * or, for a set that says any input, that alone (the report would list
 * what it held beside "*"). */
START_TEST(test_tally_merge_moves_causes)
{
	static struct u8c_tallies to, from;
	static struct u8c_causes empty[2];
	enum { SOME = 40 };

	u8c_tallies_clear(&to);
	u8c_tallies_clear(&from);
	for (int c = 0; c < 2; c++) {
		from.causes[c] = calloc(1, sizeof *from.causes[c]);
		ck_assert_ptr_nonnull(from.causes[c]);
		for (unsigned i = 0; i < SOME; i++)
			note_cause(from.causes[c], i);
	}
	/* the second says any input too, with its causes still held */
	u8c_causes_note(from.causes[1], NULL, NULL, U8C_CAUSE_ITEM);
	ck_assert(from.causes[1]->any && from.causes[1]->n > 0);
	memset(empty, 0, sizeof empty);
	u8c_causes_merge(&empty[0], from.causes[0]);
	u8c_causes_merge(&empty[1], from.causes[1]);
	u8c_tally_merge(&to, &from);
	for (int c = 0; c < 2; c++) {
		ck_assert_ptr_null(from.causes[c]);
		ck_assert_ptr_nonnull(to.causes[c]);
		ck_assert_int_eq(to.causes[c]->any, empty[c].any);
		ck_assert_uint_eq(to.causes[c]->n, empty[c].n);
		ck_assert_mem_eq(to.causes[c]->cause, empty[c].cause,
		                 empty[c].n * sizeof empty[c].cause[0]);
	}
	ck_assert_uint_eq(to.causes[1]->n, 0);
	u8c_tallies_clear(&to);
}
END_TEST

static int
profiles(void)
{
	int n = 0;

	while (u8ref_profile_at((size_t)n) != NULL)
		n++;
	return n;
}

Suite *
judge_suite(void)
{
	Suite *s = suite_create("judge");
	TCase *tc = tcase_create("answers");

	tcase_add_loop_test(tc, test_judge_case, 0,
	                    (int)(sizeof cases / sizeof cases[0]));
	/* 1, 180 (the old limit's edge), 2048 pairs: 4096 bytes */
	tcase_add_loop_test(tc, test_judge_long_warn, 1, 2);
	tcase_add_loop_test(tc, test_judge_long_warn, 180, 181);
	tcase_add_loop_test(tc, test_judge_long_warn, 2048, 2049);
	tcase_add_test(tc, test_match_longer_output);
	tcase_add_test(tc, test_judge_consistency);
	tcase_add_test(tc, test_judge_validate_stops_early);
	tcase_add_test(tc, test_judge_validate_offset_cause);
	tcase_add_test(tc, test_judge_state);
	tcase_add_loop_test(tc, test_judge_encode, 0,
	                    (int)(sizeof encodes / sizeof encodes[0]));
	tcase_add_test(tc, test_judge_died);
	tcase_add_loop_test(tc, test_judge_first_error, 0, profiles());
	tcase_add_loop_test(tc, test_variants_telling, 0, profiles());
	tcase_add_test(tc, test_causes_any_order);
	tcase_add_test(tc, test_tally_merge_moves_causes);
	suite_add_tcase(s, tc);
	return s;
}
