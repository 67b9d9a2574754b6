/* SPDX-License-Identifier: MIT */
/*
 * watch.c - one look at everything, every TICK_MS: output, each worker, the
 * limits of the run and its progress.
 */
#define _GNU_SOURCE
#include <poll.h>

#include "exec/bridge.h"
#include "supervisor.h"

volatile sig_atomic_t sup_stop_signal;
int sup_self_pipe[2] = {-1, -1};

static void
on_stop_signal(int sig)
{
	int saved = errno;
	char b = (char)sig;

	sup_stop_signal = sig;
	if (write(sup_self_pipe[1], &b, 1) < 0)
		(void)0; /* the flag is enough */
	errno = saved;
}

void
sup_catch_stop_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/* What slot @k's worker did since the last look, as events of its
 * life: which looks apply depends on its state. */
static void
watch_slot(struct supervisor *s, unsigned k)
{
	struct u8c_slot *slot = &s->sh->slots[k];
	struct watch *w = &s->w[k];
	uint32_t ended =
	    __atomic_load_n(&s->sh->server[k].ended, __ATOMIC_ACQUIRE);

	int ends = ended != w->ended_seen;

	w->ended_seen = ended; /* with no worker there, nothing to charge */
	if (!u8c_life_alive(w->life))
		return;
	/* before its end: it may come up, do its order and end between
	 * two looks */
	if (slot->up)
		sup_step(s, k, U8C_EV_UP);
	if (ends) {
		sup_on_end(s, k);
		return;
	}
	if (s->judges.slot[k]->forged) {
		sup_forged(s, k);
		return;
	}
	if (w->life == U8C_LIFE_STARTING) {
		if (sup_stood_still(s, k, 0))
			sup_step(s, k, U8C_EV_STILL);
		return;
	}
	if (w->life != U8C_LIFE_UP && w->life != U8C_LIFE_INTERRUPTED)
		return; /* killed: only its end is waited for */
	sup_check_memory(s, k);
	if (w->life == U8C_LIFE_KILLED_MEMORY)
		return;
	if (sup_beat(slot) != w->heartbeat) {
		w->heartbeat = sup_beat(slot);
		sup_moved(&w->still);
		sup_step(s, k, U8C_EV_MOVED);
		return;
	}
	if (slot->phase >= U8C_PHASES) {
		if (!sup_idle(slot) && sup_stood_still(s, k, 0))
			sup_step(s, k, U8C_EV_STILL);
		return;
	}
	if (w->life == U8C_LIFE_UP) {
		if (sup_stood_still(s, k, 1))
			sup_step(s, k, U8C_EV_CALL_TIMEOUT);
	} else if (sup_ms_since(&w->interrupted_at) > GRACE_MS)
		sup_step(s, k, U8C_EV_GRACE_OVER);
}

/* An --exec child's worker stops asking where the supervisor stops
 * ordering. */
_Static_assert((int)HANGS_SET_ASIDE == (int)U8C_EXEC_HANGS_GIVEN_UP,
               "one limit of hangs for workers and children");

/* The ends too costly to meet on every input: a function that met one
 * this often is set aside, and the run says why. */
static const struct {
	unsigned limit;
	const char *what, *cost;
} costly[U8C_COSTLY_ENDS] = {
    [U8C_COSTLY_HANG] = {HANGS_SET_ASIDE, "hung",
                         "each hang costs the --timeout"},
    [U8C_COSTLY_REPORT] = {REPORTS_SET_ASIDE,
                           "made an error its sanitizer reported",
                           "each report costs a fresh worker"},
    [U8C_COSTLY_CHILD] = {U8C_EXEC_ENDS_GIVEN_UP,
                          "ended its --exec child (a crash, an exit, a "
                          "broken protocol)",
                          "each end costs a fresh child"},
};
enum { COSTLY = U8C_COSTLY_ENDS };

static void
say_set_aside(struct supervisor *s, unsigned fns, unsigned why)
{
	char names[128] = "";
	size_t at = 0;
	unsigned n = 0;

	for (unsigned fn = 0; fn < U8C_FNS; fn++)
		if (fns >> fn & 1u)
			at += (size_t)snprintf(names + at, sizeof names - at,
			                       "%s%s", n++ ? ", " : "",
			                       u8c_fn_titles[fn]);
	snprintf(s->out->stopped, sizeof s->out->stopped,
	         "%s %s on %u inputs%s and %s not called again (%s)", names,
	         costly[why].what, costly[why].limit, n > 1 ? " each" : "",
	         n > 1 ? "were" : "was", costly[why].cost);
}

/* Functions that met a costly end too often are set aside; --max-fatal
 * stops all. */
static void
watch_limits(struct supervisor *s)
{
	unsigned fatal = 0, met[COSTLY][U8C_PHASES] = {{0}};

	for (unsigned k = 0; k <= s->fresh; k++) {
		const struct u8c_reader *r = READER(s, k);

		fatal += r->fatal;
		for (unsigned c = 0; c < COSTLY; c++)
			for (unsigned p = 0; p < U8C_PHASES; p++)
				met[c][p] += r->costly[c][p];
	}
	for (unsigned c = 0; c < COSTLY; c++) {
		unsigned now = 0;

		for (unsigned fn = 0; fn < U8C_FNS; fn++)
			if (met[c][fn] >= costly[c].limit &&
			    !(s->fns_off >> fn & 1u))
				now |= 1u << fn;
		if (now == 0)
			continue;
		s->fns_off |= now;
		s->out->set_aside = s->fns_off;
		if (!s->stop_asked)
			say_set_aside(s, now, c);
	}
	if (s->cfg->max_fatal > 0 && fatal >= s->cfg->max_fatal &&
	    !s->said_max_fatal) {
		sup_stop_run(s);
		s->said_max_fatal = 1;
		snprintf(s->out->stopped, sizeof s->out->stopped,
		         "--max-fatal %u: the target crashed, hung or exited "
		         "on %u inputs",
		         s->cfg->max_fatal, fatal);
	}
}

uint64_t
sup_items_done(const struct supervisor *s)
{
	uint64_t done = 0;

	for (unsigned k = 0; k < s->workers; k++)
		done += READER(s, k)->items;
	return done;
}

static void
tell_progress(struct supervisor *s)
{
	struct u8c_progress p;

	if (s->cfg->progress == NULL || sup_ms_since(&s->last_progress) < 200)
		return;
	sup_now(&s->last_progress);
	p.phase = s->phase;
	p.done = sup_items_done(s);
	p.total = s->total_items;
	p.seconds = sup_ms_since(&s->start) / 1e3;
	s->cfg->progress(s->cfg->progress_ctx, &p);
}

/* One look at everything, after waiting up to @wait for output. */
static void
pump(struct supervisor *s, const struct timespec *wait)
{
	struct pollfd fds[3 + U8C_SLOTS];
	nfds_t n = 0;

	fds[n++] = (struct pollfd){sup_self_pipe[0], POLLIN, 0};
	fds[n++] = (struct pollfd){s->j.load_out[0], POLLIN, 0};
	fds[n++] = (struct pollfd){s->j.unload_out[0], POLLIN, 0};
	for (unsigned k = 0; k <= s->fresh; k++)
		fds[n++] = (struct pollfd){s->j.slot_out[k][0], POLLIN, 0};
	if (ppoll(fds, n, wait, NULL) > 0 && (fds[0].revents & POLLIN))
		sup_drain(sup_self_pipe[0]);
	sup_read_outputs(s);
	sup_read_reports(s); /* a full pipe would hold a worker up */
	if (sup_stop_signal != 0 && !s->stop_asked) {
		sup_stop_run(s);
		sup_say_interrupted(s);
		for (unsigned k = 0; k <= s->fresh; k++)
			sup_step(s, k, U8C_EV_QUIT);
	}
	for (unsigned k = 0; k <= s->fresh; k++)
		watch_slot(s, k);
	if (s->loaded && s->sh->server_ended && !s->unloading)
		sup_broken(s, "u8conform: the fork server ended%s", "");
	watch_limits(s);
	tell_progress(s);
}

void
sup_say_interrupted(struct supervisor *s)
{
	size_t at = strlen(s->out->stopped);

	if (s->out->interrupted != 0)
		return;
	s->out->interrupted = sup_stop_signal;
	/* after what stopped the run or set a function aside, if anything */
	snprintf(s->out->stopped + at, sizeof s->out->stopped - at,
	         "%sinterrupted by SIG%s", at > 0 ? "; " : "",
	         sigabbrev_np(sup_stop_signal));
}

void
sup_pump(struct supervisor *s)
{
	static const struct timespec tick = {0, TICK_MS * 1000000L};

	pump(s, &tick);
}

void
sup_pump_soon(struct supervisor *s)
{
	static const struct timespec soon = {0, SOON_US * 1000L};

	pump(s, &soon);
}
