/* SPDX-License-Identifier: MIT */
/*
 * reader.c - judging a worker's records (reader.h).  Each record is a
 * copy, out of the worker's reach; each count in it is checked against
 * its bound before it is used, and each item is rebuilt from the plan.
 */
#include <string.h>

#include "copy_words.h"
#include "reader.h"

void
u8c_reader_init(struct u8c_reader *r, const struct u8c_reader_context *cx,
                struct u8c_tallies *tallies)
{
	r->cx = cx;
	r->tallies = tallies;
	r->keep_row = U8C_NO_RUN;
}

static void advance(struct u8c_reader *r);

static int
is_fatal(enum u8c_fate fate)
{
	return fate != U8C_FATE_OUTPUT && fate != U8C_FATE_SPAWN &&
	       fate != U8C_FATE_KILL && fate != U8C_FATE_REACH &&
	       fate != U8C_FATE_CONVENTION;
}

/* Sets the stream's phase of the item up, as the worker does. */
static void
stream_start(struct u8c_reader *r, const struct u8c_plan_row *row)
{
	unsigned on = r->expect[0].functions;

	r->s.mode = on >> U8C_FN_STREAM & 1u ? row->stream : U8C_STREAM_NONE;
	r->s.k = 0;
	r->s.nk = 0;
	r->s.died = 0;
	r->s.whole.judged = 0;
	r->s.item = r->item;
	if (r->item.kind != U8C_ITEM_BYTES || r->s.mode == U8C_STREAM_NONE) {
		r->s.mode = U8C_STREAM_NONE;
		return;
	}
	u8c_stream_ref_read(&r->s.ref, r->cx->plan->profile, &r->in);
	r->s.nk = u8c_chunkings_list(r->s.mode, r->item.s, r->item.n,
	                             r->s.ref.held, r->s.list);
	if (r->s.nk == 0)
		r->s.mode = U8C_STREAM_NONE;
}

static int
item_begins(struct u8c_reader *r, const struct u8c_wire_item *w)
{
	const struct u8c_plan *plan = r->cx->plan;
	const struct u8c_plan_row *row;

	/* the item ordered next, and no other */
	if (r->in_item || r->nexpect == 0 || w->row != r->expect[0].row ||
	    w->index != r->next)
		return -1;
	/* the ANSWERS record sets the rest; the stream's probes, their
	 * own record */
	memset(r->a.given, 0, sizeof r->a.given);
	r->a.probed = 0;
	r->a.stream_probes.ran = 0;
	r->a.error_at = SIZE_MAX;
	r->fates = 0;
	r->answered = 0;
	r->row = w->row;
	r->index = (size_t)w->index;
	r->dead = r->next == r->expect[0].lo ? r->expect[0].dead : 0;
	if (w->row == U8C_NO_RUN) {
		/* a fresh answer of the state probe, on its own input */
		if (w->index >= U8C_PROBES)
			return -1;
		r->item = (struct u8c_item){U8C_ITEM_BYTES,
		                            u8c_probe_inputs[w->index].s,
		                            u8c_probe_inputs[w->index].n,
		                            0,
		                            {0, 0, 0}};
		r->s.mode = U8C_STREAM_NONE;
		r->calls = 0;
		r->in_item = 1;
		return 0;
	}
	if (w->row >= plan->nrows)
		return -1;
	row = &plan->rows[w->row];
	if (w->index < row->first || w->index - row->first >= row->count)
		return -1;
	r->item = u8c_family_item(row->family, r->index, r->buf);
	if (r->item.kind == U8C_ITEM_BYTES) {
		u8c_read(plan->profile, r->item.s, r->item.n, &r->in);
		r->a.error_at = r->in.error_at;
	}
	r->judging = (struct u8c_judging){
	    plan->profile, r->cx->expect, r->cx->traits, 0, w->row, r->index};
	r->keep = w->row == r->keep_row && r->index == r->keep_index;
	stream_start(r, row);
	r->calls = u8c_plan_item_calls(row, r->expect[0].functions, r->s.mode,
	                               r->cx->traits, r->item.cp);
	r->in_item = 1;
	return 0;
}

/* Takes @n elements of @size bytes from @*p, within @end, into @to. */
static int
take(const uint8_t **p, const uint8_t *end, void *to, size_t n, size_t size)
{
	if ((size_t)(end - *p) / size < n)
		return -1;
	memcpy(to, *p, n * size);
	*p += n * size;
	return 0;
}

/* Takes @n code points from @*p, within @end, into @to: a value at a
 * time, each within a word the payload was copied in (wire.c). */
static int
take_values(const uint8_t **p, const uint8_t *end, uint32_t *to, size_t n)
{
	if ((size_t)(end - *p) / sizeof *to < n)
		return -1;
	u8s_copy_values(to, *p, n);
	*p += n * sizeof *to;
	return 0;
}

/* Whether a record's payload is @size bytes, padded to 8. */
static int
fixed(const struct u8c_wire_record *rec, size_t size)
{
	return rec->size >= size && rec->size - size < 8;
}

/* Whether a payload was read to its end, but for the padding to 8. */
static int
all_read(const uint8_t *p, const uint8_t *end)
{
	return end - p < 8;
}

/* The number of @size bytes (1, 2 or 8: a short record's or a whole
 * one's) at @p. */
static uint64_t
number_at(const uint8_t *p, size_t size)
{
	uint64_t wide;
	uint16_t half;

	if (size == sizeof wide) {
		memcpy(&wide, p, sizeof wide);
		return wide;
	}
	if (size == sizeof half) {
		memcpy(&half, p, sizeof half);
		return half;
	}
	return *p;
}

static int
probe_ok(const struct u8c_probe *p)
{
	return p->ndecode <= 4 && p->nnext <= 4;
}

static int item_ends(struct u8c_reader *r, uint32_t answer, uint32_t died);

/* Whether the worker was to call function @fn on the item in flight, as
 * its order says and as it decides (worker.c's wanted()). */
static int
wanted(const struct u8c_reader *r, enum u8c_fn fn)
{
	return (int)(r->calls >> fn & 1u);
}

/* A given[] answer as the item's order allows: for a function it was to
 * call, given or died; for another, none. */
static int
answer_allowed(const struct u8c_reader *r, enum u8c_fn fn, uint32_t given)
{
	return wanted(r, fn)
	           ? given == U8C_ANSWER_GIVEN || given == U8C_ANSWER_DIED
	           : given == U8C_ANSWER_NONE;
}

/* The answers @w, then their arrays from @p to @end: decode[ndecoded],
 * next_cp[nnext] and next_len[nnext] of @len_size bytes each (8 or 1). */
static int
answers_then(struct u8c_reader *r, const struct u8c_wire_answers *w,
             const uint8_t *p, const uint8_t *end, size_t len_size)
{
	size_t ndecoded;

	/* the item named before, or this one now */
	if (r->in_item ? w->item.row != r->row || w->item.index != r->index ||
	                     r->answered
	               : item_begins(r, &w->item) != 0)
		return -1;
	/* an answer to each call the order asked for, and to no other */
	for (int fn = 0; fn < U8C_FNS; fn++)
		if (fn != U8C_FN_STREAM &&
		    !answer_allowed(r, (enum u8c_fn)fn, w->given[fn]))
			return -1;
	if (!answer_allowed(r, U8C_FN_STREAM, w->stream))
		return -1;
	if (w->cap > U8C_MAX_INPUT || w->nnext > U8C_MAX_INPUT ||
	    w->nencode > sizeof w->encode || w->probe_k >= U8C_PROBES ||
	    (w->probed && !probe_ok(&w->probe_now)) ||
	    (w->accepted_from != SIZE_MAX && w->accepted_from > r->item.n))
		return -1;
	ndecoded =
	    w->given[U8C_FN_DECODE] == U8C_ANSWER_GIVEN && w->ndecode <= w->cap
	        ? (size_t)w->ndecode
	        : 0;
	if (take_values(&p, end, r->decoded, ndecoded) != 0 ||
	    take_values(&p, end, r->next_cp, (size_t)w->nnext) != 0 ||
	    (size_t)(end - p) / len_size < w->nnext)
		return -1;
	for (size_t k = 0; k < w->nnext; k++, p += len_size)
		r->next_len[k] = (size_t)number_at(p, len_size);
	if (!all_read(p, end))
		return -1;
	memcpy(r->a.given, w->given, sizeof r->a.given);
	r->a.cap = (size_t)w->cap;
	r->a.ndecode = (size_t)w->ndecode;
	r->a.decode = r->decoded;
	r->a.valid = w->valid;
	r->a.err = (size_t)w->err;
	r->a.accepted_from = (size_t)w->accepted_from;
	r->a.valid_prefix = w->valid_prefix;
	r->a.nnext = (size_t)w->nnext;
	r->a.next_cp = r->next_cp;
	r->a.next_len = r->next_len;
	r->a.nencode = (size_t)w->nencode;
	memcpy(r->a.encode, w->encode, sizeof r->a.encode);
	/* the state probe is judged against fresh answers, if any; its
	 * answers are read only when it ran (a short record has none) */
	r->a.probed = w->probed && r->cx->fresh_ok;
	r->a.probe_k = w->probe_k;
	if (r->a.probed)
		r->a.probe_now = w->probe_now;
	r->a.probe_fresh = &r->cx->fresh[w->probe_k];
	r->answered = 1;
	return item_ends(r, w->stream, w->stream_died);
}

static int
answers(struct u8c_reader *r, const struct u8c_wire_record *rec)
{
	const uint8_t *p = rec->payload, *end = p + rec->size;
	struct u8c_wire_answers w;

	if (take(&p, end, &w, 1, sizeof w) != 0)
		return -1;
	return answers_then(r, &w, p, end, sizeof(uint64_t));
}

/* A short number, SIZE_MAX as itself. */
static uint64_t
wide(uint16_t v)
{
	return v == U8C_WIRE_SHORT_NONE ? SIZE_MAX : v;
}

/* Short answers are to the item in flight, or else to the next one
 * ordered: the full answers with that item, and no probe. */
static int
short_answers(struct u8c_reader *r, const struct u8c_wire_record *rec)
{
	const uint8_t *p = rec->payload, *end = p + rec->size;
	/* read in the words the payload was copied in (wire.c) */
	union {
		struct u8c_wire_short_answers s;
		uint64_t words[U8C_WIRE_WORDS(
		    sizeof(struct u8c_wire_short_answers))];
	} head;
	const struct u8c_wire_short_answers *sa = &head.s;
	struct u8c_wire_answers w;

	/* the payload is whole words, so one that holds the struct holds
	 * the words it ends in */
	if ((size_t)(end - p) < sizeof head.words ||
	    (!r->in_item && r->nexpect == 0))
		return -1;
	u8s_copy_words(head.words, p, U8C_WIRE_WORDS(sizeof *sa));
	p += sizeof *sa;
	/* field by field, the probe's answers left out: zeroing the whole
	 * wide record for each item cost more than reading it */
	w.item = r->in_item ? (struct u8c_wire_item){(uint32_t)r->row, 0,
	                                             (uint64_t)r->index}
	                    : (struct u8c_wire_item){r->expect[0].row, 0,
	                                             (uint64_t)r->next};
	w.stream = sa->stream;
	w.stream_died = sa->stream_died;
	memcpy(w.given, sa->given, sizeof w.given);
	w.valid = sa->valid;
	w.valid_prefix = sa->valid_prefix;
	w.probed = 0;
	w.probe_k = sa->probe_k;
	w.cap = sa->cap;
	w.ndecode = wide(sa->ndecode);
	w.err = wide(sa->err);
	w.accepted_from = wide(sa->accepted_from);
	w.nnext = sa->nnext;
	w.nencode = sa->nencode;
	memcpy(w.encode, sa->encode, sizeof w.encode);
	return answers_then(r, &w, p, end, 1);
}

static void
capture_stream(struct u8c_capture *c, const struct u8c_stream_answers *a)
{
	size_t n = a->nout < 2 * U8C_MAX_INPUT ? a->nout : 2 * U8C_MAX_INPUT;

	c->stream_ncuts = a->ncuts;
	memcpy(c->stream_cuts, a->cuts, a->ncuts * sizeof *a->cuts);
	for (size_t k = 0; k <= a->ncuts; k++)
		c->stream_after[k] = a->after[k] < n ? a->after[k] : n;
	c->nstream = n;
	memcpy(c->stream, a->out, n * sizeof *a->out);
}

/* A chunking's record, of either size (@w read, and @after_size the
 * bytes of each of after[] next at @p). */
static int
chunking_then(struct u8c_reader *r, const struct u8c_wire_chunking *w,
              const uint8_t *p, const uint8_t *end, size_t after_size)
{
	uint32_t *out = r->s.out;
	struct u8c_stream_answers a;
	size_t ncuts, last = 0;

	if (!r->in_item || r->s.mode == U8C_STREAM_NONE || w->k < r->s.k ||
	    w->k >= r->s.nk)
		return -1;
	r->s.item.chunking = r->s.list[w->k];
	/* from the list, not the copy just stored (a load that waits) */
	ncuts = u8c_chunking_cuts(&r->s.list[w->k], r->item.n, r->s.cuts);
	if (w->ncuts != ncuts || w->nout > U8C_STREAMED_MAX ||
	    (w->over != SIZE_MAX && w->over > ncuts) || w->over_consumed > 1 ||
	    (w->scribbled != SIZE_MAX && w->scribbled > ncuts) ||
	    w->state_size > U8C_STATE_MAX ||
	    (size_t)(end - p) / after_size < ncuts + 1)
		return -1;
	for (size_t k = 0; k <= ncuts; k++, p += after_size) {
		uint64_t after = number_at(p, after_size);

		/* values by the end of each chunk: never fewer, never more
		 * than there are */
		if (after < last || after > w->nout)
			return -1;
		r->s.after[k] = last = (size_t)after;
	}
	p += u8c_wire_after_pad(ncuts, after_size);
	if (take_values(&p, end, out, (size_t)w->nout) != 0 ||
	    !all_read(p, end))
		return -1;
	a = (struct u8c_stream_answers){ncuts,
	                                r->s.cuts,
	                                (size_t)w->nout,
	                                out,
	                                r->s.after,
	                                (size_t)w->over,
	                                (size_t)w->over_got,
	                                (size_t)w->over_cap,
	                                (int)w->over_consumed,
	                                (size_t)w->scribbled,
	                                (size_t)w->state_size};
	if (r->s.item.chunking.kind == U8C_CHUNK_WHOLE) {
		/* the one-chunk run's values are read by every later one */
		memcpy(r->s.whole_out, out, w->nout * sizeof out[0]);
		a.out = r->s.whole_out;
	}
	r->s.k = (size_t)w->k + 1;
	u8c_judge_stream(r->tallies, &r->judging, &r->s.item, &r->in, &r->s.ref,
	                 &a, &r->s.whole);
	if (r->keep && r->capture != NULL && a.over == SIZE_MAX &&
	    (r->s.item.chunking.kind == U8C_CHUNK_WHOLE ||
	     r->s.item.chunking.kind == U8C_CHUNK_GIVEN))
		capture_stream(r->capture, &a);
	return 0;
}

static int
chunking(struct u8c_reader *r, const struct u8c_wire_record *rec)
{
	const uint8_t *p = rec->payload, *end = p + rec->size;
	struct u8c_wire_chunking w;

	if (take(&p, end, &w, 1, sizeof w) != 0)
		return -1;
	return chunking_then(r, &w, p, end, sizeof(uint64_t));
}

/* A short chunking: no call over its cap, nothing beside the state. */
static int
short_chunking(struct u8c_reader *r, const struct u8c_wire_record *rec)
{
	const uint8_t *p = rec->payload, *end = p + rec->size;
	struct u8c_wire_short_chunking s;
	struct u8c_wire_chunking w = {0};

	if (take(&p, end, &s, 1, sizeof s) != 0)
		return -1;
	w.k = s.k;
	w.ncuts = s.ncuts;
	w.nout = s.nout;
	w.over = w.scribbled = SIZE_MAX;
	return chunking_then(r, &w, p, end, sizeof(uint16_t));
}

static int
stream_probes(struct u8c_reader *r, const struct u8c_wire_record *rec)
{
	const uint8_t *p = rec->payload, *end = p + rec->size;
	struct u8c_wire_stream_probes w;
	struct u8c_stream_probes *sp = &r->a.stream_probes;

	if (!r->in_item || r->s.mode == U8C_STREAM_NONE || r->s.k > r->s.nk ||
	    take(&p, end, &w, 1, sizeof w) != 0 ||
	    w.nafter_init > U8C_STREAM_PROBE_MAX ||
	    w.nalone > U8C_STREAM_PROBE_MAX ||
	    w.nturns_probe > U8C_STREAM_PROBE_MAX ||
	    w.nturns_item > U8C_STREAMED_MAX ||
	    w.nbytes_item > U8C_STREAMED_MAX ||
	    take(&p, end, r->s.probes_turns, w.nturns_item,
	         sizeof r->s.probes_turns[0]) != 0 ||
	    take(&p, end, r->s.probes_bytes, w.nbytes_item,
	         sizeof r->s.probes_bytes[0]) != 0 ||
	    !all_read(p, end))
		return -1;
	sp->ran = 1;
	sp->nafter_init = (size_t)w.nafter_init;
	memcpy(sp->after_init, w.after_init, sizeof sp->after_init);
	sp->nalone = (size_t)w.nalone;
	memcpy(sp->alone, w.alone, sizeof sp->alone);
	sp->nturns_item = (size_t)w.nturns_item;
	sp->turns_item = r->s.probes_turns;
	sp->nbytes_item = (size_t)w.nbytes_item;
	sp->bytes_item = r->s.probes_bytes;
	sp->nturns_probe = (size_t)w.nturns_probe;
	memcpy(sp->turns_probe, w.turns_probe, sizeof sp->turns_probe);
	r->s.k = r->s.nk + 1;
	r->s.item.chunking = (struct u8c_chunking){U8C_CHUNK_BYTES, 0, 0};
	u8c_judge_stream_probes(r->tallies, &r->judging, &r->s.item, &r->in,
	                        sp);
	return 0;
}

/* A fatal fate, and a hang, that ended a call count (--max-fatal, and
 * the functions set aside). */
static void
count(struct u8c_reader *r, enum u8c_fate fate, uint32_t phase)
{
	if (is_fatal(fate)) {
		r->fatal++;
		__atomic_add_fetch(r->cx->fatal_seen, 1, __ATOMIC_RELAXED);
	}
	if (phase >= U8C_PHASES)
		return;
	if (fate == U8C_FATE_HANG)
		r->costly[U8C_COSTLY_HANG][phase]++;
	if (fate == U8C_FATE_MEMORY_ERROR || fate == U8C_FATE_UNDEFINED)
		r->costly[U8C_COSTLY_REPORT][phase]++;
	if (r->cx->exec && (fate == U8C_FATE_CRASH || fate == U8C_FATE_EXIT ||
	                    fate == U8C_FATE_PROTOCOL))
		r->costly[U8C_COSTLY_CHILD][phase]++;
}

/* Whether item @index of row @row was charged with writing over its
 * ring already; it is now. */
static int
ring_charged_before(struct u8c_reader *r, uint32_t row, size_t index)
{
	int before = r->ring_charged.has && r->ring_charged.row == row &&
	             r->ring_charged.index == index;

	r->ring_charged.has = 1;
	r->ring_charged.row = row;
	r->ring_charged.index = index;
	return before;
}

/* Fate @fate on the item in flight, or, with none, on the last item the
 * reader ended when @last allows (a fate met between calls; one the
 * supervisor saw, such as memory held after the last call), else on the
 * run; @counts: it ended a call, so a fatal one and a hang count towards
 * --max-fatal and setting a function aside. */
static void
charge(struct u8c_reader *r, enum u8c_fate fate, uint32_t phase,
       uint32_t chunking, int detail, const char *said, int counts, int last)
{
	enum u8c_fn fn = phase < U8C_FNS ? (enum u8c_fn)phase : U8C_FN_ANY;
	struct u8c_item item = r->item;

	if (counts)
		count(r, fate, phase);
	if (!r->in_item && !(last && r->ended_one)) {
		u8c_tally_fate(r->tallies, r->cx->expect, fate, fn,
		               U8C_DURING_LOADING, detail, said, NULL, 0, 0);
		return;
	}
	if (r->fates & 1u << fate)
		return; /* a fate counts once per item */
	r->fates |= 1u << fate;
	if (fate == U8C_FATE_OVERWRITE && detail == U8C_DETAIL_HARNESS &&
	    ring_charged_before(r, r->row, r->index))
		return;
	if (r->in_item && fn == U8C_FN_STREAM && r->s.mode != U8C_STREAM_NONE) {
		/* the chunking it was on (the probes come after the last) */
		if (chunking < r->s.nk)
			item.chunking = r->s.list[chunking];
		else if (chunking == r->s.nk)
			item.chunking =
			    (struct u8c_chunking){U8C_CHUNK_BYTES, 0, 0};
		if (chunking <= r->s.nk)
			r->s.died = 1;
		if (chunking < r->s.nk && chunking >= r->s.k)
			r->s.k = chunking + 1;
	}
	u8c_tally_fate(r->tallies, r->cx->expect, fate, fn, U8C_DURING_ITEM,
	               detail, said, &item, r->row, r->index);
}

void
u8c_reader_fate(struct u8c_reader *r, enum u8c_fate fate, uint32_t phase,
                uint32_t chunking, int detail, const char *said)
{
	charge(r, fate, phase, chunking, detail, said, 1, 1);
}

static int
fate(struct u8c_reader *r, const struct u8c_wire_record *rec)
{
	struct u8c_wire_fate w;

	if (!fixed(rec, sizeof w))
		return -1;
	memcpy(&w, rec->payload, sizeof w);
	/* outside an item only what came between calls, after one; a
	 * sanitizer's report is read by the supervisor, never told here;
	 * a broken protocol only by an --exec child's bridge */
	if ((!r->in_item &&
	     !(w.detail == U8C_DETAIL_BETWEEN && r->ended_one)) ||
	    w.fate >= U8C_FATES || w.fate == U8C_FATE_MEMORY_ERROR ||
	    w.fate == U8C_FATE_UNDEFINED ||
	    (w.fate == U8C_FATE_PROTOCOL && !r->cx->exec) ||
	    w.phase >= U8C_PHASES)
		return -1;
	charge(r, (enum u8c_fate)w.fate, w.phase, w.chunking, w.detail, NULL,
	       w.ended != 0, w.detail == U8C_DETAIL_BETWEEN);
	return 0;
}

static void
capture(struct u8c_capture *c, const struct u8c_answers *a)
{
	memcpy(c->given, a->given, sizeof c->given);
	c->cap = a->cap;
	c->ndecode = a->ndecode;
	if (a->given[U8C_FN_DECODE] == U8C_ANSWER_GIVEN && a->ndecode <= a->cap)
		memcpy(c->decode, a->decode, a->ndecode * sizeof *a->decode);
	c->valid = a->valid;
	c->err = a->err;
	c->nnext = a->given[U8C_FN_NEXT] == U8C_ANSWER_GIVEN ? a->nnext : 0;
	if (c->nnext > 0) {
		memcpy(c->next_cp, a->next_cp, c->nnext * sizeof *a->next_cp);
		memcpy(c->next_len, a->next_len,
		       c->nnext * sizeof *a->next_len);
	}
	c->nencode = a->nencode;
	memcpy(c->encode, a->encode, sizeof c->encode);
	c->captured = 1;
}

/* The item's calls are over: judged, with the stream's phase's answer
 * @answer and whether a chunking @died. */
static int
item_ends(struct u8c_reader *r, uint32_t answer, uint32_t died)
{
	const struct u8c_plan_row *row;
	enum u8c_answer stream;

	if (!r->in_item || r->row == U8C_NO_RUN || !r->answered ||
	    answer > U8C_ANSWER_DIED)
		return -1;
	row = &r->cx->plan->rows[r->row];
	/* the stream's phase: what the one-chunk run gave, for the
	 * consistency with u8t_decode; an item none of whose chunkings
	 * could be judged counts as died, so checks that never ran are
	 * not lost */
	stream = (enum u8c_answer)answer;
	if ((died || r->s.died) && !r->s.whole.judged &&
	    stream != U8C_ANSWER_NONE)
		stream = U8C_ANSWER_DIED;
	r->a.given[U8C_FN_STREAM] = (uint8_t)stream;
	r->a.stream = r->s.whole.judged ? r->s.whole_out : NULL;
	r->a.nstream = r->s.whole.nout;
	r->a.stream_fits =
	    r->s.whole.judged && r->s.whole.failure.level != U8C_FAIL;
	r->judging.variants =
	    row->variants > 0 && r->index % (size_t)row->variants == 0;
	u8c_judge(r->tallies, &r->judging, &r->item,
	          r->item.kind == U8C_ITEM_BYTES ? &r->in : NULL, &r->a);
	if (r->keep && r->capture != NULL)
		capture(r->capture, &r->a);
	r->items++;
	r->row_items[r->row]++;
	r->in_item = 0;
	r->ended_one = 1;
	advance(r);
	return 0;
}

static int
fresh(struct u8c_reader *r, const struct u8c_wire_record *rec,
      struct u8c_probe *fresh)
{
	struct u8c_wire_fresh w;

	if (!fixed(rec, sizeof w) || fresh == NULL)
		return -1;
	memcpy(&w, rec->payload, sizeof w);
	if (!r->in_item || r->row != U8C_NO_RUN || w.k != r->index ||
	    !probe_ok(&w.probe))
		return -1;
	fresh[w.k] = w.probe;
	r->fresh_got |= 1u << w.k;
	r->in_item = 0;
	r->ended_one = 1;
	advance(r);
	return 0;
}

int
u8c_reader_feed(struct u8c_reader *r, const struct u8c_wire_record *rec,
                struct u8c_probe *fresh_probes)
{
	/* past --max-fatal no item begins: the run stops */
	if (!r->in_item && r->cx->max_fatal > 0 &&
	    __atomic_load_n(r->cx->fatal_seen, __ATOMIC_RELAXED) >=
	        r->cx->max_fatal)
		return 0;
	switch (rec->kind) {
	case U8C_WIRE_ITEM: {
		struct u8c_wire_item w;

		if (!fixed(rec, sizeof w))
			return -1;
		memcpy(&w, rec->payload, sizeof w);
		return item_begins(r, &w);
	}
	case U8C_WIRE_ANSWERS:
		return answers(r, rec);
	case U8C_WIRE_SHORT_ANSWERS:
		return short_answers(r, rec);
	case U8C_WIRE_CHUNKING:
		return chunking(r, rec);
	case U8C_WIRE_SHORT_CHUNKING:
		return short_chunking(r, rec);
	case U8C_WIRE_STREAM_PROBES:
		return stream_probes(r, rec);
	case U8C_WIRE_FATE:
		return fate(r, rec);
	case U8C_WIRE_FRESH:
		return fresh(r, rec, fresh_probes);
	default:
		return -1;
	}
}

int
u8c_reader_overwritten(struct u8c_reader *r, int replay)
{
	struct u8c_item *item = &r->suspect.item;
	int careful = r->nexpect > 0 && r->expect[0].careful;

	/* the item first unread is in flight; with none ordered, the last
	 * one ended (or the run) is charged */
	if ((!r->in_item && u8c_reader_begin_next(r) != 0) || !replay ||
	    careful) {
		if (careful)
			r->suspect.has = 0; /* found */
		u8c_reader_fate(r, U8C_FATE_OVERWRITE, U8C_PHASE_HARNESS, 0,
		                U8C_DETAIL_HARNESS, NULL);
		return 1;
	}
	if (!r->suspect.has) {
		r->suspect.has = 1;
		r->suspect.row = r->row;
		r->suspect.index = r->index;
		*item = r->item;
		if (item->kind == U8C_ITEM_BYTES && item->n <= U8C_MAX_INPUT) {
			memcpy(r->suspect.buf, item->s, item->n);
			item->s = r->suspect.buf;
		}
	}
	r->in_item = 0;
	for (unsigned k = 0; k < r->nexpect; k++)
		r->expect[k].careful = 1;
	return 0;
}

/* The careful replay is over and caught no item: the suspect did it, as
 * far as can be told (a fresh worker's replay of it then says whether it
 * does it again). */
static void
charge_suspect(struct u8c_reader *r)
{
	r->suspect.has = 0;
	count(r, U8C_FATE_OVERWRITE, U8C_PHASE_HARNESS);
	if (ring_charged_before(r, r->suspect.row, r->suspect.index))
		return;
	u8c_tally_fate(r->tallies, r->cx->expect, U8C_FATE_OVERWRITE,
	               U8C_FN_ANY, U8C_DURING_ITEM, U8C_DETAIL_HARNESS, NULL,
	               &r->suspect.item, r->suspect.row, r->suspect.index);
}

void
u8c_reader_settle(struct u8c_reader *r)
{
	if (r->suspect.has)
		charge_suspect(r);
}

void
u8c_reader_abandon(struct u8c_reader *r)
{
	r->in_item = 0;
}

int
u8c_reader_expect(struct u8c_reader *r, struct u8c_order o)
{
	if (r->nexpect == U8C_ORDERS)
		return -1;
	if (o.fresh) {
		o.row = U8C_NO_RUN;
		o.lo = 0;
		o.hi = U8C_PROBES;
	}
	if (r->nexpect == 0)
		r->next = o.lo;
	r->expect[r->nexpect++] = o;
	return 0;
}

int
u8c_reader_begin_next(struct u8c_reader *r)
{
	struct u8c_wire_item w;

	if (r->in_item || r->nexpect == 0)
		return -1;
	w = (struct u8c_wire_item){r->expect[0].row, 0, r->next};
	return item_begins(r, &w);
}

void
u8c_reader_forget(struct u8c_reader *r)
{
	r->nexpect = 0;
	r->in_item = 0;
}

unsigned
u8c_reader_rest(const struct u8c_reader *r, struct u8c_order *rest)
{
	for (unsigned k = 0; k < r->nexpect; k++)
		rest[k] = r->expect[k];
	if (r->nexpect > 0) {
		rest[0].dead = r->next == rest[0].lo ? rest[0].dead : 0;
		rest[0].lo = r->next;
	}
	return r->nexpect;
}

/* The item ordered next is done: on to the one after it. */
static void
advance(struct u8c_reader *r)
{
	uint32_t careful = r->expect[0].careful;

	if (++r->next < r->expect[0].hi)
		return;
	for (unsigned k = 1; k < r->nexpect; k++)
		r->expect[k - 1] = r->expect[k];
	if (--r->nexpect > 0)
		r->next = r->expect[0].lo;
	if (careful && r->suspect.has &&
	    (r->nexpect == 0 || !r->expect[0].careful))
		charge_suspect(r);
}
