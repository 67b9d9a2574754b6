/* SPDX-License-Identifier: MIT */
/*
 * commands.c - wall time of whole commands on one file, in interleaved
 * rounds, with the file read again before each run so that every tool
 * starts from the same page cache.  The clock is read in this process
 * around posix_spawn and waitpid: a shell's start-up is not timed.
 */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "commands.h"
#include "measure.h"

extern char **environ;

enum { MAX_COMMANDS = 16, MAX_WORDS = 16, LINE = 1024 };

struct command {
	char line[LINE];         /* the list's line, cut into words in place */
	char words[LINE + 4096]; /* words that named the file, spelled out */
	char *name;
	int valid, invalid; /* exit statuses; -1 for "-"                */
	char *argv[MAX_WORDS + 1];
	char *as_listed[MAX_WORDS + 1]; /* the words, {} still in them */
	double seconds[U8B_MAX_SAMPLES];
	size_t nsamples;
	int status, wrong;
};

/* "0", "1", or "-" (no verdict): -1. */
static int
status_of(const char *word)
{
	return strcmp(word, "-") == 0 ? -1 : atoi(word);
}

static int
parse(struct command *c, const char *file)
{
	char *word, *save;
	size_t n = 0, used = 0;

	c->line[strcspn(c->line, "\n")] = '\0';
	c->name = strtok_r(c->line, "\t", &save);
	word = strtok_r(NULL, "\t", &save);
	if (c->name == NULL || word == NULL)
		return -1;
	c->valid = status_of(word);
	word = strtok_r(NULL, "\t", &save);
	if (word == NULL)
		return -1;
	c->invalid = status_of(word);
	while ((word = strtok_r(NULL, "\t", &save)) != NULL && n < MAX_WORDS) {
		char *braces = strstr(word, "{}");
		int len;

		c->as_listed[n] = word;
		c->argv[n++] = word;
		if (braces == NULL)
			continue;
		/* "if={}" is "if=FILE" */
		len = snprintf(c->words + used, sizeof c->words - used,
		               "%.*s%s%s", (int)(braces - word), word, file,
		               braces + 2);
		if (len < 0 || (size_t)len >= sizeof c->words - used)
			return -1;
		c->argv[n - 1] = c->words + used;
		used += (size_t)len + 1;
	}
	c->argv[n] = c->as_listed[n] = NULL;
	return n > 0 ? 0 : -1;
}

/* Reads @file through so that the page cache holds it all. */
static void
warm(const char *file)
{
	static char buf[1 << 20];
	int fd = open(file, O_RDONLY);

	if (fd < 0)
		return;
	while (read(fd, buf, sizeof buf) > 0)
		;
	close(fd);
}

static double
seconds_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The environment of every child: ours, in a UTF-8 locale. */
static char **
child_environment(void)
{
	static char *env[256];
	static char lc_all[] = "LC_ALL=C.UTF-8";
	size_t n = 0;

	for (char **e = environ; *e != NULL && n < 254; e++)
		if (strncmp(*e, "LC_ALL=", 7) != 0)
			env[n++] = *e;
	env[n++] = lc_all;
	env[n] = NULL;
	return env;
}

/* One run of @c; its wall time, or a negative number if it did not
 * start. */
static double
run(struct command *c, char **env)
{
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int st;
	double t0, t1;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	t0 = seconds_now();
	if (posix_spawnp(&pid, c->argv[0], &fa, NULL, c->argv, env) != 0) {
		posix_spawn_file_actions_destroy(&fa);
		return -1;
	}
	waitpid(pid, &st, 0);
	t1 = seconds_now();
	posix_spawn_file_actions_destroy(&fa);
	c->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	return t1 - t0;
}

int
u8b_time_commands(const char *list, const char *file, size_t runs, int valid,
                  const char *input, FILE *csv)
{
	static struct command cs[MAX_COMMANDS];
	FILE *f = fopen(list, "r");
	char **env = child_environment();
	size_t m = 0;

	if (f == NULL) {
		perror(list);
		return 1;
	}
	while (m < MAX_COMMANDS && fgets(cs[m].line, LINE, f) != NULL)
		if (cs[m].line[0] != '#' && cs[m].line[0] != '\n') {
			cs[m].nsamples = 0;
			if (parse(&cs[m], file) != 0) {
				fprintf(stderr,
				        "u8bench: bad command line in %s\n",
				        list);
				fclose(f);
				return 1;
			}
			m++;
		}
	fclose(f);
	if (runs > U8B_MAX_SAMPLES)
		runs = U8B_MAX_SAMPLES;
	for (size_t r = 0; r < runs; r++)
		for (size_t j = 0; j < m; j++) {
			struct command *c = &cs[(j + r) % m];
			double t;
			int want = valid ? c->valid : c->invalid;

			warm(file);
			t = run(c, env);
			if (t < 0)
				continue;
			c->seconds[c->nsamples++] = t;
			c->wrong |= want >= 0 && c->status != want;
		}
	for (size_t i = 0; i < m; i++) {
		struct command *c = &cs[i];
		char words[LINE] = "";

		/* The command as listed, FILE for the file. */
		for (char **a = c->as_listed; *a != NULL; a++) {
			char *braces = strstr(*a, "{}");
			size_t used = strlen(words);

			snprintf(words + used, sizeof words - used,
			         "%s%.*s%s%s", a == c->as_listed ? "" : " ",
			         braces != NULL ? (int)(braces - *a)
			                        : (int)strlen(*a),
			         *a, braces != NULL ? "FILE" : "",
			         braces != NULL ? braces + 2 : "");
		}
		if (c->nsamples == 0) {
			fprintf(csv, "%s,%s,\"%s\",,,,0,,\n", input, c->name,
			        words);
			continue;
		}
		fprintf(csv, "%s,%s,\"%s\",%.6f,", input, c->name, words,
		        u8b_median(c->seconds, c->nsamples));
		/* u8b_median sorted them */
		fprintf(csv, "%.6f,%.6f,%zu,%d,%d\n", c->seconds[0],
		        c->seconds[c->nsamples - 1], c->nsamples, c->status,
		        c->valid < 0 ? 1 : !c->wrong);
	}
	return 0;
}
