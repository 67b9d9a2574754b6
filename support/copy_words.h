/* SPDX-License-Identifier: MIT */
/*
 * copy_words.h - copies that load each unit as it was stored.
 *
 * A load is forwarded from a store that holds all of it, and waits for
 * the store to land otherwise.  memcpy's wide loads, over bytes just
 * stored a word or a value at a time (a record copied out of the ring,
 * the values a target has just written), each span several stores, and
 * wait.  These copy a unit at a time instead.
 */
#ifndef U8S_COPY_WORDS_H
#define U8S_COPY_WORDS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* @n words of 8 bytes from @from to @to. */
static inline void
u8s_copy_words(void *to, const void *from, size_t n)
{
	uint64_t word;

	for (size_t k = 0; k < n; k++) {
		memcpy(&word, (const uint8_t *)from + k * sizeof word,
		       sizeof word);
		/* kept a word: no compiler may make the loop a memcpy */
		__asm__("" : "+r"(word));
		memcpy((uint8_t *)to + k * sizeof word, &word, sizeof word);
	}
}

/* @n values of 4 bytes from @from (any alignment) to @to. */
static inline void
u8s_copy_values(uint32_t *to, const void *from, size_t n)
{
	uint32_t v;

	for (size_t k = 0; k < n; k++) {
		memcpy(&v, (const uint8_t *)from + k * sizeof v, sizeof v);
		__asm__("" : "+r"(v)); /* as above */
		to[k] = v;
	}
}

#endif /* U8S_COPY_WORDS_H */
