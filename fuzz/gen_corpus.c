/* SPDX-License-Identifier: MIT */
/*
 * gen_corpus.c - writes the seed corpus of every fuzzer and the one
 * dictionary, from Table 3-7 and the seed documents' examples.
 *
 * u8f-gen-corpus DIR writes DIR/<fuzzer>/ for each fuzzer (the same seeds
 * for all but fuzz_reader, whose inputs are a worker's records:
 * reader_seeds.c) and DIR/utf8.dict.  The seeds: every piece of u8f_pieces.h
 * (each row's boundary characters, each error category, the section 10
 * attacks) alone; one of each kind between letters and across the 16-,
 * 32- and 64-byte block boundaries; every example of the seed documents
 * (ref/tests/seed_examples.c); and realistic text in several scripts.
 * The output depends on nothing but the tables: scripts/gen-corpus
 * --check regenerates it and diffs.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "reader_seeds.h"
#include "seed_examples.h"
#include "u8f_pieces.h"
#include "u8ref.h"

static const char *const fuzzers[] = {"fuzz_ref_props", "fuzz_diff_icu",
                                      "fuzz_diff_target", "fuzz_kernels"};
enum { NFUZZERS = sizeof fuzzers / sizeof fuzzers[0] };

/* Realistic text: the same sentence-sized snippets in many scripts. */
static const struct {
	const char *name;
	const char *text;
} texts[] = {
    {"english", "The quick brown fox jumps over the lazy dog."},
    {"french", "Voix ambiguë d'un cœur qui, au zéphyr, préfère les jattes "
               "de kiwis."},
    {"german", "Falsches Üben von Xylophonmusik quält jeden größeren Zwerg."},
    {"greek", "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία."},
    {"russian", "Съешь же ещё этих мягких французских булок, да выпей чаю."},
    {"arabic", "نص حكيم له سر قاطع وذو شأن عظيم مكتوب على ثوب أخضر"},
    {"hebrew", "דג סקרן שט בים מאוכזב ולפתע מצא חברה"},
    {"hindi", "ऋषियों को सताने वाले दुष्ट राक्षसों के राजा रावण का सर्वनाश करने वाले"},
    {"thai", "เป็นมนุษย์สุดประเสริฐเลิศคุณค่า"},
    {"chinese", "我能吞下玻璃而不伤身体。"},
    {"japanese", "いろはにほへと ちりぬるを わかよたれそ つねならむ"},
    {"korean", "다람쥐 헌 쳇바퀴에 타고파"},
    {"emoji", "Grüße 👋🏽 from 🇫🇷 and 🇯🇵: ✅ 🧪 𝄞 "
              "𝕌𝕟𝕚𝕔𝕠𝕕𝕖"},
    {"mixed", "a \xC3\xA9 \xE2\x82\xAC \xF0\x90\x8D\x88 "
              "\xEF\xBB\xBF"
              "BOM \xEF\xBF\xBE \xEF\xBF\xBF "
              "\xF4\x8F\xBF\xBF end"},
};

static char root[4096];

static int
write_file(const char *dir, const char *name, const uint8_t *s, size_t n)
{
	char path[8192];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s/%s", root, dir, name);
	if ((f = fopen(path, "wb")) == NULL ||
	    (n > 0 && fwrite(s, 1, n, f) != n) || fclose(f) != 0) {
		perror(path);
		return -1;
	}
	return 0;
}

/* Writes one seed into every fuzzer's directory. */
static int
seed(const char *name, const uint8_t *s, size_t n)
{
	size_t k;

	for (k = 0; k < NFUZZERS; k++)
		if (write_file(fuzzers[k], name, s, n) != 0)
			return -1;
	return 0;
}

static void
hex_name(char *buf, size_t len, const char *prefix, const uint8_t *s, size_t n)
{
	size_t i, at = (size_t)snprintf(buf, len, "%s-", prefix);

	for (i = 0; i < n && at + 3 < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%02X", s[i]);
}

/* Whether piece @k is the first of its kind (row and what). */
static int
first_of_kind(const struct u8f_piece *p, size_t k)
{
	size_t j;

	for (j = 0; j < k; j++)
		if (p[j].row == p[k].row && strcmp(p[j].what, p[k].what) == 0)
			return 0;
	return 1;
}

static int
write_pieces(void)
{
	static const size_t blocks[] = {16, 32, 64};
	const struct u8f_piece *p;
	uint8_t buf[256];
	char name[64];
	size_t count, k, b, at, n;

	p = u8f_pieces(&count);
	for (k = 0; k < count; k++) {
		hex_name(name, sizeof name, "seq", p[k].s, p[k].n);
		if (seed(name, p[k].s, p[k].n) != 0)
			return -1;
		if (!first_of_kind(p, k))
			continue;
		/* Between letters. */
		buf[0] = 'a';
		memcpy(buf + 1, p[k].s, p[k].n);
		buf[p[k].n + 1] = 'z';
		hex_name(name, sizeof name, "ctx", p[k].s, p[k].n);
		if (seed(name, buf, p[k].n + 2) != 0)
			return -1;
		/* Across each block boundary, cut after its first byte. */
		memset(buf, 'a', sizeof buf);
		for (n = 0, b = 0; b < 3; b++) {
			at = blocks[b] * (b + 1) - 1;
			memcpy(buf + at, p[k].s, p[k].n);
			n = at + p[k].n;
		}
		hex_name(name, sizeof name, "block", p[k].s, p[k].n);
		if (seed(name, buf, n) != 0)
			return -1;
	}
	return 0;
}

/*
 * Inputs shaped by the vector kernels' steps of 4 blocks (64, 128 and
 * 256 bytes): a lead byte ending a step before a step of ASCII, and an
 * error after a first step of two-byte text, with a whole step after it
 * or less than one.
 */
static int
write_steps(void)
{
	static const size_t steps[] = {64, 128, 256};
	static const uint8_t e_acute[2] = {0xC3, 0xA9}, bad[2] = {0xC0, 0x80};
	uint8_t buf[4 * 256];
	char name[64];
	size_t k, i, tail;

	for (k = 0; k < sizeof steps / sizeof steps[0]; k++) {
		size_t step = steps[k];

		memset(buf, 'a', sizeof buf);
		buf[step - 1] = 0xE2;
		snprintf(name, sizeof name, "step-cut-%zu", step);
		if (seed(name, buf, 2 * step) != 0)
			return -1;
		for (tail = step / 2; tail <= 2 * step; tail += 3 * step / 2) {
			memset(buf, 'a', sizeof buf);
			for (i = 0; i < step; i += 2)
				memcpy(buf + i, e_acute, 2);
			memcpy(buf + step + 10, bad, 2);
			snprintf(name, sizeof name, "step-error-%zu-%zu", step,
			         tail);
			if (seed(name, buf, step + tail) != 0)
				return -1;
		}
	}
	return 0;
}

static int
write_documents(void)
{
	char name[64];
	size_t k;

	for (k = 0; k < seed_examples_count; k++) {
		snprintf(name, sizeof name, "doc-%02zu", k);
		if (seed(name, seed_examples[k].in, seed_examples[k].n) != 0)
			return -1;
	}
	return 0;
}

static int
write_texts(void)
{
	uint8_t all[4096];
	char name[64];
	size_t k, n = 0, len;

	for (k = 0; k < sizeof texts / sizeof texts[0]; k++) {
		len = strlen(texts[k].text);
		snprintf(name, sizeof name, "text-%s", texts[k].name);
		if (seed(name, (const uint8_t *)texts[k].text, len) != 0)
			return -1;
		if (n + len + 1 < sizeof all) {
			memcpy(all + n, texts[k].text, len);
			n += len;
			all[n++] = '\n';
		}
	}
	/* All of them in one, long enough for several blocks. */
	return seed("text-all", all, n);
}

static int
write_dictionary(void)
{
	const struct u8f_piece *p;
	char path[8192];
	size_t count, k, i;
	FILE *f;

	snprintf(path, sizeof path, "%s/utf8.dict", root);
	if ((f = fopen(path, "w")) == NULL) {
		perror(path);
		return -1;
	}
	fprintf(f, "# utf8.dict - UTF-8 pieces from Table 3-7 (generated by "
	           "scripts/gen-corpus; do not edit).\n"
	           "# For libFuzzer -dict=corpus/utf8.dict and AFL++ -x "
	           "corpus/utf8.dict.\n");
	p = u8f_pieces(&count);
	for (k = 0; k < count; k++) {
		fprintf(f, "# %s\n", p[k].what);
		fprintf(f, "seq_");
		for (i = 0; i < p[k].n; i++)
			fprintf(f, "%02X", p[k].s[i]);
		fprintf(f, "=\"");
		for (i = 0; i < p[k].n; i++)
			fprintf(f, "\\x%02X", p[k].s[i]);
		fprintf(f, "\"\n");
	}
	return fclose(f);
}

int
main(int argc, char **argv)
{
	char dir[8192];
	size_t k;

	if (argc != 2) {
		fprintf(stderr, "usage: u8f-gen-corpus DIR\n");
		return 2;
	}
	snprintf(root, sizeof root, "%s", argv[1]);
	for (k = 0; k <= NFUZZERS; k++) {
		snprintf(dir, sizeof dir, "%s/%s", root,
		         k < NFUZZERS ? fuzzers[k] : "fuzz_reader");
		if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
			perror(dir);
			return 1;
		}
	}
	/* The empty input: every function's n == 0 path. */
	if (seed("empty", (const uint8_t *)"", 0) != 0 || write_pieces() != 0 ||
	    write_steps() != 0 || write_documents() != 0 ||
	    write_texts() != 0 || write_dictionary() != 0 ||
	    u8f_write_reader_seeds("fuzz_reader", write_file) != 0)
		return 1;
	return 0;
}
