/* SPDX-License-Identifier: MIT */
/*
 * byte_map.h - where a decoder departs from Table 3-7, by two bytes: a
 * cell per first and second byte, and one per byte for where the input
 * ends after it (the last column).
 *
 * A failure is filed under the bytes of the piece where the target's
 * answers part from the reference's ("41 ED A0 80" under ED A0), or,
 * when it names no piece (a crash), under the input's first bytes.  A
 * cell holds the worst departure (enum u8c_departure) filed under it,
 * and the smallest input that made it with the answers that departed,
 * as a check's counterexample.  A cell is tested when an input judged
 * starts with its bytes.  Each judge thread fills the map of its own
 * tallies; merging adds them up.
 */
#ifndef U8C_BYTE_MAP_H
#define U8C_BYTE_MAP_H

#include <stddef.h>
#include <stdint.h>

#include "checks.h"
#include "fence.h"
#include "tally.h"

enum {
	U8C_MAP_COLUMNS = 257, /* a second byte, or none: the input ends */
	U8C_MAP_CELLS = 256 * U8C_MAP_COLUMNS,
};

struct u8c_byte_map {
	uint8_t departure[U8C_MAP_CELLS]; /* enum u8c_departure      */
	uint8_t check[U8C_MAP_CELLS];     /* the example's check     */
	struct u8c_example ex[U8C_MAP_CELLS];
	/* The example last taken is filled in by the caller of
	 * u8c_tally_fail (its texts): copied in when the map is next
	 * touched.  0, or its cell + 1. */
	size_t pending;
	const struct u8c_example *pending_from;
	int used; /* a cell was tested or departed: no longer as made */
	struct u8c_example scratch; /* to fill when the tally keeps none */
	struct u8s_fence fence;     /* where it is mapped                */
};
_Static_assert(U8C_CHECKS <= 256, "a cell's check fits a byte");

/* Each departure's letter in reports ('.' agrees, '-' not tested) and
 * its title. */
extern const struct u8c_departure_name {
	char letter;
	const char *title;
} u8c_departures[U8C_DEPARTURES];

/* A map with nothing tested, or NULL when memory is short; freed with
 * u8c_byte_map_free (NULL is no map). */
struct u8c_byte_map *u8c_byte_map_new(void);
void u8c_byte_map_free(struct u8c_byte_map *m);

/* The cell of the bytes @s[0..n), n > 0. */
static inline size_t
u8c_map_cell(const uint8_t *s, size_t n)
{
	return (size_t)s[0] * U8C_MAP_COLUMNS + (n > 1 ? s[1] : 256u);
}

/* Item @item was judged. */
void u8c_map_tested(struct u8c_byte_map *m, const struct u8c_item *item);

/*
 * u8c_map_note - check @c failed on @item, the failure making example
 * @e; @kept is where the tally kept it (or NULL).  Returns the example
 * the caller fills in: @kept, or when only the map wants it, the map's.
 * The map must be settled first, before the tally kept @e.
 */
struct u8c_example *u8c_map_note(struct u8c_byte_map *m, enum u8c_check_id c,
                                 const struct u8c_item *item,
                                 const struct u8c_example *e,
                                 struct u8c_example *kept);

/* Copies in the example last taken, filled in by now. */
void u8c_map_settle(struct u8c_byte_map *m);

/* u8c_map_merge - add *@from into *@to.  Into a map as made, the two
 * are swapped: a copy would write every departing cell's example, tens
 * of megabytes of fresh pages when a decoder fails everywhere. */
void u8c_map_merge(struct u8c_byte_map **to, struct u8c_byte_map **from);

#endif /* U8C_BYTE_MAP_H */
