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

/* The piece token @t is, in the input. */
static struct u8c_part
token_part(const struct u8c_reading *in, size_t t)
{
	struct u8c_part p = {0, 0};

	for (size_t k = 0; k < t && k < in->ntok; k++)
		p.off += in->tok[k].len;
	if (t < in->ntok)
		p.len = in->tok[t].len;
	return p;
}

/* Counts a failure of check @c at @level, the answers parting at @part
 * (len 0: nowhere in particular) as @parting; returns the example to
 * fill in, or NULL. */
static struct u8c_example *
fail(const struct judging *g, enum u8c_check_id c, enum u8c_level level,
     struct u8c_part part, enum u8c_parting parting)
{
	const struct u8c_check *row = u8c_check(c);
	struct u8c_failure f = {c, level, part, parting, 0, -1};

	/* the other groups of the input: an input of the check's own group
	 * alone is the better counterexample */
	if (row->group >= 0 && g->in != NULL)
		f.purity = (unsigned)__builtin_popcount(g->in->groups &
		                                        ~(1u << row->group));
	f.expected = u8c_expect_match(g->j->expect, c, g->item, &part, 0);
	return u8c_tally_fail(g->t, &f, g->item, g->j->run, g->j->index);
}

static const struct u8c_part whole = {0, 0};

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

/* Expected and got, each shown around the first place they differ, so
 * that the two never read the same. */
static void
texts(struct u8c_example *e, const char *label_a, const uint32_t *a, size_t na,
      const char *label_b, const uint32_t *b, size_t nb)
{
	size_t at = 0, la, lb;

	while (at < na && at < nb && a[at] == b[at])
		at++;
	la = (size_t)snprintf(e->expected, sizeof e->expected, "%s", label_a);
	lb = (size_t)snprintf(e->got, sizeof e->got, "%s", label_b);
	window(e->expected + la, sizeof e->expected - la, a, na, at);
	window(e->got + lb, sizeof e->got - lb, b, nb, at);
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
	struct u8c_part part = whole;
	enum u8c_parting parting = U8C_PARTING_CHANGED;
	enum u8c_check_id c;
	enum u8c_level level;
	struct u8c_example *e;
	size_t stuck = 0, k;
	int group, lost = 0;

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
		part = (struct u8c_part){0, 3};
		parting = U8C_PARTING_LOST;
	} else if (u8c_match(in->tok, in->ntok, out, nout, counts, &stuck,
	                     NULL)) {
		/* error lengths a shim guessed tell nothing of the library:
		 * no policy, and an INFO */
		int guessed =
		    fn == U8C_FN_NEXT && (g->j->traits & U8T_GUESSED_LENGTHS);
		int dropped =
		    guessed ? 0 : u8c_note_policy(t, in->tok, in->ntok, counts);

		c = fn == U8C_FN_NEXT ? U8C_NEXT_REPLACEMENT
		    : dropped         ? U8C_DECODE_DROPS
		                      : U8C_DECODE_REPLACEMENT;
		level = guessed ? U8C_INFO : U8C_WARN;
		/* the first subpart not given one U+FFFD */
		for (k = 0; k < in->ntok; k++)
			if (in->tok[k].bytes > 0 && counts[k] != 1)
				break;
		part = token_part(in, k);
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
		part = token_part(in, stuck);
		parting = lost ? U8C_PARTING_LOST : U8C_PARTING_CHANGED;
	}
	if ((e = fail(g, c, level, part, parting)) != NULL)
		texts(e, "", in->want, in->nwant, "", out, nout);
	return level != U8C_FAIL;
}

/* u8t_decode's values, when they can be judged; NULL otherwise. */
static const uint32_t *
judge_decode(const struct judging *g, const struct u8c_answers *a, int *fits)
{
	struct u8c_example *e;

	g->t->seen[U8C_ABI_DECODE_CAP]++;
	if (a->ndecode > a->cap) {
		if ((e = fail(g, U8C_ABI_DECODE_CAP, U8C_FAIL, whole,
		              U8C_PARTING_OTHER)) != NULL) {
			snprintf(e->expected, sizeof e->expected, "at most %zu",
			         a->cap);
			snprintf(e->got, sizeof e->got, "%zu", a->ndecode);
		}
		return NULL;
	}
	*fits = judge_code_points(g, U8C_FN_DECODE, a->decode, a->ndecode);
	return a->decode;
}

/* The token holding byte @offset of the input, or ntok. */
static size_t
token_at(const struct u8c_reading *in, size_t offset)
{
	size_t t, at = 0;

	for (t = 0; t < in->ntok; at += in->tok[t++].len)
		if (offset < at + in->tok[t].len)
			break;
	return t;
}

/* The piece holding byte @offset. */
static struct u8c_part
part_at(const struct u8c_reading *in, size_t offset)
{
	return token_part(in, token_at(in, offset));
}

/* The group of token @t, or the input's when it has none. */
static enum u8c_group
group_of(const struct u8c_reading *in, size_t t)
{
	return t < in->ntok && in->tok[t].group >= 0
	           ? (enum u8c_group)in->tok[t].group
	           : in->group;
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
		if ((e = fail(g, U8C_ABI_VALIDATE, U8C_FAIL, whole,
		              U8C_PARTING_OTHER)) != NULL) {
			snprintf(e->expected, sizeof e->expected, "0 or 1");
			snprintf(e->got, sizeof e->got, "%d", ok);
		}
		return;
	}
	if (ok != (v.status == U8REF_OK)) {
		/* Where it departs: the first error it missed, unless it
		 * rejects that error alone, when the cause is where it
		 * starts to accept the rest (a NUL, say); or the piece it
		 * calls ill-formed (the input's group if it says none). */
		size_t t = ok                   ? token_at(g->in, v.offset)
		           : a->err != SIZE_MAX ? token_at(g->in, a->err)
		                                : g->in->ntok;
		enum u8c_group group = ok ? g->in->group : group_of(g->in, t);

		if (ok && a->accepted_from < v.offset)
			group = group_of(g->in,
			                 t = token_at(g->in, a->accepted_from));
		e = fail(g, u8c_check_of_group(U8C_FN_VALIDATE, group),
		         U8C_FAIL, token_part(g->in, t), U8C_PARTING_CHANGED);
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
		/* Only the offset is wrong, unless the input cut where the
		 * two offsets say shows it passing over the error (it takes
		 * surrogates, say) or rejecting well-formed bytes before it:
		 * then that piece is the cause. */
		int passes = a->err > v.offset && a->valid_prefix == 1,
		    rejects = a->err < v.offset && a->valid_prefix == 0;
		size_t t = token_at(g->in, passes ? v.offset : a->err);
		enum u8c_check_id c =
		    passes || rejects ? u8c_check_of_group(U8C_FN_VALIDATE,
		                                           group_of(g->in, t))
		                      : U8C_ABI_VALIDATE;

		if ((e = fail(g, c, U8C_FAIL,
		              c == U8C_ABI_VALIDATE ? part_at(g->in, v.offset)
		                                    : token_part(g->in, t),
		              U8C_PARTING_CHANGED)) != NULL) {
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
			if ((e = fail(g, U8C_ABI_NEXT, U8C_FAIL,
			              part_at(g->in, off),
			              U8C_PARTING_OTHER)) != NULL) {
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
	         !(decode_fits && next_fits)            ? U8C_FAIL
	         : (g->j->traits & U8T_GUESSED_LENGTHS) ? U8C_INFO
	                                                : U8C_WARN,
	         whole, U8C_PARTING_OTHER);
	if (e != NULL)
		texts(e, "u8t_decode: ", decoded, ndecoded,
		      "u8t_next:   ", stepped, nstepped);
}

static void
judge_state(const struct judging *g, const struct u8c_answers *a)
{
	struct u8c_example *e;

	g->t->seen[U8C_STATE_BETWEEN_CALLS]++;
	if (memcmp(&a->probe_now, a->probe_fresh, sizeof a->probe_now) == 0)
		return;
	if ((e = fail(g, U8C_STATE_BETWEEN_CALLS, U8C_FAIL, whole,
	              U8C_PARTING_OTHER)) != NULL) {
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
	if ((e = fail(g, c, U8C_FAIL, whole, U8C_PARTING_OTHER)) == NULL)
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
