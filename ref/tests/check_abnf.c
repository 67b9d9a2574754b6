/* SPDX-License-Identifier: MIT */
/* check_abnf.c - Check suite for the RFC 3629 ABNF oracle (ref/abnf). */
/*
 * Authoritative here: expected values worked out by hand from the ABNF of
 * RFC 3629 section 4 and the maximal-subpart rule of Unicode chapter 3,
 * never produced by running the oracle.  Deliberately not done: comparing
 * with any other decoder in the repository; that is what the oracle is for.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites.h"
#include "testutil.h"
#include "u8abnf.h"

struct row {
	const char *what;
	uint8_t bytes[16];
	size_t n;
	int well_formed;
	size_t offset, len;
};

/* offset = start of the first piece that is not a UTF8-char; len = the
 * longest prefix of that piece which some UTF8-char begins with, min 1. */
static const struct row rows[] = {
    {"RFC 3629 s7: A <NOT IDENTICAL TO> <ALPHA> .",
     {0x41, 0xE2, 0x89, 0xA2, 0xCE, 0x91, 0x2E},
     7,
     1,
     7,
     0},
    {"RFC 3629 s7: Korean hangugeo",
     {0xED, 0x95, 0x9C, 0xEA, 0xB5, 0xAD, 0xEC, 0x96, 0xB4},
     9,
     1,
     9,
     0},
    {"RFC 3629 s7: Japanese nihongo",
     {0xE6, 0x97, 0xA5, 0xE6, 0x9C, 0xAC, 0xE8, 0xAA, 0x9E},
     9,
     1,
     9,
     0},
    {"RFC 3629 s7: BOM then U+233B4",
     {0xEF, 0xBB, 0xBF, 0xF0, 0xA3, 0x8E, 0xB4},
     7,
     1,
     7,
     0},
    /* C0 begins no alternative of UTF8-char. */
    {"RFC 3629 s3: overlong NUL", {0xC0, 0x80}, 2, 0, 0, 1},
    {"RFC 3629 s10: overlong '.' in /../",
     {0x2F, 0xC0, 0xAE, 0x2E, 0x2F},
     5,
     0,
     1,
     1},
    /* After ED the next octet must be %x80-9F; A1 is not. */
    {"RFC 3629 s3: surrogate pair",
     {0xED, 0xA1, 0x8C, 0xED, 0xBE, 0xB4},
     6,
     0,
     0,
     1},
    /* After E0 the next octet must be %xA0-BF. */
    {"overlong 3-octet E0 9F 80", {0xE0, 0x9F, 0x80}, 3, 0, 0, 1},
    {"U+1000D2 (F4, %x80-8F, 2 tails)", {0xF4, 0x80, 0x83, 0x92}, 4, 1, 4, 0},
    {"F1 80 80 then end of input", {0xF1, 0x80, 0x80}, 3, 0, 0, 3},
    /* 61 is UTF8-1; F1 80 80 wants a third tail and gets E1. */
    {"Unicode ch3 maximal subpart example",
     {0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2, 0x62, 0x80, 0x63, 0x80, 0xBF,
      0x64},
     13,
     0,
     1,
     3},
    {"empty input: zero repetitions", {0}, 0, 1, 0, 0},
    {"7F: last UTF8-1", {0x7F}, 1, 1, 1, 0},
    {"80: lone tail", {0x80}, 1, 0, 0, 1},
    {"C1 BF: overlong 2-octet", {0xC1, 0xBF}, 2, 0, 0, 1},
    {"C2 80: U+0080", {0xC2, 0x80}, 2, 1, 2, 0},
    {"DF BF: U+07FF", {0xDF, 0xBF}, 2, 1, 2, 0},
    {"C2 then end of input", {0xC2}, 1, 0, 0, 1},
    {"C2 41: 41 is no tail", {0xC2, 0x41}, 2, 0, 0, 1},
    {"C2 with its tail just past n", {0xC2, 0x80}, 1, 0, 0, 1},
    {"E0 A0 80: U+0800", {0xE0, 0xA0, 0x80}, 3, 1, 3, 0},
    {"E0 A0 41: third octet no tail", {0xE0, 0xA0, 0x41}, 3, 0, 0, 2},
    {"E0 A0 then end of input", {0xE0, 0xA0}, 2, 0, 0, 2},
    {"ED 9F BF: U+D7FF", {0xED, 0x9F, 0xBF}, 3, 1, 3, 0},
    {"ED A0 80: surrogate U+D800", {0xED, 0xA0, 0x80}, 3, 0, 0, 1},
    {"EE 80 80: U+E000", {0xEE, 0x80, 0x80}, 3, 1, 3, 0},
    {"EF BF BF: U+FFFF", {0xEF, 0xBF, 0xBF}, 3, 1, 3, 0},
    {"E1 80 E1 80 80: E1 is no tail",
     {0xE1, 0x80, 0xE1, 0x80, 0x80},
     5,
     0,
     0,
     2},
    {"F0 90 80 80: U+10000", {0xF0, 0x90, 0x80, 0x80}, 4, 1, 4, 0},
    {"F0 8F BF BF: overlong 4-octet", {0xF0, 0x8F, 0xBF, 0xBF}, 4, 0, 0, 1},
    {"F3 BF BF BF: U+FFFFF", {0xF3, 0xBF, 0xBF, 0xBF}, 4, 1, 4, 0},
    {"F4 8F BF BF: U+10FFFF", {0xF4, 0x8F, 0xBF, 0xBF}, 4, 1, 4, 0},
    {"F4 90 80 80: above U+10FFFF", {0xF4, 0x90, 0x80, 0x80}, 4, 0, 0, 1},
    {"F5 80 80 80: F5 begins nothing", {0xF5, 0x80, 0x80, 0x80}, 4, 0, 0, 1},
    {"FF", {0xFF}, 1, 0, 0, 1},
    {"F0 90 80 41: fourth octet no tail", {0xF0, 0x90, 0x80, 0x41}, 4, 0, 0, 3},
    {"41 C2 then end of input", {0x41, 0xC2}, 2, 0, 1, 1},
    {"41 E2 89 then end of input", {0x41, 0xE2, 0x89}, 3, 0, 1, 2},
    {"E2 89 A2 80: stray tail after a char",
     {0xE2, 0x89, 0xA2, 0x80},
     4,
     0,
     3,
     1},
};

static struct u8abnf rfc; /* set up by setup_rfc, read-only in tests */

static void
setup_rfc(void)
{
	ck_assert_int_eq(u8abnf_init(&rfc), 0);
}

static void
expect(const struct u8abnf *g, const char *what, const uint8_t *bytes, size_t n,
       int wf, size_t offset, size_t len)
{
	uint8_t *s = exact_copy(bytes, n);
	struct u8abnf_verdict v = u8abnf_check(g, s, n);

	free(s);
	ck_assert_msg(v.well_formed == wf && v.offset == offset && v.len == len,
	              "%s [%s]: got well_formed=%d offset=%zu len=%zu, "
	              "want %d %zu %zu",
	              what, hex(bytes, n).text, v.well_formed, v.offset, v.len,
	              wf, offset, len);
}

START_TEST(test_rows)
{
	const struct row *r = &rows[_i];

	expect(&rfc, r->what, r->bytes, r->n, r->well_formed, r->offset,
	       r->len);
}
END_TEST

/* One octet: UTF8-1 is %x00-7F; any other octet is at best a lead, and the
 * input ends after it, so the subpart is that octet alone. */
START_TEST(test_single_octet)
{
	uint8_t b = (uint8_t)_i;

	if (b <= 0x7F)
		expect(&rfc, "single octet", &b, 1, 1, 1, 0);
	else
		expect(&rfc, "single octet", &b, 1, 0, 0, 1);
}
END_TEST

/* Unicode chapter 3 (Table 3-8 discussion): the example splits into
 * 61 | F1 80 80 | E1 80 | C2 | 62 | 80 | 63 | 80 | BF | 64. */
START_TEST(test_first_walk)
{
	static const uint8_t in[] = {0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2,
	                             0x62, 0x80, 0x63, 0x80, 0xBF, 0x64};
	static const struct u8abnf_char want[] = {
	    {1, 1}, {0, 3}, {0, 2}, {0, 1}, {1, 1},
	    {0, 1}, {1, 1}, {0, 1}, {0, 1}, {1, 1},
	};
	size_t at = 0, k;
	uint8_t *s = exact_copy(in, sizeof in);

	for (k = 0; k < sizeof want / sizeof want[0]; k++) {
		struct u8abnf_char c;

		ck_assert_msg(at < sizeof in, "walk ended early at piece %zu",
		              k);
		c = u8abnf_first(&rfc, s + at, sizeof in - at);
		ck_assert_msg(c.complete == want[k].complete &&
		                  c.len == want[k].len,
		              "Unicode ch3 walk [%s] piece %zu at %zu: got "
		              "complete=%d len=%zu, want %d %zu",
		              hex(in, sizeof in).text, k, at, c.complete, c.len,
		              want[k].complete, want[k].len);
		at += c.len;
	}
	ck_assert_msg(at == sizeof in, "walk stopped at %zu", at);
	free(s);
}
END_TEST

/* The minimal DFA has 10 states: dead, start, matched, 1/2/3 tails still
 * due, and one each after E0, ED, F0 and F4 (their second-octet ranges
 * differ from UTF8-tail and from each other). */
START_TEST(test_shape)
{
	static struct u8abnf plain;

	ck_assert_int_eq(rfc.nstates, 10);
	ck_assert_int_eq(rfc.flags[0], 0);
	ck_assert_int_eq(rfc.flags[rfc.start], U8ABNF_LIVE);
	ck_assert_int_eq(
	    u8abnf_compile(&plain, u8abnf_rfc3629_text, "utf8-CHAR", NULL), 0);
	ck_assert(memcmp(&plain, &rfc, sizeof rfc) == 0);
}
END_TEST

struct bad {
	const char *what, *text, *char_rule, *string_rule;
};

static const struct bad bads[] = {
    {"empty text", "", "a", NULL},
    {"comment only", "; nothing\n", "a", NULL},
    {"char rule undefined", "a = %x41\n", "b", NULL},
    {"reference undefined", "a = b\n", "a", NULL},
    {"direct recursion", "a = %x41 a / %x42\n", "a", NULL},
    {"indirect recursion", "a = b\nb = %x41 a\n", "a", NULL},
    {"value above an octet", "a = %x100\n", "a", NULL},
    {"reversed range", "a = %x42-41\n", "a", NULL},
    {"range without upper end", "a = %x41-\n", "a", NULL},
    {"%x without digits", "a = %x\n", "a", NULL},
    {"%d not supported", "a = %d65\n", "a", NULL},
    {"char-val not supported", "a = \"A\"\n", "a", NULL},
    {"dotted %x not supported", "a = %x41.42\n", "a", NULL},
    {"=/ not supported", "a =/ %x41\n", "a", NULL},
    {"second definition, other case", "a = %x41\nA = %x42\n", "a", NULL},
    {"unclosed group", "a = ( %x41\n", "a", NULL},
    {"unclosed option", "a = [ %x41 %x42\n", "a", NULL},
    {"groups nested 33 deep",
     "a = "
     "((((((((((((((((((((((((((((((((("
     " %x41 "
     ")))))))))))))))))))))))))))))))))"
     "\n",
     "a", NULL},
    {"empty alternative", "a = %x41 /\n", "a", NULL},
    {"unindented continuation", "a = %x41 /\n%x42\n", "a", NULL},
    {"no equals sign", "a %x41\n", "a", NULL},
    {"max below min", "a = 3*2%x41\n", "a", NULL},
    {"count above limit", "a = 256%x41\n", "a", NULL},
    {"matches the empty string", "a = *%x41\n", "a", NULL},
    {"match is prefix of a match", "a = %x41 / %x41 %x42\n", "a", NULL},
    {"65 DFA states needed", "a = 64%x41\n", "a", NULL},
    {"string rule undefined", "a = %x41\n", "a", "s"},
    {"string rule is 1*", "s = 1*( a )\na = %x41\n", "a", "s"},
    {"string rule of other rule", "s = *b\na = %x41\nb = %x42\n", "a", "s"},
};

START_TEST(test_rejects)
{
	static struct u8abnf g;
	const struct bad *b = &bads[_i];

	ck_assert_msg(
	    u8abnf_compile(&g, b->text, b->char_rule, b->string_rule) == -1,
	    "%s: compiled, want -1", b->what);
}
END_TEST

/* Other grammars in the supported subset, checked on hand-worked inputs. */
struct good {
	const char *what, *text, *char_rule, *string_rule;
	uint8_t bytes[16];
	size_t n;
	int well_formed;
	size_t offset, len;
};

static const struct good goods[] = {
    {"2*3 then dot", "a = 2*3%x41 %x2E ; comment\n", "a", NULL, "AA.", 3, 1, 3,
     0},
    {"2*3 then dot", "a = 2*3%x41 %x2E ; comment\n", "a", NULL, "AA.AAA.", 7, 1,
     7, 0},
    {"2*3 then dot", "a = 2*3%x41 %x2E ; comment\n", "a", NULL, "A.", 2, 0, 0,
     1},
    {"2*3 then dot", "a = 2*3%x41 %x2E ; comment\n", "a", NULL, "AAAA.", 5, 0,
     0, 3},
    {"case-folded names, continuation", "X = y\n    y\nY = %x30-39\n", "x",
     NULL, "12", 2, 1, 2, 0},
    {"case-folded names, continuation", "X = y\n    y\nY = %x30-39\n", "x",
     NULL, "1", 1, 0, 0, 1},
    {"option", "a = [%x2D] %x30-39\n", "a", NULL, "-55", 3, 1, 3, 0},
    {"option", "a = [%x2D] %x30-39\n", "a", NULL, "--", 2, 0, 0, 1},
    {"CRLF and comment lines", "; c\r\na = %x41\r\n  %x42\r\n\r\n", "a", NULL,
     "ABAB", 4, 1, 4, 0},
    {"*2 then B", "a = *2%x41 %x42\n", "a", NULL, "BABAAB", 6, 1, 6, 0},
    {"*2 then B", "a = *2%x41 %x42\n", "a", NULL, "AAAB", 4, 0, 0, 2},
    {"1* then B", "a = 1*%x41 %x42\n", "a", NULL, "AAAAB", 5, 1, 5, 0},
    {"1* then B", "a = 1*%x41 %x42\n", "a", NULL, "B", 1, 0, 0, 1},
    {"groups nested 32 deep",
     "a = "
     "(((((((((((((((((((((((((((((((("
     " %x41 "
     "))))))))))))))))))))))))))))))))"
     "\n",
     "a", NULL, "A", 1, 1, 1, 0},
    {"grouped alternation", "s = *a\na = ( %x41 / %x42 ) %x43\n", "a", "s",
     "ACBC", 4, 1, 4, 0},
    {"grouped alternation", "s = *a\na = ( %x41 / %x42 ) %x43\n", "a", "s",
     "ACCC", 4, 0, 2, 1},
    {"62 DFA states fit", "a = 62%x41\n", "a", NULL, "AAAAA", 5, 0, 0, 5},
};

START_TEST(test_goods)
{
	static struct u8abnf g;
	const struct good *c = &goods[_i];
	char what[128];

	ck_assert_msg(
	    u8abnf_compile(&g, c->text, c->char_rule, c->string_rule) == 0,
	    "%s: did not compile", c->what);
	snprintf(what, sizeof what, "grammar \"%s\"", c->what);
	expect(&g, what, c->bytes, c->n, c->well_formed, c->offset, c->len);
}
END_TEST

Suite *
abnf_suite(void)
{
	Suite *s = suite_create("abnf");
	TCase *tc = tcase_create("rfc3629");
	TCase *tg = tcase_create("grammar");

	tcase_add_unchecked_fixture(tc, setup_rfc, NULL);
	tcase_add_test(tc, test_shape);
	tcase_add_loop_test(tc, test_rows, 0,
	                    (int)(sizeof rows / sizeof rows[0]));
	tcase_add_loop_test(tc, test_single_octet, 0, 256);
	tcase_add_test(tc, test_first_walk);
	tcase_add_loop_test(tg, test_rejects, 0,
	                    (int)(sizeof bads / sizeof bads[0]));
	tcase_add_loop_test(tg, test_goods, 0,
	                    (int)(sizeof goods / sizeof goods[0]));
	suite_add_tcase(s, tc);
	suite_add_tcase(s, tg);
	return s;
}
