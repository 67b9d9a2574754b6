/* SPDX-License-Identifier: MIT */
/*
 * check_fast_exhaustive.c - every kernel equals the walk on every input
 * of 1..4 bytes (4,311,810,304 of them), alone, so
 * the kernel's tail path sees it.  The vector kernels also get every
 * input of 1..3 bytes (16.8 million) at the end of a full block, so a
 * character it cuts meets the padding after the last block, and across
 * the boundary of two full blocks at every cut, between ASCII, so the
 * carry from one block to the next decides: every window of up to four
 * bytes the rules look at that ends in ASCII or inside the input.  (All
 * 4-byte inputs across blocks would take ten more minutes; the random
 * texts of check_fast.c put every error kind at every offset of three
 * blocks.)
 * Index 0 of the kernel list is the scalar kernel; the others work in
 * blocks.  The first byte is split between two threads.
 */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "suites.h"
#include "testutil.h"
#include "u8ref.h"

enum {
	THREADS = 2,
	MAX_KERNELS = 8,
	BLOCK = 64, /* the widest kernel's block; a multiple of the others */
	FILL = 'a',
};

struct placement {
	uint8_t buf[2 * BLOCK + 8];
};

struct sweep {
	unsigned first_lo, first_hi;
	const struct u8ref_kernel *k[MAX_KERNELS];
	int blocks[MAX_KERNELS]; /* a vector kernel: it works in blocks */
	size_t nk;
	uint64_t checked;
	int failed;
	char why[512];
};

static int
same_shifted(struct u8ref_validation want, size_t shift, size_t n,
             struct u8ref_validation got)
{
	/* a well-formed answer's offset is the input length */
	size_t offset = want.status == U8REF_OK ? n : want.offset + shift;

	return got.status == want.status && got.offset == offset &&
	       got.len == want.len;
}

static void
note_failure(struct sweep *w, const char *kernel, const char *where,
             const uint8_t *s, size_t n, struct u8ref_validation want,
             struct u8ref_validation got)
{
	if (w->failed++)
		return;
	snprintf(w->why, sizeof w->why,
	         "%s, %s %s: walk %s at %zu len %zu, kernel %s at %zu len %zu",
	         kernel, where, hex(s, n).text, u8ref_status_name(want.status),
	         want.offset, want.len, u8ref_status_name(got.status),
	         got.offset, got.len);
}

/* One input s[0..n) through every kernel in every place. */
static void
check_input(struct sweep *w, struct placement *end, struct placement *across,
            const uint8_t *s, size_t n)
{
	uint8_t followed[5];
	struct u8ref_validation alone = u8ref_validate(NULL, s, n);
	struct u8ref_validation before_ascii;

	/* Only a truncated input's answer depends on what follows it. */
	before_ascii = alone;
	if (alone.status == U8REF_TRUNCATED) {
		memcpy(followed, s, n);
		followed[n] = FILL;
		before_ascii = u8ref_validate(NULL, followed, n + 1);
	}
	for (size_t i = 0; i < w->nk; i++) {
		const struct u8ref_kernel *k = w->k[i];
		struct u8ref_validation got = k->validate(s, n);

		if (!same_shifted(alone, 0, n, got))
			note_failure(w, k->name, "alone", s, n, alone, got);
		if (!w->blocks[i] || n == 4)
			continue;
		memcpy(end->buf + BLOCK - n, s, n);
		got = k->validate(end->buf, BLOCK);
		if (!same_shifted(alone, BLOCK - n, BLOCK, got))
			note_failure(w, k->name, "ending a block", s, n, alone,
			             got);
		memset(end->buf + BLOCK - n, FILL, n);
		/* every cut of the input by the boundary of two blocks */
		for (size_t at = BLOCK - n + 1; at < BLOCK; at++) {
			memcpy(across->buf + at, s, n);
			got = k->validate(across->buf, sizeof across->buf);
			if (!same_shifted(before_ascii, at, sizeof across->buf,
			                  got))
				note_failure(w, k->name, "across blocks", s, n,
				             before_ascii, got);
			memset(across->buf + at, FILL, n);
		}
	}
	/* A character reads at most four bytes: these are all it can
	 * see, so the fast decoder is proved here for every input. */
	if (n == 4) {
		struct u8ref_result want = u8ref_decode_one(NULL, s, n);
		struct u8ref_result got = u8ref_decode_fast(s, n);

		if (want.status != got.status || want.cp != got.cp ||
		    want.len != got.len || want.row != got.row)
			note_failure(
			    w, "u8ref_decode_fast", "first character", s, n,
			    (struct u8ref_validation){want.status, 0, want.len},
			    (struct u8ref_validation){got.status, 0, got.len});
	}
	w->checked++;
}

static void *
sweep_run(void *arg)
{
	struct sweep *w = arg;
	struct placement end, across;
	uint8_t s[4];

	memset(&end, FILL, sizeof end);
	memset(&across, FILL, sizeof across);
	for (unsigned b0 = w->first_lo; b0 < w->first_hi; b0++) {
		s[0] = (uint8_t)b0;
		check_input(w, &end, &across, s, 1);
		for (unsigned b1 = 0; b1 < 256; b1++) {
			s[1] = (uint8_t)b1;
			check_input(w, &end, &across, s, 2);
			for (unsigned b2 = 0; b2 < 256; b2++) {
				s[2] = (uint8_t)b2;
				check_input(w, &end, &across, s, 3);
				for (unsigned b3 = 0; b3 < 256; b3++) {
					s[3] = (uint8_t)b3;
					check_input(w, &end, &across, s, 4);
				}
			}
		}
	}
	return NULL;
}

START_TEST(test_every_kernel_equals_the_walk)
{
	struct sweep w[THREADS];
	pthread_t tid[THREADS];
	uint64_t checked = 0;
	char names[128] = "";

	for (int t = 0; t < THREADS; t++) {
		memset(&w[t], 0, sizeof w[t]);
		w[t].first_lo = (unsigned)(256 * t / THREADS);
		w[t].first_hi = (unsigned)(256 * (t + 1) / THREADS);
		for (size_t i = 0; u8ref_kernel_at(i) != NULL; i++)
			if (u8ref_kernel_supported(u8ref_kernel_at(i)) &&
			    w[t].nk < MAX_KERNELS) {
				w[t].blocks[w[t].nk] = i > 0;
				w[t].k[w[t].nk++] = u8ref_kernel_at(i);
			}
		ck_assert_int_eq(
		    pthread_create(&tid[t], NULL, sweep_run, &w[t]), 0);
	}
	for (int t = 0; t < THREADS; t++) {
		pthread_join(tid[t], NULL);
		TEST_REQUIRE(!w[t].failed, "%d disagreements; the first: %s",
		             w[t].failed, w[t].why);
		checked += w[t].checked;
	}
	ck_assert_uint_eq(checked, UINT64_C(4311810304));
	for (size_t i = 0; i < w[0].nk; i++) {
		strncat(names, " ", sizeof names - strlen(names) - 1);
		strncat(names, w[0].k[i]->name,
		        sizeof names - strlen(names) - 1);
	}
	/* CTest shows this: which kernels the proof covered here. */
	printf("fast_exhaustive: %llu inputs (those of 1..3 bytes also ending "
	       "a block and across blocks) agree with the walk in:%s\n",
	       (unsigned long long)checked, names);
}
END_TEST

Suite *
fast_exhaustive_suite(void)
{
	Suite *s = suite_create("fast_exhaustive");
	TCase *tc = tcase_create("fast_exhaustive");

	tcase_set_timeout(tc, 3600);
	tcase_add_test(tc, test_every_kernel_equals_the_walk);
	suite_add_tcase(s, tc);
	return s;
}
