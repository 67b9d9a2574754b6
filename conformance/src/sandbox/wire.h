/* SPDX-License-Identifier: MIT */
/*
 * wire.h - how a worker hands its raw answers to the judge: records in a
 * ring of its own, which the worker writes and u8conform reads.
 *
 * The worker only calls the target; judging happens in u8conform, whose
 * memory no worker can write.  Target code runs in the worker and can
 * write anywhere there, the ring included, so every record is read as
 * hostile: copied out of the ring before it is looked at, and refused
 * unless each kind, size, count and index is in bounds and where the
 * judge expects it (u8c_wire_read).  A record that is refused is the
 * target writing over the harness's memory, a finding on the item in
 * flight; whatever it writes changes at most its own answers.
 */
#ifndef U8C_WIRE_H
#define U8C_WIRE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "answers.h"
#include "calls.h"
#include "chunking.h"

enum u8c_wire_kind {
	U8C_WIRE_PAD,            /* skip to the ring's end               */
	U8C_WIRE_ITEM,           /* an item's calls begin, when records
	                            come before its answers              */
	U8C_WIRE_ANSWERS,        /* its answers, the stream's aside: its
	                            calls are over                       */
	U8C_WIRE_CHUNKING,       /* the stream on one of its chunkings   */
	U8C_WIRE_STREAM_PROBES,  /* the stream's probes of the item      */
	U8C_WIRE_FATE,           /* a call met a fate                    */
	U8C_WIRE_FRESH,          /* the state probe's answers, fresh     */
	U8C_WIRE_SHORT_ANSWERS,  /* ANSWERS, when every number is small  */
	U8C_WIRE_SHORT_CHUNKING, /* CHUNKING, when no call went wrong    */
	U8C_WIRE_KINDS
};

/* Every record: its kind and its size in bytes, this head included, a
 * multiple of 8. */
struct u8c_wire_head {
	uint32_t kind, size;
};

struct u8c_wire_item {
	uint32_t row, dead; /* dead: phases not called (they killed one) */
	uint64_t index;
};

/* Then decode[ndecode] (when given and ndecode <= cap), next_cp[nnext],
 * next_len[nnext] (as uint64_t).  Most items need no other record: the
 * answers name their item, which an ITEM record named before if any. */
struct u8c_wire_answers {
	struct u8c_wire_item item;
	uint32_t stream;      /* enum u8c_answer of the stream's phase */
	uint32_t stream_died; /* one of its chunkings died            */
	uint8_t given[U8C_FNS];
	int32_t valid, valid_prefix, probed;
	uint32_t probe_k;
	uint64_t cap, ndecode, err, accepted_from, nnext, nencode;
	uint8_t encode[8];
	struct u8c_probe probe_now;
};

/* The answers again in a third of the bytes, when every number fits and
 * no probe ran, as on most items: the bytes through the ring are what a
 * judge on another CPU waits for.  They answer the item in flight, or
 * else the next one ordered, which is all a worker may answer.  Then
 * decode[ndecode] (when given and ndecode <= cap), next_cp[nnext],
 * next_len[nnext] as uint8_t.  U8C_WIRE_SHORT_NONE is SIZE_MAX. */
struct u8c_wire_short_answers {
	uint8_t encode[8]; /* first: a word of its own (below) */
	uint8_t given[U8C_FNS];
	uint8_t stream, stream_died; /* as in u8c_wire_answers */
	int8_t valid, valid_prefix;
	uint8_t probe_k;
	uint16_t cap, ndecode, err, accepted_from, nnext, nencode;
	uint8_t pad[2]; /* the values after it begin a word */
};

/* The judge reads the record in the words it copied it in
 * (u8s_copy_words), and a field that spans two of them waits for
 * both stores to land.  The numbers are aligned to their size; the
 * arrays: */
#define U8C_WIRE_IN_A_WORD(type, field)                                        \
	(offsetof(type, field) / 8 ==                                          \
	 (offsetof(type, field) + sizeof(((type *)0)->field) - 1) / 8)
_Static_assert(U8C_WIRE_IN_A_WORD(struct u8c_wire_short_answers, encode) &&
                   U8C_WIRE_IN_A_WORD(struct u8c_wire_short_answers, given) &&
                   sizeof(struct u8c_wire_short_answers) % 8 == 0,
               "every field of a short answer within one word");

enum { U8C_WIRE_SHORT_NONE = UINT16_MAX };
_Static_assert(U8C_MAX_INPUT < U8C_WIRE_SHORT_NONE && U8C_PROBES <= UINT8_MAX &&
                   U8C_ANSWER_DIED <= UINT8_MAX,
               "a short answer holds every count and index of an input");

/* Then after[ncuts + 1] (uint64_t), out[min(nout, U8C_STREAMED_MAX)]. */
struct u8c_wire_chunking {
	uint64_t k, ncuts, nout, over, over_got, over_cap, over_consumed,
	    scribbled, state_size;
};

/* A chunking again in fewer bytes (32 against 112 for one cut and three
 * values), when no call returned more than its cap and nothing beside
 * the state changed, as on almost every one of a default run's 8.1 M:
 * then after[ncuts + 1] as uint16_t, u8c_wire_after_pad, out[nout]. */
struct u8c_wire_short_chunking {
	uint16_t k, ncuts, nout, pad;
};
_Static_assert(U8C_CHUNKINGS_MAX <= UINT16_MAX && U8C_MAX_CUTS <= UINT16_MAX &&
                   U8C_STREAMED_MAX <= UINT16_MAX,
               "a short chunking holds every index and count of one");

/* The bytes after after[ncuts + 1] of @size bytes each that bring out[]
 * to a multiple of 4 (two where a short chunking's after[] has an odd
 * count), so that no value spans two words. */
static inline size_t
u8c_wire_after_pad(size_t ncuts, size_t size)
{
	return (size_t)(-((ncuts + 1) * size) & 3u);
}

/* Then turns_item[nturns_item], bytes_item[nbytes_item]. */
struct u8c_wire_stream_probes {
	uint64_t nafter_init, nalone, nturns_item, nbytes_item, nturns_probe;
	uint32_t after_init[U8C_STREAM_PROBE_MAX];
	uint32_t alone[U8C_STREAM_PROBE_MAX];
	uint32_t turns_probe[U8C_STREAM_PROBE_MAX];
};

struct u8c_wire_fate {
	uint32_t fate, phase; /* enum u8c_fate, enum u8c_phase          */
	int32_t detail;
	uint32_t chunking; /* in the stream's phase: which (k == nk: probes) */
	uint32_t ended;    /* it ended the call (a fatal one counts)    */
	uint32_t pad;
};

struct u8c_wire_fresh {
	uint32_t k, pad;
	struct u8c_probe probe;
};

/* The largest record of the kinds that grow with the input: one
 * chunking's values, and the stream's probes with both of their runs of
 * the item at the most values the stream may give (five a byte). */
enum {
	U8C_WIRE_CHUNKING_MAX =
	    (int)(sizeof(struct u8c_wire_head) +
	          sizeof(struct u8c_wire_chunking) + (U8C_MAX_CUTS + 1) * 8 +
	          U8C_STREAMED_MAX * 4 + 8),
	U8C_WIRE_PROBES_MAX = (int)(sizeof(struct u8c_wire_head) +
	                            sizeof(struct u8c_wire_stream_probes) +
	                            2 * U8C_STREAMED_MAX * 4 + 8),
	U8C_WIRE_MAX = U8C_WIRE_CHUNKING_MAX > U8C_WIRE_PROBES_MAX
	                   ? U8C_WIRE_CHUNKING_MAX
	                   : U8C_WIRE_PROBES_MAX,
	U8C_RING_BYTES = 1 << 22, /* a power of two, > U8C_WIRE_MAX */
};
_Static_assert(sizeof(struct u8c_wire_head) + sizeof(struct u8c_wire_answers) +
                       U8C_MAX_INPUT * (4 + 4 + 8) + 8 <=
                   U8C_WIRE_MAX,
               "an item's answers fit in the largest record");
_Static_assert((U8C_RING_BYTES & (U8C_RING_BYTES - 1)) == 0 &&
                   U8C_RING_BYTES > 4 * U8C_WIRE_MAX,
               "the ring holds several of the largest records");

/* One worker's ring.  written: bytes written in all (mod 2^32), by the
 * worker; the judge's count of bytes read is in memory the worker only
 * reads (u8c_board).  Both are futex words. */
struct u8c_ring {
	volatile uint32_t written;
	volatile uint32_t writer_waits; /* the worker waits for room */
	uint8_t bytes[U8C_RING_BYTES] __attribute__((aligned(64)));
} __attribute__((aligned(4096))); /* pages of its own (shared.h) */

/* The writer's side, in the worker. */
struct u8c_wire_writer {
	struct u8c_ring *ring;
	const volatile uint32_t *read;    /* the judge's count            */
	volatile uint32_t *reader_sleeps; /* it waits for records        */
	uint32_t at;                      /* bytes written                */
	uint32_t room;                    /* bytes free, when last looked */
	int holding;                      /* records not shown yet        */
	uint32_t shown;                   /* what `written` last said     */
};

/* u8c_wire_begin - room for a record of kind @kind with @size bytes of
 * payload, waiting for the judge if the ring is full; returns where the
 * payload goes.  u8c_wire_commit makes it visible. */
void *u8c_wire_begin(struct u8c_wire_writer *w, enum u8c_wire_kind kind,
                     size_t size);
void u8c_wire_commit(struct u8c_wire_writer *w);

/* u8c_wire_drain - shows what is held, wakes the judge and waits until
 * it has read all that was written. */
void u8c_wire_drain(struct u8c_wire_writer *w);

/* u8c_wire_hold - records committed from now on are in the ring but not
 * shown to the judge until u8c_wire_drain (or until the ring is full):
 * a record held across a call is one the judge has not read, so a call
 * that writes over the ring spoils it, and is caught in the act. */
void u8c_wire_hold(struct u8c_wire_writer *w);

/* u8c_wire_wake - wakes the judge if it sleeps: when what was written
 * should be judged now (a call ended in a fate; the worker goes idle),
 * not when the ring is half full. */
void u8c_wire_wake(struct u8c_wire_writer *w);

/* u8c_wire_spoiled - whether the ring's own words changed since the
 * writer last set them: something else in the worker wrote over the
 * ring (a call that fills it), which the judge sees only if it looks
 * while they are wrong or the records spoiled were not read yet.  They
 * are set right again.  Two loads, after every call. */
static inline int
u8c_wire_spoiled(struct u8c_wire_writer *w)
{
	if (__atomic_load_n(&w->ring->written, __ATOMIC_RELAXED) == w->shown &&
	    w->ring->writer_waits == 0)
		return 0;
	w->ring->writer_waits = 0;
	__atomic_store_n(&w->ring->written, w->shown, __ATOMIC_RELEASE);
	return 1;
}

/* u8c_wire_put - one record, its payload in @n parts.  Inline: the
 * sizes are mostly constants, and the parts few. */
static inline void
u8c_wire_put(struct u8c_wire_writer *w, enum u8c_wire_kind kind,
             const void *const *parts, const size_t *sizes, size_t n)
{
	size_t size = 0;
	uint8_t *to;

	for (size_t k = 0; k < n; k++)
		size += sizes[k];
	to = (uint8_t *)u8c_wire_begin(w, kind, size);
	for (size_t k = 0; k < n; k++) {
		if (sizes[k] == 0)
			continue; /* an empty part may have no address */
		memcpy(to, parts[k], sizes[k]);
		to += sizes[k];
	}
	u8c_wire_commit(w);
}

/* The words that hold @size bytes. */
#define U8C_WIRE_WORDS(size) (((size) + 7) / 8)

/* A record as read: its kind and payload, copied out of the ring. */
struct u8c_wire_record {
	enum u8c_wire_kind kind;
	size_t size; /* of the payload */
	_Alignas(8) uint8_t payload[U8C_WIRE_MAX];
};

/*
 * u8c_wire_take - the next record of @ring, from byte @*read of it, up
 * to @written: 1 with @r filled and *@read moved past it, 0 when there
 * is none yet, -1 when what is there is not a record (its head out of
 * bounds): the ring cannot be read on.
 */
int u8c_wire_take(const struct u8c_ring *ring, uint32_t written, uint32_t *read,
                  struct u8c_wire_record *r);

#endif /* U8C_WIRE_H */
