/* SPDX-License-Identifier: MIT */
/*
 * run.c - u8c_sandbox_run: sets the jail up, runs the plan through it, and
 * takes it down.
 */
#define _GNU_SOURCE
#include <sys/mman.h>
#include <sys/prctl.h>

#include "byte_map.h"
#include "jail_exec.h"
#include "supervisor.h"

static int
make_pipe(int p[2])
{
	if (pipe2(p, O_CLOEXEC) != 0)
		return -1;
	return fcntl(p[0], F_SETFL, O_NONBLOCK);
}

static void
close_pipe(int p[2])
{
	for (int e = 0; e < 2; e++)
		if (p[e] >= 0)
			close(p[e]);
	p[0] = p[1] = -1;
}

static int
sanitized(const struct u8c_sandbox_config *cfg)
{
	return cfg->sanitizer != NULL && cfg->sanitizer->kinds != 0;
}

/* What @cfg says of the jail, as its processes see it. */
static void
describe_jail(struct u8c_jail *j, const struct u8c_sandbox_config *cfg,
              unsigned slots)
{
	j->plan = cfg->plan;
	j->path = cfg->path;
	j->exec = cfg->exec;
	j->timeout_ms = cfg->timeout_ms;
	j->memory_mib = cfg->memory_mib;
	j->symbol = cfg->symbol;
	j->shape = cfg->shape;
	j->expect = cfg->expect;
	j->slots = slots;
	j->namespaces = cfg->namespaces;
	j->load = cfg->load;
}

/* The shared memory: a file's, for a jail that is started again and
 * maps it there (jail_exec.c). */
static struct u8c_shared *
map_shared(struct supervisor *s)
{
	void *sh;

	if (sanitized(s->cfg)) {
		s->shared_fd = memfd_create("u8conform", MFD_CLOEXEC);
		if (s->shared_fd < 0 ||
		    ftruncate(s->shared_fd, sizeof *s->sh) != 0)
			return NULL;
	}
	sh = mmap(NULL, sizeof *s->sh, PROT_READ | PROT_WRITE,
	          MAP_SHARED | (s->shared_fd < 0 ? MAP_ANONYMOUS : 0),
	          s->shared_fd, 0);
	return sh == MAP_FAILED ? NULL : sh;
}

/* The byte maps: each judge's, the supervisor's own, and the outcome's
 * that they are added up into. */
static int
make_maps(struct supervisor *s)
{
	if ((s->out->total.map = u8c_byte_map_new()) == NULL ||
	    (s->own->map = u8c_byte_map_new()) == NULL)
		return -1;
	for (unsigned k = 0; k < s->workers; k++)
		if ((s->tallies[k].map = u8c_byte_map_new()) == NULL)
			return -1;
	return 0;
}

/* A slot's each, and the supervisor's own last. */
static size_t
tallies_size(const struct supervisor *s)
{
	return (s->workers + 2) * sizeof *s->tallies;
}

static int
setup(struct supervisor *s)
{
	if ((s->sh = map_shared(s)) == NULL || sup_sanitized_init(s) != 0)
		return -1;
	s->j.sh = s->sh;
	/* zero pages until a judge writes (most of a tallies is the
	 * examples of checks that never fail), flush against a guard page,
	 * and aligned as the type says: the window ends on a page.  Mapped
	 * to the zero page at once: the merges read every page. */
	if (u8s_fence_map(&s->tallies_fence, tallies_size(s)) == 0) {
		s->tallies = (struct u8c_tallies *)(void *)u8s_fence_end(
		    &s->tallies_fence, tallies_size(s));
		u8s_pages_populate(s->tallies, tallies_size(s), 0);
		s->own = &s->tallies[s->workers + 1];
	}
	s->cx.plan = s->cfg->plan;
	s->cx.expect = s->cfg->expect;
	s->cx.max_fatal = s->cfg->max_fatal;
	s->cx.fatal_seen = &s->fatal_seen;
	if (s->tallies == NULL || make_maps(s) != 0 ||
	    u8c_judges_init(&s->judges, s->sh, &s->cx, s->tallies,
	                    s->workers + 1) != 0)
		return -1;
	describe_jail(&s->j, s->cfg, s->workers + 1);
	if (sup_self_pipe[0] < 0 && make_pipe(sup_self_pipe) != 0)
		return -1;
	if (make_pipe(s->j.cmd) != 0 || make_pipe(s->j.lifeline) != 0 ||
	    make_pipe(s->j.load_out) != 0 || make_pipe(s->j.unload_out) != 0 ||
	    make_pipe(s->j.go_twin) != 0 || make_pipe(s->j.go_server) != 0 ||
	    make_pipe(s->j.loader_unmapped) != 0)
		return -1;
	/* the twin and the go-between wait for their word */
	fcntl(s->j.go_twin[0], F_SETFL, 0);
	fcntl(s->j.go_server[0], F_SETFL, 0);
	/* commands block: the fork server reads them one by one */
	fcntl(s->j.cmd[0], F_SETFL, 0);
	for (unsigned k = 0; k < s->j.slots; k++)
		if (make_pipe(s->j.slot_out[k]) != 0 ||
		    (sanitized(s->cfg) && make_pipe(s->j.slot_report[k]) != 0))
			return -1;
	sup_catch_stop_signals();
	signal(SIGPIPE, SIG_IGN);
	/* not dumpable, and so neither is the jail: without CAP_SYS_PTRACE,
	 * which workers drop, no /proc/<pid>/mem or fd/ of ours opens */
	prctl(PR_SET_DUMPABLE, 0);
	fflush(NULL);
	if ((s->jail = fork()) < 0)
		return -1;
	if (s->jail == 0) {
		if (sanitized(s->cfg)) {
			u8c_jail_exec(&s->j, s->shared_fd, s->cfg->sanitizer,
			              s->cfg->argv);
			_exit(U8C_EXIT_HARNESS);
		}
		u8c_jail_main(&s->j);
	}
	close(s->j.cmd[0]);
	close(s->j.lifeline[0]);
	close(s->j.load_out[1]);
	close(s->j.unload_out[1]);
	for (unsigned k = 0; k < s->j.slots; k++) {
		close(s->j.slot_out[k][1]);
		if (s->j.slot_report[k][1] >= 0)
			close(s->j.slot_report[k][1]);
	}
	close(s->j.go_twin[0]);
	close(s->j.go_server[0]);
	close(s->j.loader_unmapped[1]);
	s->j.cmd[0] = s->j.lifeline[0] = s->j.load_out[1] = s->j.unload_out[1] =
	    s->j.go_twin[0] = s->j.go_server[0] = s->j.loader_unmapped[1] = -1;
	for (unsigned k = 0; k < s->j.slots; k++)
		s->j.slot_out[k][1] = s->j.slot_report[k][1] = -1;
	return 0;
}

static void
release(struct supervisor *s)
{
	u8c_judges_stop(&s->judges); /* they read the shared region */
	close_pipe(s->j.cmd);
	close_pipe(s->j.lifeline);
	close_pipe(s->j.load_out);
	close_pipe(s->j.unload_out);
	close_pipe(s->j.go_twin);
	close_pipe(s->j.go_server);
	close_pipe(s->j.loader_unmapped);
	for (unsigned k = 0; k < s->j.slots; k++) {
		close_pipe(s->j.slot_out[k]);
		close_pipe(s->j.slot_report[k]);
	}
	for (unsigned k = 0; k < U8C_SLOTS; k++)
		u8c_cpu_clock_reset(&s->w[k].still.clock);
	if (s->sh != NULL)
		munmap(s->sh, sizeof *s->sh);
	if (s->shared_fd >= 0)
		close(s->shared_fd);
	free(s->reports);
	if (s->own != NULL) {
		u8c_byte_map_free(s->own->map);
		u8c_tallies_release(s->own);
	}
	u8c_judges_free(&s->judges);
	for (unsigned k = 0; s->tallies != NULL && k <= s->workers; k++) {
		if (k < s->workers)
			u8c_byte_map_free(s->tallies[k].map);
		u8c_tallies_release(&s->tallies[k]);
	}
	u8s_fence_unmap(&s->tallies_fence);
}

static void
init_pipes(struct u8c_jail *j)
{
	j->cmd[0] = j->cmd[1] = j->lifeline[0] = j->lifeline[1] = -1;
	j->load_out[0] = j->load_out[1] = -1;
	j->unload_out[0] = j->unload_out[1] = -1;
	j->go_twin[0] = j->go_twin[1] = j->go_server[0] = j->go_server[1] = -1;
	j->loader_unmapped[0] = j->loader_unmapped[1] = -1;
	for (unsigned k = 0; k < U8C_SLOTS; k++)
		j->slot_out[k][0] = j->slot_out[k][1] = j->slot_report[k][0] =
		    j->slot_report[k][1] = -1;
}

static unsigned
workers_of(const struct u8c_sandbox_config *cfg)
{
	return cfg->jobs < 1                 ? 1
	       : cfg->jobs > U8C_MAX_WORKERS ? U8C_MAX_WORKERS
	                                     : cfg->jobs;
}

enum u8c_sandbox_status
u8c_sandbox_run(const struct u8c_sandbox_config *cfg,
                struct u8c_sandbox_outcome *out)
{
	struct supervisor s;

	memset(&s, 0, sizeof s);
	init_pipes(&s.j);
	if (u8c_jail_exec_is_jail()) {
		/* started again under a sanitizer's runtime: the jail */
		describe_jail(&s.j, cfg, workers_of(cfg) + 1);
		u8c_jail_exec_resume(&s.j);
	}
	/* most of it is the tallies, in one call rather than a fault a
	 * page */
	u8s_pages_populate(out, sizeof *out, 1);
	memset(out, 0, sizeof *out);
	out->sanitizers = sanitized(cfg) ? cfg->sanitizer->kinds : 0;
	out->exec = cfg->exec;
	s.shared_fd = -1;
	for (unsigned k = 0; k < U8C_SLOTS; k++)
		s.w[k].still.clock = (struct u8c_cpu_clock)U8C_CPU_CLOCK_NONE;
	s.cfg = cfg;
	s.out = out;
	/* read before the target runs: its code cannot change the file */
	s.defined = cfg->exec || cfg->symbol != NULL
	                ? 0
	                : u8c_target_defines(cfg->path);
	s.workers = workers_of(cfg);
	s.fresh = s.workers;
	s.phase = "loading";
	s.total_items = u8c_plan_items(cfg->plan, U8C_ITEM_BYTES) +
	                u8c_plan_items(cfg->plan, U8C_ITEM_CODE_POINT);
	sup_now(&s.start);
	s.last_progress = s.start;
	if (setup(&s) != 0 || u8c_judges_start(&s.judges) != 0) {
		snprintf(out->error, sizeof out->error,
		         "u8conform: cannot set up the jail: %s",
		         strerror(errno));
		out->status = U8C_SANDBOX_BROKEN;
		if (s.jail > 0)
			sup_teardown(&s);
		release(&s);
		return out->status;
	}
	if (sup_load(&s) == 0) {
		out->namespaced = s.sh->jail_ns;
		out->private_proc = sup_proc_is_private(&s);
		out->per_worker = s.per_worker;
		out->threads = s.sh->load.threads;
		/* an --exec child is a process, and may start more: what
		 * the jail holds after loading is no finding, and goes
		 * with the jail */
		if (!cfg->exec && sup_spawned_while_loading(&s))
			sup_fate_around(&s, U8C_FATE_SPAWN, U8C_DURING_LOADING,
			                0);
		/* what loading said, read once, as the judge will hold it */
		s.cx.traits = out->traits;
		s.cx.exec = cfg->exec;
		s.cx.exports = out->exports;
		if (s.sh->load.stream_declared)
			u8c_judge_stream_size(s.own, cfg->expect,
			                      s.sh->load.stream_size);
		sup_fresh_probes(&s);
		for (uint32_t r = 0; r < cfg->plan->nrows && !s.stop_asked; r++)
			sup_run_row(&s, r);
		sup_memory_at_end(&s);
		out->complete = !s.stop_asked && s.fns_off == 0 && !s.broken;
		for (unsigned k = 0; k < s.workers; k++)
			u8c_tally_merge(&out->total, &s.tallies[k]);
		u8c_tally_merge(&out->total, s.own);
		/* what happens after the merge: a worker's end seen late
		 * (a thread of the target's that kills it after its last
		 * item), loading's and unloading's fates */
		u8c_tallies_clear(s.own);
		if (!sup_stop_signal && !s.broken)
			sup_recheck(&s, &out->total);
		sup_stop_workers(&s);
		sup_loader_fate(&s);
		if (!s.broken && !sup_stop_signal)
			sup_unload(&s);
		/* a stop after the plan: unloading, and perhaps re-checks,
		 * were not judged */
		if (sup_stop_signal) {
			sup_say_interrupted(&s);
			out->complete = 0;
		}
		u8c_tally_merge(&out->total, s.own);
		out->capture = s.capture;
		out->status = s.no_target ? U8C_SANDBOX_NO_TARGET
		              : s.broken  ? U8C_SANDBOX_BROKEN
		                          : U8C_SANDBOX_DONE;
	}
	sup_teardown(&s);
	release(&s);
	return out->status;
}
