/* SPDX-License-Identifier: MIT */
/*
 * seed_examples.h - the examples the seed documents give, as data.
 *
 * One table serves the Check tests and the examples report of the main
 * command, so an example is written down once.
 */
#ifndef SEED_EXAMPLES_H
#define SEED_EXAMPLES_H

#include <stddef.h>
#include <stdint.h>

#include "u8ref.h"

enum { SEED_EXAMPLE_MAX = 16 };

struct seed_example {
	const char *source;              /* where the example is given  */
	const char *what;                /* what it shows               */
	const char *profile;             /* profile name it is read by  */
	uint8_t in[SEED_EXAMPLE_MAX];    /* the bytes                   */
	size_t n;                        /* how many                    */
	uint32_t want[SEED_EXAMPLE_MAX]; /* code points, one U+FFFD per
	                                    maximal subpart              */
	size_t nwant;                    /* how many                    */
	enum u8ref_status first_status;  /* first error, or U8REF_OK    */
	size_t first_offset;             /* its offset, or n            */
};

extern const struct seed_example seed_examples[];
extern const size_t seed_examples_count;

#endif /* SEED_EXAMPLES_H */
