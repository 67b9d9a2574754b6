/* SPDX-License-Identifier: MIT */
/*
 * main.c - u8bench: every contestant on every standard input, side by
 * side in one run, written as CSV (see bench/README.md).  scripts/bench
 * runs it, then bench/report.mjs for the table and the plot.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "contestants.h"
#include "file_mode.h"
#include "measure.h"
#include "node_peer.h"
#include "results.h"

#ifndef U8B_NODE_SCRIPT
#define U8B_NODE_SCRIPT "bench/isutf8.mjs"
#endif

enum { MAX_CONTESTANTS = 32 };

struct options {
	size_t large, small;     /* input sizes; 0 leaves one out          */
	size_t samples;          /* per cell                               */
	double min_ms;           /* shortest sample                        */
	const char *inputs;      /* comma list of input names, or NULL     */
	const char *only;        /* comma list of contestants, or NULL     */
	const char *walk;        /* large input the walk runs on, or "all"
	                            or "none"                              */
	const char *node;        /* node executable; NULL for none         */
	const char *node_script; /* bench/isutf8.mjs                       */
	const char *csv;         /* output file; NULL for stdout           */
	const char *command;     /* recorded in the CSV                    */
	const char *write_file;  /* file mode: write this file ...         */
	const char *time_file;   /* ... or time the library on this one    */
	size_t file_size, runs;
	const char *file_input;
};

static void
usage(FILE *f)
{
	fprintf(
	    f,
	    "usage: u8bench [OPTIONS]        time every contestant, write CSV\n"
	    "  --size N        large input size (default 64M; 0: none)\n"
	    "  --small N       small input size (default 4K; 0: none)\n"
	    "  --samples N     samples per cell (default 9)\n"
	    "  --min-ms MS     shortest sample (default 50)\n"
	    "  --quick         3 samples of 20 ms: a rough run\n"
	    "  --smoke         64K and 4K, one short sample, no node: a test\n"
	    "  --inputs A,B    only these inputs (ascii latin cyrillic cjk\n"
	    "                  emoji random ascii-error)\n"
	    "  --only A,B      only these contestants\n"
	    "  --walk NAME     large input the slow walk runs on (default\n"
	    "                  latin; all; none)\n"
	    "  --node PATH     node for simdutf (default node); --no-node\n"
	    "  --node-script P isutf8.mjs (default %s)\n"
	    "  --csv FILE      write the CSV there (default stdout)\n"
	    "  --command STR   the command line to record\n"
	    "u8bench --write-file FILE [--file-size N] [--file-input NAME]\n"
	    "u8bench --time-file FILE [--runs N]\n"
	    "sizes take K, M, G suffixes (powers of 1024)\n",
	    U8B_NODE_SCRIPT);
}

/* A count or a size: "9", "4096", "64M", "1GiB"; *ok cleared when @s is
 * none of those. */
static size_t
parse_number(const char *s, int *ok)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(s, &end, 10);
	switch (*end) {
	case 'K':
	case 'k':
		v <<= 10;
		end++;
		break;
	case 'M':
	case 'm':
		v <<= 20;
		end++;
		break;
	case 'G':
	case 'g':
		v <<= 30;
		end++;
		break;
	}
	if (*end == 'i' && end[1] == 'B')
		end += 2;
	if (errno != 0 || end == s || *end != '\0')
		*ok = 0;
	return (size_t)v;
}

/* Is @name in the comma-separated @list (NULL means everything)? */
static int
listed(const char *list, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = list; p != NULL; p = strchr(p, ',')) {
		p += *p == ',';
		if (strncmp(p, name, len) == 0 &&
		    (p[len] == ',' || p[len] == 0))
			return 1;
	}
	return list == NULL;
}

static int
parse(int argc, char **argv, struct options *o)
{
	int ok = 1;

	*o = (struct options){.large = (size_t)64 << 20,
	                      .small = 4096,
	                      .samples = 9,
	                      .min_ms = 50,
	                      .walk = "latin",
	                      .node = "node",
	                      .node_script = U8B_NODE_SCRIPT,
	                      .command = "u8bench",
	                      .file_size = (size_t)1 << 30,
	                      .runs = 5,
	                      .file_input = "latin"};
	for (int i = 1; i < argc && ok; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		int takes = 1;

		if (strcmp(a, "--help") == 0) {
			usage(stdout);
			exit(0);
		} else if (strcmp(a, "--quick") == 0) {
			o->samples = 3;
			o->min_ms = 20;
			takes = 0;
		} else if (strcmp(a, "--smoke") == 0) {
			o->large = 64 << 10;
			o->samples = 1;
			o->min_ms = 0;
			o->walk = "all";
			o->node = NULL;
			o->command = "u8bench --smoke";
			takes = 0;
		} else if (strcmp(a, "--no-node") == 0) {
			o->node = NULL;
			takes = 0;
		} else if (v == NULL)
			ok = 0;
		else if (strcmp(a, "--size") == 0)
			o->large = parse_number(v, &ok);
		else if (strcmp(a, "--small") == 0)
			o->small = parse_number(v, &ok);
		else if (strcmp(a, "--samples") == 0)
			o->samples = parse_number(v, &ok);
		else if (strcmp(a, "--min-ms") == 0)
			o->min_ms = atof(v);
		else if (strcmp(a, "--inputs") == 0)
			o->inputs = v;
		else if (strcmp(a, "--only") == 0)
			o->only = v;
		else if (strcmp(a, "--walk") == 0)
			o->walk = v;
		else if (strcmp(a, "--node") == 0)
			o->node = v;
		else if (strcmp(a, "--node-script") == 0)
			o->node_script = v;
		else if (strcmp(a, "--csv") == 0)
			o->csv = v;
		else if (strcmp(a, "--command") == 0)
			o->command = v;
		else if (strcmp(a, "--write-file") == 0)
			o->write_file = v;
		else if (strcmp(a, "--time-file") == 0)
			o->time_file = v;
		else if (strcmp(a, "--file-size") == 0)
			o->file_size = parse_number(v, &ok);
		else if (strcmp(a, "--file-input") == 0)
			o->file_input = v;
		else if (strcmp(a, "--runs") == 0)
			o->runs = parse_number(v, &ok);
		else
			ok = 0;
		i += takes;
	}
	if (o->samples < 1 || o->samples > U8B_MAX_SAMPLES)
		ok = 0;
	if (!ok)
		usage(stderr);
	return ok ? 0 : -1;
}

/* Times every cell on @in; returns 1 when one of ours answered wrong. */
static int
bench_input(const struct options *o, const struct u8b_input *in,
            const struct u8b_contestant *cs, size_t m, FILE *csv)
{
	struct u8b_cell cells[MAX_CONTESTANTS];
	size_t k = 0;
	int wrong = 0;
	char size[32];

	for (size_t i = 0; i < m; i++) {
		int large = in->n == o->large && o->large != o->small;

		if (cs[i].small_only && large && !listed(o->walk, "all") &&
		    !listed(o->walk, in->kind->name))
			continue;
		cells[k] = (struct u8b_cell){.c = &cs[i]};
		u8b_calibrate(&cells[k], in, o->min_ms / 1000);
		k++;
	}
	for (size_t r = 0; r < o->samples; r++)
		u8b_round(cells, k, in, r);
	fprintf(stderr, "u8bench: %-11s %7s:", in->kind->name,
	        u8b_size_name(in->n, size, sizeof size));
	for (size_t i = 0; i < k; i++) {
		u8b_csv_row(csv, in, &cells[i]);
		if (!cells[i].failed && !u8b_verdict_ok(in, &cells[i]))
			fprintf(stderr, " %s WRONG VERDICT;", cells[i].c->name);
		wrong |= cells[i].c->group == U8B_OURS &&
		         !u8b_verdict_ok(in, &cells[i]);
	}
	fprintf(stderr, " %zu contestants\n", k);
	fflush(csv);
	return wrong;
}

static int
bench(const struct options *o)
{
	struct u8b_contestant all[MAX_CONTESTANTS], cs[MAX_CONTESTANTS];
	const struct u8b_input_kind *kind;
	size_t n = 0, m = 0, sizes[2] = {o->small, o->large};
	char dir[] = "/tmp/u8bench.XXXXXX";
	int node = 0, wrong = 0;
	FILE *csv = o->csv != NULL ? fopen(o->csv, "w") : stdout;

	if (csv == NULL) {
		perror(o->csv);
		return 2;
	}
	n = u8b_contestants_ours(all, MAX_CONTESTANTS);
	/* Node reads the inputs from files in a directory of their own. */
	if (o->node != NULL && listed(o->only, "simdutf-node") &&
	    mkdtemp(dir) != NULL) {
		node = u8b_node_start(&all[n], o->node, o->node_script) == 0;
		if (node)
			n++;
		else
			rmdir(dir);
	}
	n += u8b_contestants_peers(all + n, MAX_CONTESTANTS - n);
	for (size_t i = 0; i < n; i++)
		if (listed(o->only, all[i].name))
			cs[m++] = all[i];
	u8b_csv_begin(csv, o->command, o->samples, o->min_ms, cs, m);
	for (size_t i = 0; (kind = u8b_input_kind_at(i)) != NULL; i++) {
		if (!listed(o->inputs, kind->name))
			continue;
		for (size_t j = 0; j < 2; j++) {
			struct u8b_input in;

			if (sizes[j] == 0 ||
			    u8b_input_make(&in, kind, sizes[j],
			                   node ? dir : NULL) != 0)
				continue;
			wrong |= bench_input(o, &in, cs, m, csv);
			u8b_input_free(&in);
		}
	}
	if (node) {
		u8b_node_stop();
		rmdir(dir);
	}
	if (csv != stdout)
		fclose(csv);
	if (wrong)
		fprintf(stderr,
		        "u8bench: one of our kernels gave a wrong verdict\n");
	return wrong;
}

int
main(int argc, char **argv)
{
	struct options o;
	const struct u8b_input_kind *kind;

	if (parse(argc, argv, &o) != 0)
		return 2;
	if (o.write_file != NULL) {
		if ((kind = u8b_input_kind_by_name(o.file_input)) == NULL) {
			fprintf(stderr, "u8bench: no input called %s\n",
			        o.file_input);
			return 2;
		}
		return u8b_write_file(o.write_file, o.file_size, kind);
	}
	if (o.time_file != NULL)
		return u8b_time_file(o.time_file, o.runs);
	return bench(&o);
}
