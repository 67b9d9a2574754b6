/* SPDX-License-Identifier: MIT */
/*
 * sanitizer_report.c - a sanitizer's report read and said in one line
 * (sanitizer_report.h).
 *
 * The jail's runtime runs with symbolize=0: it starts no symbolizer
 * there, and prints each frame as "(module+0xoffset)".  Those are
 * symbolized here by a program started from the supervisor, once per
 * frame: a run that meets the same error again and again asks once.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sanitizer.h"
#include "sanitizer_report.h"

enum { TEXT_MAX = 1 << 15, SHOWN_FRAMES = 3, CACHED = 64, FRAME_TEXT = 192 };

extern char **environ;

/* The report's first line, per sanitizer. */
static const struct {
	const char *marker;
	enum u8c_fate fate;
} openings[] = {
    {"ERROR: AddressSanitizer: ", U8C_FATE_MEMORY_ERROR},
    {"WARNING: MemorySanitizer: ", U8C_FATE_MEMORY_ERROR},
    {": runtime error: ", U8C_FATE_UNDEFINED},
};

/* Copies the first word of @s (up to a space, '(' or the line's end). */
static void
first_word(const char *s, char *to, size_t size)
{
	size_t n = strcspn(s, " (\n");

	snprintf(to, size, "%.*s", (int)n, s);
}

/* "    #3 0x7f12 (/lib/x.so+0x1a2b)": the module and offset, in the first
 * parenthesis that holds them (clang's runtime adds "(BuildId: ...)"). */
static int
parse_frame(const char *line, struct u8c_san_frame *f)
{
	for (const char *open = strchr(line, '('); open != NULL;
	     open = strchr(open + 1, '(')) {
		const char *close = strchr(open, ')'), *plus;
		char *end;

		if (close == NULL)
			return -1;
		plus = memrchr(open, '+', (size_t)(close - open));
		if (plus == NULL || plus - open - 1 <= 0 ||
		    (size_t)(plus - open - 1) >= sizeof f->module)
			continue;
		f->offset = strtoul(plus + 1, &end, 16);
		if (end != close)
			continue;
		memcpy(f->module, open + 1, (size_t)(plus - open - 1));
		f->module[plus - open - 1] = '\0';
		return 0;
	}
	return -1;
}

/* UBSan's "/dir/file.c:12:5: runtime error: text": "file.c:12:5 (text)"
 * into r->where, from @line, its marker at @at and the text at @text. */
static void
say_where(struct u8c_san_report *r, const char *line, const char *at,
          const char *text)
{
	const char *file = memrchr(line, '/', (size_t)(at - line));

	file = file != NULL ? file + 1 : line;
	snprintf(r->where, sizeof r->where, "%.*s (%s)", (int)(at - file), file,
	         text);
}

int
u8c_san_report_parse(const char *text, size_t n, struct u8c_san_report *r)
{
	char *copy, *line, *next;
	int found = 0, frames_done = 0;

	memset(r, 0, sizeof *r);
	if (n > TEXT_MAX)
		n = TEXT_MAX;
	if ((copy = malloc(n + 1)) == NULL)
		return 0;
	memcpy(copy, text, n);
	copy[n] = '\0';
	for (line = copy; line != NULL && *line != '\0'; line = next) {
		const char *at, *hash;

		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if (!found) {
			for (size_t k = 0;
			     k < sizeof openings / sizeof openings[0]; k++) {
				if ((at = strstr(line, openings[k].marker)) ==
				    NULL)
					continue;
				found = 1;
				r->fate = openings[k].fate;
				if (r->fate == U8C_FATE_UNDEFINED)
					say_where(
					    r, line, at,
					    at + strlen(openings[k].marker));
				else
					first_word(
					    at + strlen(openings[k].marker),
					    r->kind, sizeof r->kind);
				break;
			}
			continue;
		}
		if (strncmp(line, "READ of size", 12) == 0 ||
		    strncmp(line, "WRITE of size", 13) == 0) {
			/* "READ of size 1 at 0x... thread T0": up to " at" */
			at = strstr(line, " at ");
			snprintf(r->access, sizeof r->access, "%.*s",
			         (int)(at != NULL ? at - line
			                          : (ptrdiff_t)strlen(line)),
			         line);
			continue;
		}
		if ((at = strstr(line, "SUMMARY: ")) != NULL &&
		    (at = strchr(at + 9, ':')) != NULL) {
			/* the canonical name, where the first line has none */
			first_word(at + 2, r->kind, sizeof r->kind);
			break;
		}
		hash = line + strspn(line, " ");
		if (*hash == '#' && !frames_done) {
			if (r->nframes < U8C_SAN_FRAMES &&
			    parse_frame(hash, &r->frames[r->nframes]) == 0)
				r->nframes++;
		} else if (r->nframes > 0) {
			frames_done = 1; /* the first stack only */
		}
	}
	free(copy);
	return found;
}

/* u8conform's own executable: the jail runs it too. */
static int
is_ours(const char *module)
{
	static char self[U8C_SAN_MODULE];
	ssize_t n;

	if (self[0] == '\0' &&
	    (n = readlink("/proc/self/exe", self, sizeof self - 1)) > 0)
		self[n] = '\0';
	return strcmp(module, self) == 0;
}

/* Runs @argv; its first two lines of output into @out.  0 when it ran. */
static int
run_symbolizer(char *const argv[], char *out, size_t size)
{
	posix_spawn_file_actions_t fa;
	int p[2], status, ok = -1;
	ssize_t got;
	size_t have = 0;
	pid_t pid;

	if (pipe2(p, O_CLOEXEC) != 0)
		return -1;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, p[1], STDOUT_FILENO);
	posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null",
	                                 O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null",
	                                 O_RDONLY, 0);
	if (posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ) == 0) {
		close(p[1]);
		p[1] = -1;
		while (have + 1 < size &&
		       (got = read(p[0], out + have, size - have - 1)) > 0)
			have += (size_t)got;
		out[have] = '\0';
		ok = waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
		             WEXITSTATUS(status) == 0
		         ? 0
		         : -1;
	}
	posix_spawn_file_actions_destroy(&fa);
	close(p[0]);
	if (p[1] >= 0)
		close(p[1]);
	return ok;
}

/* "function (file.c:12)" for @f, or "module+0xoffset" when no
 * symbolizer knows; remembered. */
static void
symbolize(const struct u8c_san_frame *f, char *out, size_t size)
{
	static struct {
		struct u8c_san_frame f;
		char said[FRAME_TEXT];
	} cache[CACHED];
	static unsigned ncached;
	char offset[32], obj[U8C_SAN_MODULE + 8], module[U8C_SAN_MODULE],
	    got[1024], *file, *fn_end;
	const char *base = strrchr(f->module, '/');

	for (unsigned k = 0; k < ncached && k < CACHED; k++)
		if (cache[k].f.offset == f->offset &&
		    strcmp(cache[k].f.module, f->module) == 0) {
			snprintf(out, size, "%s", cache[k].said);
			return;
		}
	base = base != NULL ? base + 1 : f->module;
	snprintf(offset, sizeof offset, "0x%lx", f->offset);
	snprintf(obj, sizeof obj, "--obj=%s", f->module);
	snprintf(module, sizeof module, "%s", f->module);
	{
		char *const llvm[] = {"llvm-symbolizer",
		                      "--functions=short",
		                      "--inlining=false",
		                      obj,
		                      offset,
		                      NULL};
		char *const llvm14[] = {"llvm-symbolizer-14",
		                        "--functions=short",
		                        "--inlining=false",
		                        obj,
		                        offset,
		                        NULL};
		char *const binutils[] = {"addr2line", "-f",   "-e",
		                          module,      offset, NULL};

		if (run_symbolizer(llvm, got, sizeof got) != 0 &&
		    run_symbolizer(llvm14, got, sizeof got) != 0 &&
		    run_symbolizer(binutils, got, sizeof got) != 0)
			got[0] = '\0';
	}
	fn_end = strchr(got, '\n');
	if (fn_end == NULL || got[0] == '?' || got[0] == '\0') {
		file = NULL;
		snprintf(got, sizeof got, "%.128s+%s", base, offset);
	} else {
		*fn_end = '\0';
		file = fn_end + 1;
		file[strcspn(file, "\n")] = '\0';
		if (strrchr(file, '/') != NULL)
			file = strrchr(file, '/') + 1;
		if (file[0] == '?' || file[0] == '\0')
			file = (char *)(uintptr_t)base;
	}
	/* function (file:line), each cut short if it has to be */
	if (file != NULL)
		snprintf(out, size, "%.80s (%.96s)", got, file);
	else
		snprintf(out, size, "%.160s", got);
	cache[ncached % CACHED].f = *f;
	snprintf(cache[ncached % CACHED].said, sizeof cache[0].said, "%s", out);
	ncached++;
}

void
u8c_san_report_say(const struct u8c_san_report *r, char *out, size_t size)
{
	size_t n;
	unsigned shown = 0;

	if (r->fate == U8C_FATE_UNDEFINED)
		n = (size_t)snprintf(out, size, "%s at %s", r->kind, r->where);
	else if (r->access[0] != '\0')
		n = (size_t)snprintf(out, size, "%s %s", r->kind, r->access);
	else
		n = (size_t)snprintf(out, size, "%s", r->kind);
	for (unsigned k = 0; k < r->nframes && shown < SHOWN_FRAMES; k++) {
		char frame[FRAME_TEXT];

		if (n >= size)
			return;
		/* the runtimes' frames say nothing of the target */
		if (u8c_sanitizer_is_runtime(r->frames[k].module,
		                             strlen(r->frames[k].module)) ||
		    is_ours(r->frames[k].module))
			continue;
		symbolize(&r->frames[k], frame, sizeof frame);
		n += (size_t)snprintf(out + n, size - n, "%s%s",
		                      shown == 0 ? ", in " : " < ", frame);
		shown++;
	}
}
