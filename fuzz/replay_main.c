/* SPDX-License-Identifier: MIT */
/*
 * replay_main.c - runs a harness on files and directories of inputs,
 * without a fuzzing engine, so corpora replay under any compiler and
 * ctest.
 *
 * Every argument is a file or a directory whose regular files (not
 * those starting with '.', nor README.md) run in name order; arguments
 * starting with '-' are an engine's flags (the harness may add its own
 * in LLVMFuzzerInitialize) and are passed over.  A missing
 * argument is an error; a failing input aborts in the harness, which is
 * the test's failure, and so does one running longer than U8FUZZ_TIMEOUT
 * seconds (default 25: SIGALRM's default action ends the process).
 * Prints how many inputs ran.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "u8f.h"

/* Seconds one input may take. */
static unsigned timeout = 25;

/* Optional in a harness; the replay calls it when it is there. */
__attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv);

static int
run_file(const char *path, unsigned long *ran)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t n = 0, cap = 0, got;

	if (f == NULL) {
		perror(path);
		return -1;
	}
	do {
		if (n == cap) {
			uint8_t *more =
			    realloc(buf, cap = cap ? 2 * cap : 4096);

			if (more == NULL) {
				fclose(f);
				free(buf);
				fprintf(stderr, "%s: out of memory\n", path);
				return -1;
			}
			buf = more;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
	} while (got > 0);
	fclose(f);
	/* An exact-size copy, so an over-read shows under ASan. */
	{
		uint8_t *exact = malloc(n ? n : 1);

		if (exact == NULL) {
			free(buf);
			return -1;
		}
		if (n > 0)
			memcpy(exact, buf, n);
		free(buf);
		alarm(timeout);
		LLVMFuzzerTestOneInput(exact, n);
		alarm(0);
		free(exact);
	}
	++*ran;
	return 0;
}

static int
by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int
skipped(const char *name)
{
	return name[0] == '.' || strcmp(name, "README.md") == 0;
}

static int
run_path(const char *path, unsigned long *ran)
{
	struct dirent **names;
	struct stat st;
	int k, count, rc = 0;

	if (stat(path, &st) != 0) {
		perror(path);
		return -1;
	}
	if (!S_ISDIR(st.st_mode))
		return run_file(path, ran);
	if ((count = scandir(path, &names, NULL, by_name)) < 0) {
		perror(path);
		return -1;
	}
	for (k = 0; k < count; k++) {
		char full[4096];

		snprintf(full, sizeof full, "%s/%s", path, names[k]->d_name);
		if (!skipped(names[k]->d_name) && stat(full, &st) == 0 &&
		    S_ISREG(st.st_mode) && run_file(full, ran) != 0)
			rc = -1;
		free(names[k]);
	}
	free(names);
	return rc;
}

int
main(int argc, char **argv)
{
	unsigned long ran = 0;
	int k, paths = 0, rc = 0;

	if (getenv("U8FUZZ_TIMEOUT") != NULL)
		timeout = (unsigned)strtoul(getenv("U8FUZZ_TIMEOUT"), NULL, 10);
	if (LLVMFuzzerInitialize != NULL)
		LLVMFuzzerInitialize(&argc, &argv);
	for (k = 1; k < argc; k++) {
		if (argv[k][0] == '-')
			continue;
		paths++;
		if (run_path(argv[k], &ran) != 0)
			rc = 1;
	}
	if (paths == 0) {
		fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
		return 2;
	}
	printf("%s: %lu inputs ran\n", argv[0], ran);
	return rc;
}
