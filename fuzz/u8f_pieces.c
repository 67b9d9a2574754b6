/* SPDX-License-Identifier: MIT */
/*
 * u8f_pieces.c - the pieces, worked out from Table 3-7's byte classes.
 *
 * For each row: every character made of its columns' first and last
 * bytes (the row's corners, its boundary characters); every proper
 * prefix of its lowest and highest character (truncated); and for each
 * later column, the lowest character with that byte one below or one
 * above the column's range (overlong, surrogate, too large, or an
 * interrupted sequence, as the walk will name it).  Then the bytes that
 * begin no row (C0, C1, F5..FF), lone continuation bytes, the five- and
 * six-byte forms, and the section 10 and BOM sequences of RFC 3629.
 * Nothing here decides validity: the reference does that when the
 * pieces are used.
 */
#include <string.h>

#include "u8f_pieces.h"
#include "u8ref.h"

enum { MAX_PIECES = 512 };

static struct u8f_piece pieces[MAX_PIECES];
static size_t npieces;

static void
add(const uint8_t *s, size_t n, int row, const char *what)
{
	size_t k;

	if (n == 0 || n > U8F_PIECE_MAX || npieces == MAX_PIECES)
		return;
	for (k = 0; k < npieces; k++) /* each sequence once */
		if (pieces[k].n == n && memcmp(pieces[k].s, s, n) == 0)
			return;
	memcpy(pieces[npieces].s, s, n);
	pieces[npieces].n = (uint8_t)n;
	pieces[npieces].row = (signed char)row;
	strncpy(pieces[npieces].what, what, sizeof pieces[npieces].what - 1);
	npieces++;
}

/* Row @r's corners: column j takes its lo or hi by bit j of @mask. */
static void
corner(int r, unsigned mask, uint8_t *s)
{
	const struct u8ref_row *row = &u8ref_table_3_7[r];
	size_t j;

	for (j = 0; j < row->len && j < U8REF_MAX_LEN; j++)
		s[j] = mask >> j & 1u ? row->byte[j].hi : row->byte[j].lo;
}

static void
add_row(int r)
{
	const struct u8ref_row *row = &u8ref_table_3_7[r];
	unsigned mask, all = (1u << row->len) - 1;
	uint8_t s[U8REF_MAX_LEN];
	size_t j, k;

	if (row->len < 1 || row->len > U8REF_MAX_LEN)
		return;
	for (mask = 0; mask <= all; mask++) {
		corner(r, mask, s);
		add(s, row->len, r, "row boundary character");
	}
	for (k = 1; k < row->len; k++) {
		corner(r, 0, s);
		add(s, k, r, "truncated (lowest prefix)");
		corner(r, all, s);
		add(s, k, r, "truncated (highest prefix)");
	}
	for (j = 1; j < row->len && j < U8REF_MAX_LEN; j++) {
		corner(r, 0, s);
		s[j] = (uint8_t)(row->byte[j].lo - 1);
		add(s, row->len, r, "column below its range");
		s[j] = (uint8_t)(row->byte[j].hi + 1);
		add(s, row->len, r, "column above its range");
		s[j] = 0x41; /* an ASCII letter where a trail byte must be */
		add(s, j + 1, r, "interrupted");
	}
}

static void
build(void)
{
	static const struct {
		uint8_t s[U8F_PIECE_MAX];
		size_t n;
		const char *what;
	} fixed[] = {
	    {{0x80}, 1, "lone continuation (lowest)"},
	    {{0xBF}, 1, "lone continuation (highest)"},
	    {{0x80, 0x80}, 2, "two continuations"},
	    {{0xC0, 0x80}, 2, "overlong NUL (RFC 3629 s10)"},
	    {{0xC1, 0xBF}, 2, "overlong U+007F"},
	    {{0xC0, 0xAE}, 2, "overlong '.' (RFC 3629 s10)"},
	    {{0x2F, 0xC0, 0xAE, 0x2E, 0x2F}, 5, "/../ attack (RFC 3629 s10)"},
	    {{0xED, 0xA1, 0x8C, 0xED, 0xBE, 0xB4},
	     6,
	     "surrogate pair (RFC 3629 s10)"},
	    {{0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80}, 6, "CESU-8 pair"},
	    {{0xEF, 0xBB, 0xBF}, 3, "BOM (RFC 3629 s6)"},
	    {{0xEF, 0xBF, 0xBE}, 3, "noncharacter FFFE"},
	    {{0xF4, 0x90, 0x80, 0x80}, 4, "U+110000"},
	    {{0xF7, 0xBF, 0xBF, 0xBF}, 4, "four bytes, 1FFFFF"},
	    {{0xF8, 0x88, 0x80, 0x80, 0x80}, 5, "five-byte form"},
	    {{0xFC, 0x84, 0x80, 0x80, 0x80, 0x80}, 6, "six-byte form"},
	    {{0xFE}, 1, "FE never appears"},
	    {{0xFF}, 1, "FF never appears"},
	};
	uint8_t b;
	size_t k;
	int r;

	for (r = 0; r < U8REF_TABLE_3_7_ROWS; r++)
		add_row(r);
	for (k = 0; k < sizeof fixed / sizeof fixed[0]; k++)
		add(fixed[k].s, fixed[k].n, -1, fixed[k].what);
	/* Bytes that begin no row and are no continuation byte. */
	for (k = 0; k < 256; k++) {
		b = (uint8_t)k;
		if (b < 0x80 || b > 0xBF) {
			for (r = 0; r < U8REF_TABLE_3_7_ROWS; r++)
				if (b >= u8ref_table_3_7[r].byte[0].lo &&
				    b <= u8ref_table_3_7[r].byte[0].hi)
					break;
			if (r == U8REF_TABLE_3_7_ROWS)
				add(&b, 1, -1, "invalid lead");
		}
	}
}

const struct u8f_piece *
u8f_pieces(size_t *count)
{
	if (npieces == 0)
		build();
	*count = npieces;
	return pieces;
}

uint32_t
u8f_rand(uint32_t *rng)
{
	uint32_t x = *rng ? *rng : 0x9E3779B9u;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return *rng = x;
}

size_t
u8f_piece_random(size_t k, uint32_t *rng, uint8_t out[U8F_PIECE_MAX])
{
	size_t count, j;
	const struct u8f_piece *p = u8f_pieces(&count) + k % count;
	const struct u8ref_row *row;

	memcpy(out, p->s, p->n);
	if (p->row < 0)
		return p->n;
	/* A byte drawn from its column's class: same row, another member. */
	row = &u8ref_table_3_7[p->row];
	for (j = 0; j < p->n && j < row->len; j++)
		if (out[j] >= row->byte[j].lo && out[j] <= row->byte[j].hi &&
		    (u8f_rand(rng) & 3u) == 0)
			out[j] =
			    (uint8_t)(row->byte[j].lo +
			              u8f_rand(rng) % (row->byte[j].hi -
			                               row->byte[j].lo + 1u));
	return p->n;
}
