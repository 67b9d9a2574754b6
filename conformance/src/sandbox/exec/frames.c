/* SPDX-License-Identifier: MIT */
/*
 * frames.c - the --exec protocol's frames (frames.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "frames.h"

/* Room for @n more bytes at b->p + b->n. */
static int
room(struct u8c_bytes *b, size_t n)
{
	size_t cap = b->cap ? b->cap : 4096;
	uint8_t *q;

	if (b->n + n <= b->cap)
		return 0;
	while (cap < b->n + n)
		cap *= 2;
	if ((q = realloc(b->p, cap)) == NULL)
		return -1;
	b->p = q;
	b->cap = cap;
	return 0;
}

int
u8c_bytes_put(struct u8c_bytes *b, const void *p, size_t n)
{
	if (room(b, n) != 0)
		return -1;
	if (n > 0)
		memcpy(b->p + b->n, p, n);
	b->n += n;
	return 0;
}

int
u8c_bytes_u32(struct u8c_bytes *b, uint32_t v)
{
	uint8_t le[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16),
	                 (uint8_t)(v >> 24)};

	return u8c_bytes_put(b, le, sizeof le);
}

uint32_t
u8c_exec_get_u32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static long
ms_left(const struct timespec *end)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (end->tv_sec - now.tv_sec) * 1000 +
	       (end->tv_nsec - now.tv_nsec) / 1000000;
}

/* One frame out of @got (@n read so far): its size once its head is
 * in; 0 before; SIZE_MAX when it cannot be a frame. */
static size_t
frame_size(const uint8_t *got, size_t n)
{
	uint32_t size;

	if (n < 4)
		return 0;
	size = u8c_exec_get_u32(got);
	return size == 0 || size > U8C_EXEC_FRAME_MAX ? SIZE_MAX
	                                              : (size_t)size + 4;
}

enum u8c_exec_outcome
u8c_exec_exchange(const struct u8c_child *c, char kind,
                  const struct u8c_bytes *payload, struct u8c_bytes *answer,
                  long ms)
{
	uint8_t head[5];
	uint32_t size = (uint32_t)(payload->n + 1);
	size_t sent = 0, total = sizeof head + payload->n, want = 0, need;
	struct timespec end;

	memcpy(head,
	       (uint8_t[]){(uint8_t)size, (uint8_t)(size >> 8),
	                   (uint8_t)(size >> 16), (uint8_t)(size >> 24),
	                   (uint8_t)kind},
	       sizeof head);
	answer->n = 0;
	clock_gettime(CLOCK_MONOTONIC, &end);
	end.tv_sec += ms / 1000;
	end.tv_nsec += (ms % 1000) * 1000000;
	if (end.tv_nsec >= 1000000000) {
		end.tv_sec++;
		end.tv_nsec -= 1000000000;
	}
	for (;;) {
		struct pollfd p[2] = {{c->from, POLLIN, 0},
		                      {sent < total ? c->to : -1, POLLOUT, 0}};
		long left = ms_left(&end);
		ssize_t k;

		if (left <= 0)
			return U8C_EXEC_HUNG;
		if (poll(p, 2, (int)left) < 0) {
			if (errno == EINTR)
				continue;
			return U8C_EXEC_DIED;
		}
		if (p[1].revents & (POLLERR | POLLHUP))
			return U8C_EXEC_DIED;
		if (p[1].revents & POLLOUT) {
			const uint8_t *from =
			    sent < sizeof head
			        ? head + sent
			        : payload->p + sent - sizeof head;
			size_t n = sent < sizeof head ? sizeof head - sent
			                              : total - sent;

			k = write(c->to, from, n);
			if (k < 0 && errno != EAGAIN && errno != EINTR)
				return U8C_EXEC_DIED;
			sent += k > 0 ? (size_t)k : 0;
		}
		if (!(p[0].revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		need = want > 0 ? want - answer->n : 4 - answer->n;
		if (room(answer, need) != 0)
			return U8C_EXEC_GARBLED;
		k = read(c->from, answer->p + answer->n, need);
		if (k == 0)
			return U8C_EXEC_DIED;
		if (k < 0) {
			if (errno == EAGAIN || errno == EINTR)
				continue;
			return U8C_EXEC_DIED;
		}
		answer->n += (size_t)k;
		if (want == 0 &&
		    (want = frame_size(answer->p, answer->n)) == SIZE_MAX)
			return U8C_EXEC_GARBLED;
		if (want > 0 && answer->n == want) {
			if (sent < total) /* it answered what it did not read */
				return U8C_EXEC_GARBLED;
			/* the size word off: the kind, then the payload */
			memmove(answer->p, answer->p + 4, want - 4);
			answer->n = want - 4;
			return U8C_EXEC_OK;
		}
	}
}

/* A length-prefixed string of the hello at *@at, appended to @out. */
static int
take_string(const struct u8c_bytes *a, size_t *at, char *out, size_t room_left)
{
	uint32_t n;
	size_t keep, have = strlen(out);

	if (a->n - *at < 4)
		return -1;
	n = u8c_exec_get_u32(a->p + *at);
	*at += 4;
	if (n > a->n - *at)
		return -1;
	keep = n < room_left - have - 1 ? n : room_left - have - 1;
	memcpy(out + have, a->p + *at, keep);
	out[have + keep] = '\0';
	*at += n;
	return 0;
}

/* What is wrong with hello @a (its kind, then its payload), into @err
 * and @h; 0 when nothing is. */
static int
read_hello(const struct u8c_bytes *a, struct u8c_exec_hello *h, char *err,
           size_t errlen)
{
	size_t at = 13;

	if (a->n < at || a->p[0] != 'H') {
		snprintf(err, errlen, "its hello is not an H frame");
		return -1;
	}
	if (u8c_exec_get_u32(a->p + 1) != U8C_EXEC_VERSION) {
		snprintf(err, errlen, "it speaks version %u, not %d",
		         u8c_exec_get_u32(a->p + 1), U8C_EXEC_VERSION);
		return -1;
	}
	h->functions = u8c_exec_get_u32(a->p + 5);
	h->traits = u8c_exec_get_u32(a->p + 9);
	if (h->functions == 0 || h->functions >> U8C_EXEC_FNS != 0) {
		snprintf(err, errlen,
		         "its functions (%#x) are none, or unknown",
		         h->functions);
		return -1;
	}
	if (take_string(a, &at, h->name, sizeof h->name) != 0 ||
	    (strcat(h->name, " "),
	     take_string(a, &at, h->name, sizeof h->name)) != 0 ||
	    at != a->n) {
		snprintf(err, errlen,
		         "its hello's name and version do not fill the frame");
		return -1;
	}
	return 0;
}

int
u8c_exec_hello(const struct u8c_child *c, struct u8c_exec_hello *h, char *err,
               size_t errlen)
{
	struct u8c_bytes hi = {(uint8_t *)"u8x1", 4, 4}, a = {0};
	enum u8c_exec_outcome got =
	    u8c_exec_exchange(c, 'H', &hi, &a, U8C_EXEC_HELLO_MS);
	int rc = -1;

	memset(h, 0, sizeof *h);
	if (got == U8C_EXEC_HUNG)
		snprintf(err, errlen, "no hello within %d s",
		         U8C_EXEC_HELLO_MS / 1000);
	else if (got != U8C_EXEC_OK)
		snprintf(err, errlen, "%s before its hello",
		         got == U8C_EXEC_DIED ? "it ended"
		                              : "it wrote what is not a frame");
	else
		rc = read_hello(&a, h, err, errlen);
	free(a.p);
	return rc;
}

/* Bytes of @count u32 values and a count word at @p, or 0 when they
 * overrun @n. */
static size_t
counted(const uint8_t *p, size_t n, size_t per)
{
	uint64_t k;

	if (n < 4)
		return 0;
	k = u8c_exec_get_u32(p);
	return k * per <= n - 4 ? (size_t)(4 + k * per) : 0;
}

size_t
u8c_exec_answer_size(const uint8_t *key, size_t keylen, const uint8_t *p,
                     size_t n)
{
	size_t at, size;
	uint32_t chunks;

	(void)keylen;
	switch (key[0]) {
	case U8C_EXEC_DECODE:
		return counted(p, n, 4);
	case U8C_EXEC_VALIDATE:
		return n >= 8 ? 8 : 0;
	case U8C_EXEC_NEXT:
		return counted(p, n, 8);
	case U8C_EXEC_ENCODE:
		return n >= 4 && u8c_exec_get_u32(p) <= 8 ? counted(p, n, 1)
		                                          : 0;
	default: /* a stream: as many value lists as it had chunks */
		chunks = u8c_exec_get_u32(key + 5);
		if (n < 4 || u8c_exec_get_u32(p) != chunks)
			return 0;
		for (at = 4; chunks-- > 0; at += size)
			if ((size = counted(p + at, n - at, 4)) == 0)
				return 0;
		return at;
	}
}
