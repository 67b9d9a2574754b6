/* SPDX-License-Identifier: MIT */
/*
 * u8f_mutator.c - libFuzzer's custom mutator: structure-aware mutation
 * (u8f_mutate) mixed with libFuzzer's own byte-level mutation.
 *
 * Linked into the libFuzzer build of every fuzzer.  U8FUZZ_PLAIN=1 turns
 * it into plain byte-level mutation, for measuring what it adds.
 */
#include <stdlib.h>

#include "u8f.h"
#include "u8f_mutate.h"
#include "u8f_pieces.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max,
                               unsigned int seed);

size_t
LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max,
                        unsigned int seed)
{
	static int plain = -1;
	uint32_t rng = seed ? seed : 1;
	unsigned k, rounds;

	if (plain < 0)
		plain = getenv("U8FUZZ_PLAIN") != NULL &&
		        getenv("U8FUZZ_PLAIN")[0] == '1';
	/* Half the time libFuzzer's own mutations, so its comparison
	 * feedback and dictionary keep working. */
	if (plain || (u8f_rand(&rng) & 1u))
		return LLVMFuzzerMutate(data, size, max);
	rounds = 1 + u8f_rand(&rng) % 3;
	for (k = 0; k < rounds; k++)
		size = u8f_mutate(data, size, max, &rng);
	return size;
}
