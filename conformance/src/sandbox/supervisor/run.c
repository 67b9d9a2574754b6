/* SPDX-License-Identifier: MIT */
/*
 * run.c - u8c_sandbox_run: sets the jail up, runs the plan through it, and
 * takes it down.
 */
#define _GNU_SOURCE
#include <sys/mman.h>
#include <sys/prctl.h>

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
setup(struct supervisor *s)
{
	s->sh = mmap(NULL, sizeof *s->sh, PROT_READ | PROT_WRITE,
	             MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s->sh == MAP_FAILED) {
		s->sh = NULL;
		return -1;
	}
	s->j.sh = s->sh;
	s->tallies = calloc(U8C_SLOTS, sizeof *s->tallies);
	s->cx.plan = s->cfg->plan;
	s->cx.expect = s->cfg->expect;
	s->cx.max_fatal = s->cfg->max_fatal;
	s->cx.fatal_seen = &s->fatal_seen;
	if (s->tallies == NULL ||
	    u8c_judges_init(&s->judges, s->sh, &s->cx, s->tallies,
	                    s->workers + 1) != 0)
		return -1;
	s->j.plan = s->cfg->plan;
	s->j.path = s->cfg->path;
	s->j.symbol = s->cfg->symbol;
	s->j.shape = s->cfg->shape;
	s->j.expect = s->cfg->expect;
	s->j.slots = s->workers + 1;
	s->j.namespaces = s->cfg->namespaces;
	s->j.load = s->cfg->load;
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
		if (make_pipe(s->j.slot_out[k]) != 0)
			return -1;
	sup_catch_stop_signals();
	signal(SIGPIPE, SIG_IGN);
	/* not dumpable, and so neither is the jail: without CAP_SYS_PTRACE,
	 * which workers drop, no /proc/<pid>/mem or fd/ of ours opens */
	prctl(PR_SET_DUMPABLE, 0);
	fflush(NULL);
	if ((s->jail = fork()) < 0)
		return -1;
	if (s->jail == 0)
		u8c_jail_main(&s->j);
	close(s->j.cmd[0]);
	close(s->j.lifeline[0]);
	close(s->j.load_out[1]);
	close(s->j.unload_out[1]);
	for (unsigned k = 0; k < s->j.slots; k++)
		close(s->j.slot_out[k][1]);
	close(s->j.go_twin[0]);
	close(s->j.go_server[0]);
	close(s->j.loader_unmapped[1]);
	s->j.cmd[0] = s->j.lifeline[0] = s->j.load_out[1] = s->j.unload_out[1] =
	    s->j.go_twin[0] = s->j.go_server[0] = s->j.loader_unmapped[1] = -1;
	for (unsigned k = 0; k < s->j.slots; k++)
		s->j.slot_out[k][1] = -1;
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
	for (unsigned k = 0; k < s->j.slots; k++)
		close_pipe(s->j.slot_out[k]);
	for (unsigned k = 0; k < U8C_SLOTS; k++)
		u8c_cpu_clock_reset(&s->w[k].still.clock);
	if (s->sh != NULL)
		munmap(s->sh, sizeof *s->sh);
	free(s->own);
	u8c_judges_free(&s->judges);
	free(s->tallies);
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
		j->slot_out[k][0] = j->slot_out[k][1] = -1;
}

enum u8c_sandbox_status
u8c_sandbox_run(const struct u8c_sandbox_config *cfg,
                struct u8c_sandbox_outcome *out)
{
	struct supervisor s;

	memset(&s, 0, sizeof s);
	memset(out, 0, sizeof *out);
	init_pipes(&s.j);
	for (unsigned k = 0; k < U8C_SLOTS; k++)
		s.w[k].still.clock = (struct u8c_cpu_clock)U8C_CPU_CLOCK_NONE;
	s.cfg = cfg;
	s.out = out;
	s.workers = cfg->jobs < 1                 ? 1
	            : cfg->jobs > U8C_MAX_WORKERS ? U8C_MAX_WORKERS
	                                          : cfg->jobs;
	s.fresh = s.workers;
	s.phase = "loading";
	s.total_items = u8c_plan_items(cfg->plan, U8C_ITEM_BYTES) +
	                u8c_plan_items(cfg->plan, U8C_ITEM_CODE_POINT);
	sup_now(&s.start);
	s.last_progress = s.start;
	s.own = calloc(1, sizeof *s.own);
	if (s.own == NULL || setup(&s) != 0 ||
	    u8c_judges_start(&s.judges) != 0) {
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
		if (sup_spawned_while_loading(&s))
			sup_fate_around(&s, U8C_FATE_SPAWN, U8C_DURING_LOADING,
			                0);
		/* what loading said, read once, as the judge will hold it */
		s.cx.traits = s.sh->load.traits;
		s.cx.exports = s.sh->load.exports & ((1u << U8C_FNS) - 1);
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
		memset(s.own, 0, sizeof *s.own);
		if (!sup_stop_signal && !s.broken)
			sup_recheck(&s, &out->total);
		sup_stop_workers(&s);
		sup_loader_fate(&s);
		if (!s.broken && !sup_stop_signal)
			sup_unload(&s);
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
