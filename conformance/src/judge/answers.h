/* SPDX-License-Identifier: MIT */
/*
 * answers.h - what a target answered on one item: the contract between
 * the code that calls a target (sandbox/calls.c, the fuzzer) and the
 * judge, which never calls it.
 *
 * Answers are raw: the values and lengths the target returned, as it
 * returned them.  A call that did not come back (a crash, a hang, an
 * exit...) is U8C_ANSWER_DIED; its fate is recorded by whoever saw it.
 */
#ifndef U8C_ANSWERS_H
#define U8C_ANSWERS_H

#include <stddef.h>
#include <stdint.h>

#include "checks.h"
#include "u8t.h"

enum u8c_answer {
	U8C_ANSWER_NONE = 0, /* not asked: not exported, or set aside */
	U8C_ANSWER_GIVEN,    /* the call returned                    */
	U8C_ANSWER_DIED,     /* the call never returned              */
};

/* The answers to a fixed input, which must not change from call to call:
 * a stateless target gives the same every time. */
struct u8c_probe {
	size_t ndecode, nnext;
	uint32_t decode[4], next[4];
	int valid;
};

/* The fixed inputs of the state probe.  A continuation byte first: it is
 * what a leftover lead byte would swallow. */
enum { U8C_PROBES = 3 };
struct u8c_probe_input {
	uint8_t s[2];
	size_t n;
	const char *name;
};
extern const struct u8c_probe_input u8c_probe_inputs[U8C_PROBES];

/* Whether u8t_encode is asked for @cp: not outside the domain a target
 * with U8T_SCALARS_ONLY declares. */
static inline int
u8c_encoder_asked(unsigned traits, uint32_t cp)
{
	return !(traits & U8T_SCALARS_ONLY) ||
	       !(cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF));
}

/* The most state a stream may ask for (u8t_stream_size), in bytes. */
enum { U8C_STATE_MAX = 4096 };

/* Whether a stream asking for @size bytes of state is called: outside
 * 1..U8C_STATE_MAX it is left out of the exports. */
static inline int
u8c_state_size_ok(uint64_t size)
{
	return size >= 1 && size <= U8C_STATE_MAX;
}

/* u8t_stream_decode on one chunking of an item (the item's chunking),
 * from u8t_stream_init on. */
struct u8c_stream_answers {
	size_t ncuts;
	const uint16_t *cuts; /* where its chunks part: ncuts + 1 chunks   */
	size_t nout;
	const uint32_t *out; /* every chunk's values, one after another    */
	const size_t *after; /* after[k]: values written by the end of
	                        chunk k, k = 0..ncuts                      */
	size_t over;         /* the chunk that returned more than its cap,
	                        or SIZE_MAX; then the rest was not called */
	size_t over_got, over_cap;
	int over_consumed; /* rather, that chunk's call said it consumed
	                      over_got bytes of the over_cap it was
	                      given: more, or fewer at last            */
	size_t scribbled;  /* the chunk by which bytes beside the state
	                      had changed, or SIZE_MAX                  */
	size_t state_size; /* u8t_stream_size()                        */
};

/* What the stream's probes of an item found, every input fed a byte a
 * chunk: the probe input in a state of its own; in a used state, left in
 * the middle of the item, after u8t_stream_init; and the item and the
 * probe input in two states taking turns, beside the item alone. */
enum { U8C_STREAM_PROBE_MAX = 64 };
struct u8c_stream_probes {
	int ran;            /* they did, to the end                 */
	size_t nafter_init; /* the probe input after init on a used
	                       state                                */
	uint32_t after_init[U8C_STREAM_PROBE_MAX];
	size_t nalone; /* the probe input in a new state        */
	uint32_t alone[U8C_STREAM_PROBE_MAX];
	size_t nturns_item; /* the item, taking turns                */
	const uint32_t *turns_item;
	size_t nbytes_item; /* the item a byte a chunk, alone        */
	const uint32_t *bytes_item;
	size_t nturns_probe; /* the probe input, taking turns         */
	uint32_t turns_probe[U8C_STREAM_PROBE_MAX];
};

/* The fixed input of the stream's probes: characters of 2, 3 and 4
 * bytes, which a state shared by mistake would take apart. */
extern const uint8_t u8c_stream_probe_input[9];

struct u8c_answers {
	uint8_t given[U8C_FNS]; /* enum u8c_answer, per function          */
	/* u8t_decode(s, n, out, cap) */
	size_t cap;             /* the room it was given                  */
	size_t ndecode;         /* what it returned; may exceed cap       */
	const uint32_t *decode; /* the values, when ndecode <= cap        */
	/* u8t_validate(s, n, &err), err preset to SIZE_MAX */
	int valid;
	size_t err;
	/* when it said valid but the reference finds an error at error_at
	 * (set by the caller; SIZE_MAX when none): the last start, from
	 * error_at back, from which it calls the rest valid too.  Below
	 * error_at, what made it accept the error is there (a NUL, say) */
	size_t error_at;
	size_t accepted_from;
	/* when it said ill-formed at err != error_at: its answer on the
	 * input up to the later of the two, which holds error_at's error
	 * (or, when err came first, holds none): 1 or 0 as said, -1 when
	 * not asked.  A right answer there leaves only the offset wrong */
	int valid_prefix;
	/* u8t_next, once per character; a step that consumed 0 or more
	 * than was left is the last one */
	size_t nnext;
	const uint32_t *next_cp; /* *cp, preset to U8T_ERROR            */
	const size_t *next_len;  /* what each call returned              */
	/* u8t_encode(cp, out) */
	size_t nencode;
	uint8_t encode[8];
	/* u8t_stream_decode on the whole item in one chunk, and the
	 * stream's probes (given[U8C_FN_STREAM] says whether they ran) */
	size_t nstream;
	const uint32_t *stream;
	int stream_fits; /* the one chunk's values are the reading's */
	struct u8c_stream_probes stream_probes;
	/* the state probe after this item */
	int probed;                          /* it ran                    */
	unsigned probe_k;                    /* on u8c_probe_inputs[k]    */
	struct u8c_probe probe_now;          /* its answers now           */
	const struct u8c_probe *probe_fresh; /* on a fresh start       */
};

#endif /* U8C_ANSWERS_H */
