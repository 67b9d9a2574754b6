/* SPDX-License-Identifier: MIT */
/*
 * judging.c - the judges' shared steps (judging.h): failures and their
 * texts, the pieces of a reading, and decoded values against it.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "judging.h"
#include "match.h"
#include "u8t.h"

const struct u8c_part u8c_whole = {0, 0};

/* The piece token @t is, in the input. */
struct u8c_part
u8c_token_part(const struct u8c_reading *in, size_t t)
{
	struct u8c_part p = {0, 0};

	for (size_t k = 0; k < t && k < in->ntok; k++)
		p.off += in->tok[k].len;
	if (t < in->ntok)
		p.len = in->tok[t].len;
	return p;
}

size_t
u8c_token_at(const struct u8c_reading *in, size_t offset)
{
	size_t t, at = 0;

	for (t = 0; t < in->ntok; at += in->tok[t++].len)
		if (offset < at + in->tok[t].len)
			break;
	return t;
}

struct u8c_part
u8c_part_at(const struct u8c_reading *in, size_t offset)
{
	return u8c_token_part(in, u8c_token_at(in, offset));
}

enum u8c_group
u8c_group_of(const struct u8c_reading *in, size_t t)
{
	return t < in->ntok && in->tok[t].group >= 0
	           ? (enum u8c_group)in->tok[t].group
	           : in->group;
}

struct u8c_example *
u8c_fail(const struct judging *g, enum u8c_check_id c, enum u8c_level level,
         struct u8c_part part, enum u8c_parting parting)
{
	const struct u8c_check *row = u8c_check(c);
	struct u8c_failure f = {c, level, part,           parting,
	                        0, -1,    U8C_DURING_ITEM};

	/* the other groups of the input: an input of the check's own group
	 * alone is the better counterexample */
	if (row->group >= 0 && g->in != NULL)
		f.purity = (unsigned)__builtin_popcount(g->in->groups &
		                                        ~(1u << row->group));
	f.expected = u8c_expect_match(g->j->expect, c, g->item, &part, 0);
	return u8c_tally_fail(g->t, &f, g->item, g->j->run, g->j->index);
}

/* Code points @v[0..n) around position @at, in @buf: the two before it
 * and what follows, cut with "..." on either side. */
static void
window(char *buf, size_t room, const uint32_t *v, size_t n, size_t at)
{
	enum { BEFORE = 2, SHOWN = 9 };
	size_t from = at > BEFORE ? at - BEFORE : 0, k, len = 0;

	if (n == 0) {
		snprintf(buf, room, "(nothing)");
		return;
	}
	if (from >= n)
		from = n > BEFORE ? n - BEFORE : 0;
	if (from > 0)
		len += (size_t)snprintf(buf + len, room - len, "... ");
	for (k = from; k < n && k < from + SHOWN && len < room; k++)
		len += (size_t)snprintf(buf + len, room - len, "%s%04X",
		                        k > from ? " " : "", (unsigned)v[k]);
	if (k < n && len < room)
		snprintf(buf + len, room - len, " ...");
}

void
u8c_texts(struct u8c_example *e, const char *label_a, const uint32_t *a,
          size_t na, const char *label_b, const uint32_t *b, size_t nb)
{
	size_t at = 0, la, lb;

	while (at < na && at < nb && a[at] == b[at])
		at++;
	la = (size_t)snprintf(e->expected, sizeof e->expected, "%s", label_a);
	lb = (size_t)snprintf(e->got, sizeof e->got, "%s", label_b);
	window(e->expected + la, sizeof e->expected - la, a, na, at);
	window(e->got + lb, sizeof e->got - lb, b, nb, at);
}

int
u8c_is_bom_stripped(const struct u8c_reading *in, const uint32_t *out,
                    size_t nout)
{
	return in->n >= 3 && in->s[0] == 0xEF && in->s[1] == 0xBB &&
	       in->s[2] == 0xBF && nout + 1 == in->nwant &&
	       u8c_same_code_points(out, in->want + 1, nout);
}

/* The checks of each decoding function's values: a different count of
 * U+FFFD, input dropped, a BOM stripped (U8C_CHECKS: none). */
static const struct {
	enum u8c_check_id replacement, drops, bom;
} value_checks[U8C_FNS] = {
    [U8C_FN_DECODE] = {U8C_DECODE_REPLACEMENT, U8C_DECODE_DROPS,
                       U8C_DECODE_BOM},
    [U8C_FN_NEXT] = {U8C_NEXT_REPLACEMENT, U8C_NEXT_REPLACEMENT, U8C_CHECKS},
    [U8C_FN_STREAM] = {U8C_STREAM_REPLACEMENT, U8C_STREAM_DROPS,
                       U8C_STREAM_BOM},
};

void
u8c_count_tested(const struct judging *g, enum u8c_fn fn)
{
	struct u8c_tallies *t = g->t;

	/* Every kind of piece in the input is tested by it. */
	for (uint32_t left = g->in->groups; left != 0; left &= left - 1)
		t->seen[u8c_check_of_group(
		    fn, (enum u8c_group)__builtin_ctz(left))]++;
	t->seen[value_checks[fn].replacement]++;
	if (value_checks[fn].drops != value_checks[fn].replacement)
		t->seen[value_checks[fn].drops]++;
}

int
u8c_judge_values(const struct judging *g, enum u8c_fn fn, const uint32_t *out,
                 size_t nout, struct u8c_failure *failed)
{
	size_t counts[U8C_MAX_TOKENS];
	const struct u8c_reading *in = g->in;
	struct u8c_part part = u8c_whole;
	enum u8c_parting parting = U8C_PARTING_CHANGED;
	enum u8c_check_id c;
	enum u8c_level level;
	struct u8c_example *e;
	size_t stuck = 0, k;
	int group, lost = 0;

	if (failed != NULL)
		failed->level = U8C_PASS;
	if (nout == in->nwant && u8c_same_code_points(out, in->want, nout)) {
		/* one U+FFFD per maximal subpart is evidence of a policy too,
		 * unless a shim guessed the lengths */
		if (in->error_at != SIZE_MAX &&
		    !(fn == U8C_FN_NEXT &&
		      (g->j->traits & U8T_GUESSED_LENGTHS)))
			u8c_note_exact_policy(g->t, in);
		return 1;
	}
	if (value_checks[fn].bom != U8C_CHECKS &&
	    u8c_is_bom_stripped(in, out, nout)) {
		c = value_checks[fn].bom;
		level = U8C_INFO;
		part = (struct u8c_part){0, 3};
		parting = U8C_PARTING_LOST;
	} else if (u8c_match(in->tok, in->ntok, out, nout, counts, &stuck,
	                     NULL)) {
		/* error lengths a shim guessed tell nothing of the library:
		 * no policy, and an INFO */
		int guessed =
		    fn == U8C_FN_NEXT && (g->j->traits & U8T_GUESSED_LENGTHS);
		int dropped =
		    guessed ? 0
		            : u8c_note_policy(g->t, in->tok, in->ntok, counts);

		c = dropped ? value_checks[fn].drops
		            : value_checks[fn].replacement;
		level = guessed ? U8C_INFO : U8C_WARN;
		/* the first subpart not given one U+FFFD */
		for (k = 0; k < in->ntok; k++)
			if (in->tok[k].bytes > 0 && counts[k] != 1)
				break;
		part = u8c_token_part(in, k);
	} else {
		/* Filed under the piece no reading of the output gets past:
		 * that is where the target departs. */
		u8c_match(in->tok, in->ntok, out, nout, NULL, &stuck, &lost);
		if (stuck >= in->ntok && in->ntok > 0)
			stuck = in->ntok - 1;
		group = stuck < in->ntok && in->tok[stuck].group >= 0
		            ? in->tok[stuck].group
		            : (int)in->group;
		c = u8c_check_of_group(fn, (enum u8c_group)group);
		level = U8C_FAIL;
		part = u8c_token_part(in, stuck);
		parting = lost ? U8C_PARTING_LOST : U8C_PARTING_CHANGED;
	}
	if (failed != NULL)
		*failed = (struct u8c_failure){
		    c, level, part, parting, 0, -1, U8C_DURING_ITEM};
	if ((e = u8c_fail(g, c, level, part, parting)) != NULL)
		u8c_texts(e, "", in->want, in->nwant, "", out, nout);
	return level != U8C_FAIL;
}
