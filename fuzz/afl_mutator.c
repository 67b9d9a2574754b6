/* SPDX-License-Identifier: MIT */
/*
 * afl_mutator.c - the same structure-aware mutation as an AFL++ custom
 * mutator module (AFL_CUSTOM_MUTATOR_LIBRARY=libu8f-afl-mutator.so).
 *
 * AFL++ runs it beside its own mutations unless AFL_CUSTOM_MUTATOR_ONLY
 * is set.  Only the three functions of AFL++'s custom mutator API that
 * this needs are defined; AFL++'s headers are not required.
 */
#include <stdlib.h>
#include <string.h>

#include "u8f_mutate.h"
#include "u8f_pieces.h"

struct state {
	uint32_t rng;
	uint8_t *buf;
	size_t cap;
};

void *afl_custom_init(void *afl, unsigned int seed);
size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size,
                       uint8_t **out_buf, uint8_t *add_buf, size_t add_buf_size,
                       size_t max_size);
void afl_custom_deinit(void *data);

void *
afl_custom_init(void *afl, unsigned int seed)
{
	struct state *st = calloc(1, sizeof *st);

	(void)afl;
	if (st != NULL)
		st->rng = seed ? seed : 1;
	return st;
}

size_t
afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size, uint8_t **out_buf,
                uint8_t *add_buf, size_t add_buf_size, size_t max_size)
{
	struct state *st = data;
	size_t rounds, k;

	(void)add_buf;
	(void)add_buf_size;
	if (max_size > st->cap) {
		uint8_t *more = realloc(st->buf, max_size);

		if (more == NULL) {
			*out_buf = buf;
			return buf_size;
		}
		st->buf = more;
		st->cap = max_size;
	}
	if (buf_size > max_size)
		buf_size = max_size;
	memcpy(st->buf, buf, buf_size);
	rounds = 1 + u8f_rand(&st->rng) % 3;
	for (k = 0; k < rounds; k++)
		buf_size = u8f_mutate(st->buf, buf_size, max_size, &st->rng);
	*out_buf = st->buf;
	return buf_size;
}

void
afl_custom_deinit(void *data)
{
	struct state *st = data;

	free(st->buf);
	free(st);
}
