/* SPDX-License-Identifier: MIT */
/*
 * judge.c - a target's answers against the reference's, item by item.
 *
 * The reference cuts each input into characters and maximal subparts of
 * ill-formed bytes.  A target's code points must give every character its
 * value; for each subpart it may give from none to one U+FFFD per byte
 * (the count tells its replacement policy).  Anything else is a FAIL,
 * filed under the piece the target read differently.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "hex.h"
#include "judge.h"
#include "match.h"
#include "u8t.h"

const struct u8c_probe_input u8c_probe_inputs[U8C_PROBES] = {
    {{0x80, 0x41}, 2, "80 41"},
    {{0xBF, 0}, 1, "BF"},
    {{0x41, 0}, 1, "41"},
};

/* What one judging shares between its steps. */
struct judging {
	struct u8c_tallies *t;
	const struct u8c_judging *j;
	const struct u8c_item *item;
	const struct u8c_reading *in;
};

static struct u8c_example *
fail(const struct judging *g, enum u8c_check_id c, enum u8c_level level)
{
	return u8c_tally_fail(g->t, c, level, g->item, g->j->run, g->j->index);
}

static void
code_points_text(char *buf, const uint32_t *cp, size_t n)
{
	u8s_code_points_format(buf, U8C_EXAMPLE_TEXT, cp, n);
}

/* @label, then the code points. */
static void
labelled(char *buf, const char *label, const uint32_t *cp, size_t n)
{
	size_t at = (size_t)snprintf(buf, U8C_EXAMPLE_TEXT, "%s", label);

	u8s_code_points_format(buf + at, U8C_EXAMPLE_TEXT - at, cp, n);
}

static int
is_bom_stripped(const struct u8c_reading *in, const uint32_t *out, size_t nout)
{
	return in->n >= 3 && in->s[0] == 0xEF && in->s[1] == 0xBB &&
	       in->s[2] == 0xBF && nout + 1 == in->nwant &&
	       u8c_same_code_points(out, in->want + 1, nout);
}

/* Counts @fn's checks that this input would have tested as died. */
static void
count_died(const struct judging *g, enum u8c_fn fn)
{
	struct u8c_tallies *t = g->t;

	for (uint32_t left = g->in->groups; left != 0; left &= left - 1)
		t->t[u8c_check_of_group(fn,
		                        (enum u8c_group)__builtin_ctz(left))]
		    .died++;
	if (fn == U8C_FN_DECODE) {
		t->t[U8C_DECODE_REPLACEMENT].died++;
		t->t[U8C_ABI_DECODE_CAP].died++;
	} else if (fn == U8C_FN_NEXT) {
		t->t[U8C_NEXT_REPLACEMENT].died++;
		t->t[U8C_ABI_NEXT].died++;
	} else {
		t->t[U8C_ABI_VALIDATE].died++;
	}
}

/* Judges code points from u8t_decode or u8t_next against the reading;
 * returns 1 when they fit it (a WARN at worst). */
static int
judge_code_points(const struct judging *g, enum u8c_fn fn, const uint32_t *out,
                  size_t nout)
{
	static size_t counts[U8C_MAX_TOKENS];
	const struct u8c_reading *in = g->in;
	struct u8c_tallies *t = g->t;
	enum u8c_check_id c;
	enum u8c_level level;
	struct u8c_example *e;
	size_t stuck = 0;
	int group;

	if (fn == U8C_FN_DECODE)
		t->seen[U8C_DECODE_DROPS]++;
	/* Every kind of piece in the input is tested by it. */
	for (uint32_t left = in->groups; left != 0; left &= left - 1)
		t->seen[u8c_check_of_group(
		    fn, (enum u8c_group)__builtin_ctz(left))]++;
	t->seen[fn == U8C_FN_NEXT ? U8C_NEXT_REPLACEMENT
	                          : U8C_DECODE_REPLACEMENT]++;
	if (nout == in->nwant && u8c_same_code_points(out, in->want, nout))
		return 1;
	if (fn == U8C_FN_DECODE && is_bom_stripped(in, out, nout)) {
		c = U8C_DECODE_BOM;
		level = U8C_INFO;
	} else if (u8c_match(in->tok, in->ntok, out, nout, counts, &stuck)) {
		int dropped = u8c_note_policy(t, in->tok, in->ntok, counts);

		c = fn == U8C_FN_NEXT ? U8C_NEXT_REPLACEMENT
		    : dropped         ? U8C_DECODE_DROPS
		                      : U8C_DECODE_REPLACEMENT;
		level = U8C_WARN;
	} else {
		/* Filed under the piece no reading of the output gets past:
		 * that is where the target departs. */
		if (stuck >= in->ntok && in->ntok > 0)
			stuck = in->ntok - 1;
		group = stuck < in->ntok && in->tok[stuck].group >= 0
		            ? in->tok[stuck].group
		            : (int)in->group;
		c = u8c_check_of_group(fn, (enum u8c_group)group);
		level = U8C_FAIL;
	}
	if ((e = fail(g, c, level)) != NULL) {
		code_points_text(e->expected, in->want, in->nwant);
		code_points_text(e->got, out, nout);
	}
	return level != U8C_FAIL;
}

/* u8t_decode's values, when they can be judged; NULL otherwise. */
static const uint32_t *
judge_decode(const struct judging *g, const struct u8c_answers *a, int *fits)
{
	struct u8c_example *e;

	g->t->seen[U8C_ABI_DECODE_CAP]++;
	if (a->ndecode > a->cap) {
		if ((e = fail(g, U8C_ABI_DECODE_CAP, U8C_FAIL)) != NULL) {
			snprintf(e->expected, sizeof e->expected, "at most %zu",
			         a->cap);
			snprintf(e->got, sizeof e->got, "%zu", a->ndecode);
		}
		return NULL;
	}
	*fits = judge_code_points(g, U8C_FN_DECODE, a->decode, a->ndecode);
	return a->decode;
}

/* The group of the piece at byte @offset of the input, or the input's
 * group when @offset is SIZE_MAX or none is known. */
static enum u8c_group
group_at(const struct u8c_reading *in, size_t offset)
{
	size_t t, at = 0;

	for (t = 0; offset != SIZE_MAX && t < in->ntok; at += in->tok[t++].len)
		if (offset < at + in->tok[t].len)
			return in->tok[t].group >= 0
			           ? (enum u8c_group)in->tok[t].group
			           : in->group;
	return in->group;
}

/* The reference's verdict on the input, read off its tokens. */
static struct u8ref_validation
first_error(const struct u8c_reading *in)
{
	struct u8ref_validation v = {U8REF_OK, 0, 0};
	size_t t;

	for (t = 0; t < in->ntok; t++) {
		if (in->tok[t].bytes > 0) {
			v.status = (enum u8ref_status)in->tok[t].status;
			v.len = in->tok[t].bytes;
			return v;
		}
		v.offset += in->tok[t].len;
	}
	v.offset = in->n;
	return v;
}

static void
judge_validate(const struct judging *g, const struct u8c_answers *a)
{
	struct u8ref_validation v = first_error(g->in);
	struct u8c_example *e;
	int ok = a->valid;

	g->t->seen[u8c_check_of_group(U8C_FN_VALIDATE, g->in->group)]++;
	g->t->seen[U8C_ABI_VALIDATE]++;
	if (ok != 0 && ok != 1) {
		if ((e = fail(g, U8C_ABI_VALIDATE, U8C_FAIL)) != NULL) {
			snprintf(e->expected, sizeof e->expected, "0 or 1");
			snprintf(e->got, sizeof e->got, "%d", ok);
		}
		return;
	}
	if (ok != (v.status == U8REF_OK)) {
		e = fail(
		    g,
		    u8c_check_of_group(U8C_FN_VALIDATE,
		                       group_at(g->in, ok ? SIZE_MAX : a->err)),
		    U8C_FAIL);
		if (e != NULL) {
			if (ok)
				snprintf(e->expected, sizeof e->expected,
				         "ill-formed at byte %zu (%s)",
				         v.offset, u8ref_status_name(v.status));
			else
				snprintf(e->expected, sizeof e->expected,
				         "well-formed");
			snprintf(e->got, sizeof e->got, "%s",
			         ok ? "well-formed" : "ill-formed");
		}
		return;
	}
	if (!ok && a->err != SIZE_MAX && a->err != v.offset) {
		if ((e = fail(g, U8C_ABI_VALIDATE, U8C_FAIL)) != NULL) {
			snprintf(e->expected, sizeof e->expected,
			         "first error at byte %zu", v.offset);
			snprintf(e->got, sizeof e->got, "at byte %zu", a->err);
		}
	}
}

/* u8t_next's values (U8T_ERROR as U+FFFD), when they can be judged;
 * NULL otherwise. */
static const uint32_t *
judge_next(const struct judging *g, const struct u8c_answers *a, int *fits)
{
	static uint32_t got[U8C_MAX_INPUT];
	size_t k, off = 0, n = g->in->n;
	struct u8c_example *e;

	g->t->seen[U8C_ABI_NEXT]++;
	for (k = 0; k < a->nnext; k++) {
		size_t len = a->next_len[k];

		if (len == 0 || len > n - off) {
			if ((e = fail(g, U8C_ABI_NEXT, U8C_FAIL)) != NULL) {
				snprintf(e->expected, sizeof e->expected,
				         "1..%zu bytes consumed at byte %zu",
				         n - off, off);
				snprintf(e->got, sizeof e->got, "%zu", len);
			}
			return NULL;
		}
		got[k] = a->next_cp[k] == U8T_ERROR ? U8REF_REPLACEMENT
		                                    : a->next_cp[k];
		off += len;
	}
	*fits = judge_code_points(g, U8C_FN_NEXT, got, a->nnext);
	return got;
}

/* u8t_decode and u8t_next on the same input must agree; where both fit
 * the reading and differ only in U+FFFD counts, two policies: a WARN. */
static void
judge_consistency(const struct judging *g, const uint32_t *decoded,
                  size_t ndecoded, int decode_fits, const uint32_t *stepped,
                  size_t nstepped, int next_fits)
{
	struct u8c_example *e;
	/* A BOM stripped by u8t_decode alone is its INFO. */
	size_t skip = nstepped == ndecoded + 1 &&
	                      is_bom_stripped(g->in, decoded, ndecoded)
	                  ? 1
	                  : 0;

	g->t->seen[U8C_CONSISTENCY_DECODE_NEXT]++;
	if (ndecoded + skip == nstepped &&
	    u8c_same_code_points(decoded, stepped + skip, ndecoded))
		return;
	e = fail(g, U8C_CONSISTENCY_DECODE_NEXT,
	         decode_fits && next_fits ? U8C_WARN : U8C_FAIL);
	if (e != NULL) {
		labelled(e->expected, "u8t_decode: ", decoded, ndecoded);
		labelled(e->got, "u8t_next:   ", stepped, nstepped);
	}
}

static void
judge_state(const struct judging *g, const struct u8c_answers *a)
{
	struct u8c_example *e;

	g->t->seen[U8C_STATE_BETWEEN_CALLS]++;
	if (memcmp(&a->probe_now, a->probe_fresh, sizeof a->probe_now) == 0)
		return;
	if ((e = fail(g, U8C_STATE_BETWEEN_CALLS, U8C_FAIL)) != NULL) {
		snprintf(e->expected, sizeof e->expected,
		         "the next call on %s answers as on a fresh start",
		         u8c_probe_inputs[a->probe_k].name);
		snprintf(e->got, sizeof e->got,
		         "a different answer after this input");
	}
}

/* The encoder on one code point: the reference's bytes, or a refusal. */
static void
judge_encode(const struct judging *g, const struct u8c_answers *a)
{
	uint32_t cp = g->item->cp;
	uint8_t want[U8REF_MAX_LEN];
	size_t nwant = u8ref_encode(g->j->profile, cp, want);
	enum u8c_check_id c = cp >= 0xD800 && cp <= 0xDFFF
	                          ? U8C_ENCODE_SURROGATES
	                      : cp > 0x10FFFF ? U8C_ENCODE_BEYOND
	                                      : U8C_ENCODE_SCALARS;
	struct u8c_example *e;

	if (a->given[U8C_FN_ENCODE] == U8C_ANSWER_DIED) {
		g->t->t[c].died++;
		g->t->t[U8C_ABI_ENCODE].died++;
		return;
	}
	g->t->seen[c]++;
	g->t->seen[U8C_ABI_ENCODE]++;
	if (a->nencode > U8REF_MAX_LEN)
		c = U8C_ABI_ENCODE;
	else if (a->nencode == nwant && memcmp(a->encode, want, nwant) == 0)
		return;
	if ((e = fail(g, c, U8C_FAIL)) == NULL)
		return;
	if (nwant == 0)
		snprintf(e->expected, sizeof e->expected, "refused");
	else
		u8s_hex_format(e->expected, sizeof e->expected, want, nwant);
	if (a->nencode > U8REF_MAX_LEN)
		snprintf(e->got, sizeof e->got, "%zu bytes", a->nencode);
	else if (a->nencode == 0)
		snprintf(e->got, sizeof e->got, "refused");
	else
		u8s_hex_format(e->got, sizeof e->got, a->encode, a->nencode);
}

void
u8c_judge(struct u8c_tallies *t, const struct u8c_judging *j,
          const struct u8c_item *item, const struct u8c_reading *in,
          const struct u8c_answers *a)
{
	struct judging g = {t, j, item, in};
	const uint32_t *decoded = NULL, *stepped = NULL;
	int decode_fits = 0, next_fits = 0;

	t->items++; /* tested for every fate, whatever it met */
	if (item->kind == U8C_ITEM_CODE_POINT) {
		if (a->given[U8C_FN_ENCODE] != U8C_ANSWER_NONE)
			judge_encode(&g, a);
		return;
	}
	for (int fn = U8C_FN_DECODE; fn <= U8C_FN_NEXT; fn++)
		if (a->given[fn] == U8C_ANSWER_DIED)
			count_died(&g, (enum u8c_fn)fn);
	if (a->given[U8C_FN_DECODE] == U8C_ANSWER_GIVEN)
		decoded = judge_decode(&g, a, &decode_fits);
	if (a->given[U8C_FN_VALIDATE] == U8C_ANSWER_GIVEN)
		judge_validate(&g, a);
	if (a->given[U8C_FN_NEXT] == U8C_ANSWER_GIVEN)
		stepped = judge_next(&g, a, &next_fits);
	if (decoded != NULL && stepped != NULL)
		judge_consistency(&g, decoded, a->ndecode, decode_fits, stepped,
		                  a->nnext, next_fits);
	if (a->probed)
		judge_state(&g, a);
	if (j->variants && decoded != NULL)
		u8c_note_variants(t, j->profile, in, decoded, a->ndecode);
}
