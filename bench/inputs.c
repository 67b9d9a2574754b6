/* SPDX-License-Identifier: MIT */
/*
 * inputs.c - the seven standard inputs of the benchmark (issue 6):
 * pure ASCII; Latin text with about 10% two-byte characters; Cyrillic,
 * mostly two-byte; CJK, mostly three-byte; emoji, mostly four-byte;
 * uniformly random scalar values; and ASCII with one error at the end.
 *
 * Text is words of letters between spaces, with full stops and a line
 * break about every 72 columns, so that line-oriented tools see lines.
 * Every character is spelled by u8ref_encode.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inputs.h"
#include "rng.h"
#include "u8ref.h"

/* Every kind starts from this seed: the 4 KiB input is a prefix of the
 * large one (up to the padding and the planted error at the end). */
#define SEED UINT64_C(0x75386265)

/* The shape of one script's text. */
struct text_style {
	uint32_t (*letter)(struct u8b_rng *r);
	uint32_t gap;         /* between words; 0 for none (CJK)          */
	uint32_t stop;        /* ends about one word in eight             */
	uint32_t word_min;    /* letters per word, at least ...           */
	uint32_t word_spread; /* ... plus up to this many less one        */
	uint32_t line;        /* characters before a line break           */
};

/* Appends characters to a buffer of exactly n bytes. */
struct writer {
	uint8_t *buf;
	size_t n, pos;
};

/* Appends @cp, or pads the rest with spaces when it does not fit.
 * Returns 0 once the buffer is full. */
static int
put(struct writer *w, uint32_t cp)
{
	uint8_t b[U8REF_MAX_LEN];
	size_t len = u8ref_encode(NULL, cp, b);

	if (len == 0 || w->pos + len > w->n) {
		memset(w->buf + w->pos, ' ', w->n - w->pos);
		w->pos = w->n;
		return 0;
	}
	memcpy(w->buf + w->pos, b, len);
	w->pos += len;
	return w->pos < w->n;
}

static void
fill_text(uint8_t *buf, size_t n, const struct text_style *st)
{
	struct writer w = {buf, n, 0};
	struct u8b_rng r = {SEED};
	uint32_t col = 0;

	if (n == 0)
		return;
	for (;;) {
		uint32_t len =
		    st->word_min + u8b_rng_below(&r, st->word_spread);

		for (uint32_t i = 0; i < len; i++)
			if (!put(&w, st->letter(&r)))
				return;
		col += len;
		if (u8b_rng_below(&r, 8) == 0 && !put(&w, st->stop))
			return;
		if (col >= st->line) {
			col = 0;
			if (!put(&w, '\n'))
				return;
		} else if (st->gap != 0) {
			col++;
			if (!put(&w, st->gap))
				return;
		}
	}
}

static uint32_t
ascii_letter(struct u8b_rng *r)
{
	return 'a' + u8b_rng_below(r, 26);
}

/* One letter in eight from U+00E0..U+00FF (less U+00F7, the division
 * sign), so that about 10% of all characters take two bytes. */
static uint32_t
latin_letter(struct u8b_rng *r)
{
	uint32_t cp;

	if (u8b_rng_below(r, 8) != 0)
		return ascii_letter(r);
	cp = 0xE0 + u8b_rng_below(r, 32);
	return cp == 0xF7 ? 0xE9 : cp;
}

/* А..я: U+0410..U+044F, two bytes each. */
static uint32_t
cyrillic_letter(struct u8b_rng *r)
{
	return 0x0410 + u8b_rng_below(r, 64);
}

/* CJK Unified Ideographs U+4E00..U+9FFF, three bytes each. */
static uint32_t
cjk_letter(struct u8b_rng *r)
{
	return 0x4E00 + u8b_rng_below(r, 0x5200);
}

/* Emoticons, transport and supplemental symbols: four bytes each. */
static uint32_t
emoji_letter(struct u8b_rng *r)
{
	static const uint32_t block[] = {0x1F300, 0x1F600, 0x1F680, 0x1F900};

	return block[u8b_rng_below(r, 4)] + u8b_rng_below(r, 0x50);
}

static const struct text_style ascii_style = {ascii_letter, ' ', '.', 2, 8, 72};
static const struct text_style latin_style = {latin_letter, ' ', '.', 2, 8, 72};
static const struct text_style cyrillic_style = {
    cyrillic_letter, ' ', '.', 2, 9, 72};
/* No spaces between CJK words; 、 and 。 are three bytes too. */
static const struct text_style cjk_style = {cjk_letter, 0, 0x3002, 2, 3, 40};
static const struct text_style emoji_style = {emoji_letter, ' ', '!', 1, 3, 30};

/* Uniform over the 1,112,064 scalar values: draw below their count and
 * step over the 2048 surrogates.  Most take four bytes. */
static void
fill_random(uint8_t *buf, size_t n)
{
	struct writer w = {buf, n, 0};
	struct u8b_rng r = {SEED};
	uint32_t cp;

	if (n == 0)
		return;
	do {
		cp = u8b_rng_below(&r, 0x110000 - 0x800);
		if (cp >= 0xD800)
			cp += 0x800;
	} while (put(&w, cp));
}

static const struct u8b_input_kind kinds[] = {
    {"ascii", "pure ASCII text", &ascii_style, NULL, 0},
    {"latin", "Latin text, about 10% two-byte characters", &latin_style, NULL,
     0},
    {"cyrillic", "Cyrillic text, mostly two-byte, ASCII spaces",
     &cyrillic_style, NULL, 0},
    {"cjk", "CJK ideographs, three-byte, line breaks", &cjk_style, NULL, 0},
    {"emoji", "emoji, four-byte, ASCII spaces", &emoji_style, NULL, 0},
    {"random", "uniformly random scalar values", NULL, fill_random, 0},
    /* FF begins no row of Table 3-7: a validator must read everything
     * to find it. */
    {"ascii-error", "ASCII text, one invalid byte (FF) at the very end",
     &ascii_style, NULL, 1},
};

void
u8b_input_fill(const struct u8b_input_kind *kind, uint8_t *buf, size_t n,
               int with_error)
{
	if (kind->text != NULL)
		fill_text(buf, n, kind->text);
	else
		kind->fill(buf, n);
	if (with_error && kind->error_at_end && n > 0)
		buf[n - 1] = 0xFF;
}

const struct u8b_input_kind *
u8b_input_kind_at(size_t i)
{
	return i < sizeof kinds / sizeof kinds[0] ? &kinds[i] : NULL;
}

const struct u8b_input_kind *
u8b_input_kind_by_name(const char *name)
{
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (strcmp(kinds[i].name, name) == 0)
			return &kinds[i];
	return NULL;
}

/* Writes the input to @path. */
static int
write_file(const struct u8b_input *in, const char *path)
{
	FILE *f = fopen(path, "wb");
	int ok;

	if (f == NULL) {
		perror(path);
		return -1;
	}
	ok = fwrite(in->bytes, 1, in->n, f) == in->n;
	ok = (fclose(f) == 0) && ok;
	if (!ok) {
		perror(path);
		remove(path);
		return -1;
	}
	return 0;
}

int
u8b_input_make(struct u8b_input *in, const struct u8b_input_kind *kind,
               size_t n, const char *dir)
{
	memset(in, 0, sizeof *in);
	in->kind = kind;
	in->n = n;
	/* aligned_alloc wants a multiple of the alignment. */
	in->bytes = aligned_alloc(64, (n + 63) / 64 * 64 + 64);
	if (in->bytes == NULL) {
		fprintf(stderr, "u8bench: no memory for %zu bytes\n", n);
		return -1;
	}
	u8b_input_fill(kind, in->bytes, n, 1);
	in->valid = u8ref_validate(NULL, in->bytes, n).status == U8REF_OK;
	if (dir != NULL) {
		char path[sizeof in->path];

		snprintf(path, sizeof path, "%s/%s-%zu.bin", dir, kind->name,
		         n);
		if (write_file(in, path) != 0) {
			u8b_input_free(in);
			return -1;
		}
		memcpy(in->path, path, sizeof path);
	}
	return 0;
}

void
u8b_input_free(struct u8b_input *in)
{
	if (in->path[0] != '\0')
		remove(in->path);
	free(in->bytes);
	memset(in, 0, sizeof *in);
}
