/* SPDX-License-Identifier: MIT */
/*
 * writer.c - buffered writes that survive short writes and EINTR and
 * stop at the first failure, which the caller turns into exit status 2;
 * or that hand each full buffer to a function instead.
 * SIGPIPE is ignored by main, so a closed pipe arrives here as EPIPE.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "writer.h"

void
u8v_writer_init(struct u8v_writer *w, int fd)
{
	w->fd = fd;
	w->drain = NULL;
	w->ctx = NULL;
	w->used = 0;
	w->error = 0;
}

void
u8v_writer_init_drain(struct u8v_writer *w,
                      int (*drain)(void *ctx, const uint8_t *s, size_t n),
                      void *ctx)
{
	u8v_writer_init(w, -1);
	w->drain = drain;
	w->ctx = ctx;
}

static int
write_all(struct u8v_writer *w, const uint8_t *s, size_t n)
{
	ssize_t done;

	if (w->drain != NULL && n > 0) {
		w->error = w->drain(w->ctx, s, n);
		return w->error != 0 ? -1 : 0;
	}
	while (n > 0) {
		done = write(w->fd, s, n);
		if (done < 0) {
			if (errno == EINTR)
				continue;
			w->error = errno;
			return -1;
		}
		s += done;
		n -= (size_t)done;
	}
	return 0;
}

int
u8v_flush(struct u8v_writer *w)
{
	size_t n = w->used;

	if (w->error != 0)
		return -1;
	w->used = 0;
	return write_all(w, w->buf, n);
}

int
u8v_write(struct u8v_writer *w, const void *s, size_t n)
{
	if (w->error != 0)
		return -1;
	if (n <= sizeof w->buf - w->used) {
		memcpy(w->buf + w->used, s, n);
		w->used += n;
		return 0;
	}
	if (u8v_flush(w) != 0)
		return -1;
	if (n >= sizeof w->buf / 2) /* copying would only cost time */
		return write_all(w, s, n);
	memcpy(w->buf, s, n);
	w->used = n;
	return 0;
}

int
u8v_print(struct u8v_writer *w, const char *format, ...)
{
	char line[256];
	va_list ap;
	int n;

	va_start(ap, format);
	n = vsnprintf(line, sizeof line, format, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	return u8v_write(w, line,
	                 (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}
