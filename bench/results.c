/* SPDX-License-Identifier: MIT */
/*
 * results.c - writes the CSV that bench/report.mjs reads.
 */
#include <string.h>
#include <time.h>

#include "results.h"
#include "u8ref.h"

/* The value of a /proc/cpuinfo line that starts with @key, or NULL. */
static const char *
cpuinfo_value(char *line, const char *key)
{
	char *colon = strchr(line, ':');

	if (strncmp(line, key, strlen(key)) != 0 || colon == NULL)
		return NULL;
	colon += strspn(colon + 1, " \t") + 1;
	colon[strcspn(colon, "\n")] = '\0';
	return colon;
}

/* The first CPU of /proc/cpuinfo: its model name, family and model (the
 * name alone may say little in a virtual machine), and its widest
 * vectors, which decide the kernels it runs; or "unknown". */
static void
cpu_model(char *buf, size_t cap)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	static char line[16384];
	char name[256] = "unknown", family[16] = "?", model[16] = "?";
	const char *widest = "";
	const char *v;

	while (f != NULL && fgets(line, sizeof line, f) != NULL &&
	       line[0] != '\n') {
		if ((v = cpuinfo_value(line, "model name")) != NULL)
			snprintf(name, sizeof name, "%s", v);
		else if ((v = cpuinfo_value(line, "cpu family")) != NULL)
			snprintf(family, sizeof family, "%s", v);
		else if ((v = cpuinfo_value(line, "model")) != NULL)
			snprintf(model, sizeof model, "%s", v);
		else if ((v = cpuinfo_value(line, "flags")) != NULL)
			widest = strstr(v, " avx512f ") != NULL ? "AVX-512"
			         : strstr(v, " avx2 ") != NULL
			             ? "AVX2, no AVX-512"
			             : "no AVX2";
	}
	if (f != NULL)
		fclose(f);
	snprintf(buf, cap, "%s (family %s, model %s; %s)", name, family, model,
	         widest);
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
