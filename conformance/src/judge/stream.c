/* SPDX-License-Identifier: MIT */
/*
 * stream.c - judging u8t_stream_decode, chunking by chunking (stream.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "chunking.h"
#include "judging.h"
#include "match.h"
#include "stream.h"

const uint8_t u8c_stream_probe_input[9] = {0xC3, 0xA9, 0xE2, 0x82, 0xAC,
                                           0xF0, 0x9F, 0x98, 0x80};

/* Whether values v[0..nv), decided on bytes b[0..nb), replace some of
 * them (an ill-formed piece, where a decoder may give a U+FFFD a byte)
 * rather than decode a U+FFFD spelt EF BF BD. */
static int
replaced(const uint32_t *v, size_t nv, const uint8_t *b, size_t nb)
{
	static const uint8_t spelt[3] = {0xEF, 0xBF, 0xBD};

	for (size_t k = 0; k < nv; k++)
		if (v[k] == 0xFFFD)
			return !(nv == 1 && nb == 3 &&
			         memcmp(b, spelt, 3) == 0);
	return 0;
}

void
u8c_stream_ref_make(struct u8c_stream_ref *r, const struct u8ref_profile *p,
                    const uint8_t *s, size_t n)
{
	struct u8ref_stream st;
	uint32_t out[1 + U8REF_STREAM_HOLD];
	size_t used, written = 0, allowed = 0;

	u8ref_stream_init(&st, p);
	r->n = n;
	r->written[0] = 0;
	r->allowed[0] = 0;
	r->held[0] = 0;
	for (size_t i = 0; i < n; i++) {
		size_t got = u8ref_stream_decode(
		    &st, s + i, 1, 0, out, sizeof out / sizeof out[0], &used);
		/* the bytes this one decided: held before, and s[i], but
		 * for those held now */
		size_t decided = r->held[i] + 1 - st.nheld;

		written += got;
		allowed += replaced(out, got, s + i - r->held[i], decided)
		               ? decided
		               : got;
		r->written[i + 1] = (uint32_t)written;
		r->allowed[i + 1] = (uint32_t)allowed;
		r->held[i + 1] = (uint8_t)st.nheld;
	}
}

/*
 * Under Table 3-7 the reading already says where the stream writes each
 * token: a character by the byte that ends it, a lone byte that begins
 * nothing (a stray continuation, C0, C1, F5..FF) by itself, and any
 * other subpart, a prefix of some character, by the byte after it that
 * breaks it (a prefix the input ends in: never, it is held at the end).
 */
static int
written_at_its_end(enum u8ref_status status)
{
	return status == U8REF_OK || status == U8REF_CONTINUATION ||
	       status == U8REF_INVALID_LEAD;
}

static size_t
written_by(const struct u8c_token *t, size_t end)
{
	return written_at_its_end((enum u8ref_status)t->status) ? end : end + 1;
}

void
u8c_stream_ref_read(struct u8c_stream_ref *r, const struct u8ref_profile *p,
                    const struct u8c_reading *in)
{
	size_t k = 0, start = 0, written = 0, allowed = 0;

	if (p != u8ref_profile_at(0)) {
		u8c_stream_ref_make(r, p, in->s, in->n);
		return;
	}
	r->n = in->n;
	r->written[0] = 0;
	r->allowed[0] = 0;
	r->held[0] = 0;
	for (size_t at = 1; at <= in->n; at++) {
		/* the tokens s[at - 1] decides: they begin at s[from] */
		size_t from = start, first = k;

		while (k < in->ntok &&
		       written_by(&in->tok[k], start + in->tok[k].len) == at)
			start += in->tok[k++].len;
		written += k - first;
		allowed += replaced(in->want + first, k - first, in->s + from,
		                    start - from)
		               ? start - from
		               : k - first;
		r->written[at] = (uint32_t)written;
		r->allowed[at] = (uint32_t)allowed;
		r->held[at] = (uint8_t)(at - start);
	}
}

size_t
u8c_stream_held(const struct u8ref_profile *p, const uint8_t *s, size_t n,
                uint8_t *held)
{
	static _Thread_local struct u8c_stream_ref walked;
	size_t error_at = SIZE_MAX;

	if (p != u8ref_profile_at(0)) {
		u8c_stream_ref_make(&walked, p, s, n);
		memcpy(held, walked.held, n + 1);
		return u8c_first_error(p, s, n);
	}
	held[0] = 0;
	for (size_t at = 0, len; at < n; at += len) {
		struct u8ref_result r = u8ref_decode_fast(s + at, n - at);

		len = r.len;
		/* a piece is held from its first byte on until it is
		 * written (written_by); one written by the byte after it
		 * has that byte's count overwritten by the next piece */
		for (size_t k = 1; k <= len; k++)
			held[at + k] = (uint8_t)k;
		if (written_at_its_end(r.status))
			held[at + len] = 0;
		if (r.status != U8REF_OK && error_at == SIZE_MAX)
			error_at = at;
	}
	return error_at;
}

/* "by byte 3: " */
static const char *
after_byte(char *buf, size_t room, size_t p)
{
	snprintf(buf, room, "by byte %zu: ", p);
	return buf;
}

/* The failure of a chunking that gives what the one-chunk run gave. */
static void
again(const struct judging *g, const struct u8c_stream_whole *whole)
{
	const struct u8c_failure *f = &whole->failure;
	struct u8c_example *e;

	if (f->level == U8C_PASS)
		return;
	if ((e = u8c_fail(g, f->check, f->level, f->part, f->parting)) != NULL)
		u8c_texts(e, "", g->in->want, g->in->nwant, "", whole->out,
		          whole->nout);
}

/* Whether the output ends in the U+FFFD of the tail held at the end, the
 * values before it fitting what comes before the tail: then a short
 * output is fewer U+FFFD earlier on (a WARN of its own), not a tail never
 * flushed.  E0 | 80 C2 given two: which one is missing cannot be told, so
 * the milder reading stands, and a stream that does not flush is caught
 * where nothing else is ill-formed (C2 |). */
static int
tail_replaced(const struct u8c_reading *in, const struct u8c_stream_ref *ref,
              const struct u8c_stream_answers *a)
{
	return a->nout > 0 && a->out[a->nout - 1] == U8REF_REPLACEMENT &&
	       in->ntok > 0 &&
	       in->tok[in->ntok - 1].bytes == ref->held[in->n] &&
	       u8c_match(in->tok, in->ntok - 1, a->out, a->nout - 1, NULL, NULL,
	                 NULL);
}

/* The checks of the cuts, where the one-chunk run was right; returns 1
 * when it found what the chunking did wrong. */
static int
judge_cuts(const struct judging *g, const struct u8c_stream_ref *ref,
           const struct u8c_stream_answers *a)
{
	const struct u8c_reading *in = g->in;
	struct u8c_example *e;
	size_t late = SIZE_MAX, n = in->n;
	char label[48];

	g->t->seen[U8C_STREAM_EARLY]++;
	g->t->seen[U8C_STREAM_PROMPT]++;
	for (size_t k = 0; k < a->ncuts; k++) {
		size_t p = a->cuts[k], w = a->after[k];

		if (ref->held[p] > 0 && w > ref->allowed[p]) {
			/* it wrote something for a tail that the next chunk
			 * could still complete: more than one value per byte
			 * before it */
			e = u8c_fail(g, U8C_STREAM_EARLY, U8C_FAIL,
			             u8c_part_at(in, p - ref->held[p]),
			             U8C_PARTING_CHANGED);
			if (e != NULL)
				u8c_texts(e, after_byte(label, sizeof label, p),
				          in->want, ref->written[p], label,
				          a->out, w);
			return 1;
		}
		if (w < ref->written[p] && late == SIZE_MAX &&
		    u8c_same_code_points(a->out, in->want, w))
			late = k;
	}
	if (a->nout == in->nwant &&
	    u8c_same_code_points(a->out, in->want, a->nout)) {
		size_t p = late != SIZE_MAX ? a->cuts[late] : 0;

		if (late == SIZE_MAX)
			return 1;
		/* every value right in the end, some written late */
		e = u8c_fail(g, U8C_STREAM_PROMPT, U8C_WARN,
		             u8c_part_at(in, p > 0 ? p - 1 : 0),
		             U8C_PARTING_LOST);
		if (e != NULL)
			u8c_texts(e, after_byte(label, sizeof label, p),
			          in->want, ref->written[p], label, a->out,
			          a->after[late]);
		return 1;
	}
	if (ref->held[n] > 0) {
		g->t->seen[U8C_STREAM_FLUSH]++;
		if (a->nout < in->nwant &&
		    u8c_same_code_points(a->out, in->want, a->nout) &&
		    !tail_replaced(in, ref, a)) {
			/* the tail never replaced */
			e = u8c_fail(g, U8C_STREAM_FLUSH, U8C_FAIL,
			             u8c_part_at(in, n - ref->held[n]),
			             U8C_PARTING_LOST);
			if (e != NULL)
				u8c_texts(e, "", in->want, in->nwant, "",
				          a->out, a->nout);
			return 1;
		}
	}
	return 0;
}

void
u8c_judge_stream(struct u8c_tallies *t, const struct u8c_judging *j,
                 const struct u8c_item *item, const struct u8c_reading *in,
                 const struct u8c_stream_ref *ref,
                 const struct u8c_stream_answers *a,
                 struct u8c_stream_whole *whole)
{
	struct judging g = {t, j, item, in};
	int first = item->chunking.kind == U8C_CHUNK_WHOLE;
	struct u8c_example *e;

	t->seen[U8C_ABI_STREAM_CAP]++;
	if (j->traits & U8C_STREAM_CONSUMED)
		t->seen[U8C_ABI_STREAM_CONSUMED]++;
	if (first)
		memset(whole, 0, sizeof *whole);
	if (a->over != SIZE_MAX && a->over_consumed) {
		if ((e = u8c_fail(&g, U8C_ABI_STREAM_CONSUMED, U8C_FAIL,
		                  u8c_whole, U8C_PARTING_OTHER)) != NULL) {
			int last = a->over == a->ncuts;

			snprintf(
			    e->expected, sizeof e->expected,
			    "%s the %zu bytes given to call %zu%s consumed",
			    last ? "all" : "at most", a->over_cap, a->over + 1,
			    last ? " (the last)" : "");
			if (a->over_got == SIZE_MAX)
				snprintf(e->got, sizeof e->got,
				         "*consumed not set");
			else
				snprintf(e->got, sizeof e->got, "%zu consumed",
				         a->over_got);
		}
		return;
	}
	if (a->over != SIZE_MAX) {
		if ((e = u8c_fail(&g, U8C_ABI_STREAM_CAP, U8C_FAIL, u8c_whole,
		                  U8C_PARTING_OTHER)) != NULL) {
			snprintf(e->expected, sizeof e->expected,
			         "at most %zu values from chunk %zu",
			         a->over_cap, a->over + 1);
			snprintf(e->got, sizeof e->got, "%zu", a->over_got);
		}
		return;
	}
	if (a->scribbled != SIZE_MAX &&
	    (e = u8c_fail(&g, U8C_ISOLATION_OVERWRITE, U8C_FAIL, u8c_whole,
	                  U8C_PARTING_OTHER)) != NULL) {
		/* the bytes beside the state that the guard page misses */
		snprintf(e->expected, sizeof e->expected,
		         "nothing written outside state[0..%zu)",
		         a->state_size);
		snprintf(e->got, sizeof e->got,
		         "bytes beside it changed by chunk %zu",
		         a->scribbled + 1);
	}
	u8c_count_tested(&g, U8C_FN_STREAM);
	if (first) {
		whole->judged = 1;
		whole->out = a->out;
		whole->nout = a->nout;
		u8c_judge_values(&g, U8C_FN_STREAM, a->out, a->nout,
		                 &whole->failure);
		whole->exact = whole->failure.level == U8C_PASS;
		return;
	}
	if (whole->judged && a->nout == whole->nout &&
	    u8c_same_code_points(a->out, whole->out, a->nout) &&
	    !whole->exact) {
		again(&g, whole);
		return;
	}
	if (whole->judged && whole->exact && judge_cuts(&g, ref, a))
		return;
	u8c_judge_values(&g, U8C_FN_STREAM, a->out, a->nout, NULL);
}

void
u8c_judge_stream_size(struct u8c_tallies *t, const struct u8c_expectations *x,
                      uint64_t size)
{
	struct u8c_failure f = {U8C_ABI_STREAM_SIZE, U8C_FAIL, {0, 0},
	                        U8C_PARTING_OTHER,   0,        -1,
	                        U8C_DURING_LOADING};
	struct u8c_item none = {U8C_ITEM_BYTES, NULL, 0, 0, {0, 0, 0}};
	struct u8c_example *e;

	t->t[U8C_ABI_STREAM_SIZE].tested++; /* once, while loading */
	if (size >= 1 && size <= U8C_STATE_MAX)
		return;
	f.expected = u8c_expect_match(x, f.check, NULL, NULL, 1);
	if ((e = u8c_tally_fail(t, &f, &none, U8C_NO_RUN, 0)) == NULL)
		return;
	e->during = U8C_DURING_LOADING;
	e->fn = U8C_FN_STREAM;
	snprintf(e->expected, sizeof e->expected, "1..%d bytes", U8C_STATE_MAX);
	snprintf(e->got, sizeof e->got, "%llu", (unsigned long long)size);
}

/* A probe's two runs that should agree: if they do not, check @c fails
 * with both, labelled; returns 1 when it failed. */
static int
differ(const struct judging *g, enum u8c_check_id c, const char *want_label,
       const uint32_t *want, size_t nwant, const char *got_label,
       const uint32_t *got, size_t ngot)
{
	struct u8c_example *e;

	if (ngot == nwant && u8c_same_code_points(got, want, nwant))
		return 0;
	e = u8c_fail(g, c, U8C_FAIL, u8c_whole, U8C_PARTING_OTHER);
	if (e != NULL)
		u8c_texts(e, want_label, want, nwant, got_label, got, ngot);
	return 1;
}

void
u8c_judge_stream_probes(struct u8c_tallies *t, const struct u8c_judging *j,
                        const struct u8c_item *item,
                        const struct u8c_reading *in,
                        const struct u8c_stream_probes *p)
{
	struct judging g = {t, j, item, in};

	if (!p->ran)
		return;
	t->seen[U8C_STREAM_INIT]++;
	t->seen[U8C_STREAM_INDEPENDENT]++;
	differ(&g, U8C_STREAM_INIT, "in a new state: ", p->alone, p->nalone,
	       "after this input: ", p->after_init, p->nafter_init);
	if (!differ(&g, U8C_STREAM_INDEPENDENT, "alone: ", p->bytes_item,
	            p->nbytes_item, "taking turns: ", p->turns_item,
	            p->nturns_item))
		differ(&g, U8C_STREAM_INDEPENDENT,
		       "the other state alone: ", p->alone, p->nalone,
		       "taking turns: ", p->turns_probe, p->nturns_probe);
}
