/* SPDX-License-Identifier: MIT */
/*
 * sandbox.c - worker processes, guard pages, and a supervisor that
 * outlives whatever the target does.
 *
 * Each worker shares one page of state with the supervisor: the item it
 * is running and that item's input, a progress counter, and the fate its
 * fault handler recorded.  Output to stdout and stderr goes to a file the
 * worker checks after each block of items; a block that wrote is replayed
 * item by item to name the input that did it (once per worker).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sandbox.h"

enum {
	BLOCK = 256,     /* items between two checks for output      */
	FAULT_EXIT = 97, /* worker exit status after a recorded fault */
	MAX_WORKERS = 64,
};

/* The page a worker shares with its supervisor. */
struct shared {
	volatile uint64_t progress; /* items finished                   */
	volatile size_t current;    /* item running                     */
	volatile size_t ninput;     /* its input, for reports           */
	uint8_t input[U8C_MAX_INPUT];
	volatile int fault;  /* a fate + 1 from the fault handler */
	volatile int signal; /* the signal behind the fault       */
	volatile int wrote;  /* an item wrote to stdout or stderr */
	size_t wrote_n;      /* its input                         */
	uint8_t wrote_input[U8C_MAX_INPUT];
	volatile int done; /* all items finished                */
};

/* A read-write region of whole pages with an inaccessible page on one
 * side. */
struct guarded {
	uint8_t *base;  /* first usable byte                           */
	size_t size;    /* usable bytes                                */
	uint8_t *guard; /* the inaccessible page                      */
};

struct u8c_worker {
	struct shared *sh;
	void *results;
	enum u8c_placement placement;
	struct guarded in_after, in_before, out, enc;
	int replaying;
	int announced; /* the current item's input is in sh->input */
};

/* The worker's guards, for its fault handler (one worker per process). */
static struct u8c_worker *this_worker;

static size_t
page_size(void)
{
	return (size_t)sysconf(_SC_PAGESIZE);
}

/* Maps @size bytes (rounded up to pages) next to a guard page: after
 * them when @guard_after, else before. */
static int
map_guarded(struct guarded *g, size_t size, int guard_after)
{
	size_t page = page_size(), span = (size + page - 1) / page * page;
	uint8_t *p = mmap(NULL, span + page, PROT_READ | PROT_WRITE,
	                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return -1;
	g->guard = guard_after ? p + span : p;
	g->base = guard_after ? p : p + page;
	g->size = span;
	return mprotect(g->guard, page, PROT_NONE);
}

static int
in_guard(const struct guarded *g, const void *addr)
{
	const uint8_t *a = addr;

	return a >= g->guard && a < g->guard + page_size();
}

enum u8c_fate
u8c_worker_fault_fate(const struct u8c_worker *w, const void *addr)
{
	if (in_guard(&w->in_after, addr))
		return U8C_FATE_OVERREAD;
	if (in_guard(&w->in_before, addr))
		return U8C_FATE_UNDERREAD;
	if (in_guard(&w->out, addr) || in_guard(&w->enc, addr))
		return U8C_FATE_OVERWRITE;
	return U8C_FATE_CRASH;
}

static void
on_fault(int sig, siginfo_t *info, void *uctx)
{
	struct u8c_worker *w = this_worker;
	enum u8c_fate fate = u8c_worker_fault_fate(w, info->si_addr);

	(void)uctx;
	w->sh->fault = (int)fate + 1;
	w->sh->signal = sig;
	_exit(FAULT_EXIT);
}

void *
u8c_worker_results(struct u8c_worker *w)
{
	return w->results;
}

int
u8c_worker_replaying(const struct u8c_worker *w)
{
	return w->replaying;
}

/* memcpy, inline for the few bytes most inputs have: in overlapping
 * words, with no loop for the compiler to turn back into a call. */
static inline void
copy(uint8_t *to, const uint8_t *from, size_t n)
{
	uint32_t a, b;

	if (n >= 8 && n <= 16) {
		uint64_t x, y;

		memcpy(&x, from, 8);
		memcpy(&y, from + n - 8, 8);
		memcpy(to, &x, 8);
		memcpy(to + n - 8, &y, 8);
	} else if (n >= 4 && n < 8) {
		memcpy(&a, from, 4);
		memcpy(&b, from + n - 4, 4);
		memcpy(to, &a, 4);
		memcpy(to + n - 4, &b, 4);
	} else if (n > 0 && n < 4) {
		to[0] = from[0];
		to[n / 2] = from[n / 2];
		to[n - 1] = from[n - 1];
	} else if (n > 16) {
		memcpy(to, from, n);
	}
}

const uint8_t *
u8c_worker_input(struct u8c_worker *w, const uint8_t *s, size_t n)
{
	const struct guarded *g =
	    w->placement == U8C_GUARD_AFTER ? &w->in_after : &w->in_before;
	uint8_t *at =
	    w->placement == U8C_GUARD_AFTER ? g->base + g->size - n : g->base;

	copy(at, s, n);
	/* The item's own input names it in reports, not the probes that
	 * may follow it. */
	if (!w->announced) {
		copy(w->sh->input, s, n);
		w->sh->ninput = n;
		w->announced = 1;
	}
	return at;
}

uint32_t *
u8c_worker_output(struct u8c_worker *w, size_t cap)
{
	return (uint32_t *)(void *)(w->out.base + w->out.size) - cap;
}

uint8_t *
u8c_worker_encode_buffer(struct u8c_worker *w)
{
	return w->enc.base + w->enc.size - 8;
}

/* The guarded buffers every worker calls its target through. */
static int
map_buffers(struct u8c_worker *w)
{
	return map_guarded(&w->in_after, U8C_MAX_INPUT, 1) != 0 ||
	               map_guarded(&w->in_before, U8C_MAX_INPUT, 0) != 0 ||
	               map_guarded(&w->out, U8C_MAX_INPUT * sizeof(uint32_t),
	                           1) != 0 ||
	               map_guarded(&w->enc, 8, 1) != 0
	           ? -1
	           : 0;
}

struct u8c_worker *
u8c_worker_local(void *results)
{
	struct u8c_worker *w = calloc(1, sizeof *w);

	if (w == NULL || (w->sh = calloc(1, sizeof *w->sh)) == NULL ||
	    map_buffers(w) != 0) {
		if (w != NULL)
			free(w->sh);
		free(w);
		return NULL;
	}
	w->results = results;
	w->placement = U8C_GUARD_AFTER;
	return w;
}

void
u8c_worker_place(struct u8c_worker *w, enum u8c_placement placement)
{
	w->placement = placement;
	w->announced = 0;
}

static off_t
output_size(void)
{
	return lseek(STDOUT_FILENO, 0, SEEK_END);
}

/* The body of a worker process: items [from, to) of @job. */
static void
worker_main(const struct u8c_job *job, struct u8c_worker *w, size_t from,
            size_t to)
{
	struct sigaction sa;
	size_t i, block, k;
	FILE *out;
	off_t before;

	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	/* The target's stdout and stderr go to one file we can measure;
	 * unbuffered, so a printf shows at once. */
	if ((out = tmpfile()) == NULL || dup2(fileno(out), STDOUT_FILENO) < 0 ||
	    dup2(fileno(out), STDERR_FILENO) < 0)
		_exit(2);
	setvbuf(stdout, NULL, _IONBF, 0);
	for (block = from; block < to; block += BLOCK) {
		size_t end = to - block < BLOCK ? to : block + BLOCK;

		before = output_size();
		for (i = block; i < end; i++) {
			w->sh->current = i;
			w->announced = 0;
			job->item(w, job->ctx, i);
			w->sh->progress++;
		}
		if (output_size() == before)
			continue;
		/* Some item of the block wrote: replay it (counting nothing)
		 * to find the first that does, and keep its input for the
		 * supervisor. */
		w->replaying = 1;
		for (k = block; k < end && !w->sh->wrote; k++) {
			before = output_size();
			w->sh->current = k;
			w->announced = 0;
			job->item(w, job->ctx, k);
			if (output_size() != before) {
				memcpy(w->sh->wrote_input, w->sh->input,
				       w->sh->ninput);
				w->sh->wrote_n = w->sh->ninput;
				w->sh->wrote = 1;
			}
		}
		w->replaying = 0;
	}
	w->sh->done = 1;
	_exit(0);
}

struct slot {
	pid_t pid;
	struct shared *sh;
	void *results;
	size_t start;     /* first item of this slot */
	size_t next, end; /* items left: [next, end) */
	uint64_t seen;    /* progress at the last look */
	struct timespec since;
};

static double
elapsed_ms(const struct timespec *since)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - since->tv_sec) * 1e3 +
	       (double)(now.tv_nsec - since->tv_nsec) / 1e6;
}

static int
spawn(const struct u8c_job *job, struct slot *s, struct u8c_worker *proto)
{
	memset(s->sh, 0, sizeof *s->sh);
	s->sh->current = s->next;
	s->seen = 0;
	clock_gettime(CLOCK_MONOTONIC, &s->since);
	fflush(NULL);
	if ((s->pid = fork()) < 0) {
		fprintf(stderr, "u8conform: fork: %s\n", strerror(errno));
		return -1;
	}
	if (s->pid == 0) {
		proto->sh = s->sh;
		proto->results = s->results;
		this_worker = proto;
		worker_main(job, proto, s->next, s->end);
	}
	return 0;
}

/* A worker has ended; report how, if it did not finish, and resume. */
static int
reap(const struct u8c_job *job, struct slot *s, int status, int killed,
     struct u8c_worker *proto, unsigned *fatal_left)
{
	enum u8c_fate fate;
	int detail = 0;

	s->pid = 0;
	if (s->sh->wrote) /* the first input of this worker that wrote */
		job->fate(job->ctx, U8C_FATE_OUTPUT, 0, s->sh->wrote_input,
		          s->sh->wrote_n);
	if (s->sh->done)
		return 0;
	if (killed)
		fate = U8C_FATE_HANG;
	else if (s->sh->fault > 0) {
		fate = (enum u8c_fate)(s->sh->fault - 1);
		detail = s->sh->signal;
	} else if (WIFSIGNALED(status)) {
		fate = U8C_FATE_CRASH;
		detail = WTERMSIG(status);
	} else {
		fate = U8C_FATE_EXIT;
		detail = WEXITSTATUS(status);
	}
	job->fate(job->ctx, fate, detail, s->sh->input, s->sh->ninput);
	s->next = s->sh->current + 1;
	if (*fatal_left > 0)
		--*fatal_left;
	return s->next < s->end && fatal_left[0] > 0 ? spawn(job, s, proto) : 0;
}

int
u8c_sandbox_run(const struct u8c_job *job, int jobs, unsigned timeout_ms,
                unsigned *fatal_left)
{
	struct slot slots[MAX_WORKERS];
	struct u8c_worker proto;
	struct timespec nap = {0, 2000000}, last_tick;
	uint64_t done;
	size_t size, per, j, running;
	int status, rc = 0, in_process = jobs == 0;
	uint8_t *mem;
	pid_t pid;

	if (jobs < 1)
		jobs = 1;
	if (jobs > MAX_WORKERS)
		jobs = MAX_WORKERS;
	if ((size_t)jobs > job->count)
		jobs = job->count > 0 ? (int)job->count : 1;
	memset(&proto, 0, sizeof proto);
	proto.placement = job->placement;
	if (map_buffers(&proto) != 0) {
		fprintf(stderr, "u8conform: mmap: %s\n", strerror(errno));
		return -1;
	}
	/* One shared page of state and one results area per worker. */
	size = (sizeof(struct shared) + job->results_size + 63) / 64 * 64;
	mem = mmap(NULL, size * (size_t)jobs, PROT_READ | PROT_WRITE,
	           MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED) {
		fprintf(stderr, "u8conform: mmap: %s\n", strerror(errno));
		return -1;
	}
	per = (job->count + (size_t)jobs - 1) / (size_t)jobs;
	for (j = 0; j < (size_t)jobs; j++) {
		struct slot *s = &slots[j];

		s->sh = (struct shared *)(void *)(mem + j * size);
		s->results = mem + j * size + sizeof(struct shared);
		s->next =
		    job->first + (j * per < job->count ? j * per : job->count);
		s->end =
		    job->first +
		    ((j + 1) * per < job->count ? (j + 1) * per : job->count);
		s->start = s->next;
		s->pid = 0;
		if (in_process) {
			/* Calls in this process, for measuring what the
			 * workers cost: nothing guards the harness. */
			proto.sh = s->sh;
			proto.results = s->results;
			for (; s->next < s->end; s->next++) {
				proto.sh->current = s->next;
				proto.announced = 0;
				job->item(&proto, job->ctx, s->next);
			}
		} else if (s->next < s->end && fatal_left[0] > 0 &&
		           spawn(job, s, &proto) != 0) {
			rc = -1;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &last_tick);
	do {
		running = 0;
		for (j = 0; j < (size_t)jobs; j++) {
			struct slot *s = &slots[j];

			if (s->pid <= 0)
				continue;
			running++;
			pid = waitpid(s->pid, &status, WNOHANG);
			if (pid == s->pid) {
				if (reap(job, s, status, 0, &proto,
				         fatal_left) != 0)
					rc = -1;
			} else if (s->sh->progress != s->seen) {
				s->seen = s->sh->progress;
				clock_gettime(CLOCK_MONOTONIC, &s->since);
			} else if (elapsed_ms(&s->since) > timeout_ms) {
				kill(s->pid, SIGKILL);
				waitpid(s->pid, &status, 0);
				if (reap(job, s, status, 1, &proto,
				         fatal_left) != 0)
					rc = -1;
			}
		}
		if (job->tick != NULL && elapsed_ms(&last_tick) > 200) {
			for (done = 0, j = 0; j < (size_t)jobs; j++)
				done += slots[j].pid > 0
				            ? slots[j].next - slots[j].start +
				                  slots[j].sh->progress
				            : slots[j].end - slots[j].start;
			job->tick(job->ctx, done, job->count);
			clock_gettime(CLOCK_MONOTONIC, &last_tick);
		}
		if (running > 0)
			nanosleep(&nap, NULL);
	} while (running > 0);
	for (j = 0; j < (size_t)jobs; j++)
		job->merge(job->ctx, slots[j].results);
	munmap(mem, size * (size_t)jobs);
	return rc;
}
