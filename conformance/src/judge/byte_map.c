/* SPDX-License-Identifier: MIT */
/*
 * byte_map.c - the byte map (byte_map.h): the worst departure of each
 * cell, and its smallest counterexample.
 */
#include "byte_map.h"

const struct u8c_departure_name u8c_departures[U8C_DEPARTURES] = {
    [U8C_DEPART_NONE] = {'-', "not tested"},
    [U8C_DEPART_AGREES] = {'.', "agrees with Table 3-7"},
    [U8C_DEPART_BOM] = {'b', "a leading BOM stripped"},
    [U8C_DEPART_STREAM] = {'s', "only its stream departs"},
    [U8C_DEPART_OTHER] = {'o', "offsets, the ABI, or one function "
                               "against another"},
    [U8C_DEPART_POLICY] = {'p', "another count of U+FFFD"},
    [U8C_DEPART_REJECTS] = {'r', "well-formed bytes rejected or misread"},
    [U8C_DEPART_ACCEPTS] = {'a', "ill-formed bytes read otherwise than "
                                 "Table 3-7 reads them"},
    [U8C_DEPART_FATAL] = {'f', "crashed, hung, exited, or broke "
                               "isolation"},
};

/* A map is 54 MB, nearly all of it the examples of cells that never
 * depart: mapped, not allocated, so that its pages stay unmapped until
 * written and a sanitizer's allocator neither poisons nor scans them (a
 * small run under ASan spent 60 % of its time on its maps).  The guard
 * page after it catches what that allocator would have at its end. */
struct u8c_byte_map *
u8c_byte_map_new(void)
{
	struct u8s_fence f;
	struct u8c_byte_map *m;

	if (u8s_fence_map(&f, sizeof *m) != 0)
		return NULL;
	m = (struct u8c_byte_map *)(void *)u8s_fence_end(&f, sizeof *m);
	m->fence = f;
	return m;
}

void
u8c_byte_map_free(struct u8c_byte_map *m)
{
	struct u8s_fence f;

	if (m == NULL)
		return;
	f = m->fence;
	u8s_fence_unmap(&f);
}

void
u8c_map_tested(struct u8c_byte_map *m, const struct u8c_item *item)
{
	size_t cell;

	if (item->kind != U8C_ITEM_BYTES || item->n == 0)
		return;
	cell = u8c_map_cell(item->s, item->n);
	if (m->departure[cell] == U8C_DEPART_NONE) {
		m->departure[cell] = U8C_DEPART_AGREES;
		m->used = 1;
	}
}

void
u8c_map_settle(struct u8c_byte_map *m)
{
	if (m->pending == 0)
		return;
	m->ex[m->pending - 1] = *m->pending_from;
	m->pending = 0;
}

/* Whether example @e of check @c, a @d departure, is what cell @cell
 * shows: the worst departure, then the first example, then, for one
 * input failing two checks alike, the first check, so that which judge
 * thread saw it first makes no difference. */
static int
takes(const struct u8c_byte_map *m, size_t cell, enum u8c_departure d,
      enum u8c_check_id c, const struct u8c_example *e)
{
	const struct u8c_example *held = &m->ex[cell];

	if (d != m->departure[cell])
		return d > m->departure[cell];
	return u8c_example_before(e, held) ||
	       (!u8c_example_before(held, e) && c < m->check[cell]);
}

struct u8c_example *
u8c_map_note(struct u8c_byte_map *m, enum u8c_check_id c,
             const struct u8c_item *item, const struct u8c_example *e,
             struct u8c_example *kept)
{
	enum u8c_departure d = u8c_check(c)->departure;
	size_t off, cell;

	if (item->kind != U8C_ITEM_BYTES || item->n == 0)
		return kept;
	/* under the piece where the answers part, not the input's start:
	 * "00 00 ED A0" departs at ED A0, and a NUL misread in third place
	 * does not colour every cell */
	off = e->part_len > 0 && e->part_off < item->n ? e->part_off : 0;
	cell = u8c_map_cell(item->s + off, item->n - off);
	if (!takes(m, cell, d, c, e))
		return kept;
	m->departure[cell] = (uint8_t)d;
	m->check[cell] = (uint8_t)c;
	m->ex[cell] = *e;
	m->used = 1;
	if (kept == NULL) {
		m->scratch = *e;
		kept = &m->scratch;
	}
	m->pending = cell + 1;
	m->pending_from = kept;
	return kept;
}

void
u8c_map_merge(struct u8c_byte_map **to_map, struct u8c_byte_map **from_map)
{
	struct u8c_byte_map *to = *to_map, *from = *from_map;

	u8c_map_settle(from);
	if (!to->used) {
		*to_map = from;
		*from_map = to;
		return;
	}
	u8c_map_settle(to);
	for (size_t cell = 0; cell < U8C_MAP_CELLS; cell++) {
		enum u8c_departure d = from->departure[cell];

		if (d <= U8C_DEPART_AGREES) {
			if (to->departure[cell] < d)
				to->departure[cell] = (uint8_t)d;
			continue;
		}
		if (!takes(to, cell, d, (enum u8c_check_id)from->check[cell],
		           &from->ex[cell]))
			continue;
		to->departure[cell] = (uint8_t)d;
		to->check[cell] = from->check[cell];
		to->ex[cell] = from->ex[cell];
	}
	to->used |= from->used;
}
