/* SPDX-License-Identifier: MIT */
/*
 * target.c - load a target library, after a child process has survived
 * loading it.
 *
 * The probe child runs the library's constructors, u8t_abi_version and
 * u8t_name; only when it comes back cleanly does the harness load the
 * library itself, so the workers it forks later inherit the mapping.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "shape.h"
#include "target.h"

/* dlsym returns void *; POSIX guarantees it converts to a function. */
static void *
symbol(void *handle, const char *name)
{
	return dlsym(handle, name);
}

static int
find_functions(struct u8c_target *t, char *err, size_t errlen)
{
	void *p;

	/* The pointer conversions below are the POSIX dlsym idiom. */
	if ((p = symbol(t->handle, "u8t_decode")) != NULL)
		memcpy(&t->decode, &p, sizeof p);
	if ((p = symbol(t->handle, "u8t_validate")) != NULL)
		memcpy(&t->validate, &p, sizeof p);
	if ((p = symbol(t->handle, "u8t_next")) != NULL)
		memcpy(&t->next, &p, sizeof p);
	if ((p = symbol(t->handle, "u8t_encode")) != NULL)
		memcpy(&t->encode, &p, sizeof p);
	if (!t->decode && !t->validate && !t->next && !t->encode) {
		snprintf(err, errlen,
		         "%s: exports none of u8t_decode, u8t_validate, "
		         "u8t_next, u8t_encode",
		         t->path);
		return -1;
	}
	return 0;
}

/* Loads the library and asks its version and name; runs in whichever
 * process calls it.  Returns 0 or -1 with @err set. */
static int
load(struct u8c_target *t, char *err, size_t errlen)
{
	u8t_abi_version_fn version;
	u8t_name_fn name;
	const char *n, *base;
	void *p;

	t->handle = dlopen(t->path, RTLD_NOW | RTLD_LOCAL);
	if (t->handle == NULL) {
		snprintf(err, errlen, "%s", dlerror());
		return -1;
	}
	if (t->symbol != NULL) {
		if ((p = symbol(t->handle, t->symbol)) == NULL) {
			snprintf(err, errlen, "%s: exports no symbol %s",
			         t->path, t->symbol);
			return -1;
		}
		snprintf(t->name, sizeof t->name, "%s (%s shape)", t->symbol,
		         t->shape);
		return u8c_shape_bind(t, t->shape, p, err, errlen);
	}
	if (find_functions(t, err, errlen) != 0)
		return -1;
	t->abi_version = 1;
	if ((p = symbol(t->handle, "u8t_abi_version")) != NULL) {
		memcpy(&version, &p, sizeof p);
		t->abi_version = version();
	}
	if (t->abi_version != U8T_ABI_VERSION) {
		snprintf(err, errlen,
		         "%s: u8t_abi_version() is %d; this u8conform knows "
		         "version %d",
		         t->path, t->abi_version, U8T_ABI_VERSION);
		return -1;
	}
	base = strrchr(t->path, '/');
	base = base ? base + 1 : t->path;
	memcpy(t->name, base, strnlen(base, sizeof t->name - 1));
	if ((p = symbol(t->handle, "u8t_name")) != NULL) {
		memcpy(&name, &p, sizeof p);
		if ((n = name()) != NULL && n[0] != '\0')
			snprintf(t->name, sizeof t->name, "%s", n);
	}
	return 0;
}

/* Loads the library in a child; its error line comes back in a pipe. */
static int
probe(struct u8c_target *t, char *err, size_t errlen)
{
	int fd[2], status;
	ssize_t got;
	pid_t pid;

	if (pipe(fd) != 0) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		return -1;
	}
	fflush(NULL);
	if ((pid = fork()) < 0) {
		snprintf(err, errlen, "fork: %s", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		struct u8c_target child = *t;

		close(fd[0]);
		alarm(10);
		if (load(&child, err, errlen) != 0) {
			got = write(fd[1], err, strlen(err));
			_exit(got > 0 ? 1 : 2);
		}
		_exit(0);
	}
	close(fd[1]);
	got = read(fd[0], err, errlen - 1);
	close(fd[0]);
	err[got > 0 ? got : 0] = '\0';
	if (waitpid(pid, &status, 0) < 0) {
		snprintf(err, errlen, "waitpid: %s", strerror(errno));
		return -1;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (WIFSIGNALED(status))
		snprintf(err, errlen,
		         "%s: loading it killed the process with %s", t->path,
		         strsignal(WTERMSIG(status)));
	else if (got <= 0)
		snprintf(err, errlen, "%s: loading it called exit(%d)", t->path,
		         WEXITSTATUS(status));
	return -1;
}

int
u8c_target_open(struct u8c_target *t, const char *path, const char *symbol,
                const char *shape, char *err, size_t errlen)
{
	struct stat st;

	memset(t, 0, sizeof *t);
	t->symbol = symbol;
	t->shape = shape;
	/* dlopen searches the library path for a name without a slash;
	 * a user naming a file means that file. */
	snprintf(t->path, sizeof t->path, "%s%s",
	         strchr(path, '/') == NULL ? "./" : "", path);
	if (stat(path, &st) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: not a regular file", path);
		return -1;
	}
	if (probe(t, err, errlen) != 0 || load(t, err, errlen) != 0) {
		u8c_target_close(t);
		return -1;
	}
	return 0;
}

void
u8c_target_close(struct u8c_target *t)
{
	if (t->handle != NULL)
		dlclose(t->handle);
	t->handle = NULL;
}
