/* SPDX-License-Identifier: MIT */
/*
 * u8conform.c - test a UTF-8 decoder shipped as a shared library.
 *
 * Loads LIB.so, runs the suite's families of inputs through every u8t_
 * function it exports in sandboxed workers, judges each answer against
 * the reference decoder, and prints a verdict a CI job can act on: exit
 * 0 pass or warn (1 for warn with --strict), 1 fail, 2 usage or load
 * error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "inputs.h"
#include "judge.h"
#include "merge.h"
#include "report.h"
#include "sandbox.h"
#include "shape.h"
#include "target.h"

/* A target that crashed or hung this often has shown what it does;
 * the run stops there instead of restarting it for every input. */
enum { FATAL_MAX = 8 };

/* Surrogate pairs tell CESU-8 and WTF-8 apart; one in 64 is enough. */
enum { PAIRS_SAMPLED = 64 };

static const char usage[] = /* printf format: %s is the shapes */
    "usage: u8conform [options] LIB.so\n"
    "       u8conform [--format F] [--strict] --merge REPORT.json...\n"
    "\n"
    "Tests the u8t_ functions LIB.so exports (see u8t.h) against the\n"
    "reference decoder (The Unicode Standard, Table 3-7).\n"
    "\n"
    "  --format text|json|junit  report format (default text)\n"
    "  --strict                  exit 1 on WARN as well as on FAIL\n"
    "  --profile NAME            judge against a variant: unicode (default),\n"
    "                            unicode-3.1, rfc2279, cesu8, mutf8, wtf8\n"
    "  --input HEX|@FILE         run one input (hex bytes, or a file's raw\n"
    "                            bytes) through every function, side by side\n"
    "                            with the reference\n"
    "  --exhaustive              every byte sequence of 1..4 bytes instead of\n"
    "                            the default suite (4,311,810,304 inputs)\n"
    "  --jobs N                  worker processes (default: online CPUs);\n"
    "                            0 calls the target in u8conform itself, to\n"
    "                            measure what isolation costs (a crash then\n"
    "                            ends the run)\n"
    "  --shard K/N               with --exhaustive, only the K-th of N equal\n"
    "                            parts (K from 1)\n"
    "  --timeout MS              time one input may take (default 3000)\n"
    "  --merge REPORT.json...    one report from the JSON reports of the\n"
    "                            shards of an --exhaustive run\n"
    "  --symbol NAME --shape SHAPE\n"
    "                            test the library's own function NAME, of\n"
    "                            one of these shapes, instead of u8t_ "
    "exports:\n"
    "%s"
    "  --help, --version\n"
    "\n"
    "Exit status: 0 pass or warn, 1 fail (or warn with --strict),\n"
    "2 usage or load error.\n";

struct options {
	enum u8c_format format;
	int strict, exhaustive, jobs;
	unsigned timeout_ms;
	size_t shard, shards;
	const char *profile, *input, *library, *symbol, *shape;
	char **reports; /* --merge: the shards' JSON reports */
	int nreports;
};

static int
usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "u8conform: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n(u8conform --help for usage)\n");
	return 2;
}

static int
parse(int argc, char **argv, struct options *o)
{
	static const struct option longs[] = {
	    {"format", required_argument, NULL, 'f'},
	    {"strict", no_argument, NULL, 's'},
	    {"profile", required_argument, NULL, 'p'},
	    {"input", required_argument, NULL, 'i'},
	    {"exhaustive", no_argument, NULL, 'x'},
	    {"jobs", required_argument, NULL, 'j'},
	    {"shard", required_argument, NULL, 'k'},
	    {"timeout", required_argument, NULL, 't'},
	    {"symbol", required_argument, NULL, 'y'},
	    {"merge", no_argument, NULL, 'm'},
	    {"shape", required_argument, NULL, 'a'},
	    {"help", no_argument, NULL, 'h'},
	    {"version", no_argument, NULL, 'V'},
	    {NULL, 0, NULL, 0},
	};
	char *end;
	long v;
	int c;

	memset(o, 0, sizeof *o);
	o->jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
	o->timeout_ms = 3000;
	o->profile = "unicode";
	opterr = 0;
	while ((c = getopt_long(argc, argv, "", longs, NULL)) != -1) {
		switch (c) {
		case 'f':
			if (strcmp(optarg, "text") == 0)
				o->format = U8C_FORMAT_TEXT;
			else if (strcmp(optarg, "json") == 0)
				o->format = U8C_FORMAT_JSON;
			else if (strcmp(optarg, "junit") == 0)
				o->format = U8C_FORMAT_JUNIT;
			else
				return usage_error(
				    "unknown format '%s' (text, json, junit)",
				    optarg);
			break;
		case 's':
			o->strict = 1;
			break;
		case 'p':
			o->profile = optarg;
			break;
		case 'i':
			o->input = optarg;
			break;
		case 'x':
			o->exhaustive = 1;
			break;
		case 'j':
			v = strtol(optarg, &end, 10);
			if (*end != '\0' || v < 0 || v > 64)
				return usage_error(
				    "--jobs wants 0..64, not '%s'", optarg);
			o->jobs = (int)v;
			break;
		case 'k':
			if (sscanf(optarg, "%zu/%zu", &o->shard, &o->shards) !=
			        2 ||
			    o->shard < 1 || o->shard > o->shards)
				return usage_error("--shard wants K/N with 1 "
				                   "<= K <= N, not '%s'",
				                   optarg);
			break;
		case 't':
			v = strtol(optarg, &end, 10);
			if (*end != '\0' || v < 1)
				return usage_error(
				    "--timeout wants milliseconds, not '%s'",
				    optarg);
			o->timeout_ms = (unsigned)v;
			break;
		case 'y':
			o->symbol = optarg;
			break;
		case 'm':
			o->nreports = -1;
			break;
		case 'a':
			o->shape = optarg;
			break;
		case 'h':
			printf(usage, u8c_shape_help);
			exit(0);
		case 'V':
			printf("u8conform 0.1 (target ABI %d)\n",
			       U8T_ABI_VERSION);
			exit(0);
		default:
			return usage_error("unknown or incomplete option '%s'",
			                   argv[optind - 1]);
		}
	}
	if (o->nreports < 0) {
		if (optind >= argc)
			return usage_error(
			    "%s", "--merge wants the shards' JSON reports");
		o->reports = argv + optind;
		o->nreports = argc - optind;
		return 0;
	}
	if (optind != argc - 1)
		return usage_error("%s", optind < argc
		                             ? "give exactly one library"
		                             : "no library given");
	if ((o->symbol == NULL) != (o->shape == NULL))
		return usage_error("%s", "--symbol and --shape go together");
	if (o->shards > 0 && !o->exhaustive)
		return usage_error("%s", "--shard goes with --exhaustive");
	o->library = argv[optind];
	return 0;
}

/* The one input of --input. */
static uint8_t single[U8C_MAX_INPUT];
static size_t single_len;

static int
hex_digit(int c)
{
	return c >= '0' && c <= '9'   ? c - '0'
	       : c >= 'a' && c <= 'f' ? c - 'a' + 10
	       : c >= 'A' && c <= 'F' ? c - 'A' + 10
	                              : -1;
}

/* HEX ("C0 80", "c080", "\\xC0\\x80") or @FILE into single[]. */
static int
read_input(const char *arg)
{
	FILE *f;
	int hi, lo;

	single_len = 0;
	if (arg[0] == '@') {
		if ((f = fopen(arg + 1, "rb")) == NULL)
			return usage_error("%s", strerror(errno)), -1;
		single_len = fread(single, 1, sizeof single, f);
		if (!feof(f) && fgetc(f) != EOF) {
			fclose(f);
			return usage_error("%s: longer than 4096 bytes",
			                   arg + 1),
			       -1;
		}
		fclose(f);
		return 0;
	}
	while (*arg) {
		if (*arg == ' ' || *arg == ',' || *arg == ':' || *arg == '\\' ||
		    *arg == 'x') {
			arg++;
			continue;
		}
		if ((hi = hex_digit(arg[0])) < 0 ||
		    (lo = hex_digit(arg[1])) < 0)
			return usage_error("--input: '%s' is not hex bytes",
			                   arg),
			       -1;
		if (single_len == sizeof single)
			return usage_error("%s",
			                   "--input: longer than 4096 bytes"),
			       -1;
		single[single_len++] = (uint8_t)(hi << 4 | lo);
		arg += 2;
	}
	return 0;
}

static void
print_code_points(const uint32_t *cp, size_t n)
{
	size_t i;

	for (i = 0; i < n && i < U8C_RAW_MAX; i++)
		printf("%s%04X", i ? " " : "", (unsigned)cp[i]);
	if (n == 0)
		printf("(nothing)");
}

/* --input: the target's answers above the reference's, function by
 * function. */
static void
side_by_side(const struct u8c_suite *suite)
{
	const struct u8c_raw *raw = &suite->total.raw;
	const struct u8c_target *t = suite->target;
	const struct u8ref_profile *p = suite->profile;
	struct u8ref_validation v = u8ref_validate(p, single, single_len);
	uint32_t want[U8C_MAX_INPUT];
	struct u8ref_result r;
	size_t i, off,
	    n = u8ref_decode_all(p, single, single_len, want, U8C_MAX_INPUT);

	printf("input      ");
	for (i = 0; i < single_len; i++)
		printf("%s%02X", i ? " " : "", single[i]);
	printf("%s (%zu bytes)\n", single_len ? "" : "(empty)", single_len);
	if (!raw->captured) {
		printf("(the target died on this input: see below)\n\n");
		return;
	}
	if (t->decode) {
		printf("decode     target     ");
		if (raw->ndecode == SIZE_MAX)
			printf("returned more than cap");
		else
			print_code_points(raw->decode, raw->ndecode);
		printf("\n           reference  ");
		print_code_points(want, n);
		printf("\n");
	}
	if (t->validate) {
		if (raw->valid == 1)
			printf("validate   target     well-formed\n");
		else if (raw->err == SIZE_MAX)
			printf("validate   target     %d (no offset stored)\n",
			       raw->valid);
		else
			printf("validate   target     %d, first error at byte "
			       "%zu\n",
			       raw->valid, raw->err);
		if (v.status == U8REF_OK)
			printf("           reference  well-formed\n");
		else
			printf("           reference  0, first error at byte "
			       "%zu (%s, %zu byte%s)\n",
			       v.offset, u8ref_status_name(v.status), v.len,
			       v.len == 1 ? "" : "s");
	}
	if (t->next) {
		printf("next       target    ");
		for (i = 0; i < raw->nnext; i++)
			if (raw->next_cp[i] == U8T_ERROR)
				printf(" [%zu] error", raw->next_len[i]);
			else
				printf(" [%zu] %04X", raw->next_len[i],
				       (unsigned)raw->next_cp[i]);
		printf("\n           reference ");
		for (off = 0; off < single_len; off += r.len) {
			r = u8ref_decode_one(p, single + off, single_len - off);
			if (r.status == U8REF_OK)
				printf(" [%zu] %04X", r.len, (unsigned)r.cp);
			else
				printf(" [%zu] error", r.len);
		}
		printf("\n");
	}
	printf("\n");
}

static void
tick(void *ctx, uint64_t done, uint64_t total)
{
	static struct timespec start;
	struct timespec now;
	double secs, rate;

	(void)ctx;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (start.tv_sec == 0)
		start = now;
	secs = (double)(now.tv_sec - start.tv_sec) +
	       (double)(now.tv_nsec - start.tv_nsec) / 1e9;
	rate = secs > 0 ? (double)done / secs : 0;
	fprintf(stderr,
	        "\r%5.1f%%  %llu of %llu inputs  %.1f M/s  ETA %.0f s   ",
	        total ? 100.0 * (double)done / (double)total : 100.0,
	        (unsigned long long)done, (unsigned long long)total, rate / 1e6,
	        rate > 0 ? (double)(total - done) / rate : 0.0);
}

/* Runs one family (or the encoder) and merges it into suite->total. */
static int
run(struct u8c_suite *suite, const struct options *o,
    const struct u8c_family *family, enum u8c_placement placement, int probes,
    int variants)
{
	struct u8c_job job;

	memset(&job, 0, sizeof job);
	suite->family = family;
	suite->probes = probes;
	suite->variants = variants;
	suite->encoding = family == NULL;
	job.item = family ? u8c_judge_input : u8c_judge_encode;
	job.ctx = suite;
	job.count = family ? family->count() : u8c_encoder_points();
	if (o->shards > 0) {
		job.first = job.count / o->shards * (o->shard - 1);
		job.count = o->shard == o->shards ? job.count - job.first
		                                  : job.count / o->shards;
	}
	job.placement = placement;
	job.results_size = sizeof(struct u8c_results);
	job.fate = u8c_judge_fate;
	job.merge = u8c_judge_merge;
	if (o->exhaustive && isatty(STDERR_FILENO))
		job.tick = tick;
	return u8c_sandbox_run(&job, o->jobs, o->timeout_ms,
	                       &suite->fatal_left);
}

int
main(int argc, char **argv)
{
	static struct u8c_suite suite;
	struct u8c_target target;
	struct options o;
	char err[512];
	int rc, verdict;

	if ((rc = parse(argc, argv, &o)) != 0)
		return rc;
	if (o.nreports > 0) {
		if (u8c_merge_reports(&suite, &target, o.reports, o.nreports,
		                      err, sizeof err) != 0) {
			fprintf(stderr, "u8conform: %s\n", err);
			return 2;
		}
		u8c_report(stdout, o.format, &suite);
		verdict = (int)u8c_verdict(&suite.total);
		return verdict == U8C_FAIL || (o.strict && verdict == U8C_WARN)
		           ? 1
		           : 0;
	}
	if ((suite.profile = u8ref_profile_by_name(o.profile)) == NULL)
		return usage_error("unknown profile '%s'", o.profile);
	if (o.input != NULL) {
		if (read_input(o.input) != 0)
			return 2;
		u8c_family_one_set(single, single_len);
	}
	if (u8c_target_open(&target, o.library, o.symbol, o.shape, err,
	                    sizeof err) != 0) {
		fprintf(stderr, "u8conform: %s\n", err);
		return 2;
	}
	suite.target = &target;
	suite.fatal_left = FATAL_MAX;
	if (o.input != NULL) {
		suite.capture = 1;
		rc = run(&suite, &o, &u8c_family_one, U8C_GUARD_AFTER, 1, 1);
		suite.capture = 0;
		rc |= run(&suite, &o, &u8c_family_one, U8C_GUARD_BEFORE, 0, 0);
	} else if (o.exhaustive) {
		rc = run(&suite, &o, &u8c_family_exhaustive, U8C_GUARD_AFTER, 0,
		         0);
		if (isatty(STDERR_FILENO))
			fputc('\n', stderr);
	} else {
		rc = run(&suite, &o, &u8c_family_categories, U8C_GUARD_AFTER, 1,
		         1) |
		     run(&suite, &o, &u8c_family_categories, U8C_GUARD_BEFORE,
		         0, 0) |
		     run(&suite, &o, &u8c_family_context, U8C_GUARD_AFTER, 1,
		         0) |
		     run(&suite, &o, &u8c_family_short, U8C_GUARD_AFTER, 0, 0) |
		     run(&suite, &o, &u8c_family_supplementary, U8C_GUARD_AFTER,
		         0, 0) |
		     run(&suite, &o, &u8c_family_surrogate_pairs,
		         U8C_GUARD_AFTER, 0, PAIRS_SAMPLED) |
		     run(&suite, &o, &u8c_family_long_forms, U8C_GUARD_AFTER, 0,
		         0) |
		     run(&suite, &o, NULL, U8C_GUARD_AFTER, 0, 0);
	}
	if (rc != 0)
		return 2;
	if (o.input != NULL && o.format == U8C_FORMAT_TEXT)
		side_by_side(&suite);
	u8c_report(stdout, o.format, &suite);
	verdict = (int)u8c_verdict(&suite.total);
	return verdict == U8C_FAIL || (o.strict && verdict == U8C_WARN) ? 1 : 0;
}
