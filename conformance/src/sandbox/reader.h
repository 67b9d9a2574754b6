/* SPDX-License-Identifier: MIT */
/*
 * reader.h - the judge's side of a worker's ring (wire.h): records in,
 * tallies out, all in u8conform's own memory.
 *
 * The reader rebuilds each item, its reading and the reference's stream
 * from the plan, never from the worker; of a record it takes only the
 * target's answers, and only within their bounds.  A record that breaks
 * the protocol (an item the plan does not have, a chunking out of turn,
 * a count past its bound) is refused: the worker is then ended, and the
 * item in flight is charged with writing over the harness's memory.
 */
#ifndef U8C_READER_H
#define U8C_READER_H

#include <stddef.h>
#include <stdint.h>

#include "chunking.h"
#include "judge.h"
#include "plan.h"
#include "shared.h"
#include "stream.h"
#include "wire.h"

/* What every reader of a run shares, read-only while items run. */
struct u8c_reader_context {
	const struct u8c_plan *plan;
	const struct u8c_expectations *expect;
	unsigned traits;  /* u8t_traits(), as loaded                  */
	unsigned exports; /* bit per enum u8c_fn                      */
	int exec;         /* an --exec child: its bridge tells
	                     U8C_FATE_PROTOCOL                         */
	int fresh_ok;     /* fresh[] holds the state probe's answers  */
	struct u8c_probe fresh[U8C_PROBES];
	/* --max-fatal (0: none), and the fatal fates all readers met: past
	 * it, no item begins (a worker runs on until it is ended; what it
	 * called after the last fatal fate is not judged) */
	unsigned max_fatal;
	unsigned *fatal_seen;
};

/* Ends that cost much each (a --timeout; a fresh worker; a fresh --exec
 * child), counted per phase: a function that meets one too often is set
 * aside. */
enum { U8C_COSTLY_HANG, U8C_COSTLY_REPORT, U8C_COSTLY_CHILD, U8C_COSTLY_ENDS };

struct u8c_reader {
	const struct u8c_reader_context *cx;
	/* the orders its worker holds, oldest first, and the next item of
	 * the first: the only item it takes answers to next */
	struct u8c_order expect[U8C_ORDERS];
	unsigned nexpect;
	size_t next;
	struct u8c_tallies *tallies;
	struct u8c_capture *capture; /* the kept item's answers, or NULL */
	uint32_t keep_row;           /* and which item that is            */
	size_t keep_index;
	/* what it has read, for the supervisor */
	uint64_t items;                   /* items whose calls are over     */
	uint64_t row_items[U8C_PLAN_MAX]; /* of each row                   */
	uint32_t fatal;                   /* fatal fates met                */
	/* the ends too costly to meet on every input, per phase */
	uint32_t costly[U8C_COSTLY_ENDS][U8C_PHASES];
	unsigned fresh_got; /* fresh probe answers (bits)     */
	/* the item in flight, if any, else the last one (ended_one) */
	int in_item, ended_one;
	uint32_t row;
	size_t index;
	uint32_t dead;  /* phases it is not to call                   */
	unsigned calls; /* the functions it calls (u8c_plan_item_calls) */
	unsigned fates; /* fates recorded on it (bits)                */
	int keep;       /* its answers are --input's                  */
	int answered;   /* its answers came                           */
	uint8_t buf[U8C_MAX_INPUT];
	struct u8c_item item;
	struct u8c_reading in;
	struct u8c_judging judging;
	struct u8c_answers a;
	uint32_t decoded[U8C_MAX_INPUT];
	uint32_t next_cp[U8C_MAX_INPUT];
	size_t next_len[U8C_MAX_INPUT];
	/* the item first unread when its ring was found written over,
	 * before a careful replay of its orders says which item did it */
	struct {
		int has;
		uint32_t row;
		size_t index;
		struct u8c_item item;
		uint8_t buf[U8C_MAX_INPUT];
	} suspect;
	/* the last item charged with writing over its ring: told by its
	 * worker and found again by a replay, it counts once */
	struct {
		int has;
		uint32_t row;
		size_t index;
	} ring_charged;
	/* its stream */
	struct {
		enum u8c_stream_mode mode;
		struct u8c_chunking list[U8C_CHUNKINGS_MAX];
		size_t nk, k; /* chunkings, and the next one expected */
		int died;     /* one of them died                      */
		struct u8c_item item;
		struct u8c_stream_ref ref;
		struct u8c_stream_whole whole;
		uint32_t whole_out[U8C_STREAMED_MAX];
		uint32_t out[U8C_STREAMED_MAX]; /* a later chunking's  */
		uint32_t probes_turns[U8C_STREAMED_MAX];
		uint32_t probes_bytes[U8C_STREAMED_MAX];
		uint16_t cuts[U8C_MAX_INPUT + 1];
		size_t after[U8C_MAX_INPUT + 2];
	} s;
};

/* u8c_reader_init - a reader judging into @tallies, made in zeroed
 * memory @r (calloc's): most of a reader is buffers, whose pages are
 * mapped as items need them, not all as it starts. */
void u8c_reader_init(struct u8c_reader *r, const struct u8c_reader_context *cx,
                     struct u8c_tallies *tallies);

/*
 * u8c_reader_feed - judge one record @rec: 0, or -1 when it is refused
 * (the item in flight, if any, stays in flight).  A U8C_WIRE_FRESH
 * record is stored into @fresh (may be NULL: then it is refused).
 */
int u8c_reader_feed(struct u8c_reader *r, const struct u8c_wire_record *rec,
                    struct u8c_probe *fresh);

/* u8c_reader_abandon - the item in flight will not end here: its worker
 * died, and a fresh one takes it again from its start. */
void u8c_reader_abandon(struct u8c_reader *r);

/* u8c_reader_expect - its worker was given order @o too (with o->fresh,
 * the state probe's inputs, as row U8C_NO_RUN): 0, or -1 when it holds
 * U8C_ORDERS already. */
int u8c_reader_expect(struct u8c_reader *r, struct u8c_order o);

/* u8c_reader_begin_next - the item ordered next is in flight, as if its
 * worker had told so (most items are told only by their answers): a fate
 * the supervisor saw is then charged to it.  0, or -1 when none is. */
int u8c_reader_begin_next(struct u8c_reader *r);

/* u8c_reader_forget - its worker holds no order any more (it ended); the
 * item in flight, if any, is abandoned. */
void u8c_reader_forget(struct u8c_reader *r);

/* u8c_reader_next - the item its worker is on or takes next, the rest of
 * its order and the orders after it, into @rest (U8C_ORDERS of them, the
 * first from that item on): how many, 0 when it holds none. */
unsigned u8c_reader_rest(const struct u8c_reader *r, struct u8c_order *rest);

/*
 * u8c_reader_overwritten - its worker's ring was written over.  On a
 * careful order (the worker waited for the judge after each item), the
 * item in flight did it: it is charged with writing over the harness's
 * memory, and 1 is returned.  Otherwise the item first unread (in
 * flight, or next) is only suspected, and its worker may have called
 * several since: it is abandoned, the orders held become careful, and
 * 0 is returned; if their careful replay catches no item, the suspect is
 * charged at their end.  With no order held, or when @replay says its
 * orders will not be given again (the run is ending; the fresh worker's
 * single item), the item first unread is charged, and 1 is returned.
 */
int u8c_reader_overwritten(struct u8c_reader *r, int replay);

/* u8c_reader_settle - no careful replay will end now (the row is over,
 * or the run stopped): a suspect still held is charged. */
void u8c_reader_settle(struct u8c_reader *r);

/* u8c_reader_fate - charge the item in flight (or, with none, the last
 * item it ended, or with none either, the run) with @fate in @phase, as
 * the supervisor saw it; @said as u8c_tally_fate's. */
void u8c_reader_fate(struct u8c_reader *r, enum u8c_fate fate, uint32_t phase,
                     uint32_t chunking, int detail, const char *said);

#endif /* U8C_READER_H */
