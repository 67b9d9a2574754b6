/* SPDX-License-Identifier: MIT */
/*
 * ending.c - the end of a run: memory held at the end, workers stopped, the
 * target unloaded, the jail gone.
 */
#define _GNU_SOURCE
#include "supervisor.h"

/* What each worker holds once the rows are done counts too, however
 * short the run was: looked up afresh, and charged to the item it was
 * on last; so does a worker killed for it whose end is not seen yet
 * (the rows end when every worker is idle, not when it is gone). */
void
sup_memory_at_end(struct supervisor *s)
{
	for (unsigned k = 0; k < s->workers; k++) {
		struct watch *w = &s->w[k];

		if (w->life == U8C_LIFE_UP || w->life == U8C_LIFE_INTERRUPTED) {
			u8c_cpu_clock_look_again(&w->still.clock);
			sup_check_memory(s, k);
		}
		if (w->life != U8C_LIFE_KILLED_MEMORY)
			continue;
		sup_fate_of_slot(s, k, U8C_FATE_MEMORY, U8C_FN_ANY, w->held_mib,
		                 NULL);
		sup_step(s, k, U8C_EV_QUIT); /* its end is counted now */
	}
}

void
sup_stop_workers(struct supervisor *s)
{
	struct timespec t0;

	sup_stop_run(s);
	sup_step(s, s->fresh, U8C_EV_QUIT);
	sup_now(&t0);
	for (;;) {
		int alive = 0;

		for (unsigned k = 0; k <= s->fresh; k++)
			alive |= u8c_life_alive(s->w[k].life);
		if (!alive || s->broken || sup_ms_since(&t0) > TEARDOWN_MS)
			return;
		sup_pump_soon(s);
	}
}

/* Unloads the target in the fork server: its destructors and atexit
 * handlers run, and must neither write, exit, crash nor hang.  A stop
 * signal ends the wait at once (a hang would hold the user for its
 * whole limit): unloading is then not judged, and the run is not
 * whole. */
void
sup_unload(struct supervisor *s)
{
	struct stillness t = {.clock = U8C_CPU_CLOCK_NONE};
	int status;

	sup_read_outputs(s); /* what came before is loading's */
	s->unloading = 1;
	s->phase = "unloading";
	sup_command(s, U8C_CMD_UNLOAD, 0, 0);
	sup_moved(&t);
	while (!s->sh->server_ended && !sup_stop_signal &&
	       !sup_target_too_long(s, &t, s->sh->server_pid))
		sup_pump_soon(s);
	u8c_cpu_clock_reset(&t.clock);
	sup_read_outputs(s);
	if (sup_stop_signal)
		return;
	if (!s->sh->server_ended) {
		sup_fate_around(s, U8C_FATE_HANG, U8C_DURING_UNLOADING, 0);
		return;
	}
	status = s->sh->server_status;
	if (WIFEXITED(status) && WEXITSTATUS(status) == U8C_EXIT_UNLOADED)
		return;
	sup_status_around(s, status, U8C_DURING_UNLOADING);
}

/*
 * The loader holds the threads the constructors started; its death
 * while the plan ran is theirs.  A death may be under way and not yet
 * recorded: its files close (and a worker waiting on one of them goes
 * on) before it ends, and init, once it has reaped it, may wait for a
 * CPU before it writes the record.  So a loader still found is killed,
 * which leaves the status of a death already under way as it was, and
 * the record is awaited; an end by this kill alone is no finding.  The
 * loader's constructors could write its pid while they held the shared
 * memory: one that names init or the fork server is not the loader's
 * (forges-loader-pid), and nothing is killed.
 */
void
sup_loader_fate(struct supervisor *s)
{
	int32_t loader = s->sh->loader_pid;
	struct timespec t0;
	int status, killed = 0;
	pid_t pid;

	if (!s->sh->loader_ended && loader > 1 && loader != s->sh->server_pid) {
		pid = u8c_proc_pid_of_jailed(s->jail, loader);
		killed = pid > 0 && kill(pid, SIGKILL) == 0;
		sup_now(&t0);
		while (!s->sh->loader_ended && sup_ms_since(&t0) < TEARDOWN_MS)
			usleep(SOON_US);
	}
	if (!s->sh->loader_ended)
		return;
	status = s->sh->loader_status;
	if (killed && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
		return;
	sup_status_around(s, status, U8C_DURING_LOADING);
}

void
sup_teardown(struct supervisor *s)
{
	struct timespec t0;
	int status;

	close(s->j.lifeline[1]);
	s->j.lifeline[1] = -1;
	sup_now(&t0);
	while (waitpid(s->jail, &status, WNOHANG) == 0) {
		if (sup_ms_since(&t0) > TEARDOWN_MS) {
			kill(s->jail, SIGKILL);
			waitpid(s->jail, &status, 0);
			break;
		}
		usleep(SOON_US);
	}
}
