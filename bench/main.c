/* SPDX-License-Identifier: MIT */
/*
 * main.c - u8bench: every contestant on every standard input, side by
 * side in one run, written as CSV (see bench/README.md).  scripts/bench
 * runs it, then bench/report.mjs for the table and the plot.  Its other
 * modes serve the rest of scripts/bench: writing a large file, timing
 * command-line tools on it, and calling one kernel for callgrind.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "contestants.h"
#include "file_mode.h"
#include "measure.h"
#include "node_peer.h"
#include "results.h"
#include "u8ref.h"

#ifndef U8B_NODE_SCRIPT
#define U8B_NODE_SCRIPT "bench/isutf8.mjs"
#endif

enum { MAX_CONTESTANTS = 32, MAX_SIZES = 8, MAX_NODES = 4 };

struct options {
	size_t sizes[MAX_SIZES]; /* input sizes, smallest first         */
	size_t nsizes;
	size_t samples;     /* per cell                               */
	double min_ms;      /* shortest sample                        */
	const char *inputs; /* comma list of input names, or NULL     */
	const char *only;   /* comma list of contestants, or NULL     */
	const char *walk;   /* input the walk runs on at the largest
	                       size, or "all" or "none"               */
	const char *nodes[MAX_NODES]; /* node executables for simdutf     */
	size_t nnodes;
	const char *node_script; /* bench/isutf8.mjs                       */
	const char *csv;         /* output file; NULL for stdout           */
	const char *command;     /* recorded in the CSV                    */
	/* the other modes */
	const char *write_file;    /* write this file ...                  */
	const char *time_commands; /* ... or time these commands on it    */
	const char *count;         /* ... or call this kernel REPS times   */
	const char *file, *input, *expect;
	size_t file_size, runs, reps;
};

static void
usage(FILE *f)
{
	fprintf(
	    f,
	    "usage: u8bench [OPTIONS]        time every contestant, write CSV\n"
	    "  --sizes A,B     input sizes (default 4K,512K,64M)\n"
	    "  --samples N     samples per cell (default 9)\n"
	    "  --min-ms MS     shortest sample (default 50)\n"
	    "  --quick         3 samples of 20 ms: a rough run\n"
	    "  --smoke         4K and 64K, one short sample, no node: a test\n"
	    "  --inputs A,B    only these inputs (ascii latin cyrillic cjk\n"
	    "                  emoji random ascii-error)\n"
	    "  --only A,B      only these contestants\n"
	    "  --walk NAME     input the slow walk runs on at the largest "
	    "size\n"
	    "                  (default latin; all; none)\n"
	    "  --node PATH     a node for simdutf (default node; repeat for\n"
	    "                  more); --no-node for none\n"
	    "  --node-script P isutf8.mjs (default %s)\n"
	    "  --csv FILE      write the CSV there (default stdout)\n"
	    "  --command STR   the command line to record\n"
	    "u8bench --write-file FILE [--file-size N] [--input NAME]\n"
	    "u8bench --time-commands LIST --file FILE --input NAME\n"
	    "        --expect valid|invalid [--runs N] [--csv FILE]\n"
	    "u8bench --count KERNEL [--input NAME] [--sizes N] [--reps N]\n"
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

/* "4K,512K,64M" into o->sizes, smallest first. */
static void
parse_sizes(const char *list, struct options *o, int *ok)
{
	char buf[256], *save, *word;

	snprintf(buf, sizeof buf, "%s", list);
	o->nsizes = 0;
	for (word = strtok_r(buf, ",", &save); word != NULL;
	     word = strtok_r(NULL, ",", &save)) {
		size_t n = parse_number(word, ok), i;

		if (o->nsizes == MAX_SIZES || n == 0) {
			*ok = 0;
			return;
		}
		for (i = o->nsizes++; i > 0 && o->sizes[i - 1] > n; i--)
			o->sizes[i] = o->sizes[i - 1];
		o->sizes[i] = n;
	}
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
	int ok = 1, default_node = 1;

	*o = (struct options){.samples = 9,
	                      .min_ms = 50,
	                      .walk = "latin",
	                      .node_script = U8B_NODE_SCRIPT,
	                      .command = "u8bench",
	                      .input = "latin",
	                      .file_size = (size_t)1 << 30,
	                      .runs = 5,
	                      .reps = 100};
	parse_sizes("4K,512K,64M", o, &ok);
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
			parse_sizes("4K,64K", o, &ok);
			o->samples = 1;
			o->min_ms = 0;
			o->walk = "all";
			default_node = 0;
			o->command = "u8bench --smoke";
			takes = 0;
		} else if (strcmp(a, "--no-node") == 0) {
			default_node = 0;
			o->nnodes = 0;
			takes = 0;
		} else if (v == NULL)
			ok = 0;
		else if (strcmp(a, "--sizes") == 0)
			parse_sizes(v, o, &ok);
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
		else if (strcmp(a, "--node") == 0 && o->nnodes < MAX_NODES)
			o->nodes[o->nnodes++] = v;
		else if (strcmp(a, "--node-script") == 0)
			o->node_script = v;
		else if (strcmp(a, "--csv") == 0)
			o->csv = v;
		else if (strcmp(a, "--command") == 0)
			o->command = v;
		else if (strcmp(a, "--write-file") == 0)
			o->write_file = v;
		else if (strcmp(a, "--time-commands") == 0)
			o->time_commands = v;
		else if (strcmp(a, "--count") == 0)
			o->count = v;
		else if (strcmp(a, "--file") == 0)
			o->file = v;
		else if (strcmp(a, "--input") == 0)
			o->input = v;
		else if (strcmp(a, "--expect") == 0)
			o->expect = v;
		else if (strcmp(a, "--file-size") == 0)
			o->file_size = parse_number(v, &ok);
		else if (strcmp(a, "--runs") == 0)
			o->runs = parse_number(v, &ok);
		else if (strcmp(a, "--reps") == 0)
			o->reps = parse_number(v, &ok);
		else
			ok = 0;
		i += takes;
	}
	if (default_node && o->nnodes == 0)
		o->nodes[o->nnodes++] = "node";
	if (o->samples < 1 || o->samples > U8B_MAX_SAMPLES)
		ok = 0;
	if (!ok)
		usage(stderr);
	return ok ? 0 : -1;
}

/* Times every cell on @in; returns 1 when one of ours answered wrong.
 * The slow contestants (the walk) skip the largest size but on the
 * input --walk names. */
static int
bench_input(const struct options *o, const struct u8b_input *in,
            const struct u8b_contestant *cs, size_t m, FILE *csv)
{
	struct u8b_cell cells[MAX_CONTESTANTS];
	size_t k = 0;
	int wrong = 0;
	char size[32];

	for (size_t i = 0; i < m; i++) {
		int largest = o->nsizes > 1 && in->n == o->sizes[o->nsizes - 1];

		if (cs[i].small_only && largest && !listed(o->walk, "all") &&
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
	size_t n = 0, m = 0;
	char dir[] = "/tmp/u8bench.XXXXXX";
	int nodes = 0, wrong = 0;
	FILE *csv = o->csv != NULL ? fopen(o->csv, "w") : stdout;

	if (csv == NULL) {
		perror(o->csv);
		return 2;
	}
	n = u8b_contestants_ours(all, MAX_CONTESTANTS);
	/* Node reads the inputs from files in a directory of their own. */
	if (o->nnodes > 0 && mkdtemp(dir) != NULL) {
		for (size_t i = 0; i < o->nnodes; i++)
			if (u8b_node_start(&all[n], o->nodes[i],
			                   o->node_script) == 0) {
				n++;
				nodes++;
			}
		if (nodes == 0)
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
		for (size_t j = 0; j < o->nsizes; j++) {
			struct u8b_input in;

			if (u8b_input_make(&in, kind, o->sizes[j],
			                   nodes ? dir : NULL) != 0)
				continue;
			wrong |= bench_input(o, &in, cs, m, csv);
			u8b_input_free(&in);
		}
	}
	if (nodes) {
		u8b_node_stop_all();
		rmdir(dir);
	}
	if (csv != stdout)
		fclose(csv);
	if (wrong)
		fprintf(stderr,
		        "u8bench: one of our kernels gave a wrong verdict\n");
	return wrong;
}

/* --count: @reps calls of one kernel on one input, for a count of the
 * instructions it runs (scripts/bench runs this under callgrind, whose
 * counts repeat where seconds do not). */
static int
count(const struct options *o, const struct u8b_input_kind *kind)
{
	const struct u8ref_kernel *k = u8ref_kernel_by_name(o->count);
	struct u8b_input in;
	size_t ok = 0;

	if (!u8ref_kernel_supported(k)) {
		fprintf(stderr, "u8bench: no kernel %s on this CPU\n",
		        o->count);
		return 2;
	}
	if (u8b_input_make(&in, kind, o->sizes[0], NULL) != 0)
		return 2;
	for (size_t r = 0; r < o->reps; r++)
		ok += k->validate(in.bytes, in.n).status == U8REF_OK;
	printf("%s %s %zu bytes, %zu calls, %s\n", k->name, kind->name, in.n,
	       o->reps, ok == o->reps * (size_t)in.valid ? "right" : "WRONG");
	u8b_input_free(&in);
	return 0;
}

int
main(int argc, char **argv)
{
	struct options o;
	const struct u8b_input_kind *kind;
	FILE *csv;
	int status;

	if (parse(argc, argv, &o) != 0)
		return 2;
	if (o.write_file == NULL && o.time_commands == NULL && o.count == NULL)
		return bench(&o);
	if ((kind = u8b_input_kind_by_name(o.input)) == NULL) {
		fprintf(stderr, "u8bench: no input called %s\n", o.input);
		return 2;
	}
	if (o.write_file != NULL)
		return u8b_write_file(o.write_file, o.file_size, kind);
	if (o.count != NULL)
		return count(&o, kind);
	if (o.file == NULL || o.expect == NULL ||
	    (strcmp(o.expect, "valid") != 0 &&
	     strcmp(o.expect, "invalid") != 0)) {
		usage(stderr);
		return 2;
	}
	csv = o.csv != NULL ? fopen(o.csv, "a") : stdout;
	if (csv == NULL) {
		perror(o.csv);
		return 2;
	}
	status =
	    u8b_time_commands(o.time_commands, o.file, o.runs,
	                      strcmp(o.expect, "valid") == 0, o.input, csv);
	if (csv != stdout)
		fclose(csv);
	return status;
}
