/* SPDX-License-Identifier: MIT */
/*
 * wire.c - records through a worker's ring (wire.h): the writer waits
 * for room and wakes a sleeping reader when there is much to read; the
 * reader copies each record out before it trusts a byte of it.
 */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "copy_words.h"
#include "wire.h"

static size_t
padded(size_t size)
{
	return (size + 7) & ~(size_t)7;
}

/* Bytes free, as the judge's count says now.  That count is on a cache
 * line the judge writes, so it is read only when what was free when last
 * looked is not enough. */
static uint32_t
look_at_room(struct u8c_wire_writer *w)
{
	w->room = U8C_RING_BYTES -
	          (w->at - __atomic_load_n(w->read, __ATOMIC_ACQUIRE));
	return w->room;
}

void
u8c_wire_wake(struct u8c_wire_writer *w)
{
	/* the judge says it sleeps, then looks at `written` once more: the
	 * other order here, so one of the two sees the other */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (*w->reader_sleeps &&
	    __atomic_exchange_n(w->reader_sleeps, 0, __ATOMIC_ACQ_REL))
		syscall(SYS_futex, &w->ring->written, FUTEX_WAKE, 1, NULL, NULL,
		        0);
}

/* Shows the judge what was written. */
static void
publish(struct u8c_wire_writer *w)
{
	w->holding = 0;
	w->shown = w->at;
	__atomic_store_n(&w->ring->written, w->at, __ATOMIC_RELEASE);
}

/* Waits until @need bytes are free: the judge is shown what is held,
 * or it could not make room. */
static void
wait_for_room(struct u8c_wire_writer *w, uint32_t need)
{
	if (w->room >= need)
		return;
	if (w->holding)
		publish(w);
	while (look_at_room(w) < need) {
		uint32_t seen = *w->read;

		w->ring->writer_waits = 1;
		u8c_wire_wake(w);
		if (look_at_room(w) >= need)
			break;
		syscall(SYS_futex, w->read, FUTEX_WAIT, seen, NULL, NULL, 0);
	}
	w->ring->writer_waits = 0;
}

static struct u8c_wire_head *
head_at(struct u8c_ring *ring, uint32_t at)
{
	return (struct u8c_wire_head *)(ring->bytes +
	                                (at & (U8C_RING_BYTES - 1)));
}

void
u8c_wire_drain(struct u8c_wire_writer *w)
{
	if (w->holding)
		publish(w);
	/* all free: all read */
	wait_for_room(w, U8C_RING_BYTES);
}

void
u8c_wire_hold(struct u8c_wire_writer *w)
{
	w->holding = 1;
}

void *
u8c_wire_begin(struct u8c_wire_writer *w, enum u8c_wire_kind kind, size_t size)
{
	uint32_t total = (uint32_t)padded(sizeof(struct u8c_wire_head) + size);
	uint32_t to_end = U8C_RING_BYTES - (w->at & (U8C_RING_BYTES - 1));
	struct u8c_wire_head *h;

	if (to_end < total) {
		/* a record never wraps: the rest of the ring is skipped */
		wait_for_room(w, to_end);
		*head_at(w->ring, w->at) =
		    (struct u8c_wire_head){U8C_WIRE_PAD, to_end};
		w->at += to_end;
		w->room -= to_end;
	}
	wait_for_room(w, total);
	h = head_at(w->ring, w->at);
	*h = (struct u8c_wire_head){(uint32_t)kind, total};
	return h + 1;
}

void
u8c_wire_commit(struct u8c_wire_writer *w)
{
	uint32_t size = head_at(w->ring, w->at)->size;

	w->at += size;
	w->room -= size;
	if (w->holding)
		return;
	w->shown = w->at;
	__atomic_store_n(&w->ring->written, w->at, __ATOMIC_RELEASE);
	/* A judge with nothing to read sleeps; it is woken when the ring is
	 * half full, not for each record: a system call per record
	 * (through the seccomp filter) costs more than the record.  No
	 * fence here, on every record: a wake missed in a race is made up
	 * for when the ring is full (wait_for_room), or by the judge's nap. */
	if (w->room < U8C_RING_BYTES / 2 && *w->reader_sleeps &&
	    look_at_room(w) < U8C_RING_BYTES / 2 &&
	    __atomic_exchange_n(w->reader_sleeps, 0, __ATOMIC_ACQ_REL))
		syscall(SYS_futex, &w->ring->written, FUTEX_WAKE, 1, NULL, NULL,
		        0);
}

/* A short record is copied out in words (u8s_copy_words), not by
 * memcpy: the reader loads its fields at once, and a load from what a
 * wide vector store wrote waits for the store to land (the first field
 * loads of a short record held a tenth of the reader's samples).
 * Records are whole words. */
enum { WORDS_UP_TO = 128 };

static void
copy_payload(uint8_t *to, const uint8_t *from, size_t n)
{
	if (n > WORDS_UP_TO)
		memcpy(to, from, n);
	else
		u8s_copy_words(to, from, n / 8);
}

int
u8c_wire_take(const struct u8c_ring *ring, uint32_t written, uint32_t *read,
              struct u8c_wire_record *r)
{
	uint32_t at = *read, ready = written - at;
	uint32_t to_end = U8C_RING_BYTES - (at & (U8C_RING_BYTES - 1));
	struct u8c_wire_head h;

	for (;;) {
		if (ready == 0)
			return 0;
		if (ready > U8C_RING_BYTES || ready % 8 != 0)
			return -1;
		memcpy(&h, ring->bytes + (at & (U8C_RING_BYTES - 1)), sizeof h);
		if (h.kind >= U8C_WIRE_KINDS || h.size < sizeof h ||
		    h.size % 8 != 0 || h.size > ready || h.size > to_end ||
		    (h.kind != U8C_WIRE_PAD &&
		     h.size > sizeof h + sizeof r->payload))
			return -1;
		if (h.kind != U8C_WIRE_PAD)
			break;
		at += h.size;
		ready -= h.size;
		to_end = U8C_RING_BYTES;
		*read = at;
	}
	r->kind = (enum u8c_wire_kind)h.kind;
	r->size = h.size - sizeof h;
	copy_payload(r->payload,
	             ring->bytes + (at & (U8C_RING_BYTES - 1)) + sizeof h,
	             r->size);
	*read = at + h.size;
	return 1;
}
