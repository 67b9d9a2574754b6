/* SPDX-License-Identifier: MIT */
/*
 * bridge.c - an --exec target's u8t_ functions, answered by its child
 * in batches (bridge.h).
 *
 * Requests are kept by their bytes as the protocol writes them, so that
 * the same question is asked once, and a batch is their concatenation.
 * Answers are kept as the child wrote them, once their sizes are
 * checked against the requests.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge.h"
#include "families.h"
#include "frames.h"

_Static_assert((int)U8C_EXEC_DECODE == (int)U8C_FN_DECODE &&
                   (int)U8C_EXEC_VALIDATE == (int)U8C_FN_VALIDATE &&
                   (int)U8C_EXEC_NEXT == (int)U8C_FN_NEXT &&
                   (int)U8C_EXEC_ENCODE == (int)U8C_FN_ENCODE &&
                   (int)U8C_EXEC_STREAM == (int)U8C_FN_STREAM,
               "a request's function byte is its enum u8c_fn");

enum {
	BATCH = 1024, /* requests a batch, at most           */
	BATCH_BYTES = 4 << 20,
	/* a batch's time: --timeout, and 100 us a request and 6 us a
	 * byte, where a slow child takes a tenth of that */
	US_PER_REQUEST = 100,
	US_PER_BYTE = 6,
	HISTORIES = 4,   /* streams under way at once            */
	STREAM_HEAD = 9, /* fn, last, chunks                     */
};

/* GIVEN_UP: not asked, its function having ended too many children
 * (bridge.h); its call dies with no fate. */
enum state { PENDING, ANSWERED, FATAL, GIVEN_UP };

struct entry {
	size_t key, keylen; /* in b.keys    */
	size_t ans, anslen; /* in b.answers */
	uint32_t hash;
	int32_t chain; /* the next entry of its bucket, or -1 */
	uint8_t state;
	uint8_t fate;
	int detail;
};

/* A stream under way: its request so far, and the one foreseen for it. */
struct history {
	struct u8c_bytes key;
	uint32_t chunks;
	int32_t foreseen; /* an entry, or -1                          */
	size_t place;     /* foreseeing: its place in b.streams + 1, or 0 */
};

static struct {
	struct u8c_spawner sp;
	struct u8c_child c;
	struct u8c_exec_hooks hooks;
	int foresee;
	struct u8c_bytes keys, answers, ask, reply, scratch;
	struct entry *e;
	size_t ne, cape;
	int32_t *bucket;
	size_t nbuckets; /* a power of two */
	uint32_t *pending;
	size_t npending, cappending;
	/* the streams the first pass started, in order: entries or -1 */
	int32_t *streams;
	size_t nstreams, capstreams, stream_at;
	struct history h[HISTORIES];
	uint32_t started;
	/* children each function ended, and hung */
	unsigned ends[U8C_EXEC_FNS], hangs[U8C_EXEC_FNS];
	/* the walk of u8t_next being answered: its input, and at each
	 * offset the step that starts there (+ 1, or 0) */
	int32_t walk;
	uint32_t walk_at[U8C_MAX_INPUT + 1];
} b = {.walk = -1};

/* The call ends with @fate: the hook does not come back.  Not declared
 * _Noreturn: AddressSanitizer would then mark the call's own stack gone
 * before the jump, and warn on stderr, output the report would charge. */
static void
die(enum u8c_fate fate, int detail)
{
	b.hooks.dies(fate, detail);
}

static void
out_of_memory(void)
{
	die(U8C_FATE_CRASH, SIGABRT); /* ours, but said */
}

/* Room for one more element of @size in the array at *@p, of *@cap. */
static void
grow(void *p, size_t *cap, size_t used, size_t size)
{
	size_t more = *cap ? *cap * 2 : 1024;
	void *q;

	if (used < *cap)
		return;
	memcpy(&q, p, sizeof q);
	if ((q = realloc(q, more * size)) == NULL) {
		out_of_memory();
		return;
	}
	memcpy(p, &q, sizeof q);
	*cap = more;
}

static uint32_t
hash_of(const uint8_t *p, size_t n)
{
	uint32_t h = 2166136261u; /* FNV-1a */

	for (size_t k = 0; k < n; k++)
		h = (h ^ p[k]) * 16777619u;
	return h;
}

static const uint8_t *
key_of(const struct entry *e)
{
	return b.keys.p + e->key;
}

static const uint8_t *
answer_of(const struct entry *e)
{
	return b.answers.p + e->ans;
}

static void
rehash(void)
{
	size_t n = b.nbuckets ? b.nbuckets * 2 : 4096;
	int32_t *bucket = malloc(n * sizeof *bucket);

	if (bucket == NULL)
		out_of_memory();
	memset(bucket, 0xFF, n * sizeof *bucket);
	for (size_t k = 0; k < b.ne; k++) {
		size_t at = b.e[k].hash & (n - 1);

		b.e[k].chain = bucket[at];
		bucket[at] = (int32_t)k;
	}
	free(b.bucket);
	b.bucket = bucket;
	b.nbuckets = n;
}

static int32_t
find(const struct u8c_bytes *key, uint32_t hash)
{
	if (b.nbuckets == 0)
		return -1;
	for (int32_t k = b.bucket[hash & (b.nbuckets - 1)]; k >= 0;
	     k = b.e[k].chain)
		if (b.e[k].hash == hash && b.e[k].keylen == key->n &&
		    memcmp(key_of(&b.e[k]), key->p, key->n) == 0)
			return k;
	return -1;
}

/* The entry of request @key, made PENDING when there is none. */
static int32_t
entry_of(const struct u8c_bytes *key)
{
	uint32_t hash = hash_of(key->p, key->n);
	int32_t k = find(key, hash);
	struct entry *e;

	if (k >= 0)
		return k;
	grow(&b.e, &b.cape, b.ne, sizeof *b.e);
	if (b.ne >= b.nbuckets)
		rehash();
	e = &b.e[b.ne];
	*e = (struct entry){b.keys.n, key->n, 0, 0, hash, -1, PENDING, 0, 0};
	if (u8c_bytes_put(&b.keys, key->p, key->n) != 0)
		out_of_memory();
	e->chain = b.bucket[hash & (b.nbuckets - 1)];
	b.bucket[hash & (b.nbuckets - 1)] = (int32_t)b.ne;
	return (int32_t)b.ne++;
}

static void
note(uint32_t k)
{
	grow(&b.pending, &b.cappending, b.npending, sizeof *b.pending);
	b.pending[b.npending++] = k;
}

/* A fresh child, with its hello into @h: 0, or -1 with one line in
 * @err. */
static int
start_child(struct u8c_exec_hello *h, char *err, size_t errlen)
{
	if (u8c_spawner_fresh(&b.sp, &b.c) != 0) {
		snprintf(err, errlen, "cannot start it");
		return -1;
	}
	fcntl(b.c.to, F_SETFL, O_NONBLOCK);
	fcntl(b.c.from, F_SETFL, O_NONBLOCK);
	return u8c_exec_hello(&b.c, h, err, errlen);
}

/* A fresh child in place of one that failed: 0, or -1. */
static int
fresh_child(void)
{
	struct u8c_exec_hello h;
	char err[256];

	return start_child(&h, err, sizeof err);
}

/* The answers in b.reply to the requests @ids[0..m), kept: 0, or -1
 * when they are not exactly those answers. */
static int
keep_answers(const uint32_t *ids, size_t m)
{
	size_t at = 5, size;

	if (b.reply.n < at || b.reply.p[0] != 'R' ||
	    u8c_exec_get_u32(b.reply.p + 1) != m)
		return -1;
	for (size_t k = 0; k < m; k++, at += size) {
		const struct entry *e = &b.e[ids[k]];

		size = u8c_exec_answer_size(key_of(e), e->keylen,
		                            b.reply.p + at, b.reply.n - at);
		if (size == 0)
			return -1;
	}
	if (at != b.reply.n)
		return -1;
	if (u8c_bytes_put(&b.answers, b.reply.p + 5, b.reply.n - 5) != 0)
		out_of_memory();
	at = b.answers.n - (b.reply.n - 5);
	for (size_t k = 0; k < m; k++) {
		struct entry *e = &b.e[ids[k]];

		e->ans = at;
		e->anslen = u8c_exec_answer_size(
		    key_of(e), e->keylen, answer_of(e), b.answers.n - at);
		e->state = ANSWERED;
		at += e->anslen;
	}
	return 0;
}

/* One batch of @ids[0..m) to the child, as it is. */
static enum u8c_exec_outcome
ask(const uint32_t *ids, size_t m)
{
	enum u8c_exec_outcome got;

	if (b.c.pid <= 0 && fresh_child() != 0)
		return U8C_EXEC_DIED;
	b.ask.n = 0;
	if (u8c_bytes_u32(&b.ask, (uint32_t)m) != 0)
		out_of_memory();
	for (size_t k = 0; k < m; k++)
		if (u8c_bytes_put(&b.ask, key_of(&b.e[ids[k]]),
		                  b.e[ids[k]].keylen) != 0)
			out_of_memory();
	got = u8c_exec_exchange(
	    &b.c, 'B', &b.ask, &b.reply,
	    (long)b.hooks.timeout_ms +
	        (long)((m * US_PER_REQUEST + b.ask.n * US_PER_BYTE) / 1000));
	if (b.hooks.alive != NULL)
		b.hooks.alive();
	if (got == U8C_EXEC_OK && keep_answers(ids, m) != 0)
		got = U8C_EXEC_GARBLED;
	return got;
}

/* The one request that ended the child its way: a fate. */
static void
blame(struct entry *e, enum u8c_exec_outcome got)
{
	int detail = 0;

	e->state = FATAL;
	if (got == U8C_EXEC_HUNG)
		b.hangs[key_of(e)[0]]++;
	else
		b.ends[key_of(e)[0]]++;
	switch (got) {
	case U8C_EXEC_HUNG:
		e->fate = U8C_FATE_HANG;
		e->detail = U8C_DETAIL_HANG_CHILD;
		return;
	case U8C_EXEC_DIED:
		switch (u8c_spawner_end_child(&b.sp, &b.c, &detail)) {
		case U8C_CHILD_SIGNALLED:
			e->fate = U8C_FATE_CRASH;
			break;
		case U8C_CHILD_EXITED:
			e->fate = U8C_FATE_EXIT;
			break;
		default: /* its stdout closed, itself running */
			e->fate = U8C_FATE_PROTOCOL;
			break;
		}
		e->detail = detail;
		return;
	default:
		e->fate = U8C_FATE_PROTOCOL;
		return;
	}
}

/* Whether function @fn ended or hung too many children to be asked. */
static int
given_up(uint8_t fn)
{
	return b.hooks.give_up && (b.ends[fn] >= U8C_EXEC_ENDS_GIVEN_UP ||
	                           b.hangs[fn] >= U8C_EXEC_HANGS_GIVEN_UP);
}

/* @ids[0..m) asked until each has its answer or its fate: a batch that
 * failed is asked again one request at a time, of a fresh child.  A
 * child's start costs far more than a request (a JVM's, thousands), so
 * halving, which starts about two children a level, costs more than
 * asking the batch's requests one by one; and a hang costs a timeout
 * more a level. */
static void
settle(uint32_t *ids, size_t m)
{
	enum u8c_exec_outcome got;
	size_t kept = 0;
	int detail;

	for (size_t k = 0; k < m; k++) {
		struct entry *e = &b.e[ids[k]];

		if (given_up(key_of(e)[0]))
			e->state = GIVEN_UP;
		else
			ids[kept++] = ids[k];
	}
	if ((m = kept) == 0)
		return;
	got = ask(ids, m);
	if (got == U8C_EXEC_OK)
		return;
	if (m == 1)
		blame(&b.e[ids[0]], got); /* and how it ended, if it did */
	else if (got == U8C_EXEC_DIED)
		u8c_spawner_end_child(&b.sp, &b.c, &detail);
	if (fresh_child() != 0) {
		/* no child answers any more: each request is blamed */
		for (size_t k = 0; k < m; k++)
			if (b.e[ids[k]].state == PENDING)
				blame(&b.e[ids[k]], U8C_EXEC_GARBLED);
		return;
	}
	for (size_t k = 0; m > 1 && k < m; k++)
		settle(ids + k, 1);
}

void
u8c_exec_fetch(void)
{
	size_t from = 0, bytes = 0;

	for (size_t k = 0; k <= b.npending; k++) {
		size_t size = k < b.npending ? b.e[b.pending[k]].keylen : 0;

		if (k == b.npending || k - from == BATCH ||
		    bytes + size > BATCH_BYTES) {
			if (k > from)
				settle(b.pending + from, k - from);
			from = k;
			bytes = 0;
		}
		bytes += size;
	}
	b.npending = 0;
}

void
u8c_exec_forget(void)
{
	b.ne = b.keys.n = b.answers.n = 0;
	b.npending = b.nstreams = b.stream_at = 0;
	b.walk = -1;
	if (b.bucket != NULL)
		memset(b.bucket, 0xFF, b.nbuckets * sizeof *b.bucket);
}

void
u8c_exec_set_hooks(const struct u8c_exec_hooks *h)
{
	b.hooks = *h;
}

/* The answer to b.scratch's request, asked now if need be; a fate ends
 * the call here.  NULL when foreseeing, noted. */
static const struct entry *
answer(void)
{
	int32_t k = entry_of(&b.scratch);
	struct entry *e = &b.e[k];

	if (b.foresee) {
		if (e->state == PENDING && e->anslen == 0) { /* noted once */
			e->anslen = 1;
			note((uint32_t)k);
		}
		return e->state == ANSWERED ? e : NULL;
	}
	if (e->state == PENDING)
		settle((uint32_t[]){(uint32_t)k}, 1);
	if (e->state == GIVEN_UP)
		die(U8C_FATES, 0);
	else if (e->state == FATAL)
		die((enum u8c_fate)e->fate, e->detail);
	return e;
}

/* b.scratch := fn, then @s[0..n) with its length. */
static void
request(enum u8c_exec_fn fn, const uint8_t *s, size_t n)
{
	uint8_t f = (uint8_t)fn;

	b.scratch.n = 0;
	if (u8c_bytes_put(&b.scratch, &f, 1) != 0 ||
	    u8c_bytes_u32(&b.scratch, (uint32_t)n) != 0 ||
	    u8c_bytes_put(&b.scratch, s, n) != 0)
		out_of_memory();
}

static size_t
values(const uint8_t *p, uint32_t *out, size_t cap)
{
	size_t k = u8c_exec_get_u32(p);

	for (size_t i = 0; i < k && i < cap; i++)
		out[i] = u8c_exec_get_u32(p + 4 + 4 * i);
	return k;
}

static size_t
b_decode(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	const struct entry *e;

	request(U8C_EXEC_DECODE, s, n);
	return (e = answer()) != NULL ? values(answer_of(e), out, cap) : 0;
}

static int
b_validate(const uint8_t *s, size_t n, size_t *err)
{
	const struct entry *e;
	uint32_t at;

	request(U8C_EXEC_VALIDATE, s, n);
	if ((e = answer()) == NULL)
		return 2; /* no answer, so none of the calls that follow one */
	at = u8c_exec_get_u32(answer_of(e) + 4);
	if (err != NULL && at != UINT32_MAX)
		*err = at;
	return (int)u8c_exec_get_u32(answer_of(e));
}

/* Walk @k's steps, each offset's step noted. */
static void
walk_from(int32_t k)
{
	const struct entry *e = &b.e[k];
	const uint8_t *p = answer_of(e);
	size_t n = u8c_exec_get_u32(key_of(e) + 1), off = 0,
	       steps = u8c_exec_get_u32(p);

	memset(b.walk_at, 0, (n + 1) * sizeof b.walk_at[0]);
	for (size_t i = 0; i < steps && off < n; i++) {
		size_t len = u8c_exec_get_u32(p + 8 + 8 * i);

		b.walk_at[off] = (uint32_t)i + 1;
		if (len == 0 || len > n - off)
			break;
		off += len;
	}
	b.walk = k;
}

/* The step of the walk under way that starts at the suffix s[0..n) of
 * its input: its index + 1, or 0. */
static uint32_t
step_at(const uint8_t *s, size_t n)
{
	const struct entry *e;
	size_t whole;

	if (b.walk < 0)
		return 0;
	e = &b.e[b.walk];
	whole = u8c_exec_get_u32(key_of(e) + 1);
	if (n > whole || memcmp(key_of(e) + 5 + whole - n, s, n) != 0)
		return 0;
	return b.walk_at[whole - n];
}

static size_t
b_next(const uint8_t *s, size_t n, uint32_t *cp)
{
	const struct entry *e;
	uint32_t step = step_at(s, n);
	const uint8_t *p;

	if (step == 0) {
		request(U8C_EXEC_NEXT, s, n);
		if ((e = answer()) == NULL)
			return n; /* one step: the walk is asked whole */
		walk_from((int32_t)(e - b.e));
		if ((step = b.walk_at[0]) == 0)
			return 0; /* no step at all */
	}
	p = answer_of(&b.e[b.walk]) + 4 + 8 * (step - 1);
	*cp = u8c_exec_get_u32(p);
	return u8c_exec_get_u32(p + 4);
}

static size_t
b_encode(uint32_t cp, uint8_t out[8])
{
	const struct entry *e;
	uint8_t f = U8C_EXEC_ENCODE;
	size_t k;

	b.scratch.n = 0;
	if (u8c_bytes_put(&b.scratch, &f, 1) != 0 ||
	    u8c_bytes_u32(&b.scratch, cp) != 0)
		out_of_memory();
	if ((e = answer()) == NULL)
		return 0;
	k = u8c_exec_get_u32(answer_of(e));
	memcpy(out, answer_of(e) + 4, k);
	return k;
}

static size_t
b_stream_size(void)
{
	return sizeof(uint32_t);
}

/* Foreseeing, the stream of @h is noted as far as it went: at its last
 * chunk, or when its history is taken by another (a stream the harness
 * left without a last chunk, as its probes do), or at the pass's end. */
static void
close_history(struct history *h)
{
	if (h->place == 0)
		return;
	if (h->chunks > 0) {
		b.scratch.n = 0;
		if (u8c_bytes_put(&b.scratch, h->key.p, h->key.n) != 0)
			out_of_memory();
		answer();
		b.streams[h->place - 1] = entry_of(&b.scratch);
	}
	h->place = 0;
}

/* A stream's state holds the number of its history. */
static void
b_stream_init(void *state)
{
	struct history *h;
	uint32_t id = b.started++;
	uint8_t head[STREAM_HEAD] = {U8C_EXEC_STREAM};

	memcpy(state, &id, sizeof id);
	h = &b.h[id % HISTORIES];
	close_history(h);
	h->key.n = 0;
	h->chunks = 0;
	h->foreseen = -1;
	if (u8c_bytes_put(&h->key, head, sizeof head) != 0)
		out_of_memory();
	if (b.foresee) {
		grow(&b.streams, &b.capstreams, b.nstreams, sizeof *b.streams);
		b.streams[b.nstreams++] = -1;
		h->place = b.nstreams;
	} else if (b.stream_at < b.nstreams) {
		h->foreseen = b.streams[b.stream_at++];
	}
}

static void
put_u32_at(uint8_t *p, uint32_t v)
{
	for (int k = 0; k < 4; k++)
		p[k] = (uint8_t)(v >> 8 * k);
}

/* Whether the foreseen stream @k began as @h has so far; at @h's last
 * chunk, whether it ended there too, and was asked with its last. */
static int
as_foreseen(const struct history *h, int32_t k, int last)
{
	const struct entry *e;
	uint32_t chunks, ended;

	if (k < 0)
		return 0;
	e = &b.e[k];
	ended = u8c_exec_get_u32(key_of(e) + 1);
	chunks = u8c_exec_get_u32(key_of(e) + 5);
	return e->keylen >= h->key.n &&
	       memcmp(key_of(e) + STREAM_HEAD, h->key.p + STREAM_HEAD,
	              h->key.n - STREAM_HEAD) == 0 &&
	       (chunks > h->chunks ||
	        (chunks == h->chunks && ended == (last != 0)));
}

static size_t
b_stream_decode(void *state, const uint8_t *s, size_t n, int last,
                uint32_t *out, size_t cap)
{
	uint32_t id;
	struct history *h;
	const struct entry *e;
	const uint8_t *p;

	memcpy(&id, state, sizeof id);
	h = &b.h[id % HISTORIES];
	if (u8c_bytes_u32(&h->key, (uint32_t)n) != 0 ||
	    u8c_bytes_put(&h->key, s, n) != 0)
		out_of_memory();
	h->chunks++;
	put_u32_at(h->key.p + 1, last != 0);
	put_u32_at(h->key.p + 5, h->chunks);
	if (b.foresee) {
		if (last)
			close_history(h);
		return 0;
	}
	if (as_foreseen(h, h->foreseen, last) &&
	    b.e[h->foreseen].state != PENDING) {
		e = &b.e[h->foreseen];
		if (e->state == FATAL)
			die((enum u8c_fate)e->fate, e->detail);
		if (e->state == GIVEN_UP)
			die(U8C_FATES, 0);
	} else {
		h->foreseen = -1; /* off the foreseen path: asked as it goes */
		b.scratch.n = 0;
		if (u8c_bytes_put(&b.scratch, h->key.p, h->key.n) != 0)
			out_of_memory();
		e = answer();
	}
	p = answer_of(e) + 4;
	for (uint32_t c = 1; c < h->chunks; c++)
		p += 4 + 4 * (size_t)u8c_exec_get_u32(p);
	return values(p, out, cap);
}

void
u8c_exec_foresee(int on)
{
	for (size_t k = 0; !on && k < HISTORIES; k++)
		close_history(&b.h[k]);
	b.foresee = on;
	b.stream_at = 0;
}

int
u8c_exec_load(struct u8c_target *t, const char *cmd, struct u8c_identity *id,
              char *err, size_t errlen)
{
	static struct u8c_exec_hello hello;
	char why[256];

	memset(t, 0, sizeof *t);
	memset(id, 0, sizeof *id);
	signal(SIGPIPE, SIG_IGN); /* a child gone is seen by its pipe */
	if (u8c_spawner_start(&b.sp, cmd, err, errlen) != 0)
		return -1;
	if (start_child(&hello, why, sizeof why) != 0) {
		snprintf(err, errlen, "--exec '%s': %s", cmd, why);
		u8c_exec_unload();
		return -1;
	}
	t->exec = 1;
	t->decode = hello.functions >> U8C_EXEC_DECODE & 1u ? b_decode : NULL;
	t->validate =
	    hello.functions >> U8C_EXEC_VALIDATE & 1u ? b_validate : NULL;
	t->next = hello.functions >> U8C_EXEC_NEXT & 1u ? b_next : NULL;
	t->encode = hello.functions >> U8C_EXEC_ENCODE & 1u ? b_encode : NULL;
	if (hello.functions >> U8C_EXEC_STREAM & 1u) {
		t->stream_size = b_stream_size;
		t->stream_init = b_stream_init;
		t->stream_decode = b_stream_decode;
		t->state_size = b_stream_size();
		id->stream_size = t->state_size;
		id->abi_version = 2;
	} else {
		id->abi_version = 1;
	}
	id->name = hello.name;
	id->exports = hello.functions;
	id->traits = hello.traits & (U8T_GUESSED_LENGTHS | U8T_SCALARS_ONLY);
	return 0;
}

void
u8c_exec_unload(void)
{
	u8c_spawner_stop(&b.sp, &b.c);
}
