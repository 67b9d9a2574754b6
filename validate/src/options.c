/* SPDX-License-Identifier: MIT */
/*
 * options.c - u8validate's command line: options, --help, --version.
 *
 * Usage errors print one line naming the problem and give exit status 2,
 * the status of any failure that is not a verdict on the input.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"

#ifndef U8V_VERSION
#define U8V_VERSION "unknown"
#endif

static const char usage[] =
    "usage: u8validate [options] [FILE|DIR|-]...\n"
    "\n"
    "Checks that each FILE (standard input when none or '-') is well-formed\n"
    "UTF-8 as Table 3-7 of The Unicode Standard defines it, and reports\n"
    "each error as FILE:LINE:COLUMN: byte OFFSET: KIND (BYTES IN HEX).\n"
    "\n"
    "  -a, --all             report every error (default: the first per "
    "file)\n"
    "  -q, --quiet           print nothing; the exit status tells\n"
    "  -r, --recursive       validate the files under each DIR\n"
    "  -j, --jobs N          check N inputs at a time, and split a large\n"
    "                        file among N threads (default: the online\n"
    "                        CPUs); output comes in the order of -j 1\n"
    "      --replace         write the input to stdout with each maximal\n"
    "                        subpart replaced by U+FFFD (EF BF BD); "
    "reports\n"
    "                        then go to stderr\n"
    "      --profile NAME    validate against a variant: unicode "
    "(default),\n"
    "                        unicode-3.1, rfc2279, cesu8, mutf8, wtf8\n"
    "      --json            one JSON object per file (JSON Lines)\n"
    "      --kernel NAME     force a validation kernel: scalar, sse4, "
    "avx2,\n"
    "                        avx512 or auto\n"
    "  -h, --help            this help\n"
    "  -V, --version         version and the kernel in use\n"
    "\n"
    "Exit status: 0 all valid, 1 some input invalid, 2 an error (a file\n"
    "that cannot be read, a directory without -r, a failed write, bad\n"
    "usage).  See u8validate(1).\n";

enum long_only { OPT_REPLACE = 256, OPT_PROFILE, OPT_JSON, OPT_KERNEL };

static const struct option long_options[] = {
    {"all", no_argument, NULL, 'a'},
    {"quiet", no_argument, NULL, 'q'},
    {"recursive", no_argument, NULL, 'r'},
    {"jobs", required_argument, NULL, 'j'},
    {"replace", no_argument, NULL, OPT_REPLACE},
    {"profile", required_argument, NULL, OPT_PROFILE},
    {"json", no_argument, NULL, OPT_JSON},
    {"kernel", required_argument, NULL, OPT_KERNEL},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

static void
print_version(void)
{
	printf("u8validate %s (libu8ref %d.%d, kernel %s)\n", U8V_VERSION,
	       U8REF_VERSION_MAJOR, U8REF_VERSION_MINOR,
	       u8ref_kernel_active()->name);
}

/* A kernel name the library refuses: unknown, or not for this CPU. */
static void
explain_kernel(const char *name)
{
	const struct u8ref_kernel *k = u8ref_kernel_by_name(name);

	if (k != NULL)
		fprintf(stderr,
		        "u8validate: kernel %s is not supported on this CPU\n",
		        name);
	else
		fprintf(stderr,
		        "u8validate: unknown kernel '%s' (scalar, sse4, avx2, "
		        "avx512, auto)\n",
		        name);
}

/* -j N: 1..U8V_MAX_JOBS, or 0 for anything else. */
static unsigned
jobs_from(const char *text)
{
	unsigned long value;
	char *end;

	errno = 0;
	value = strtoul(text, &end, 10);
	if (errno != 0 || *end != '\0' || end == text || text[0] == '-' ||
	    value > U8V_MAX_JOBS)
		return 0;
	return (unsigned)value;
}

/* U8VALIDATE_CHUNK: bytes per read() and per mapped window, for tests
 * that cut the input at every place.  Sets both in @o (the defaults when
 * it is unset); -1 when it is set but not a number from 1 to 2^30. */
static int
chunk_from_environment(struct u8v_options *o)
{
	const char *text = getenv("U8VALIDATE_CHUNK");
	unsigned long long value;
	char *end;

	o->chunk = U8V_DEFAULT_CHUNK;
	o->window = U8V_DEFAULT_WINDOW;
	if (text == NULL || *text == '\0')
		return 0;
	errno = 0;
	value = strtoull(text, &end, 10);
	if (errno != 0 || *end != '\0' || value == 0 ||
	    value > (unsigned long long)1 << 30 || text[0] == '-')
		return -1;
	o->chunk = o->window = (size_t)value;
	return 0;
}

enum u8v_parsed
u8v_parse_options(int argc, char **argv, struct u8v_options *o)
{
	int c;

	memset(o, 0, sizeof *o);
	opterr = 0; /* our own messages, one line each */
	while ((c = getopt_long(argc, argv, ":aqrj:hV", long_options, NULL)) !=
	       -1) {
		switch (c) {
		case 'a':
			o->all = 1;
			break;
		case 'q':
			o->quiet = 1;
			break;
		case 'r':
			o->recursive = 1;
			break;
		case 'j':
			o->jobs = jobs_from(optarg);
			if (o->jobs == 0) {
				fprintf(stderr,
				        "u8validate: -j wants a number of "
				        "threads from 1 to %d\n",
				        U8V_MAX_JOBS);
				return U8V_BAD_USAGE;
			}
			break;
		case OPT_REPLACE:
			o->replace = 1;
			break;
		case OPT_JSON:
			o->format = U8V_FORMAT_JSON;
			break;
		case OPT_PROFILE:
			o->profile = u8ref_profile_by_name(optarg);
			if (o->profile == NULL) {
				fprintf(stderr,
				        "u8validate: unknown profile '%s' "
				        "(unicode, unicode-3.1, rfc2279, "
				        "cesu8, mutf8, wtf8)\n",
				        optarg);
				return U8V_BAD_USAGE;
			}
			/* Table 3-7 itself runs on the fast kernels. */
			if (o->profile == u8ref_profile_at(0))
				o->profile = NULL;
			break;
		case OPT_KERNEL:
			if (u8ref_kernel_select(optarg) != 0) {
				explain_kernel(optarg);
				return U8V_BAD_USAGE;
			}
			break;
		case 'h':
			fputs(usage, stdout);
			return U8V_DONE;
		case 'V':
			print_version();
			return U8V_DONE;
		case ':':
			fprintf(stderr, "u8validate: %s needs an argument\n",
			        argv[optind - 1]);
			return U8V_BAD_USAGE;
		default: /* optopt names a short option, else argv does */
			if (optopt > 0 && optopt < 256)
				fprintf(stderr,
				        "u8validate: unknown option '-%c' (see "
				        "--help)\n",
				        optopt);
			else
				fprintf(stderr,
				        "u8validate: unknown option '%s' (see "
				        "--help)\n",
				        argv[optind - 1]);
			return U8V_BAD_USAGE;
		}
	}
	if (chunk_from_environment(o) != 0) {
		fprintf(stderr, "u8validate: U8VALIDATE_CHUNK wants a number "
		                "of bytes from 1 to 1073741824\n");
		return U8V_BAD_USAGE;
	}
	o->paths = argv + optind;
	o->npaths = (size_t)(argc - optind);
	return U8V_RUN;
}
