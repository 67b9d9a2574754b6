/* SPDX-License-Identifier: MIT */
/*
 * writer.h - buffered output to a file descriptor, or to a function
 * (a job's share of the output, jobs.c), that remembers the first
 * failed write (EPIPE when the reader has gone).
 */
#ifndef U8V_WRITER_H
#define U8V_WRITER_H

#include <stddef.h>
#include <stdint.h>

enum { U8V_WRITER_BUFFER = 64 * 1024 };

struct u8v_writer {
	int fd; /* where the bytes go, unless @drain takes them */
	/* Takes each full buffer instead of write(2): returns 0, or an
	 * errno value that fails the writer. */
	int (*drain)(void *ctx, const uint8_t *s, size_t n);
	void *ctx;   /* for @drain                                  */
	size_t used; /* bytes waiting in buf                        */
	int error;   /* errno of the first failed write, 0 if none  */
	uint8_t buf[U8V_WRITER_BUFFER];
};

void u8v_writer_init(struct u8v_writer *w, int fd);

/* u8v_writer_init_drain - a writer whose bytes go to @drain(@ctx, ...). */
void u8v_writer_init_drain(struct u8v_writer *w,
                           int (*drain)(void *ctx, const uint8_t *s, size_t n),
                           void *ctx);

/* u8v_write - queue @n bytes; large runs go straight to write(2).
 * Returns 0, or -1 once any write has failed (see w->error). */
int u8v_write(struct u8v_writer *w, const void *s, size_t n);

/* u8v_print - u8v_write of a formatted line of up to 255 bytes. */
int u8v_print(struct u8v_writer *w, const char *format, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* u8v_flush - write what is queued.  Returns 0 or -1 as u8v_write. */
int u8v_flush(struct u8v_writer *w);

#endif /* U8V_WRITER_H */
