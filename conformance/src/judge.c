/* SPDX-License-Identifier: MIT */
/*
 * judge.c - a target's answers against the reference's, input by input.
 *
 * The reference cuts each input into well-formed characters and runs of
 * ill-formed bytes.  A target's code points must give every character
 * its value; for each run it may give from none to one U+FFFD per byte
 * (the count tells its replacement policy).  Anything else is a FAIL: a
 * character lost or changed, or ill-formed bytes read as a character.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "judge.h"
#include "reading.h"

enum { MAX_OUT = U8C_MAX_INPUT, MAX_TOKENS = U8C_MAX_TOKENS };

static const char *const fate_names[U8C_FATES][2] = {
    [U8C_FATE_CRASH] = {"crash", "crashes (killed by a signal)"},
    [U8C_FATE_OVERREAD] = {"over-read", "reads past the end of its input"},
    [U8C_FATE_UNDERREAD] = {"under-read",
                            "reads before the start of its input"},
    [U8C_FATE_OVERWRITE] = {"over-write", "writes past the end of its output"},
    [U8C_FATE_HANG] = {"hang", "hangs (no answer within the timeout)"},
    [U8C_FATE_EXIT] = {"exit", "calls exit"},
    [U8C_FATE_OUTPUT] = {"output", "writes to stdout or stderr"},
};

static const char *const single_names[][2] = {
    {"decode/replacement", "u8t_decode: U+FFFD per maximal subpart"},
    {"decode/drops", "u8t_decode: ill-formed input replaced, not dropped"},
    {"decode/bom", "u8t_decode: a leading BOM kept as U+FEFF"},
    {"next/replacement", "u8t_next: errors as long as their maximal subpart"},
    {"encode/scalars", "u8t_encode: every scalar value, shortest form"},
    {"encode/surrogates", "u8t_encode: refuses surrogates D800..DFFF"},
    {"encode/beyond", "u8t_encode: refuses values beyond U+10FFFF"},
    {"abi/decode-cap", "u8t_decode: returns at most cap"},
    {"abi/validate", "u8t_validate: returns 0 or 1, and the right offset"},
    {"abi/next", "u8t_next: consumes 1..n bytes"},
    {"abi/encode", "u8t_encode: writes at most 6 bytes"},
    {"consistency/decode-next", "u8t_decode gives what u8t_next gives"},
    {"state/between-calls", "no state kept between calls"},
};

void
u8c_check_id(enum u8c_check c, char *buf, size_t len)
{
	static const char *const fns[] = {"decode", "validate", "next"};

	if (c < U8C_CHECK_DECODE_REPLACEMENT)
		snprintf(buf, len, "%s/%s", fns[c / U8C_GROUPS],
		         u8c_group_id((enum u8c_group)(c % U8C_GROUPS)));
	else if (c < U8C_CHECK_FATE)
		snprintf(buf, len, "%s",
		         single_names[c - U8C_CHECK_DECODE_REPLACEMENT][0]);
	else
		snprintf(buf, len, "isolation/%s",
		         fate_names[c - U8C_CHECK_FATE][0]);
}

void
u8c_check_title(enum u8c_check c, char *buf, size_t len)
{
	static const char *const fns[] = {"u8t_decode", "u8t_validate",
	                                  "u8t_next"};

	if (c < U8C_CHECK_DECODE_REPLACEMENT)
		snprintf(buf, len, "%s: %s", fns[c / U8C_GROUPS],
		         u8c_group_title((enum u8c_group)(c % U8C_GROUPS)));
	else if (c < U8C_CHECK_FATE)
		snprintf(buf, len, "%s",
		         single_names[c - U8C_CHECK_DECODE_REPLACEMENT][1]);
	else
		snprintf(buf, len, "never %s",
		         fate_names[c - U8C_CHECK_FATE][1]);
}

/* Smaller means shorter, then lower bytes: the counterexample shown. */
static int
smaller(const uint8_t *s, size_t n, const struct u8c_example *e)
{
	if (n != e->n)
		return n < e->n;
	return memcmp(s, e->input, n) < 0;
}

/* Counts a failure of check @c at level @level on input s[0..n); returns
 * the example to fill in when this input is the smallest so far. */
static struct u8c_example *
fail(struct u8c_results *r, enum u8c_check c, enum u8c_level level,
     const uint8_t *s, size_t n)
{
	struct u8c_tally *t = &r->checks[c];

	t->failed++;
	if (level > t->level)
		t->level = level;
	if (n > U8C_EXAMPLE_INPUT ||
	    (t->has_example && !smaller(s, n, &t->example)))
		return NULL;
	t->has_example = 1;
	memset(&t->example, 0, sizeof t->example);
	memcpy(t->example.input, s, n);
	t->example.n = n;
	return &t->example;
}

static void
format_code_points(char *buf, size_t len, const uint32_t *cp, size_t n)
{
	size_t i, at = 0;

	buf[0] = '\0';
	for (i = 0; i < n && at + 12 < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%04X",
		                       i ? " " : "", (unsigned)cp[i]);
	if (i < n)
		snprintf(buf + at, len - at, " ...");
	if (n == 0)
		snprintf(buf, len, "(nothing)");
}

/* @label, then the code points. */
static void
labelled(char *buf, size_t len, const char *label, const uint32_t *cp, size_t n)
{
	size_t at = (size_t)snprintf(buf, len, "%s", label);

	format_code_points(buf + at, len - at, cp, n);
}

enum { MATCH_CELLS = 1 << 16 };

/*
 * Whether out[0..nout) gives every character of tok[] its value and each
 * run any number of U+FFFD.  @counts, when not NULL, receives a count of
 * U+FFFD for each run on one matching reading (preferring the maximal
 * subpart count where two readings exist).  Returns 1 on a match; on a
 * mismatch *@stuck (when not NULL) is the first token no reading gets
 * past.
 */
/* Whether out[from..to) is all U+FFFD. */
static int
all_replacement(const uint32_t *out, size_t from, size_t to)
{
	while (from < to)
		if (out[from++] != U8REF_REPLACEMENT)
			return 0;
	return 1;
}

static int
match(const struct u8c_token *tok, size_t ntok, const uint32_t *out,
      size_t nout, size_t *counts, size_t *stuck)
{
	static unsigned char reach[MATCH_CELLS]; /* token t, position j */
	size_t w = nout + 1, t, j, c;

	if ((ntok + 1) * w > MATCH_CELLS) {
		if (stuck != NULL)
			*stuck = ntok;
		return 0;
	}
	memset(reach, 0, (ntok + 1) * w);
	reach[0] = 1;
	for (t = 0; t < ntok; t++) {
		for (j = 0; j <= nout; j++) {
			if (!reach[t * w + j])
				continue;
			if (tok[t].bytes == 0) {
				if (j < nout && out[j] == tok[t].cp)
					reach[(t + 1) * w + j + 1] = 1;
				continue;
			}
			/* A subpart of b bytes may give 0..b U+FFFD. */
			for (c = 0; j + c <= nout && c <= tok[t].bytes; c++) {
				reach[(t + 1) * w + j + c] = 1;
				if (j + c == nout ||
				    out[j + c] != U8REF_REPLACEMENT)
					break;
			}
		}
	}
	if (stuck != NULL && !reach[ntok * w + nout]) {
		/* The first output no reading explains is at the furthest
		 * position reached; the first piece standing there is the
		 * one the target read differently. */
		size_t far = 0;

		for (t = 0; t <= ntok; t++)
			for (j = far; j <= nout; j++)
				if (reach[t * w + j])
					far = j;
		/* All output explained: a character was lost, the first one
		 * still standing at the end. */
		for (t = 0; t < ntok && !(reach[t * w + far] &&
		                          (far < nout || tok[t].bytes == 0));
		     t++)
			;
		*stuck = t;
	}
	if (!reach[ntok * w + nout])
		return 0;
	/* Walk back along one reading for the runs' counts, preferring the
	 * maximal-subpart count where the reading allows it. */
	for (t = ntok, j = nout; counts != NULL && t-- > 0;) {
		if (tok[t].bytes == 0) {
			j--;
			continue;
		}
		c = 1; /* one U+FFFD for the subpart, if the reading allows */
		if (c > j || !reach[t * w + j - c] ||
		    !all_replacement(out, j - c, j))
			for (c = 0; !reach[t * w + j - c] ||
			            !all_replacement(out, j - c, j);)
				c++;
		counts[t] = c;
		j -= c;
	}
	return 1;
}

/* Records which policies a matched reading contradicts, run by run (a
 * run is consecutive ill-formed subparts); returns 1 if a run was
 * dropped whole. */
static int
note_policy(struct u8c_results *r, const struct u8c_token *tok, size_t ntok,
            const size_t *counts)
{
	size_t t, bytes, subparts, count;
	int dropped = 0;

	for (t = 0; t < ntok; t++) {
		if (tok[t].bytes == 0)
			continue;
		for (bytes = subparts = count = 0; t < ntok && tok[t].bytes > 0;
		     t++) {
			bytes += tok[t].bytes;
			subparts++;
			count += counts[t];
		}
		r->policy_runs++;
		if (count != subparts)
			r->policy_violated |= 1u << U8C_POLICY_MAXIMAL;
		if (count != bytes)
			r->policy_violated |= 1u << U8C_POLICY_PER_BYTE;
		if (count != 1)
			r->policy_violated |= 1u << U8C_POLICY_PER_RUN;
		if (count != 0)
			r->policy_violated |= 1u << U8C_POLICY_DROPS;
		dropped |= count == 0;
	}
	return dropped;
}

static int
is_bom_stripped(const struct u8c_reading *in, const uint32_t *out, size_t nout)
{
	return in->n >= 3 && in->s[0] == 0xEF && in->s[1] == 0xBB &&
	       in->s[2] == 0xBF && nout + 1 == in->nwant &&
	       memcmp(out, in->want + 1, nout * sizeof *out) == 0;
}

/* memcmp, for the few code points most inputs have: no call. */
static int
same_code_points(const uint32_t *a, const uint32_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

/* Judges a sequence of code points from u8t_decode (or u8t_next, when
 * @from_next) against the reference's reading. */
static int
judge_code_points(struct u8c_results *r, const struct u8c_reading *in,
                  const uint32_t *out, size_t nout, int from_next)
{
	enum u8c_check base = from_next ? U8C_CHECK_NEXT : U8C_CHECK_DECODE;
	static size_t counts[MAX_TOKENS];
	struct u8c_example *e;
	enum u8c_check c;
	enum u8c_level level;
	size_t stuck = 0;
	int dropped = 0, g;

	if (!from_next)
		r->seen[U8C_CHECK_DECODE_DROPS]++;
	/* Every kind of piece in the input is tested by it. */
	for (uint32_t left = in->groups; left != 0; left &= left - 1)
		r->seen[(size_t)base + (size_t)__builtin_ctz(left)]++;
	r->seen[from_next ? U8C_CHECK_NEXT_REPLACEMENT
	                  : U8C_CHECK_DECODE_REPLACEMENT]++;
	if (nout == in->nwant && same_code_points(out, in->want, nout))
		return 1;
	if (!from_next && is_bom_stripped(in, out, nout)) {
		c = U8C_CHECK_DECODE_BOM;
		level = U8C_INFO;
	} else if (match(in->tok, in->ntok, out, nout, counts, &stuck)) {
		dropped = note_policy(r, in->tok, in->ntok, counts);
		c = from_next ? U8C_CHECK_NEXT_REPLACEMENT
		    : dropped ? U8C_CHECK_DECODE_DROPS
		              : U8C_CHECK_DECODE_REPLACEMENT;
		level = U8C_WARN;
	} else {
		/* Reported under the piece no reading of the output gets
		 * past: that is where the target departs. */
		if (stuck >= in->ntok && in->ntok > 0)
			stuck = in->ntok - 1;
		g = stuck < in->ntok && in->tok[stuck].group >= 0
		        ? in->tok[stuck].group
		        : (int)in->group;
		c = base + (enum u8c_check)g;
		level = U8C_FAIL;
	}
	if ((e = fail(r, c, level, in->s, in->n)) != NULL) {
		format_code_points(e->expected, sizeof e->expected, in->want,
		                   in->nwant);
		format_code_points(e->got, sizeof e->got, out, nout);
	}
	return level != U8C_FAIL;
}

static void
judge_decode(struct u8c_worker *w, struct u8c_results *r,
             const struct u8c_target *t, const struct u8c_reading *in,
             uint32_t *got, size_t *ngot, int *matched)
{
	const uint8_t *s = u8c_worker_input(w, in->s, in->n);
	uint32_t *out = u8c_worker_output(w, in->n);
	struct u8c_example *e;
	size_t count = t->decode(s, in->n, out, in->n);

	r->seen[U8C_CHECK_ABI_DECODE_CAP]++;
	if (count > in->n) {
		if ((e = fail(r, U8C_CHECK_ABI_DECODE_CAP, U8C_FAIL, in->s,
		              in->n)) != NULL) {
			snprintf(e->expected, sizeof e->expected, "at most %zu",
			         in->n);
			snprintf(e->got, sizeof e->got, "%zu", count);
		}
		*ngot = SIZE_MAX;
		return;
	}
	memcpy(got, out, count * sizeof *out);
	*ngot = count;
	*matched = judge_code_points(r, in, got, count, 0);
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
			v.status = in->tok[t].status;
			v.len = in->tok[t].bytes;
			return v;
		}
		v.offset += in->tok[t].len;
	}
	v.offset = in->n;
	return v;
}

static void
judge_validate(struct u8c_worker *w, struct u8c_results *r,
               const struct u8c_target *t, const struct u8c_reading *in)
{
	const uint8_t *s = u8c_worker_input(w, in->s, in->n);
	struct u8ref_validation v = first_error(in);
	size_t err = SIZE_MAX;
	int ok = t->validate(s, in->n, &err);
	struct u8c_example *e;

	r->seen[U8C_CHECK_VALIDATE + in->group]++;
	r->seen[U8C_CHECK_ABI_VALIDATE]++;
	if (ok != 0 && ok != 1) {
		if ((e = fail(r, U8C_CHECK_ABI_VALIDATE, U8C_FAIL, in->s,
		              in->n)) != NULL) {
			snprintf(e->expected, sizeof e->expected, "0 or 1");
			snprintf(e->got, sizeof e->got, "%d", ok);
		}
		return;
	}
	if (ok != (v.status == U8REF_OK)) {
		if ((e = fail(r,
		              U8C_CHECK_VALIDATE +
		                  group_at(in, ok ? SIZE_MAX : err),
		              U8C_FAIL, in->s, in->n)) != NULL) {
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
	if (!ok && err != SIZE_MAX && err != v.offset) {
		if ((e = fail(r, U8C_CHECK_ABI_VALIDATE, U8C_FAIL, in->s,
		              in->n)) != NULL) {
			snprintf(e->expected, sizeof e->expected,
			         "first error at byte %zu", v.offset);
			snprintf(e->got, sizeof e->got, "at byte %zu", err);
		}
	}
}

static void
judge_next(struct u8c_worker *w, struct u8c_results *r,
           const struct u8c_target *t, const struct u8c_reading *in,
           uint32_t *got, size_t *ngot, int *matched)
{
	const uint8_t *s = u8c_worker_input(w, in->s, in->n);
	struct u8c_example *e;
	size_t off, len, count = 0;
	uint32_t cp;

	r->seen[U8C_CHECK_ABI_NEXT]++;
	for (off = 0; off < in->n; off += len) {
		cp = U8T_ERROR;
		len = t->next(s + off, in->n - off, &cp);
		if (len == 0 || len > in->n - off) {
			if ((e = fail(r, U8C_CHECK_ABI_NEXT, U8C_FAIL, in->s,
			              in->n)) != NULL) {
				snprintf(e->expected, sizeof e->expected,
				         "1..%zu bytes consumed at byte %zu",
				         in->n - off, off);
				snprintf(e->got, sizeof e->got, "%zu", len);
			}
			*ngot = SIZE_MAX;
			return;
		}
		got[count++] = cp == U8T_ERROR ? U8REF_REPLACEMENT : cp;
	}
	*ngot = count;
	*matched = judge_code_points(r, in, got, count, 1);
}

/* The answers to a fixed input, which must not change from call to
 * call: a stateless target gives the same every time. */
struct probe {
	size_t ndecode, nnext;
	uint32_t decode[4], next[4];
	int valid;
};

/* A continuation byte first: it is what a leftover lead byte would
 * swallow.  Each of them shows a leftover lead byte. */
enum { PROBES = 3 };
static const uint8_t probe_inputs[PROBES][2] = {
    {0x80, 0x41}, {0xBF, 0}, {0x41, 0}};
static const size_t probe_len[PROBES] = {2, 1, 1};
static const char *const probe_names[PROBES] = {"80 41", "BF", "41"};

static void
run_probe(struct u8c_worker *w, const struct u8c_target *t, size_t k,
          struct probe *p)
{
	size_t off, len, n = probe_len[k];
	uint32_t cp, *out;
	const uint8_t *s;

	memset(p, 0, sizeof *p);
	p->valid = -1;
	if (t->decode) {
		s = u8c_worker_input(w, probe_inputs[k], n);
		out = u8c_worker_output(w, n);
		p->ndecode = t->decode(s, n, out, n);
		if (p->ndecode <= n)
			memcpy(p->decode, out, p->ndecode * sizeof *out);
	}
	if (t->validate) {
		s = u8c_worker_input(w, probe_inputs[k], n);
		p->valid = t->validate(s, n, NULL);
	}
	for (off = 0; t->next && off < n && p->nnext < 4; off += len) {
		s = u8c_worker_input(w, probe_inputs[k], n);
		len = t->next(s + off, n - off, &cp);
		p->next[p->nnext++] = cp;
		if (len == 0 || len > n - off)
			break;
	}
}

/* After input number @i, one of the probes in turn (all three cost
 * three times as much and find no more: each shows leftover state). */
static void
judge_state(struct u8c_worker *w, struct u8c_results *r,
            const struct u8c_target *t, const struct u8c_reading *in, size_t i)
{
	static struct probe fresh[PROBES];
	static int ready;
	size_t k = i % PROBES;
	struct probe now;
	struct u8c_example *e;

	if (!ready) {
		for (size_t j = 0; j < PROBES; j++)
			run_probe(w, t, j, &fresh[j]);
		ready = 1;
	}
	run_probe(w, t, k, &now);
	r->seen[U8C_CHECK_STATE]++;
	if (memcmp(&now, &fresh[k], sizeof now) == 0)
		return;
	if ((e = fail(r, U8C_CHECK_STATE, U8C_FAIL, in->s, in->n)) != NULL) {
		snprintf(e->expected, sizeof e->expected,
		         "the next call on %s answers as on a fresh start",
		         probe_names[k]);
		snprintf(e->got, sizeof e->got,
		         "a different answer after this input");
	}
}

/*
 * Lead bytes whose reading differs between profiles: a byte b such that
 * some profile decodes <b> or some <b x> unlike Table 3-7.  An input
 * without one reads alike under every profile and says nothing about
 * the variant.  Worked out from the tables once per worker.
 */
static const unsigned char *
telling_leads(void)
{
	static unsigned char telling[256];
	static int ready;
	const struct u8ref_profile *p, *unicode = u8ref_profile_at(0);
	struct u8ref_result a, b;
	uint8_t s[2];
	unsigned x, y;
	size_t i;

	for (x = 0; !ready && x < 256; x++) {
		s[0] = (uint8_t)x;
		for (y = 0; y < 257 && !telling[x]; y++) {
			s[1] = (uint8_t)y;
			for (i = 1; (p = u8ref_profile_at(i)) != NULL; i++) {
				a = u8ref_decode_one(unicode, s,
				                     y < 256 ? 2 : 1);
				b = u8ref_decode_one(p, s, y < 256 ? 2 : 1);
				if (a.status != b.status || a.len != b.len ||
				    a.cp != b.cp)
					telling[x] = 1;
			}
		}
	}
	ready = 1;
	return telling;
}

/* Which variants' readings the target's decoding fits. */
static void
judge_variants(struct u8c_results *r, const struct u8ref_profile *read_by,
               const struct u8c_reading *in, const uint32_t *got, size_t ngot)
{
	static struct u8c_token tok[MAX_TOKENS];
	const unsigned char *telling = telling_leads();
	const struct u8ref_profile *p;
	size_t i, ntok;

	for (i = 0; i < in->n && !telling[in->s[i]]; i++)
		;
	if (i == in->n)
		return;
	r->variant_tested++;
	for (i = 0; (p = u8ref_profile_at(i)) != NULL; i++) {
		/* A profile ruled out stays ruled out. */
		if (r->variant_violated >> i & 1u)
			continue;
		/* The reading at hand, given exactly, fits. */
		if (p == read_by && ngot == in->nwant &&
		    same_code_points(got, in->want, ngot))
			continue;
		ntok = u8c_tokenize(p, in->s, in->n, tok);
		if (!match(tok, ntok, got, ngot, NULL, NULL))
			r->variant_violated |= 1u << i;
	}
}

/* Asks every function once more and keeps the answers as they are. */
static void
capture(struct u8c_worker *w, const struct u8c_target *t, const uint8_t *in,
        size_t n, struct u8c_raw *raw)
{
	const uint8_t *s;
	uint32_t *out;
	size_t off, len;

	raw->captured = 1;
	raw->valid = -1;
	raw->ndecode = 0;
	if (t->decode) {
		s = u8c_worker_input(w, in, n);
		out = u8c_worker_output(w, n);
		raw->ndecode = t->decode(s, n, out, n);
		if (raw->ndecode <= n)
			memcpy(raw->decode, out,
			       (raw->ndecode < U8C_RAW_MAX ? raw->ndecode
			                                   : U8C_RAW_MAX) *
			           sizeof *out);
		else
			raw->ndecode = SIZE_MAX;
	}
	if (t->validate) {
		raw->err = SIZE_MAX;
		s = u8c_worker_input(w, in, n);
		raw->valid = t->validate(s, n, &raw->err);
	}
	s = u8c_worker_input(w, in, n);
	for (off = 0; t->next && off < n && raw->nnext < U8C_RAW_MAX;
	     off += len) {
		raw->next_cp[raw->nnext] = U8T_ERROR;
		len = t->next(s + off, n - off, &raw->next_cp[raw->nnext]);
		raw->next_len[raw->nnext++] = len;
		if (len == 0 || len > n - off)
			break;
	}
}

void
u8c_judge_input(struct u8c_worker *w, void *ctx, size_t i)
{
	const struct u8c_suite *suite = ctx;
	const struct u8c_target *t = suite->target;
	static struct u8c_results scratch; /* a replay counts nothing */
	struct u8c_results *r =
	    u8c_worker_replaying(w) ? &scratch : u8c_worker_results(w);
	static uint8_t buf[U8C_MAX_INPUT];
	static uint32_t decoded[MAX_OUT], stepped[MAX_OUT];
	static struct u8c_reading in;
	size_t ndecoded = SIZE_MAX, nstepped = SIZE_MAX;
	int decode_fits = 0, next_fits = 0;
	struct u8c_example *e;

	/* One pass of the reference gives the reading and, under Table
	 * 3-7, the meaning; a variant's reading needs a second pass. */
	u8c_read(suite->profile, buf, suite->family->get(i, buf), &in);
	if (t->decode)
		judge_decode(w, r, t, &in, decoded, &ndecoded, &decode_fits);
	if (t->validate)
		judge_validate(w, r, t, &in);
	if (t->next)
		judge_next(w, r, t, &in, stepped, &nstepped, &next_fits);
	if (ndecoded != SIZE_MAX && nstepped != SIZE_MAX) {
		r->seen[U8C_CHECK_CONSISTENCY]++;
		/* A BOM stripped by u8t_decode alone is its INFO. */
		size_t skip = nstepped == ndecoded + 1 &&
		                      is_bom_stripped(&in, decoded, ndecoded)
		                  ? 1
		                  : 0;

		if (ndecoded + skip != nstepped ||
		    !same_code_points(decoded, stepped + skip, ndecoded)) {
			/* Both fit the reference's reading and differ only
			 * in U+FFFD counts: two policies, a WARN. */
			e = fail(r, U8C_CHECK_CONSISTENCY,
			         decode_fits && next_fits ? U8C_WARN : U8C_FAIL,
			         in.s, in.n);
			if (e != NULL) {
				labelled(e->expected, sizeof e->expected,
				         "u8t_decode: ", decoded, ndecoded);
				labelled(e->got, sizeof e->got,
				         "u8t_next:   ", stepped, nstepped);
			}
		}
	}
	if (suite->probes)
		judge_state(w, r, t, &in, i);
	/* Every variant-th input is read under every profile too. */
	if (suite->variants > 0 && i % (size_t)suite->variants == 0 &&
	    ndecoded != SIZE_MAX)
		judge_variants(r, suite->profile, &in, decoded, ndecoded);
	if (suite->capture && r != &scratch)
		capture(w, t, in.s, in.n, &r->raw);
	r->survivors++; /* tested for every fate it did not meet */
}

/* Code points for the encoder: all of 0..10FFFF, then values beyond
 * it up to 7FFFFFFF and the top of the 32-bit range. */
enum { BEYOND = 65536 };

size_t
u8c_encoder_points(void)
{
	return 0x110000 + BEYOND + 2;
}

static uint32_t
encoder_point(size_t i)
{
	if (i < 0x110000)
		return (uint32_t)i;
	i -= 0x110000;
	if (i < BEYOND)
		return 0x110000 + (uint32_t)((uint64_t)(0x7FFFFFFF - 0x110000) *
		                             i / (BEYOND - 1));
	return i == BEYOND ? 0x80000000u : 0xFFFFFFFFu;
}

static void
format_bytes(char *buf, size_t len, const uint8_t *s, size_t n)
{
	size_t i, at = 0;

	buf[0] = '\0';
	for (i = 0; i < n && at + 4 < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%02X",
		                       i ? " " : "", s[i]);
	if (n == 0)
		snprintf(buf, len, "refused");
}

void
u8c_judge_encode(struct u8c_worker *w, void *ctx, size_t i)
{
	const struct u8c_suite *suite = ctx;
	struct u8c_results *r = u8c_worker_results(w);
	uint32_t cp = encoder_point(i);
	uint8_t want[U8REF_MAX_LEN], key[4], *out = u8c_worker_encode_buffer(w);
	size_t nwant = u8ref_encode(suite->profile, cp, want), ngot;
	enum u8c_check c = cp >= 0xD800 && cp <= 0xDFFF
	                       ? U8C_CHECK_ENCODE_SURROGATES
	                   : cp > 0x10FFFF ? U8C_CHECK_ENCODE_BEYOND
	                                   : U8C_CHECK_ENCODE_SCALARS;
	struct u8c_example *e;

	if (u8c_worker_replaying(w) || suite->target->encode == NULL)
		return;
	key[0] = (uint8_t)(cp >> 24);
	key[1] = (uint8_t)(cp >> 16);
	key[2] = (uint8_t)(cp >> 8);
	key[3] = (uint8_t)cp;
	u8c_worker_input(w, key, 4);
	ngot = suite->target->encode(cp, out);
	r->seen[c]++;
	r->seen[U8C_CHECK_ABI_ENCODE]++;
	r->survivors++; /* tested for every fate it did not meet */
	if (ngot > U8REF_MAX_LEN) {
		c = U8C_CHECK_ABI_ENCODE;
	} else if (ngot == nwant && memcmp(out, want, ngot) == 0) {
		return;
	}
	if ((e = fail(r, c, U8C_FAIL, key, 4)) != NULL) {
		e->code_point = 1;
		format_bytes(e->expected, sizeof e->expected, want, nwant);
		if (ngot > U8REF_MAX_LEN)
			snprintf(e->got, sizeof e->got, "%zu bytes", ngot);
		else
			format_bytes(e->got, sizeof e->got, out, ngot);
	}
}

void
u8c_judge_fate(void *ctx, enum u8c_fate fate, int detail, const uint8_t *s,
               size_t n)
{
	struct u8c_suite *suite = ctx;
	struct u8c_example *e;

	/* An item that never finished was not counted by its worker; one
	 * that wrote to stdout finished and was. */
	if (fate != U8C_FATE_OUTPUT)
		suite->total.checks[U8C_CHECK_FATE + fate].tested++;
	if ((e = fail(&suite->total, U8C_CHECK_FATE + fate, U8C_FAIL, s, n)) ==
	    NULL)
		return;
	e->code_point = suite->encoding;
	snprintf(e->expected, sizeof e->expected, "an answer");
	switch (fate) {
	case U8C_FATE_CRASH:
		snprintf(e->got, sizeof e->got, "killed by signal %d (%s)",
		         detail, strsignal(detail));
		break;
	case U8C_FATE_EXIT:
		snprintf(e->got, sizeof e->got, "exit(%d)", detail);
		break;
	default:
		snprintf(e->got, sizeof e->got, "%s", fate_names[fate][1]);
		break;
	}
}

void
u8c_judge_merge(void *ctx, const void *results)
{
	struct u8c_suite *suite = ctx;
	const struct u8c_results *from = results;
	struct u8c_results *to = &suite->total;
	size_t c;

	for (c = 0; c < U8C_CHECKS; c++) {
		const struct u8c_tally *a = &from->checks[c];
		struct u8c_tally *b = &to->checks[c];

		/* a worker's counts are in seen[]; a shard's report read
		 * back by --merge has them in tested */
		b->tested += a->tested + from->seen[c] +
		             (c >= U8C_CHECK_FATE ? from->survivors : 0);
		b->failed += a->failed;
		if (a->level > b->level)
			b->level = a->level;
		if (a->has_example &&
		    (!b->has_example ||
		     smaller(a->example.input, a->example.n, &b->example))) {
			b->has_example = 1;
			b->example = a->example;
		}
	}
	to->policy_violated |= from->policy_violated;
	to->policy_runs += from->policy_runs;
	to->variant_violated |= from->variant_violated;
	to->variant_tested += from->variant_tested;
	if (from->raw.captured)
		to->raw = from->raw;
}

enum u8c_level
u8c_verdict(const struct u8c_results *r)
{
	enum u8c_level v = U8C_PASS;
	size_t c;

	for (c = 0; c < U8C_CHECKS; c++)
		if (r->checks[c].level > v)
			v = r->checks[c].level;
	return v;
}

const char *
u8c_policy_name(const struct u8c_results *r)
{
	static const char *const names[U8C_POLICIES] = {
	    "maximal subparts", "one per byte", "one per run",
	    "drops ill-formed input"};
	int k;

	if (r->policy_runs == 0)
		return r->checks[U8C_CHECK_DECODE].tested +
		                   r->checks[U8C_CHECK_NEXT].tested >
		               0
		           ? "maximal subparts"
		           : "unknown";
	for (k = 0; k < U8C_POLICIES; k++)
		if (!(r->policy_violated >> k & 1u))
			return names[k];
	return "other";
}

const char *
u8c_variant_name(const struct u8c_results *r)
{
	const struct u8ref_profile *p;
	size_t i;

	if (r->variant_tested == 0)
		return "unknown";
	for (i = 0; (p = u8ref_profile_at(i)) != NULL; i++)
		if (!(r->variant_violated >> i & 1u))
			return p->name;
	return "none";
}
