/* SPDX-License-Identifier: MIT */
/*
 * check_fast_exhaustive.c - one sweep over every byte sequence of 1..4
 * bytes (4,311,810,304 of them) that proves three things of each at once:
 *
 * - the ABNF of RFC 3629 section 4 (u8abnf, written apart) agrees with
 *   Table 3-7 (the walk): the verdict, the offset of the first ill-formed
 *   subsequence and the length of its maximal subpart, and on sequences
 *   of 1..3 bytes the first character's length or maximal subpart too;
 * - every kernel the CPU runs gives the walk's answer on the input alone
 *   (so the kernel's tail path sees it) ending at the end of a page
 *   before an inaccessible one (support/fence.h), where a read past the
 *   input faults, and where a vector kernel's block from the input would
 *   cross into the guard, so it loads the block that ends with the input
 *   and moves it down (in_page.h); a vector kernel also at the page's
 *   start, where it loads the block from the input and zeroes the lanes
 *   past its end (avx512 loads under a mask at both places).  The vector
 *   kernels also give it on every input of 1..3 bytes at the end of a
 *   full block (a character it cuts meets the padding after the last
 *   block) and across the boundary of two full blocks at every cut,
 *   between ASCII (the carry from one block to the next decides);
 * - u8ref_decode_fast equals u8ref_decode_one on every 4-byte input,
 *   which is all a character can see.
 *
 * The walk's answer on each input is found once and every other answer
 * is held against it: one pass over the space, not one per claim.  On a
 * 4-byte input it is the answer on the 3-byte prefix wherever the walk
 * stopped before the fourth byte, or its answer on the last one or two
 * bytes where a character begins there (see sweep_fourth), so the walk
 * runs again only where a character begun before the third byte ran
 * into the prefix's end.  One Check iteration per first byte; the CPUs
 * take its second bytes one at a time.  (All 4-byte inputs across
 * blocks would take ten more minutes; the random texts of check_fast.c
 * put every error kind at every offset of three blocks.)
 */
#include <check.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fence.h"
#include "suites.h"
#include "testutil.h"
#include "u8abnf.h"
#include "u8ref.h"

enum {
	MAX_THREADS = 16,
	MAX_KERNELS = 8,
	BLOCK = 64, /* the widest kernel's block; a multiple of the others */
	FILL = 'a',
};

struct placement {
	uint8_t buf[2 * BLOCK + 8];
};

/* The walk's answers on a character that begins at s[3] or s[2] of a
 * four-byte input s, moved there; see sweep_fourth. */
struct tails {
	struct u8ref_validation after_three[256]; /* on s[3] */
	/* on s[2] s[3], where s[2] alone runs into the input's end */
	struct u8ref_validation after_two[256][256];
};

struct sweep {
	const struct u8abnf *grammar;
	const struct tails *tails;
	uint8_t first;
	atomic_uint *next_second; /* the second bytes no thread took yet */
	struct u8s_fence page;    /* one page between guards, for the input */
	const struct u8ref_kernel *k[MAX_KERNELS];
	int blocks[MAX_KERNELS]; /* a vector kernel: it works in blocks */
	size_t nk;
	uint64_t checked;
	uint64_t failed;
	char why[512]; /* the first disagreement */
};

static void
note(struct sweep *w, const char *who, const char *where, const uint8_t *s,
     size_t n, struct u8ref_validation want, const char *got_status,
     size_t got_offset, size_t got_len)
{
	if (w->failed++)
		return;
	snprintf(w->why, sizeof w->why,
	         "%s, %s %s: walk %s at %zu len %zu, %s says %s at %zu len %zu",
	         who, where, hex(s, n).text, u8ref_status_name(want.status),
	         want.offset, want.len, who, got_status, got_offset, got_len);
}

/* The walk's answers are passed by address: copies of these structs,
 * built a field at a time and read whole, kept the CPU waiting on its
 * stores in the loop over 4.3 billion inputs. */
static int
same_shifted(const struct u8ref_validation *want, size_t shift, size_t n,
             struct u8ref_validation got)
{
	/* a well-formed answer's offset is the input length */
	size_t offset = want->status == U8REF_OK ? n : want->offset + shift;

	return got.status == want->status && got.offset == offset &&
	       got.len == want->len;
}

static void
check_kernel(struct sweep *w, const char *name, const char *where,
             const uint8_t *s, size_t n, const struct u8ref_validation *want,
             size_t shift, size_t len, struct u8ref_validation got)
{
	if (!same_shifted(want, shift, len, got))
		note(w, name, where, s, n, *want, u8ref_status_name(got.status),
		     got.offset, got.len);
}

/* The ABNF against the walk's answer @want on s[0..n), and for n < 4
 * against the walk's first character @first. */
static void
check_grammar(struct sweep *w, const uint8_t *s, size_t n,
              const struct u8ref_validation *want,
              const struct u8ref_result *first)
{
	struct u8abnf_verdict a = u8abnf_check(w->grammar, s, n);

	if ((want->status == U8REF_OK) != a.well_formed ||
	    want->offset != a.offset || want->len != a.len)
		note(w, "the ABNF", "string", s, n, *want,
		     a.well_formed ? "well-formed" : "an error", a.offset,
		     a.len);
	if (n < 4) {
		struct u8abnf_char c = u8abnf_first(w->grammar, s, n);

		if ((first->status == U8REF_OK) != c.complete ||
		    first->len != c.len)
			note(w, "the ABNF", "first character", s, n,
			     (struct u8ref_validation){first->status, 0,
			                               first->len},
			     c.complete ? "complete" : "incomplete", 0, c.len);
	}
}

/* The vector kernels on s[0..n), n <= 3, ending a block and across two. */
static void
check_in_blocks(struct sweep *w, const struct u8ref_kernel *k,
                struct placement *end, struct placement *across,
                const uint8_t *s, size_t n,
                const struct u8ref_validation *alone,
                const struct u8ref_validation *before_ascii)
{
	memcpy(end->buf + BLOCK - n, s, n);
	check_kernel(w, k->name, "ending a block", s, n, alone, BLOCK - n,
	             BLOCK, k->validate(end->buf, BLOCK));
	memset(end->buf + BLOCK - n, FILL, n);
	/* every cut of the input by the boundary of two blocks */
	for (size_t at = BLOCK - n + 1; at < BLOCK; at++) {
		memcpy(across->buf + at, s, n);
		check_kernel(w, k->name, "across blocks", s, n, before_ascii,
		             at, sizeof across->buf,
		             k->validate(across->buf, sizeof across->buf));
		memset(across->buf + at, FILL, n);
	}
}

/*
 * One input s[0..n), everything against the walk's answers: @alone is
 * u8ref_validate(NULL, s, n) and @first is u8ref_decode_one(NULL, s, n),
 * each found by the caller (see sweep_run).
 */
static void
check_input(struct sweep *w, struct placement *end, struct placement *across,
            const uint8_t *s, size_t n, const struct u8ref_validation *alone,
            const struct u8ref_result *first)
{
	struct u8ref_validation before_ascii = *alone;

	check_grammar(w, s, n, alone, first);
	/* Only a truncated input's answer depends on what follows it. */
	if (n < 4 && alone->status == U8REF_TRUNCATED) {
		uint8_t followed[4];

		memcpy(followed, s, n);
		followed[n] = FILL;
		before_ascii = u8ref_validate(NULL, followed, n + 1);
	}
	memcpy(w->page.base, s, n);
	memcpy(u8s_fence_end(&w->page, n), s, n);
	for (size_t i = 0; i < w->nk; i++) {
		const struct u8ref_kernel *k = w->k[i];

		/* a vector kernel loads a short input one way where the block
		 * from it stays in its page and another where it would leave
		 * it; the scalar one reads the bytes alone, and the guard
		 * after them faults on a read past the end */
		if (w->blocks[i])
			check_kernel(w, k->name, "alone at a page's start", s,
			             n, alone, 0, n,
			             k->validate(w->page.base, n));
		check_kernel(w, k->name, "alone ending a page", s, n, alone, 0,
		             n, k->validate(u8s_fence_end(&w->page, n), n));
		if (w->blocks[i] && n < 4)
			check_in_blocks(w, k, end, across, s, n, alone,
			                &before_ascii);
	}
	if (n == 4) {
		struct u8ref_result got = u8ref_decode_fast(s, n);
		/* Field by field, not ||: gcc 12 joined status and cp into
		 * one 8-byte load, which waits for the two 4-byte stores
		 * u8ref_decode_fast made them with (5% of the sweep).  */
		int same = first->status == got.status;

		same &= first->cp == got.cp;
		same &= first->len == got.len;
		same &= first->row == got.row;
		if (!same)
			note(w, "u8ref_decode_fast", "first character", s, n,
			     (struct u8ref_validation){first->status, 0,
			                               first->len},
			     u8ref_status_name(got.status), 0, got.len);
	}
	w->checked++;
}

/* The walk on s[0..n), n < 4, for check_input. */
static void
check_walked(struct sweep *w, struct placement *end, struct placement *across,
             const uint8_t *s, size_t n)
{
	struct u8ref_validation alone = u8ref_validate(NULL, s, n);
	struct u8ref_result first = u8ref_decode_one(NULL, s, n);

	check_input(w, end, across, s, n, &alone, &first);
}

/*
 * The walk's answers on the 256 inputs s[0..3) b of four bytes, from its
 * answers on their prefix s[0..3): @prefix = u8ref_validate(NULL, s, 3)
 * and @first = u8ref_decode_one(NULL, s, 3).  The walk reads a character
 * left to right and stops at its end, at the byte a column refuses, or
 * at the end of the input, and only the last gives U8REF_TRUNCATED;
 * Table 3-7 has no rule between characters.  So an answer on s[0..3)
 * other than U8REF_TRUNCATED was decided before the walk reached s[3]
 * and is its answer on every s[0..4) as well, except that
 * u8ref_validate goes on past characters that end well: when s[0..3) is
 * all such characters, what it finds on s[0..4) is its answer on the one
 * byte s[3], moved by 3.  Where s[0..3) ran into its end in a character
 * that begins at s[2], the characters before it are just as settled, and
 * the answer is the walk's on s[2] s[3], moved by 2 (most such prefixes:
 * ASCII, ASCII, a lead byte).  Only where that character begins earlier
 * does the walk run again, on all four bytes.
 */
static void
sweep_fourth(struct sweep *w, struct placement *end, struct placement *across,
             uint8_t s[4])
{
	struct u8ref_validation prefix = u8ref_validate(NULL, s, 3), walked;
	struct u8ref_result first = u8ref_decode_one(NULL, s, 3), walked_first;

	check_input(w, end, across, s, 3, &prefix, &first);
	for (unsigned b3 = 0; b3 < 256; b3++) {
		const struct u8ref_validation *alone = &prefix;
		const struct u8ref_result *first4 = &first;

		s[3] = (uint8_t)b3;
		if (prefix.status == U8REF_OK) {
			alone = &w->tails->after_three[b3];
		} else if (prefix.status == U8REF_TRUNCATED &&
		           prefix.offset == 2) {
			alone = &w->tails->after_two[s[2]][b3];
		} else if (prefix.status == U8REF_TRUNCATED) {
			walked = u8ref_validate(NULL, s, 4);
			alone = &walked;
		}
		if (first.status == U8REF_TRUNCATED) {
			walked_first = u8ref_decode_one(NULL, s, 4);
			first4 = &walked_first;
		}
		check_input(w, end, across, s, 4, alone, first4);
	}
}

static void *
sweep_run(void *arg)
{
	struct sweep *w = arg;
	struct placement end, across;
	uint8_t s[4] = {w->first, 0, 0, 0};
	unsigned b1;

	memset(&end, FILL, sizeof end);
	memset(&across, FILL, sizeof across);
	/* One second byte at a time: split in halves, 00..7F and 80..FF,
	 * one half took up to a fifth longer and the other thread waited. */
	while ((b1 = atomic_fetch_add(w->next_second, 1)) < 256) {
		s[1] = (uint8_t)b1;
		check_walked(w, &end, &across, s, 2);
		for (unsigned b2 = 0; b2 < 256; b2++) {
			s[2] = (uint8_t)b2;
			sweep_fourth(w, &end, &across, s);
		}
	}
	return NULL;
}

/* The kernels this CPU runs; index 0 of the list is the scalar one, the
 * others work in blocks. */
static void
take_kernels(struct sweep *w)
{
	for (size_t i = 0; u8ref_kernel_at(i) != NULL; i++)
		if (u8ref_kernel_supported(u8ref_kernel_at(i)) &&
		    w->nk < MAX_KERNELS) {
			w->blocks[w->nk] = i > 0;
			w->k[w->nk++] = u8ref_kernel_at(i);
		}
}

/* The walk's answer on s[from..4), moved by @from: a well-formed
 * answer's offset is then 4, the input's length. */
static struct u8ref_validation
walk_moved(const uint8_t s[4], size_t from)
{
	struct u8ref_validation v = u8ref_validate(NULL, s + from, 4 - from);

	return (struct u8ref_validation){v.status, from + v.offset, v.len};
}

/* The walk's answers that sweep_fourth moves to s[3] and s[2]. */
static void
fill_tails(struct tails *t)
{
	for (unsigned c = 0; c < 256; c++) {
		uint8_t s[4] = {0, 0, (uint8_t)c, (uint8_t)c};

		t->after_three[c] = walk_moved(s, 3);
		if (u8ref_validate(NULL, &s[2], 1).status != U8REF_TRUNCATED)
			continue; /* sweep_fourth never asks */
		for (unsigned b = 0; b < 256; b++) {
			s[3] = (uint8_t)b;
			t->after_two[c][b] = walk_moved(s, 2);
		}
	}
}

static unsigned
threads_to_use(void)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	return cpus < 1 ? 1 : cpus > MAX_THREADS ? MAX_THREADS : (unsigned)cpus;
}

START_TEST(test_every_input_of_one_to_four_bytes)
{
	static struct u8abnf grammar;
	static struct tails tails;
	struct sweep w[MAX_THREADS];
	pthread_t tid[MAX_THREADS];
	struct placement end, across;
	unsigned threads = threads_to_use();
	atomic_uint next_second = 0;
	uint64_t checked, failed = 0;

	ck_assert_int_eq(u8abnf_init(&grammar), 0);
	fill_tails(&tails);
	for (unsigned t = 0; t < threads; t++) {
		memset(&w[t], 0, sizeof w[t]);
		w[t].grammar = &grammar;
		w[t].tails = &tails;
		w[t].first = (uint8_t)_i;
		w[t].next_second = &next_second;
		take_kernels(&w[t]);
		ck_assert_int_eq(u8s_fence_map(&w[t].page, 1), 0);
		ck_assert_int_eq(
		    pthread_create(&tid[t], NULL, sweep_run, &w[t]), 0);
	}
	/* the one input of one byte, while the threads run */
	memset(&end, FILL, sizeof end);
	memset(&across, FILL, sizeof across);
	{
		struct sweep one;
		uint8_t first = (uint8_t)_i;

		memset(&one, 0, sizeof one);
		one.grammar = &grammar;
		take_kernels(&one);
		ck_assert_int_eq(u8s_fence_map(&one.page, 1), 0);
		check_walked(&one, &end, &across, &first, 1);
		u8s_fence_unmap(&one.page);
		TEST_REQUIRE(!one.failed, "%s", one.why);
		checked = one.checked;
	}
	for (unsigned t = 0; t < threads; t++) {
		pthread_join(tid[t], NULL);
		u8s_fence_unmap(&w[t].page);
		TEST_REQUIRE(!w[t].failed, "%llu disagreements; the first: %s",
		             (unsigned long long)w[t].failed, w[t].why);
		checked += w[t].checked;
		failed += w[t].failed;
	}
	/* 1 + 256 + 256^2 + 256^3 sequences begin with each byte: with
	 * 256 first bytes, 4,311,810,304 in all. */
	ck_assert_uint_eq(checked, 1 + 256 + 65536 + 16777216);
	ck_assert_uint_eq(failed, 0);
}
END_TEST

/* CTest shows this: which kernels the proof covered here. */
START_TEST(test_kernels_named)
{
	struct sweep w;
	char names[128] = "";

	memset(&w, 0, sizeof w);
	take_kernels(&w);
	ck_assert_uint_ge(w.nk, 1);
	for (size_t i = 0; i < w.nk; i++) {
		strncat(names, " ", sizeof names - strlen(names) - 1);
		strncat(names, w.k[i]->name, sizeof names - strlen(names) - 1);
	}
	printf("fast_exhaustive: all 4,311,810,304 inputs of 1..4 bytes, "
	       "ending at a page's end (for the vector kernels also at a "
	       "page's start, and those of 1..3 bytes ending a block and "
	       "across blocks) agree with the walk and the ABNF in:%s\n",
	       names);
}
END_TEST

Suite *
fast_exhaustive_suite(void)
{
	Suite *s = suite_create("fast_exhaustive");
	TCase *tc = tcase_create("fast_exhaustive");

	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_every_input_of_one_to_four_bytes, 0, 256);
	tcase_add_test(tc, test_kernels_named);
	suite_add_tcase(s, tc);
	return s;
}
