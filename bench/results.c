/* SPDX-License-Identifier: MIT */
/*
 * results.c - writes the CSV that bench/report.mjs reads.
 */
#include <string.h>
#include <time.h>

#include "results.h"
#include "u8ref.h"

/* The "model name" line of /proc/cpuinfo, or "unknown". */
static void
cpu_model(char *buf, size_t cap)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512];

	snprintf(buf, cap, "unknown");
	while (f != NULL && fgets(line, sizeof line, f) != NULL) {
		char *colon = strchr(line, ':');

		if (strncmp(line, "model name", 10) == 0 && colon != NULL) {
			colon += strspn(colon + 1, " \t") + 1;
			colon[strcspn(colon, "\n")] = '\0';
			snprintf(buf, cap, "%s", colon);
			break;
		}
	}
	if (f != NULL)
		fclose(f);
}

const char *
u8b_size_name(size_t n, char *buf, size_t cap)
{
	if (n >= 1 << 20 && n % (1 << 20) == 0)
		snprintf(buf, cap, "%zu MiB", n >> 20);
	else if (n >= 1 << 10 && n % (1 << 10) == 0)
		snprintf(buf, cap, "%zu KiB", n >> 10);
	else
		snprintf(buf, cap, "%zu B", n);
	return buf;
}

void
u8b_csv_begin(FILE *f, const char *command, size_t samples, double min_ms,
              const struct u8b_contestant *cs, size_t m)
{
	char cpu[256], date[64];
	time_t now = time(NULL);
	const struct u8b_input_kind *k;

	cpu_model(cpu, sizeof cpu);
	strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&now));
	fprintf(f, "# cpu: %s\n# date: %s\n# command: %s\n", cpu, date,
	        command);
	fprintf(f, "# method: median of %zu samples, each at least %g ms\n",
	        samples, min_ms);
	for (size_t i = 0; i < m; i++)
		fprintf(f, "# contestant %s: %s\n", cs[i].name, cs[i].version);
	for (size_t i = 0; (k = u8b_input_kind_at(i)) != NULL; i++)
		fprintf(f, "# input %s: %s\n", k->name, k->what);
	fprintf(f, "input,size,contestant,group,expected,verdict,verdict_ok,"
	           "gbps_median,gbps_min,gbps_max,samples,reps\n");
}

int
u8b_verdict_ok(const struct u8b_input *in, const struct u8b_cell *cell)
{
	return cell->c->group == U8B_BASELINE || cell->verdict == in->valid;
}

void
u8b_csv_row(FILE *f, const struct u8b_input *in, const struct u8b_cell *cell)
{
	static const char *const group[] = {"ours", "peer", "baseline"};
	static const char *const verdict[] = {"none", "invalid", "valid"};
	double v[U8B_MAX_SAMPLES];
	size_t n = cell->nsamples;

	fprintf(f, "%s,%zu,%s,%s,%s,%s,%d,", in->kind->name, in->n,
	        cell->c->name, group[cell->c->group], verdict[in->valid + 1],
	        cell->c->group == U8B_BASELINE ? "-"
	                                       : verdict[cell->verdict + 1],
	        u8b_verdict_ok(in, cell));
	if (cell->failed || n == 0) {
		fprintf(f, ",,,0,0\n");
		return;
	}
	memcpy(v, cell->gbps, n * sizeof v[0]);
	fprintf(f, "%.4f,", u8b_median(v, n)); /* sorts v */
	fprintf(f, "%.4f,%.4f,%zu,%llu\n", v[0], v[n - 1], n,
	        (unsigned long long)cell->reps);
}
