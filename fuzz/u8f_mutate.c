/* SPDX-License-Identifier: MIT */
/*
 * u8f_mutate.c - mutations that keep to character boundaries.
 *
 * Where characters begin is read with the reference's own decoder, so an
 * insertion never splits a character by accident and a truncation always
 * cuts one on purpose.  Block boundaries are where vectorised decoders
 * change state: a piece straddling byte 16, 32 or 64 tests the carry
 * between two blocks.
 */
#include <string.h>

#include "u8f_mutate.h"
#include "u8f_pieces.h"
#include "u8ref.h"

/* The offset of a character start chosen at random (or @size). */
static size_t
random_boundary(const uint8_t *data, size_t size, uint32_t *rng, size_t *len)
{
	size_t off = 0, pick = size ? u8f_rand(rng) % (size + 1) : 0;
	struct u8ref_result r = {U8REF_EMPTY, 0, 0, -1};

	while (off < size) {
		r = u8ref_decode_one(NULL, data + off, size - off);
		if (off + r.len > pick)
			break;
		off += r.len;
	}
	*len = off < size ? r.len : 0;
	return off;
}

/* Replaces data[at..at+cut) with s[0..n); returns the new size. */
static size_t
splice(uint8_t *data, size_t size, size_t max, size_t at, size_t cut,
       const uint8_t *s, size_t n)
{
	size_t tail = size - at - cut;

	if (size - cut + n > max) {
		if (at + n > max)
			return size;
		tail = max - at - n;
	}
	memmove(data + at + n, data + at + cut, tail);
	memcpy(data + at, s, n);
	return at + n + tail;
}

size_t
u8f_mutate(uint8_t *data, size_t size, size_t max, uint32_t *rng)
{
	static const size_t blocks[] = {16, 32, 64};
	uint8_t piece[U8F_PIECE_MAX], pad[64];
	size_t count, at, len, n, block, k;

	u8f_pieces(&count);
	n = u8f_piece_random(u8f_rand(rng) % count, rng, piece);
	switch (u8f_rand(rng) % 6) {
	case 0: /* insert a piece between characters */
		at = random_boundary(data, size, rng, &len);
		return splice(data, size, max, at, 0, piece, n);
	case 1: /* replace a character with a piece */
		at = random_boundary(data, size, rng, &len);
		return splice(data, size, max, at, len, piece, n);
	case 2: /* truncate a character: keep only a proper prefix */
		at = random_boundary(data, size, rng, &len);
		if (len < 2)
			return splice(data, size, max, at, len, piece, n);
		k = 1 + u8f_rand(rng) % (len - 1);
		return splice(data, size, max, at + k, len - k, piece, 0);
	case 3: /* delete a whole character */
		at = random_boundary(data, size, rng, &len);
		return splice(data, size, max, at, len, piece, 0);
	case 4: /* cut the input inside a piece at its end */
		at = splice(data, size, max, size, 0, piece, n);
		if (at != size + n || n < 2)
			return at; /* no room for the piece */
		return at - 1 - u8f_rand(rng) % (n - 1);
	default: /* a piece across a block boundary, padded with text */
		block = blocks[u8f_rand(rng) % 3];
		k = n > 1 ? 1 + u8f_rand(rng) % (n - 1) : 0;
		at = (size / block + 1) * block;
		at = at > k ? at - k : 0;
		if (at > size) {
			memset(pad, 'a', sizeof pad);
			len = at - size < sizeof pad ? at - size : sizeof pad;
			size = splice(data, size, max, size, 0, pad, len);
			at = size;
		}
		return splice(data, size, max, at, 0, piece, n);
	}
}
