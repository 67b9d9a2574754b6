/* SPDX-License-Identifier: MIT */
/*
 * options.c - parsing and checking u8conform's arguments.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chunking.h"
#include "hex.h"
#include "options.h"
#include "shape.h"
#include "shared.h"
#include "u8t.h"

static const char usage[] =
    "usage: u8conform [options] LIB.so\n"
    "       u8conform [options] --exec 'CMD ARGS'\n"
    "       u8conform [--format F] [--strict] --merge REPORT.json...\n"
    "\n"
    "Tests the u8t_ functions LIB.so exports (see u8t.h) against the\n"
    "reference decoder (The Unicode Standard, Table 3-7).  The target\n"
    "runs in jailed worker processes; nothing it does ends the run.\n"
    "\n"
    "  --exec 'CMD ARGS'         judge a decoder that runs as a child\n"
    "                            process (the shell's command), speaking\n"
    "                            conformance/PROTOCOL.md on stdin/stdout\n"
    "  --format F                report format: text (default), json,\n"
    "                            junit, or html (one page, with the\n"
    "                            byte map of where the target departs)\n"
    "  --strict                  exit 1 on WARN as well as on FAIL\n"
    "  --profile NAME            judge against a variant: unicode (default),\n"
    "                            unicode-3.1, rfc2279, cesu8, mutf8, wtf8\n"
    "  --input HEX|@FILE|U+XXXX  run one input (hex bytes, a regular file's\n"
    "                            bytes, or a code point for u8t_encode)\n"
    "                            through every function, side by side with\n"
    "                            the reference; \"E0|A0 80\" also gives\n"
    "                            u8t_stream_decode those chunks\n"
    "  --exhaustive              every byte sequence of 1..4 bytes instead of\n"
    "                            the default suite (4,311,810,304 inputs)\n"
    "  --jobs N                  worker processes, 1..64 (default: online\n"
    "                            CPUs)\n"
    "  --shard K/N               only the K-th of N equal parts of each\n"
    "                            family of inputs (1 <= K <= N), of the\n"
    "                            default suite or of --exhaustive\n"
    "  --timeout MS              CPU time one call may use, and loading and\n"
    "                            unloading (default 3000); blocked, ten times\n"
    "                            that\n"
    "  --max-fatal N             stop after N crashes, hangs or exits "
    "(default:\n"
    "                            never; every input is judged)\n"
    "  --memory MIB              memory a worker may hold of its own, not\n"
    "                            counting mapped files (default 2048)\n"
    "  --load auto|once|per-worker\n"
    "                            workers forked from one loaded copy of\n"
    "                            the target (once), or each loading its\n"
    "                            own (per-worker: a runtime's threads,\n"
    "                            Go's or a JVM's, are not copied by a\n"
    "                            fork); auto (default) loads per worker\n"
    "                            when loading left a thread running\n"
    "  --merge REPORT.json...    one report from the JSON reports of the\n"
    "                            shards of one run\n"
    "  --symbol NAME --shape SHAPE\n"
    "                            test the library's own function NAME, of\n"
    "                            one of the shapes below, instead of u8t_\n"
    "                            exports\n"
    "  --functions LIST          judge only these of decode, validate, next,\n"
    "                            encode, stream (comma-separated)\n"
    "  --expect FILE             departures accepted by design, one a line:\n"
    "                            CHECK [HEX|U+XXXX|*] [# why]; they are\n"
    "                            reported as expected and do not fail the\n"
    "                            run; lines nothing matched, as stale\n"
    "  --write-expect FILE       write this run's departures in that form\n"
    "  --progress                phase, inputs, rate and ETA on stderr even\n"
    "                            when it is not a terminal\n"
    "  --help, --version\n"
    "\n"
    "Exit status: 0 pass or warn, or every FAIL and WARN expected; 1 a\n"
    "FAIL not expected (or a WARN, with --strict); 2 usage or load error,\n"
    "a report that cannot be written, or a run stopped before it found\n"
    "a FAIL.\n"
    "\n"
    "Shapes (--shape):\n";

static int
bad(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "u8conform: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (u8conform --help for usage)\n");
	return 2;
}

/* A whole number in lo..hi, written in decimal digits alone. */
static int
number(const char *s, unsigned long long lo, unsigned long long hi,
       unsigned long long *v)
{
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return errno != 0 || *end != '\0' || *v < lo || *v > hi ? -1 : 0;
}

/* The values of --format and --load, in their enums' order. */
static const char *const formats[] = {"text", "json", "junit", "html"};
static const char *const loads[] = {"auto", "once", "per-worker"};
enum {
	FORMATS = sizeof formats / sizeof formats[0],
	LOADS = sizeof loads / sizeof loads[0]
};
_Static_assert((int)FORMATS == (int)U8C_FORMAT_HTML + 1 &&
                   (int)LOADS == (int)U8C_LOAD_PER_WORKER + 1,
               "formats[] and loads[] name every value of their enums");

/* The index of @arg among names[0..n), or -1. */
static int
one_of(const char *arg, const char *const *names, int n)
{
	for (int k = 0; k < n; k++)
		if (strcmp(arg, names[k]) == 0)
			return k;
	return -1;
}

static int
shard(const char *arg, struct u8c_options *o)
{
	char k[32], *slash = strchr(arg, '/');
	unsigned long long kv, nv;

	if (slash == NULL || (size_t)(slash - arg) >= sizeof k)
		return -1;
	memcpy(k, arg, (size_t)(slash - arg));
	k[slash - arg] = '\0';
	if (number(k, 1, 1000000000, &kv) != 0 ||
	    number(slash + 1, 1, 1000000000, &nv) != 0 || kv > nv)
		return -1;
	o->shard = (size_t)kv;
	o->shards = (size_t)nv;
	return 0;
}

/* --input's argument: @FILE (a regular file), U+XXXX, hex bytes, or
 * hex bytes in chunks for u8t_stream_decode ("E0|A0 80"). */
static int
input(const char *arg, struct u8c_options *o)
{
	struct stat st;
	FILE *f;

	o->input = 1;
	if (arg[0] == '@') {
		if (stat(arg + 1, &st) != 0)
			return bad("--input %s: %s", arg, strerror(errno));
		if (!S_ISREG(st.st_mode))
			return bad("--input %s: not a regular file", arg);
		if (st.st_size > U8C_MAX_INPUT)
			return bad("--input %s: longer than %d bytes", arg,
			           U8C_MAX_INPUT);
		if ((f = fopen(arg + 1, "rb")) == NULL)
			return bad("--input %s: %s", arg, strerror(errno));
		o->input_len = fread(o->input_bytes, 1, U8C_MAX_INPUT, f);
		if (ferror(f) || fgetc(f) != EOF) {
			fclose(f);
			return bad("--input %s: cannot read it whole", arg);
		}
		fclose(f);
		return 0;
	}
	if (arg[0] == 'U' || arg[0] == 'u') {
		if (u8s_u_parse(arg, &o->input_code_point) != U8S_PARSE_OK)
			return bad("--input: '%s' is not a code point "
			           "(U+ and 1..8 hex digits)",
			           arg);
		o->input_is_code_point = 1;
		return 0;
	}
	if (strchr(arg, '|') != NULL) {
		if (u8c_chunks_parse(arg, o->input_bytes, U8C_MAX_INPUT,
		                     &o->input_len, o->input_cuts,
		                     &o->input_ncuts) != 0)
			return bad("--input: '%s' is not hex bytes in chunks "
			           "(\"E0|A0 80\"), at most %d bytes",
			           arg, U8C_MAX_INPUT);
		o->input_chunked = 1;
		return 0;
	}
	switch (
	    u8s_hex_parse(arg, o->input_bytes, U8C_MAX_INPUT, &o->input_len)) {
	case U8S_PARSE_OK:
		return 0;
	case U8S_PARSE_LONG:
		return bad("--input: longer than %d bytes", U8C_MAX_INPUT);
	default:
		return bad("--input: '%s' is not hex bytes", arg);
	}
}

/* Combinations that mean nothing. */
static int
check_combinations(const struct u8c_options *o, const int *given)
{
	if (o->nreports != 0) {
		/* in the order of the options' enum, to PROGRESS */
		static const char *const alone[] = {
		    "input",   "exhaustive", "shard",   "symbol",    "shape",
		    "profile", "jobs",       "timeout", "max-fatal", "memory",
		    "load",    "functions",  "progress"};
		for (size_t k = 0; k < sizeof alone / sizeof alone[0]; k++)
			if (given[k])
				return bad("--merge takes no --%s: it reads "
				           "reports, it runs nothing",
				           alone[k]);
		if (o->expect_file != NULL)
			return bad("--merge takes no --expect: the reports "
			           "were judged with theirs");
		if (o->exec != NULL)
			return bad("--merge takes no --exec: it reads "
			           "reports, it runs nothing");
		return 0;
	}
	if (o->write_expect_file != NULL && o->expect_file != NULL &&
	    strcmp(o->write_expect_file, o->expect_file) == 0)
		return bad("--write-expect would overwrite --expect's file");
	if (o->input && (o->exhaustive || o->shards > 0))
		return bad("--input runs one input: no --exhaustive or "
		           "--shard");
	if (o->exec != NULL && o->symbol != NULL)
		return bad("--exec takes no --symbol: its child says its "
		           "functions");
	if ((o->symbol == NULL) != (o->shape == NULL))
		return bad("--symbol and --shape go together");
	if (o->shape != NULL && !u8c_shape_known(o->shape))
		return bad("unknown shape '%s'", o->shape);
	return 0;
}

int
u8c_options_parse(int argc, char **argv, struct u8c_options *o)
{
	enum {
		INPUT,
		EXHAUSTIVE,
		SHARD,
		SYMBOL,
		SHAPE,
		PROFILE,
		JOBS,
		TIMEOUT,
		MAX_FATAL,
		MEMORY,
		LOAD,
		FUNCTIONS,
		PROGRESS, /* the options above are refused with --merge */
		EXEC,
		WRITE_EXPECT,
		MERGE,
		FORMAT,
		STRICT,
		EXPECT,
		HELP,
		VERSION
	};
	static const struct option longs[] = {
	    {"input", required_argument, NULL, INPUT},
	    {"exhaustive", no_argument, NULL, EXHAUSTIVE},
	    {"shard", required_argument, NULL, SHARD},
	    {"symbol", required_argument, NULL, SYMBOL},
	    {"shape", required_argument, NULL, SHAPE},
	    {"profile", required_argument, NULL, PROFILE},
	    {"jobs", required_argument, NULL, JOBS},
	    {"timeout", required_argument, NULL, TIMEOUT},
	    {"max-fatal", required_argument, NULL, MAX_FATAL},
	    {"memory", required_argument, NULL, MEMORY},
	    {"load", required_argument, NULL, LOAD},
	    {"functions", required_argument, NULL, FUNCTIONS},
	    {"write-expect", required_argument, NULL, WRITE_EXPECT},
	    {"progress", no_argument, NULL, PROGRESS},
	    {"exec", required_argument, NULL, EXEC},
	    {"expect", required_argument, NULL, EXPECT},
	    {"merge", no_argument, NULL, MERGE},
	    {"format", required_argument, NULL, FORMAT},
	    {"strict", no_argument, NULL, STRICT},
	    {"help", no_argument, NULL, HELP},
	    {"version", no_argument, NULL, VERSION},
	    {NULL, 0, NULL, 0},
	};
	int given[MERGE] = {0}, c, rc;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned long long v;

	memset(o, 0, sizeof *o);
	o->jobs = cpus < 1                 ? 1
	          : cpus > U8C_MAX_WORKERS ? U8C_MAX_WORKERS
	                                   : (unsigned)cpus;
	o->timeout_ms = 3000;
	o->memory_mib = 2048;
	o->functions = (1u << U8C_FNS) - 1;
	o->profile = u8ref_profile_at(0);
	opterr = 0;
	while ((c = getopt_long(argc, argv, "", longs, NULL)) != -1) {
		if (c >= 0 && c < MERGE)
			given[c] = 1;
		switch (c) {
		case INPUT:
			if ((rc = input(optarg, o)) != 0)
				return rc;
			break;
		case EXHAUSTIVE:
			o->exhaustive = 1;
			break;
		case SHARD:
			if (shard(optarg, o) != 0)
				return bad(
				    "--shard wants K/N with 1 <= K <= N, "
				    "not '%s'",
				    optarg);
			break;
		case SYMBOL:
			o->symbol = optarg;
			break;
		case SHAPE:
			o->shape = optarg;
			break;
		case PROFILE:
			if ((o->profile = u8ref_profile_by_name(optarg)) ==
			    NULL)
				return bad("unknown profile '%s'", optarg);
			break;
		case JOBS:
			if (number(optarg, 1, U8C_MAX_WORKERS, &v) != 0)
				return bad(
				    "--jobs wants 1..%d worker processes, "
				    "not '%s'",
				    U8C_MAX_WORKERS, optarg);
			o->jobs = (unsigned)v;
			break;
		case TIMEOUT:
			if (number(optarg, 1, 86400000, &v) != 0)
				return bad("--timeout wants milliseconds, "
				           "1..86400000, not '%s'",
				           optarg);
			o->timeout_ms = (unsigned)v;
			break;
		case MAX_FATAL:
			if (number(optarg, 1, 1000000000, &v) != 0)
				return bad(
				    "--max-fatal wants a count, 1 or more, "
				    "not '%s'",
				    optarg);
			o->max_fatal = (unsigned)v;
			break;
		case MEMORY:
			if (number(optarg, 16, 1u << 20, &v) != 0)
				return bad("--memory wants MiB, 16..1048576, "
				           "not '%s'",
				           optarg);
			o->memory_mib = (unsigned)v;
			break;
		case LOAD:
			if ((rc = one_of(optarg, loads, LOADS)) < 0)
				return bad("--load wants auto, once or "
				           "per-worker, not '%s'",
				           optarg);
			o->load = (enum u8c_load_mode)rc;
			break;
		case FUNCTIONS:
			if (u8c_fn_list_parse(optarg, &o->functions) != 0)
				return bad(
				    "--functions wants decode, validate, "
				    "next, encode, stream, comma-separated, "
				    "not "
				    "'%s'",
				    optarg);
			break;
		case WRITE_EXPECT:
			o->write_expect_file = optarg;
			break;
		case PROGRESS:
			o->progress = 1;
			break;
		case EXEC:
			if (optarg[0] == '\0')
				return bad("--exec wants a command");
			o->exec = optarg;
			break;
		case EXPECT:
			o->expect_file = optarg;
			break;
		case MERGE:
			o->nreports = -1;
			break;
		case FORMAT:
			if ((rc = one_of(optarg, formats, FORMATS)) < 0)
				return bad("unknown format '%s' (text, json, "
				           "junit, html)",
				           optarg);
			o->format = (enum u8c_format)rc;
			break;
		case STRICT:
			o->strict = 1;
			break;
		case HELP:
			fputs(usage, stdout);
			u8c_shape_help(stdout);
			return -1;
		case VERSION:
			printf("u8conform 0.1 (target ABI %d)\n",
			       U8T_ABI_VERSION);
			return -1;
		default:
			return bad("unknown or incomplete option '%s'",
			           argv[optind - 1]);
		}
	}
	if (o->nreports < 0) {
		if (optind >= argc)
			return bad("--merge wants the shards' JSON reports");
		o->reports = argv + optind;
		o->nreports = argc - optind;
	} else if (o->exec != NULL) {
		if (optind != argc)
			return bad("--exec judges its command: no library "
			           "'%s' too",
			           argv[optind]);
	} else if (optind != argc - 1) {
		return bad("%s", optind < argc ? "give exactly one library"
		                               : "no library given");
	} else {
		o->library = argv[optind];
	}
	return check_combinations(o, given);
}
