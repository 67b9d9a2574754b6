/* SPDX-License-Identifier: MIT */
/*
 * frames.h - the --exec protocol's frames (conformance/PROTOCOL.md):
 * writing requests, and reading a child's answers without trusting them.
 */
#ifndef U8C_EXEC_FRAMES_H
#define U8C_EXEC_FRAMES_H

#include <stddef.h>
#include <stdint.h>

#include "spawn.h"

enum {
	U8C_EXEC_VERSION = 1,
	U8C_EXEC_FRAME_MAX = 64 << 20,
	U8C_EXEC_BATCH_MAX = 65536,
	U8C_EXEC_NAME_MAX = 200,
	U8C_EXEC_HELLO_MS = 10000,
};

/* A request's function: its first byte, and its bit in the hello. */
enum u8c_exec_fn {
	U8C_EXEC_DECODE,
	U8C_EXEC_VALIDATE,
	U8C_EXEC_NEXT,
	U8C_EXEC_ENCODE,
	U8C_EXEC_STREAM,
	U8C_EXEC_FNS
};

/* How an exchange with the child went. */
enum u8c_exec_outcome {
	U8C_EXEC_OK,
	U8C_EXEC_DIED,    /* end of its stdout: it ended, or closed it  */
	U8C_EXEC_HUNG,    /* nothing whole within the time limit        */
	U8C_EXEC_GARBLED, /* not a frame, or not the answer asked for   */
};

/* A growing buffer of bytes. */
struct u8c_bytes {
	uint8_t *p;
	size_t n, cap;
};

int u8c_bytes_put(struct u8c_bytes *b, const void *p, size_t n);
int u8c_bytes_u32(struct u8c_bytes *b, uint32_t v);
uint32_t u8c_exec_get_u32(const uint8_t *p);

struct u8c_exec_hello {
	unsigned functions; /* bits of enum u8c_exec_fn */
	unsigned traits;
	char name[U8C_EXEC_NAME_MAX + 1]; /* "name version" */
};

/* u8c_exec_exchange - write frame @kind with @payload to @c, and read
 * one frame back into @answer (its kind and payload) within @ms of wall
 * time.  Reads while it writes, so a child that answers early cannot
 * block us both. */
enum u8c_exec_outcome u8c_exec_exchange(const struct u8c_child *c, char kind,
                                        const struct u8c_bytes *payload,
                                        struct u8c_bytes *answer, long ms);

/* u8c_exec_hello - the hello with child @c; 0, or -1 with one line in
 * @err. */
int u8c_exec_hello(const struct u8c_child *c, struct u8c_exec_hello *h,
                   char *err, size_t errlen);

/* u8c_exec_answer_size - bytes of the answer at @p (@n left) to request
 * @key (its function byte first), or 0 when it is not one. */
size_t u8c_exec_answer_size(const uint8_t *key, size_t keylen, const uint8_t *p,
                            size_t n);

#endif /* U8C_EXEC_FRAMES_H */
