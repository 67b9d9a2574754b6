/* SPDX-License-Identifier: MIT */
/*
 * calls.h - calling a target's functions on one item, through buffers
 * fenced by inaccessible pages, and keeping what it answers.
 *
 * Every input is copied flush against a guard page before each call (its
 * last byte before the upper guard, or its first after the lower one),
 * and every output buffer ends at one, so a read or write one byte
 * outside faults at an address that says which it was.  Nothing here
 * catches the fault: the worker does (sandbox/worker.c), or the fuzzing
 * engine.
 */
#ifndef U8C_CALLS_H
#define U8C_CALLS_H

#include "answers.h"
#include "call_stack.h"
#include "families.h"
#include "fence.h"
#include "plan.h"
#include "target.h"

/* Values a stream may write for one input: a chunk's cap is its length
 * and 4, and an input has at most U8C_MAX_INPUT + 1 chunks. */
enum { U8C_STREAMED_MAX = 5 * U8C_MAX_INPUT + 4 };

struct u8c_stage {
	struct u8s_fence in;       /* inputs, and a stream's chunks       */
	struct u8s_fence out;      /* u8t_decode's and a stream's values  */
	struct u8s_fence enc;      /* u8t_encode's bytes                  */
	struct u8s_fence state[2]; /* a stream's states, two for turns    */
	struct u8s_fence stack;    /* the calls' own stack (call_stack.h) */
	enum u8c_placement placement;
	int nul; /* U8T_NEEDS_NUL: a 0 at s[n], the guard after it */
	/* where answers are kept */
	uint32_t decoded[U8C_MAX_INPUT];
	uint32_t next_cp[U8C_MAX_INPUT];
	size_t next_len[U8C_MAX_INPUT];
	uint32_t streamed[U8C_STREAMED_MAX]; /* a chunking's values     */
	uint32_t whole[U8C_STREAMED_MAX];    /* the one-chunk run's     */
	uint32_t turns[2][U8C_STREAMED_MAX]; /* probes: taking turns    */
	uint32_t alone[U8C_STREAMED_MAX];    /* probes: the item alone  */
	size_t after[U8C_MAX_INPUT + 2];
	uint16_t cuts[U8C_MAX_INPUT + 1];
	/* u8t_stream_consumed: the tail each state left, passed again */
	uint8_t tail[2][U8C_MAX_INPUT], joined[U8C_MAX_INPUT];
	size_t ntail[2], consumed;
};

/* u8c_stage_init - map the fences of @st, which is in zeroed memory
 * (static, or calloc's): its answers' buffers are not written here, so
 * a worker maps the pages of those its items use, no more; 0, or -1
 * with errno set. */
int u8c_stage_init(struct u8c_stage *st);

/*
 * u8c_call - call function @fn of @t on @item and store its answer in
 * @a (a->given[fn] is left to the caller, which knows whether the call
 * came back).  @fn must be exported and suit the item's kind.
 */
void u8c_call(struct u8c_stage *st, const struct u8c_target *t, enum u8c_fn fn,
              const struct u8c_item *item, struct u8c_answers *a);

/*
 * u8c_call_stream - u8t_stream_init, then u8t_stream_decode on each chunk
 * of @item as item->chunking cuts it, each chunk flush against a guard
 * page and the state too; for u8t_stream_consumed, each chunk after the
 * tail the call before left unconsumed.  The answers' buffers are the
 * stage's, good until the next call; @whole copies the values where the
 * whole-input chunking keeps them, for the item's other chunkings.
 */
void u8c_call_stream(struct u8c_stage *st, const struct u8c_target *t,
                     const struct u8c_item *item, int whole,
                     struct u8c_stream_answers *a);

/* u8c_call_stream_probes - the stream's probes of @item (answers.h). */
void u8c_call_stream_probes(struct u8c_stage *st, const struct u8c_target *t,
                            const struct u8c_item *item,
                            struct u8c_stream_probes *p);

/* u8c_call_probe - every decoding function @t exports on the state
 * probe's input @k, into @p. */
void u8c_call_probe(struct u8c_stage *st, const struct u8c_target *t,
                    unsigned k, struct u8c_probe *p);

/* For the calls' own files: s[0..n) against the guard the placement
 * says (and the 0 after it a target may need); room for exactly @cap
 * values, ending at the guard. */
const uint8_t *u8c_stage_place(struct u8c_stage *st, const uint8_t *s,
                               size_t n);
uint32_t *u8c_stage_output(struct u8c_stage *st, size_t cap);

/* For the calls' own files: fn(args...) on the stage's call stack, each
 * of the (at most six) arguments cast to uintptr_t, the rest 0; what it
 * returned, as a uintptr_t. */
#define U8C_ON_STACK(st, fn, ...)                                              \
	U8C_ON_STACK_SIX(st, fn, __VA_ARGS__, 0, 0, 0, 0, 0, 0)
#define U8C_ON_STACK_SIX(st, fn, a0, a1, a2, a3, a4, a5, ...)                  \
	u8c_stack_call((uintptr_t)(a0), (uintptr_t)(a1), (uintptr_t)(a2),      \
	               (uintptr_t)(a3), (uintptr_t)(a4), (uintptr_t)(a5),      \
	               u8s_fence_end(&(st)->stack, 0), (void (*)(void))(fn))

/* How a faulting access touched memory, where the CPU says. */
enum u8c_access { U8C_ACCESS_UNKNOWN, U8C_ACCESS_READ, U8C_ACCESS_WRITE };

/* u8c_stage_fate - what a fault at @addr means: an over-read, under-read
 * or over-write when it is in one of the stage's guards, else a crash;
 * past a stream's state, a read (@access) is an over-read and anything
 * else an over-write, *detail U8C_DETAIL_STATE; past the top of the call
 * stack an over-write, U8C_DETAIL_STACK; else *detail is @sig. */
enum u8c_fate u8c_stage_fate(const struct u8c_stage *st, const void *addr,
                             int sig, enum u8c_access access, int *detail);

#endif /* U8C_CALLS_H */
