/* SPDX-License-Identifier: MIT */
/*
 * side_by_side.c - one input's answers, the target's and the
 * reference's, as they are.
 */
#include <string.h>

#include "chunking.h"
#include "hex.h"
#include "side_by_side.h"
#include "u8t.h"

static void
line(FILE *out, const char *fn, const char *who, const char *text)
{
	fprintf(out, "%-10s %-10s %s\n", fn, who, text);
}

static void
code_points(FILE *out, const char *fn, const char *who, const uint32_t *cp,
            size_t n)
{
	static char text[12 * U8C_MAX_INPUT];

	u8s_code_points_format(text, sizeof text, cp, n);
	line(out, fn, who, text);
}

/* The answers of one function, or what became of its call. */
static int
answered(FILE *out, const char *fn, const struct u8c_capture *c, int k)
{
	if (c->given[k] == U8C_ANSWER_GIVEN)
		return 1;
	if (c->given[k] == U8C_ANSWER_DIED)
		line(out, fn, "target", "(died: see below)");
	return 0;
}

static void
steps(FILE *out, const char *fn, const char *who, const uint32_t *cp,
      const size_t *len, size_t n)
{
	fprintf(out, "%-10s %-10s", fn, who);
	for (size_t i = 0; i < n; i++)
		if (cp[i] == U8T_ERROR)
			fprintf(out, " [%zu] error", len[i]);
		else
			fprintf(out, " [%zu] %04X", len[i], (unsigned)cp[i]);
	fputc('\n', out);
}

/* Values v[0..n) a chunk at a time, after[k] of them by the end of
 * chunk k: "(nothing) | 0080". */
static void
chunked(FILE *out, const char *fn, const char *who, const uint32_t *v,
        const size_t *after, size_t nchunks)
{
	static char text[12 * U8C_MAX_INPUT];
	size_t from = 0;

	fprintf(out, "%-10s %-10s", fn, who);
	for (size_t k = 0; k < nchunks; k++) {
		u8s_code_points_format(text, sizeof text, v + from,
		                       after[k] - from);
		fprintf(out, "%s %s", k > 0 ? " |" : "", text);
		from = after[k];
	}
	fputc('\n', out);
}

/* u8t_stream_decode and u8ref's stream, chunk by chunk. */
static void
stream_view(FILE *out, const struct u8c_item *item,
            const struct u8ref_profile *p, const struct u8c_capture *c)
{
	static uint32_t want[2 * U8C_MAX_INPUT];
	static size_t after[U8C_MAX_INPUT + 1];
	static char text[5 * U8C_MAX_INPUT + 16]; /* "XX | " a byte */
	struct u8c_chunking given = {U8C_CHUNK_GIVEN, 0, 0};
	struct u8ref_stream st;
	size_t nchunks = c->stream_ncuts + 1, from = 0, nwant = 0, used;

	if (!answered(out, "stream", c, U8C_FN_STREAM))
		return;
	u8c_chunks_format(text, sizeof text, item->s, item->n, &given);
	line(out, "stream", "chunks", nchunks > 1 ? text : "one");
	chunked(out, "", "target", c->stream, c->stream_after, nchunks);
	u8ref_stream_init(&st, p);
	/* values never outnumber bytes, so one call takes each chunk */
	for (size_t k = 0; k < nchunks; k++) {
		size_t to = k < c->stream_ncuts ? c->stream_cuts[k] : item->n;

		nwant += u8ref_stream_decode(
		    &st, item->s + from, to - from, k + 1 == nchunks,
		    want + nwant, sizeof want / sizeof *want - nwant, &used);
		from = to;
		after[k] = nwant;
	}
	chunked(out, "", "reference", want, after, nchunks);
}

static void
bytes_view(FILE *out, const struct u8c_item *item,
           const struct u8ref_profile *p, const struct u8c_capture *c)
{
	static uint32_t want[U8C_MAX_INPUT], cps[U8C_MAX_INPUT];
	static size_t lens[U8C_MAX_INPUT];
	struct u8ref_validation v = u8ref_validate(p, item->s, item->n);
	size_t n = u8ref_decode_all(p, item->s, item->n, want, U8C_MAX_INPUT);
	struct u8ref_result r;
	char text[256];
	size_t k = 0;

	if (answered(out, "decode", c, U8C_FN_DECODE)) {
		if (c->ndecode > c->cap || c->cap > U8C_MAX_INPUT)
			line(out, "decode", "target", "returned more than cap");
		else
			code_points(out, "decode", "target", c->decode,
			            c->ndecode);
		code_points(out, "", "reference", want, n);
	}
	if (answered(out, "validate", c, U8C_FN_VALIDATE)) {
		if (c->valid == 1)
			snprintf(text, sizeof text, "well-formed");
		else if (c->err == SIZE_MAX)
			snprintf(text, sizeof text, "%d (no offset stored)",
			         c->valid);
		else
			snprintf(text, sizeof text,
			         "%d, first error at byte %zu", c->valid,
			         c->err);
		line(out, "validate", "target", text);
		if (v.status == U8REF_OK)
			snprintf(text, sizeof text, "well-formed");
		else
			snprintf(text, sizeof text,
			         "0, first error at byte %zu (%s, %zu byte%s)",
			         v.offset, u8ref_status_name(v.status), v.len,
			         v.len == 1 ? "" : "s");
		line(out, "", "reference", text);
	}
	if (answered(out, "next", c, U8C_FN_NEXT)) {
		steps(out, "next", "target", c->next_cp, c->next_len,
		      c->nnext < U8C_MAX_INPUT ? c->nnext : U8C_MAX_INPUT);
		for (size_t off = 0; off < item->n; off += r.len, k++) {
			r = u8ref_decode_one(p, item->s + off, item->n - off);
			cps[k] = r.status == U8REF_OK ? r.cp : U8T_ERROR;
			lens[k] = r.len;
		}
		steps(out, "", "reference", cps, lens, k);
	}
	stream_view(out, item, p, c);
}

static void
code_point_view(FILE *out, const struct u8c_item *item,
                const struct u8ref_profile *p, const struct u8c_capture *c)
{
	uint8_t want[U8REF_MAX_LEN];
	size_t n = u8ref_encode(p, item->cp, want);
	char text[64];

	if (!answered(out, "encode", c, U8C_FN_ENCODE))
		return;
	if (c->nencode > 8)
		snprintf(text, sizeof text, "%zu bytes", c->nencode);
	else if (c->nencode == 0)
		snprintf(text, sizeof text, "refused");
	else
		u8s_hex_format(text, sizeof text, c->encode, c->nencode);
	line(out, "encode", "target", text);
	if (n == 0)
		snprintf(text, sizeof text, "refused");
	else
		u8s_hex_format(text, sizeof text, want, n);
	line(out, "", "reference", text);
}

void
u8c_side_by_side(FILE *out, const struct u8c_plan *plan,
                 const struct u8c_sandbox_outcome *o)
{
	static uint8_t buf[U8C_MAX_INPUT];
	static char text[3 * U8C_MAX_INPUT + 16];
	const struct u8c_plan_row *row = &plan->rows[0];
	struct u8c_item item = u8c_family_item(row->family, 0, buf);

	if (item.kind == U8C_ITEM_CODE_POINT) {
		u8s_u_format(text, sizeof text, item.cp);
		fprintf(out, "input      %s\n", text);
	} else {
		u8s_hex_format(text, sizeof text, item.s, item.n);
		fprintf(out, "input      %s (%zu bytes)\n", text, item.n);
	}
	if (!o->capture.captured) {
		fprintf(out, "(no answers were kept for this input: see "
		             "below)\n\n");
		return;
	}
	if (item.kind == U8C_ITEM_CODE_POINT)
		code_point_view(out, &item, plan->profile, &o->capture);
	else
		bytes_view(out, &item, plan->profile, &o->capture);
	fputc('\n', out);
}
