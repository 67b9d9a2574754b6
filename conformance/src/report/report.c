/* SPDX-License-Identifier: MIT */
/*
 * report.c - what every format of the report shares.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hex.h"
#include "report.h"

const struct u8c_trait u8c_traits[U8C_TRAITS] = {
    {U8T_NEEDS_NUL, "needs-nul", "reads a 0 at s[n]"},
    {U8T_GUESSED_LENGTHS, "guessed-lengths",
     "u8t_next's error lengths are a shim's guess"},
    {U8T_SCALARS_ONLY, "scalars-only", "u8t_encode takes scalar values only"},
};

struct u8c_report_counts
u8c_report_count(const struct u8c_report *r)
{
	struct u8c_report_counts n = {0, 0, 0, 0};

	for (int c = 0; c < U8C_CHECKS; c++) {
		const struct u8c_report_check *k = &r->checks[c];

		if (k->skipped)
			n.skipped++;
		else if (!k->ran)
			continue;
		else if (k->expected && k->level > U8C_PASS)
			n.expected++;
		else if (k->level == U8C_FAIL)
			n.failed++;
		else
			n.passed++;
	}
	return n;
}

const char *
u8c_report_verdict_name(const struct u8c_report *r)
{
	return u8c_level_names[r->verdict == U8C_INFO ? U8C_PASS : r->verdict];
}

const char *
u8c_report_placement_name(enum u8c_placement p)
{
	return p == U8C_GUARD_AFTER ? "guard after" : "guard before";
}

int
u8c_report_write(FILE *out, enum u8c_format format, const struct u8c_report *r)
{
	int rc;

	switch (format) {
	case U8C_FORMAT_JSON:
		rc = u8c_report_json(out, r);
		break;
	case U8C_FORMAT_JUNIT:
		rc = u8c_report_junit(out, r);
		break;
	case U8C_FORMAT_HTML:
		rc = u8c_report_html(out, r);
		break;
	default:
		rc = u8c_report_text(out, r);
		break;
	}
	if (fflush(out) != 0)
		rc = -1;
	return rc;
}

void
u8c_report_example_free(struct u8c_report_example *e)
{
	free(e->input);
	free(e->expected);
	free(e->got);
	free(e->chunks);
	free(e->shown);
	e->input = e->expected = e->got = e->shown = NULL;
	e->chunks = NULL;
	e->nchunks = 0;
}

int
u8c_report_example_chunks(struct u8c_report_example *e, const size_t *len,
                          size_t n)
{
	size_t bytes = 0, total = 0, at = 0, room, k = 0, in_chunk = 0;
	const char *p;

	for (p = e->input; *p != '\0'; p++)
		bytes += *p != ' ' && (p == e->input || p[-1] == ' ');
	if (strcmp(e->input, "(empty)") == 0)
		bytes = 0;
	for (size_t i = 0; i < n; i++)
		total += len[i];
	if (n == 0 || total != bytes)
		return -1;
	/* every byte "XX " and every cut "| ", or "(empty)" */
	room = 3 * bytes + 2 * n + sizeof "(empty)";
	if ((e->chunks = malloc(n * sizeof *len)) == NULL ||
	    (e->shown = malloc(room)) == NULL)
		return -1;
	strcpy(e->shown, "(empty)"); /* one empty chunk writes nothing */
	memcpy(e->chunks, len, n * sizeof *len);
	e->nchunks = n;
	p = bytes > 0 ? e->input : "";
	for (;;) {
		while (k < n - 1 && in_chunk == len[k]) {
			at += (size_t)snprintf(e->shown + at, room - at, "%s|",
			                       at > 0 ? " " : "");
			k++;
			in_chunk = 0;
		}
		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		at += (size_t)snprintf(e->shown + at, room - at, "%s%.2s",
		                       at > 0 ? " " : "", p);
		p += 2;
		in_chunk++;
	}
	return 0;
}

void
u8c_report_free(struct u8c_report *r)
{
	free(r->target);
	free(r->path);
	free(r->stopped);
	free(r->expect_file);
	for (int c = 0; c < U8C_CHECKS; c++) {
		struct u8c_report_check *k = &r->checks[c];

		free(k->why);
		u8c_report_example_free(&k->example);
		for (unsigned m = 0; m < k->nmore; m++)
			u8c_report_example_free(&k->more[m]);
	}
	u8c_report_map_free(r->map);
	r->map = NULL;
}

void
u8c_report_map_free(struct u8c_report_map *m)
{
	if (m == NULL)
		return;
	for (size_t k = 0; k < m->nex; k++)
		u8c_report_example_free(&m->ex[k].example);
	free(m->ex);
	free(m);
}

void
u8c_report_map_key(char *buf, size_t cell)
{
	uint8_t b[2] = {(uint8_t)(cell / U8C_MAP_COLUMNS),
	                (uint8_t)(cell % U8C_MAP_COLUMNS)};

	u8s_hex_format(buf, U8C_MAP_KEY, b,
	               cell % U8C_MAP_COLUMNS < 256 ? 2 : 1);
}
