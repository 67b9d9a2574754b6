/* SPDX-License-Identifier: MIT */
/*
 * sanitized.c - a sanitized target's reports: each worker's runtime
 * writes to a pipe of the slot's own, read here, and a worker that ends
 * with U8C_EXIT_SANITIZER after a report is charged with what it says,
 * not with an exit.  The text comes from the jail and could be forged
 * by target code; the worst a forgery makes is a finding against the
 * target, and the fresh worker's re-check judges it again.
 */
#define _GNU_SOURCE
#include "sanitizer_report.h"
#include "supervisor.h"

int
sup_sanitized_init(struct supervisor *s)
{
	if (s->cfg->sanitizer == NULL || s->cfg->sanitizer->kinds == 0)
		return 0;
	s->reports = calloc(U8C_SLOTS, sizeof *s->reports);
	return s->reports != NULL ? 0 : -1;
}

/* What slot @k's pipe holds, after what was read before; the rest of
 * a long report is drained and dropped. */
static void
read_report(struct supervisor *s, unsigned k)
{
	struct sanitizer_text *t = &s->reports[k];
	ssize_t got;

	while (t->n < sizeof t->text &&
	       (got = read(s->j.slot_report[k][0], t->text + t->n,
	                   sizeof t->text - t->n)) > 0)
		t->n += (size_t)got;
	if (t->n == sizeof t->text)
		sup_drain(s->j.slot_report[k][0]);
}

void
sup_read_reports(struct supervisor *s)
{
	for (unsigned k = 0; s->reports != NULL && k <= s->fresh; k++)
		read_report(s, k);
}

int
sup_sanitizer_end(struct supervisor *s, unsigned k, int status,
                  enum u8c_fate *fate, char *said, size_t size)
{
	struct u8c_san_report r;

	if (s->reports == NULL || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != U8C_EXIT_SANITIZER)
		return 0;
	read_report(s, k);
	if (u8c_san_report_parse(s->reports[k].text, s->reports[k].n, &r)) {
		*fate = r.fate;
		u8c_san_report_say(&r, said, size);
		return 1;
	}
	/* the worker's death callback ran, and its report never came: the
	 * target closed or stopped up the pipe before its error */
	*fate = s->cfg->sanitizer->kinds & (U8C_SAN_ADDRESS | U8C_SAN_MEMORY)
	            ? U8C_FATE_MEMORY_ERROR
	            : U8C_FATE_UNDEFINED;
	snprintf(said, size,
	         "an error its sanitizer reported, whose report was lost "
	         "(the target closed or stopped up the pipe it goes to)");
	return 1;
}

/* Slot @k's next worker starts with an empty page: called before it is
 * forked, so that nothing it writes is read here as its predecessor's. */
void
sup_sanitizer_forget(struct supervisor *s, unsigned k)
{
	if (s->reports == NULL)
		return;
	read_report(s, k);
	s->reports[k].n = 0;
}
