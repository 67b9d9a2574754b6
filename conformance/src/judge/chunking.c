/* SPDX-License-Identifier: MIT */
/*
 * chunking.c - the chunkings of an input, numbered, and their text.
 *
 * The numbering of a mode: 0 the whole input; then every cut of the mode
 * (all of 0..n, or for LONG those next to a byte of 80..FF); then
 * (PAIRS) every pair of them 0 < a <= b < n, b <= a + U8C_PAIR_SPAN
 * (a == b is an empty chunk between), and n, n (two empty chunks at the
 * end), in order of a then b; then (LONG, on the inputs finely_chunked
 * keeps) the random ones; then a byte a chunk, for inputs of three bytes or
 * more (shorter ones have it among their cuts).  The PIECES modes keep those of
 * them that pieces() lets through, in the same order; TAILS, the whole input
 * and then its cuts in order.
 */
#include <stdio.h>
#include <string.h>

#include "chunking.h"
#include "hex.h"

static uint16_t given[U8C_MAX_CUTS];
static size_t ngiven;

void
u8c_chunking_given_set(const uint16_t *cuts, size_t ncuts)
{
	ngiven = ncuts < U8C_MAX_CUTS ? ncuts : U8C_MAX_CUTS;
	memcpy(given, cuts, ngiven * sizeof *cuts);
}

/* The cut positions of mode @m in s[0..n), into pos[]: all of 0..n, or
 * (LONG) the ends and those next to a byte of 80..FF, or (INNER) those
 * with bytes on both sides. */
static size_t
positions(enum u8c_stream_mode m, const uint8_t *s, size_t n, uint16_t *pos)
{
	size_t np = 0;

	for (size_t p = 0; p <= n; p++) {
		int end = p == 0 || p == n;

		if (m == U8C_STREAM_INNER ? !end
		    : m == U8C_STREAM_LONG
		        ? end || s[p - 1] >= 0x80 || s[p] >= 0x80
		        : 1)
			pos[np++] = (uint16_t)p;
	}
	return np;
}

/* Pairs of positions at most U8C_PAIR_SPAN apart, from pos[i]:
 * pos[i] <= pos[j] < n, and (n, n).  None from 0, nor to n from further
 * back: an empty first or last chunk beside a cut is the cut again. */
static size_t
pairs_from(const uint16_t *pos, size_t np, size_t i, size_t n)
{
	size_t j = i;

	if (pos[i] == 0)
		return 0;
	if (pos[i] == n)
		return 1; /* two empty chunks at the end */
	while (j < np && pos[j] < n && pos[j] - pos[i] <= U8C_PAIR_SPAN)
		j++;
	return j - i;
}

static size_t
has_bytes(size_t n)
{
	return n >= 3 ? 1 : 0;
}

/*
 * Whether a LONG input gets a byte a chunk and the random chunkings: an
 * input of one block or less, or one whose first byte of 80..FF lies in
 * the last three bytes of a block or the first of the next.  Chunks of
 * a byte, or of up to eight, meet no block of vector code unless the
 * decoder gathers them into blocks, and then what matters is that the
 * piece reaches an edge of one: of 16 bytes, hence of 32 and 64, and at
 * every offset within a block of 4.  The other offsets of the
 * context family's long inputs keep the whole input and the cuts next
 * to its multi-byte bytes (conformance/README.md, "The stream plan").
 */
enum { BLOCK = 16, BLOCK_EDGE = 3 };

static int
finely_chunked(const uint8_t *s, size_t n)
{
	size_t p = 0;

	if (n <= BLOCK)
		return 1;
	while (p < n && s[p] < 0x80)
		p++;
	return p == n || (p + BLOCK_EDGE) % BLOCK <= BLOCK_EDGE;
}

/*
 * The windows of the PIECES modes.  A cut at p falls in the piece the
 * reference holds then, which starts at p - held[p] (at p when nothing
 * is held) and is decided where the stream first holds nothing of it.
 * What a decoder carries over the cut is settled by the bytes from that
 * piece's start to its decision and one byte either side; a chunking
 * is kept only on the shortest input that shows its window, the one
 * with at most a byte before the first cut's piece and after the last
 * cut's decision.  Every other input of the family that shows the same
 * window is this one with more decided bytes around it.
 */
static size_t
piece_start(const uint8_t *held, size_t p)
{
	return p - held[p];
}

static size_t
decided_at(const uint8_t *held, size_t n, size_t p)
{
	size_t start = piece_start(held, p), x = p;

	if (held[p] == 0)
		return p;
	while (x < n && held[x] > 0 && piece_start(held, x) <= start)
		x++;
	return x;
}

/* Whether the cuts a..b (a <= b) are on the shortest input of their
 * window. */
static int
shortest(const uint8_t *held, size_t n, size_t a, size_t b)
{
	return piece_start(held, a) <= 1 && decided_at(held, n, b) + 1 >= n;
}

/* Whether the input is one piece, but for the byte that decides it. */
static int
one_piece(const uint8_t *held, size_t n)
{
	for (size_t p = 1; p < n; p++)
		if (held[p] == 0 || piece_start(held, p) > 0)
			return 0;
	return 1;
}

static size_t
pieces(enum u8c_stream_mode m, const uint8_t *held, size_t n,
       struct u8c_chunking *list)
{
	size_t inner = m == U8C_STREAM_PIECES_INNER;
	size_t k = 1;

	for (size_t p = inner; p + inner <= n; p++)
		if (shortest(held, n, p, p))
			list[k++] = (struct u8c_chunking){U8C_CHUNK_CUT,
			                                  (uint16_t)p, 0};
	if (inner)
		return k > 1 ? k : 0;
	/* (a, b): b's piece began by a, or a == b (an empty chunk) */
	for (size_t a = 1; a < n; a++)
		for (size_t b = a; b < n && b - a <= U8C_PAIR_SPAN; b++)
			if ((b == a || piece_start(held, b) <= a) &&
			    shortest(held, n, a, b))
				list[k++] = (struct u8c_chunking){
				    U8C_CHUNK_CUTS, (uint16_t)a, (uint16_t)b};
	if (n > 0 && shortest(held, n, n, n))
		list[k++] = (struct u8c_chunking){U8C_CHUNK_CUTS, (uint16_t)n,
		                                  (uint16_t)n};
	if (has_bytes(n) && one_piece(held, n))
		list[k++] = (struct u8c_chunking){U8C_CHUNK_BYTES, 0, 0};
	return k;
}

/* TAILS: the inner cuts whose bytes after them are class ends. */
static size_t
tails(const uint8_t *s, size_t n, struct u8c_chunking *list)
{
	size_t k = 1, edges = n; /* s[edges..n) are all class ends */

	while (edges > 0 && u8c_byte_class_edge(s[edges - 1]))
		edges--;
	for (size_t p = edges > 1 ? edges : 1; p < n; p++)
		list[k++] =
		    (struct u8c_chunking){U8C_CHUNK_CUT, (uint16_t)p, 0};
	return k;
}

size_t
u8c_chunkings_list(enum u8c_stream_mode m, const uint8_t *s, size_t n,
                   const uint8_t *held, struct u8c_chunking *list)
{
	uint16_t pos[U8C_MAX_INPUT + 1];
	size_t np, k = 0;

	if (m == U8C_STREAM_NONE)
		return 0;
	list[k++] = (struct u8c_chunking){U8C_CHUNK_WHOLE, 0, 0};
	switch (m) {
	case U8C_STREAM_GIVEN:
		list[k++] = (struct u8c_chunking){U8C_CHUNK_GIVEN, 0, 0};
		return k;
	case U8C_STREAM_PIECES:
	case U8C_STREAM_PIECES_INNER:
		return pieces(m, held, n, list);
	case U8C_STREAM_TAILS:
		return tails(s, n, list);
	default:
		break;
	}
	np = positions(m, s, n, pos);
	for (size_t i = 0; i < np; i++)
		list[k++] = (struct u8c_chunking){U8C_CHUNK_CUT, pos[i], 0};
	for (size_t i = 0; m == U8C_STREAM_PAIRS && i < np; i++)
		for (size_t j = 0; j < pairs_from(pos, np, i, n); j++)
			list[k++] = (struct u8c_chunking){U8C_CHUNK_CUTS,
			                                  pos[i], pos[i + j]};
	if (m == U8C_STREAM_LONG && !finely_chunked(s, n))
		return k;
	for (size_t r = 0; m == U8C_STREAM_LONG && r < U8C_RANDOM_CHUNKINGS;
	     r++)
		list[k++] = (struct u8c_chunking){U8C_CHUNK_RANDOM,
		                                  (uint16_t)(r + 1), 0};
	if (m != U8C_STREAM_CUTS && m != U8C_STREAM_INNER && has_bytes(n))
		list[k++] = (struct u8c_chunking){U8C_CHUNK_BYTES, 0, 0};
	return k;
}

/* xorshift32: the same chunks from the same seed, anywhere. */
static uint32_t
next_random(uint32_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 17;
	*x ^= *x << 5;
	return *x;
}

size_t
u8c_chunking_cuts(const struct u8c_chunking *c, size_t n, uint16_t *cuts)
{
	size_t k = 0, at;
	uint32_t x;

	/* most chunkings are one cut or none: a branch each, which the CPU
	 * predicts better than the switch's jump through a table */
	if (c->kind == U8C_CHUNK_CUT) {
		cuts[0] = c->a <= n ? c->a : (uint16_t)n;
		return 1;
	}
	if (c->kind == U8C_CHUNK_WHOLE)
		return 0;
	switch (c->kind) {
	case U8C_CHUNK_CUTS:
		cuts[k++] = c->a <= n ? c->a : (uint16_t)n;
		cuts[k++] = c->b <= n && c->b >= cuts[0] ? c->b : cuts[0];
		break;
	case U8C_CHUNK_BYTES:
		for (at = 1; at < n && k < U8C_MAX_CUTS; at++)
			cuts[k++] = (uint16_t)at;
		break;
	case U8C_CHUNK_RANDOM:
		x = 0x9E3779B9u * c->a + (uint32_t)n;
		for (at = next_random(&x) % 9; at < n && k < U8C_MAX_CUTS;
		     at += next_random(&x) % 9)
			cuts[k++] = (uint16_t)at;
		break;
	case U8C_CHUNK_GIVEN:
		for (; k < ngiven && given[k] <= n; k++)
			cuts[k] = given[k];
		break;
	default:
		break;
	}
	return k;
}

int
u8c_chunking_before(const struct u8c_chunking *a, size_t na,
                    const struct u8c_chunking *b, size_t nb)
{
	uint16_t ca[U8C_MAX_CUTS], cb[U8C_MAX_CUTS];
	size_t ka = u8c_chunking_cuts(a, na, ca),
	       kb = u8c_chunking_cuts(b, nb, cb);

	if (ka != kb)
		return ka < kb;
	for (size_t k = 0; k < ka; k++)
		if (ca[k] != cb[k])
			return ca[k] < cb[k];
	return 0;
}

size_t
u8c_chunks_format(char *buf, size_t cap, const uint8_t *s, size_t n,
                  const struct u8c_chunking *c)
{
	uint16_t cuts[U8C_MAX_CUTS];
	static const char digits[] = "0123456789ABCDEF";
	size_t ncuts = u8c_chunking_cuts(c, n, cuts), len = 0, k = 0;

	if (cap < 8)
		return 0;
	/* words joined by spaces: each byte, and a bar at each cut */
	for (size_t i = 0; i <= n; i++) {
		for (; k < ncuts && cuts[k] == i; k++) {
			if (len + 2 + 5 > cap) /* room left for " ..." */
				goto full;
			if (len > 0)
				buf[len++] = ' ';
			buf[len++] = '|';
		}
		if (i == n)
			break;
		if (len + 3 + 5 > cap)
			goto full;
		if (len > 0)
			buf[len++] = ' ';
		buf[len++] = digits[s[i] >> 4];
		buf[len++] = digits[s[i] & 15];
	}
	if (len == 0)
		return (size_t)snprintf(buf, cap, "(empty)");
	buf[len] = '\0';
	return len;
full:
	memcpy(buf + len, " ...", 5);
	return len + 4;
}

int
u8c_chunks_parse(const char *text, uint8_t *buf, size_t cap, size_t *n,
                 uint16_t *cuts, size_t *ncuts)
{
	char piece[U8C_MAX_INPUT * 5];
	size_t got;

	*n = 0;
	*ncuts = 0;
	for (;;) {
		const char *bar = strchr(text, '|');
		size_t len = bar != NULL ? (size_t)(bar - text) : strlen(text);

		if (len >= sizeof piece)
			return -1;
		memcpy(piece, text, len);
		piece[len] = '\0';
		if (u8s_hex_parse(piece, buf + *n, cap - *n, &got) !=
		    U8S_PARSE_OK)
			return -1;
		*n += got;
		if (bar == NULL)
			return 0;
		if (*ncuts >= U8C_MAX_CUTS)
			return -1;
		cuts[(*ncuts)++] = (uint16_t)*n;
		text = bar + 1;
	}
}
