/* SPDX-License-Identifier: MIT */
/*
 * check_exhaustive.c - every byte sequence of length 1 to 4, both ways.
 *
 * Table 3-7 (the walk) and the ABNF of RFC 3629 section 4 (u8abnf,
 * written apart) must agree on all 4,311,810,304 sequences of 1..4
 * bytes: the verdict, the offset of the first ill-formed subsequence and
 * the length of its maximal subpart; on the 16.8 million sequences of
 * 1..3 bytes also the first character's length or maximal subpart (not
 * on the 4-byte ones, to keep the sweep within minutes).  One loop iteration
 * per first byte; two threads split each one by second byte.  A second sweep
 * runs every profile over all sequences of 1..3 bytes and checks what needs no
 * oracle: progress, error kinds where the table puts them, and that
 * every well-formed sequence is the encoding of its value.
 */
#include <check.h>
#include <pthread.h>
#include <string.h>

#include "suites.h"
#include "testutil.h"
#include "u8abnf.h"
#include "u8ref.h"

enum { THREADS = 2 };

struct sweep {
	const struct u8abnf *grammar;
	uint8_t first;
	unsigned second_lo, second_hi; /* this thread's second bytes */
	uint64_t checked;
	int failed;
	uint8_t bad[4]; /* the first disagreement, for the message */
	size_t nbad;
};

/* Whether walk and grammar agree on s[0..n): the verdict, the first
 * error's offset and maximal subpart, and (when @first is set) the first
 * character's length or maximal subpart. */
static int
agree(const struct u8abnf *g, const uint8_t *s, size_t n, int first)
{
	struct u8ref_validation v = u8ref_validate(NULL, s, n);
	struct u8abnf_verdict a = u8abnf_check(g, s, n);
	struct u8ref_result r;
	struct u8abnf_char c;

	if ((v.status == U8REF_OK) != a.well_formed || v.offset != a.offset ||
	    v.len != a.len)
		return 0;
	if (!first)
		return 1;
	r = u8ref_decode_one(NULL, s, n);
	c = u8abnf_first(g, s, n);
	return (r.status == U8REF_OK) == c.complete && r.len == c.len;
}

static void
note(struct sweep *w, const uint8_t *s, size_t n)
{
	if (!w->failed) {
		w->failed = 1;
		w->nbad = n;
		for (size_t i = 0; i < n; i++)
			w->bad[i] = s[i];
	}
}

static void *
sweep_run(void *arg)
{
	struct sweep *w = arg;
	uint8_t s[4] = {w->first, 0, 0, 0};
	unsigned b1, b2, b3;

	for (b1 = w->second_lo; b1 < w->second_hi; b1++) {
		s[1] = (uint8_t)b1;
		if (!agree(w->grammar, s, 2, 1))
			note(w, s, 2);
		for (b2 = 0; b2 < 256; b2++) {
			s[2] = (uint8_t)b2;
			if (!agree(w->grammar, s, 3, 1))
				note(w, s, 3);
			for (b3 = 0; b3 < 256; b3++) {
				s[3] = (uint8_t)b3;
				if (!agree(w->grammar, s, 4, 0))
					note(w, s, 4);
			}
			w->checked += 257;
		}
		w->checked += 1;
	}
	return NULL;
}

START_TEST(test_exhaustive_abnf_equals_table_3_7)
{
	static struct u8abnf grammar;
	struct sweep w[THREADS] = {{0}};
	pthread_t tid[THREADS];
	uint8_t first = (uint8_t)_i;
	uint64_t checked = 1;
	int t;

	ck_assert_int_eq(u8abnf_init(&grammar), 0);
	TEST_REQUIRE(agree(&grammar, &first, 1, 1), "%s: walk and ABNF differ",
	             hex(&first, 1).text);
	for (t = 0; t < THREADS; t++) {
		w[t].grammar = &grammar;
		w[t].first = first;
		w[t].second_lo = (unsigned)(256 * t / THREADS);
		w[t].second_hi = (unsigned)(256 * (t + 1) / THREADS);
		ck_assert_int_eq(
		    pthread_create(&tid[t], NULL, sweep_run, &w[t]), 0);
	}
	for (t = 0; t < THREADS; t++) {
		pthread_join(tid[t], NULL);
		if (w[t].failed) {
			struct u8ref_validation v =
			    u8ref_validate(NULL, w[t].bad, w[t].nbad);
			struct u8abnf_verdict a =
			    u8abnf_check(&grammar, w[t].bad, w[t].nbad);

			ck_abort_msg("%s: Table 3-7 says %s at %zu len %zu, "
			             "the ABNF %s at %zu len %zu",
			             hex(w[t].bad, w[t].nbad).text,
			             u8ref_status_name(v.status), v.offset,
			             v.len,
			             a.well_formed ? "well-formed" : "error",
			             a.offset, a.len);
		}
		checked += w[t].checked;
	}
	/* 1 + 256 + 256^2 + 256^3 sequences begin with each byte: with
	 * 256 first bytes, 4,311,810,304 in all. */
	ck_assert_uint_eq(checked, 1 + 256 + 65536 + 16777216);
}
END_TEST

/* Checks one decoded character of profile p against what the table
 * promises whatever the profile. */
static void
check_character(const struct u8ref_profile *p, const uint8_t *s, size_t n)
{
	struct u8ref_result r = u8ref_decode_one(p, s, n);
	uint8_t again[U8REF_MAX_LEN];
	size_t len;

	TEST_REQUIRE(r.len >= 1 && r.len <= n, "%s, %s: length %zu", p->name,
	             hex(s, n).text, r.len);
	if (r.status == U8REF_SURROGATE)
		TEST_REQUIRE(s[0] == 0xED && s[1] >= 0xA0 && s[1] <= 0xBF,
		             "%s, %s: a surrogate error away from ED A0..BF",
		             p->name, hex(s, n).text);
	if (r.status != U8REF_OK)
		return;
	len = u8ref_encode(p, r.cp, again);
	TEST_REQUIRE(len == r.len && memcmp(again, s, len) == 0,
	             "%s, %s: U+%04X encodes to %s", p->name,
	             hex(s, r.len).text, (unsigned)r.cp, hex(again, len).text);
}

START_TEST(test_exhaustive_profile_invariants)
{
	const struct u8ref_profile *p = u8ref_profile_at((size_t)_i);
	uint8_t s[3];
	unsigned b0, b1, b2;

	for (b0 = 0; b0 < 256; b0++) {
		s[0] = (uint8_t)b0;
		check_character(p, s, 1);
		for (b1 = 0; b1 < 256; b1++) {
			s[1] = (uint8_t)b1;
			check_character(p, s, 2);
			for (b2 = 0; b2 < 256; b2++) {
				s[2] = (uint8_t)b2;
				check_character(p, s, 3);
			}
		}
	}
}
END_TEST

Suite *
exhaustive_suite(void)
{
	Suite *s = suite_create("exhaustive");
	TCase *tc = tcase_create("exhaustive");
	int profiles = 0;

	while (u8ref_profile_at((size_t)profiles) != NULL)
		profiles++;
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_exhaustive_abnf_equals_table_3_7, 0, 256);
	tcase_add_loop_test(tc, test_exhaustive_profile_invariants, 0,
	                    profiles);
	suite_add_tcase(s, tc);
	return s;
}
