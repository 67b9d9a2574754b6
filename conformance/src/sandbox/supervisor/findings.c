/* SPDX-License-Identifier: MIT */
/*
 * findings.c - findings the supervisor makes itself: fates it charges, and any
 * byte the jail writes to its stdout or stderr.
 */
#define _GNU_SOURCE
#include "supervisor.h"

/* A fate met by slot @k's worker in phase @phase: charged to the item in
 * flight as its judge knows it: the one it took records of, or else the
 * next one it was ordered, which the worker was on. */
void
sup_fate_of_slot(struct supervisor *s, unsigned k, enum u8c_fate fate,
                 uint32_t phase, int detail, const char *said)
{
	struct u8c_reader *r = READER(s, k);

	u8c_judges_lock(&s->judges, k);
	if (!r->in_item)
		u8c_reader_begin_next(r);
	u8c_reader_fate(r, fate, phase, s->sh->slots[k].chunk, detail, said);
	u8c_judges_unlock(&s->judges, k);
}

void
sup_fate_around(struct supervisor *s, enum u8c_fate fate,
                enum u8c_during during, int detail)
{
	u8c_tally_fate(s->own, s->j.expect, fate, U8C_FN_ANY, during, detail,
	               NULL, NULL, 0, 0);
}

/* What a process's end means, when it was not ours to end. */
enum u8c_fate
sup_fate_of_status(int status, int *detail)
{
	if (WIFSIGNALED(status)) {
		*detail = WTERMSIG(status);
		return U8C_FATE_CRASH;
	}
	*detail = WIFEXITED(status) ? WEXITSTATUS(status) : status;
	return U8C_FATE_EXIT;
}

/* A loader's or fork server's end, when it was not ours to end. */
void
sup_status_around(struct supervisor *s, int status, enum u8c_during during)
{
	int detail = 0;
	/* not in sup_fate_around's arguments: their order is unspecified,
	 * and detail would be read before this sets it */
	enum u8c_fate fate = sup_fate_of_status(status, &detail);

	sup_fate_around(s, fate, during, detail);
}

/* fate_of_status, and the end in words for the one line of an error. */
enum u8c_fate
sup_say_end(int status, int *detail, char *what, size_t size)
{
	enum u8c_fate fate = sup_fate_of_status(status, detail);

	if (fate == U8C_FATE_CRASH)
		snprintf(what, size, "was killed by signal %d (%s)", *detail,
		         strsignal(*detail));
	else
		snprintf(what, size, "called exit(%d)", *detail);
	return fate;
}

size_t
sup_drain(int fd)
{
	char buf[4096];
	size_t total = 0;
	ssize_t got;

	while ((got = read(fd, buf, sizeof buf)) > 0)
		total += (size_t)got;
	return total;
}

void
sup_read_outputs(struct supervisor *s)
{
	size_t got;

	if ((got = sup_drain(s->j.load_out[0])) > 0 && s->outputs[0]++ == 0)
		sup_fate_around(s, U8C_FATE_OUTPUT, U8C_DURING_LOADING, 0);
	if ((got = sup_drain(s->j.unload_out[0])) > 0) {
		int during = s->unloading ? 1 : 0;

		if (s->outputs[during]++ == 0)
			sup_fate_around(s, U8C_FATE_OUTPUT,
			                during ? U8C_DURING_UNLOADING
			                       : U8C_DURING_LOADING,
			                0);
	}
	for (unsigned k = 0; k <= s->fresh; k++) {
		if (sup_drain(s->j.slot_out[k][0]) == 0)
			continue;
		if (u8c_life_alive(s->w[k].life) ||
		    s->sh->server[k].started > 0)
			sup_fate_of_slot(s, k, U8C_FATE_OUTPUT,
			                 s->sh->slots[k].phase, 0, NULL);
		else if (s->outputs[0]++ == 0) /* written there at load */
			sup_fate_around(s, U8C_FATE_OUTPUT, U8C_DURING_LOADING,
			                0);
	}
}
