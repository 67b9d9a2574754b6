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

#include "byte_map.h"
#include "hex.h"
#include "judging.h"
#include "match.h"
#include "u8t.h"

const struct u8c_probe_input u8c_probe_inputs[U8C_PROBES] = {
    {{0x80, 0x41}, 2, "80 41"},
    {{0xBF, 0}, 1, "BF"},
    {{0x41, 0}, 1, "41"},
};

/* Counts the checks of @fn this input would have tested as died: its
 * groups', the range of its other checks, and its ABI check. */
static void
count_died(const struct judging *g, enum u8c_fn fn)
{
	static const enum u8c_check_id more[U8C_FNS][3] = {
	    [U8C_FN_DECODE] = {U8C_DECODE_REPLACEMENT, U8C_DECODE_BOM,
	                       U8C_ABI_DECODE_CAP},
	    [U8C_FN_VALIDATE] = {U8C_ABI_VALIDATE, U8C_ABI_VALIDATE,
	                         U8C_ABI_VALIDATE},
	    [U8C_FN_NEXT] = {U8C_NEXT_REPLACEMENT, U8C_NEXT_REPLACEMENT,
	                     U8C_ABI_NEXT},
	    [U8C_FN_STREAM] = {U8C_STREAM_REPLACEMENT, U8C_STREAM_INDEPENDENT,
	                       U8C_ABI_STREAM_CAP},
	};
	struct u8c_tallies *t = g->t;

	for (uint32_t left = g->in->groups; left != 0; left &= left - 1)
		t->t[u8c_check_of_group(fn,
		                        (enum u8c_group)__builtin_ctz(left))]
		    .died++;
	for (int c = (int)more[fn][0]; c <= (int)more[fn][1]; c++)
		t->t[c].died++;
	if (more[fn][2] != more[fn][1])
		t->t[more[fn][2]].died++;
}

/* u8t_decode's values, when they can be judged; NULL otherwise. */
static const uint32_t *
judge_decode(const struct judging *g, const struct u8c_answers *a, int *fits)
{
	struct u8c_example *e;

	g->t->seen[U8C_ABI_DECODE_CAP]++;
	if (a->ndecode > a->cap) {
		if ((e = u8c_fail(g, U8C_ABI_DECODE_CAP, U8C_FAIL, u8c_whole,
		                  U8C_PARTING_OTHER)) != NULL) {
			snprintf(e->expected, sizeof e->expected, "at most %zu",
			         a->cap);
			snprintf(e->got, sizeof e->got, "%zu", a->ndecode);
		}
		return NULL;
	}
	u8c_count_tested(g, U8C_FN_DECODE);
	*fits = u8c_judge_values(g, U8C_FN_DECODE, a->decode, a->ndecode, NULL);
	return a->decode;
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
		if ((e = u8c_fail(g, U8C_ABI_VALIDATE, U8C_FAIL, u8c_whole,
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
		size_t t = ok                   ? u8c_token_at(g->in, v.offset)
		           : a->err != SIZE_MAX ? u8c_token_at(g->in, a->err)
		                                : g->in->ntok;
		enum u8c_group group =
		    ok ? g->in->group : u8c_group_of(g->in, t);

		if (ok && a->accepted_from < v.offset)
			group = u8c_group_of(
			    g->in, t = u8c_token_at(g->in, a->accepted_from));
		e = u8c_fail(g, u8c_check_of_group(U8C_FN_VALIDATE, group),
		             U8C_FAIL, u8c_token_part(g->in, t),
		             U8C_PARTING_CHANGED);
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
		size_t t = u8c_token_at(g->in, passes ? v.offset : a->err);
		enum u8c_check_id c =
		    passes || rejects
		        ? u8c_check_of_group(U8C_FN_VALIDATE,
		                             u8c_group_of(g->in, t))
		        : U8C_ABI_VALIDATE;

		if ((e = u8c_fail(g, c, U8C_FAIL,
		                  c == U8C_ABI_VALIDATE
		                      ? u8c_part_at(g->in, v.offset)
		                      : u8c_token_part(g->in, t),
		                  U8C_PARTING_CHANGED)) != NULL) {
			snprintf(e->expected, sizeof e->expected,
			         "first error at byte %zu", v.offset);
			snprintf(e->got, sizeof e->got, "at byte %zu", a->err);
		}
	}
}

/* u8t_next's values (U8T_ERROR as U+FFFD) into got[0..nnext), when they
 * can be judged; NULL otherwise. */
static const uint32_t *
judge_next(const struct judging *g, const struct u8c_answers *a, int *fits,
           uint32_t *got)
{
	size_t k, off = 0, n = g->in->n;
	struct u8c_example *e;

	g->t->seen[U8C_ABI_NEXT]++;
	for (k = 0; k < a->nnext; k++) {
		size_t len = a->next_len[k];

		if (len == 0 || len > n - off) {
			if ((e = u8c_fail(g, U8C_ABI_NEXT, U8C_FAIL,
			                  u8c_part_at(g->in, off),
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
	u8c_count_tested(g, U8C_FN_NEXT);
	*fits = u8c_judge_values(g, U8C_FN_NEXT, got, a->nnext, NULL);
	return got;
}

/* u8t_decode and another function (@c says which) on the same input
 * must agree; where both fit the reading and differ only in U+FFFD
 * counts, two policies: a WARN (an INFO when u8t_next's error lengths
 * are a shim's guess). */
static void
judge_consistency(const struct judging *g, enum u8c_check_id c,
                  const uint32_t *decoded, size_t ndecoded, int decode_fits,
                  const char *label, const uint32_t *other, size_t nother,
                  int other_fits)
{
	struct u8c_example *e;
	/* A BOM stripped by u8t_decode alone is its INFO. */
	size_t skip = nother == ndecoded + 1 &&
	                      u8c_is_bom_stripped(g->in, decoded, ndecoded)
	                  ? 1
	                  : 0;
	int guessed = c == U8C_CONSISTENCY_DECODE_NEXT &&
	              (g->j->traits & U8T_GUESSED_LENGTHS);

	g->t->seen[c]++;
	if (ndecoded + skip == nother &&
	    u8c_same_code_points(decoded, other + skip, ndecoded))
		return;
	e = u8c_fail(g, c,
	             !(decode_fits && other_fits) ? U8C_FAIL
	             : guessed                    ? U8C_INFO
	                                          : U8C_WARN,
	             u8c_whole, U8C_PARTING_OTHER);
	if (e != NULL)
		u8c_texts(e, "u8t_decode: ", decoded, ndecoded, label, other,
		          nother);
}

static void
judge_state(const struct judging *g, const struct u8c_answers *a)
{
	struct u8c_example *e;

	g->t->seen[U8C_STATE_BETWEEN_CALLS]++;
	if (memcmp(&a->probe_now, a->probe_fresh, sizeof a->probe_now) == 0)
		return;
	if ((e = u8c_fail(g, U8C_STATE_BETWEEN_CALLS, U8C_FAIL, u8c_whole,
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
	if ((e = u8c_fail(g, c, U8C_FAIL, u8c_whole, U8C_PARTING_OTHER)) ==
	    NULL)
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
	uint32_t next_values[U8C_MAX_INPUT];
	int decode_fits = 0, next_fits = 0;

	t->items++; /* tested for every fate, whatever it met */
	if (t->map != NULL)
		u8c_map_tested(t->map, item);
	if (item->kind == U8C_ITEM_CODE_POINT) {
		if (a->given[U8C_FN_ENCODE] != U8C_ANSWER_NONE)
			judge_encode(&g, a);
		return;
	}
	for (int fn = U8C_FN_DECODE; fn < U8C_FNS; fn++)
		if (fn != U8C_FN_ENCODE && a->given[fn] == U8C_ANSWER_DIED)
			count_died(&g, (enum u8c_fn)fn);
	if (a->given[U8C_FN_DECODE] == U8C_ANSWER_GIVEN)
		decoded = judge_decode(&g, a, &decode_fits);
	if (a->given[U8C_FN_VALIDATE] == U8C_ANSWER_GIVEN)
		judge_validate(&g, a);
	if (a->given[U8C_FN_NEXT] == U8C_ANSWER_GIVEN)
		stepped = judge_next(&g, a, &next_fits, next_values);
	if (decoded != NULL && stepped != NULL)
		judge_consistency(&g, U8C_CONSISTENCY_DECODE_NEXT, decoded,
		                  a->ndecode, decode_fits,
		                  "u8t_next:   ", stepped, a->nnext, next_fits);
	if (decoded != NULL && a->given[U8C_FN_STREAM] == U8C_ANSWER_GIVEN &&
	    a->stream != NULL)
		judge_consistency(&g, U8C_CONSISTENCY_DECODE_STREAM, decoded,
		                  a->ndecode, decode_fits,
		                  "u8t_stream_decode: ", a->stream, a->nstream,
		                  a->stream_fits);
	if (a->probed)
		judge_state(&g, a);
	if (j->variants && decoded != NULL)
		u8c_note_variants(t, j->profile, in, decoded, a->ndecode);
}
