/* SPDX-License-Identifier: MIT */
/*
 * report.h - the report of a run: one schema, written as text, JSON or
 * JUnit, and read back from JSON by --merge.
 *
 * Every string in a report is safe to print in any format: what came
 * from the target (its name) or the user (the path) passed through
 * u8c_safe_text when the report was built, and the rest is ours.  The
 * JSON field names are a contract; json.c and merge.c take them from the
 * one table in fields.h.
 */
#ifndef U8C_REPORT_H
#define U8C_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "byte_map.h"
#include "checks.h"
#include "plan.h"
#include "sanitizer.h"
#include "tally.h"
#include "u8t.h"

struct u8c_report_example {
	char *input; /* "C0 80", "U+D800", or "(loading)", "(unloading)" */
	char *expected;
	char *got;
	int reproduced; /* re-checked in a fresh worker: 1, 0; or -1     */
	/* a fate's: the function whose call met it, as --functions names
	 * it ("decode"; not owned), or NULL where no call is known */
	const char *function;
	/* a stream's: the lengths of its chunks, and the input shown
	 * with them ("E0 | A0 80"); NULL and 0 for the others */
	size_t *chunks;
	size_t nchunks;
	char *shown;
};

struct u8c_report_check {
	enum u8c_check_id check;
	enum u8c_level level;
	uint64_t tested, failed, died;
	int ran;     /* judged at least one item, or failed              */
	int skipped; /* none of its items could be judged (see died), or
	                the run stopped before it ran                    */
	int has_example;
	struct u8c_report_example example; /* the smallest               */
	/* others kept, where the answers part at another kind of byte */
	struct u8c_report_example more[U8C_EXAMPLES - 1];
	unsigned nmore;
	int expected; /* every failure of it was expected             */
	char *why;    /* the expectation's reason, then (owned)          */
	/* what its failures have in common, as expectations' inputs
	 * (causes.h); any_cause: one no pattern names, or too many */
	char causes[U8C_CAUSES][U8C_CAUSE_TEXT];
	unsigned ncauses;
	int any_cause;
};

/* The byte map (byte_map.h) as reports show it. */
struct u8c_report_map {
	char cells[U8C_MAP_CELLS + 1]; /* each cell's departure, a letter */
	struct u8c_report_map_example {
		size_t cell;
		enum u8c_check_id check;
		struct u8c_report_example example;
	} * ex; /* one per cell that departs, in cell order */
	size_t nex;
};

struct u8c_report {
	char *target; /* the target's name, made safe           */
	char *path;   /* the library, made safe                 */
	const char *profile;
	const char *profile_source;
	enum u8c_level verdict;    /* of every finding                   */
	enum u8c_level unexpected; /* of those no expectation took: the
	                              exit status follows it             */
	const char *policy, *variant;
	uint64_t policy_runs, variant_tested;
	uint32_t policy_ruled_out, variant_ruled_out;
	unsigned functions; /* bit per enum u8c_fn: judged           */
	unsigned exports;   /* bit per enum u8c_fn: exported         */
	unsigned hung;      /* not called after hanging too often    */
	unsigned traits;    /* the U8T_ bits the target declared */
	int complete;
	char *stopped;        /* why not complete, or NULL               */
	size_t shard, shards; /* --exhaustive --shard K/N, or 0 of 0   */
	int namespaced;       /* the jail was a PID namespace: 1, 0; -1 ? */
	int private_proc;     /* with a /proc of its own: 1, 0          */
	int per_worker;       /* each worker loaded the target itself  */
	unsigned threads;     /* the loader's threads once it loaded it */
	unsigned sanitizers;  /* U8C_SAN_ bits the target was built with */
	int exec;             /* an --exec child, not a library          */
	char *expect_file;    /* --expect, or NULL (owned) */
	/* expectations that took no failure of a whole run: stale */
	const struct u8c_expectation *stale[U8C_EXPECT_MAX];
	size_t nstale;
	struct u8c_report_check checks[U8C_CHECKS];
	struct u8c_report_map *map; /* or NULL: not kept (owned)       */
	/* the plan's rows: how many inputs each has, and how many were
	 * judged (all of them when the run is complete) */
	struct u8c_report_family {
		const char *name;
		const char *placement;
		size_t inputs, judged;
	} families[U8C_PLAN_MAX];
	size_t nfamilies;
};

/* The traits a target may declare, as reports name them. */
struct u8c_trait {
	unsigned bit;      /* U8T_ bit                              */
	const char *name;  /* "needs-nul"                           */
	const char *means; /* for the text report                   */
};
enum { U8C_TRAITS = 3 };
extern const struct u8c_trait u8c_traits[U8C_TRAITS];

/* The formats. */
enum u8c_format {
	U8C_FORMAT_TEXT,
	U8C_FORMAT_JSON,
	U8C_FORMAT_JUNIT,
	U8C_FORMAT_HTML
};

/*
 * u8c_report_write - @r in @format to @out.  Returns 0, or -1 when the
 * stream failed (errno says why).
 */
int u8c_report_write(FILE *out, enum u8c_format format,
                     const struct u8c_report *r);

/* The writers; each returns -1 if the stream failed. */
int u8c_report_text(FILE *out, const struct u8c_report *r);
int u8c_report_json(FILE *out, const struct u8c_report *r);
int u8c_report_junit(FILE *out, const struct u8c_report *r);
int u8c_report_html(FILE *out, const struct u8c_report *r);

/* The JSON report as jansson's document (a new reference): the JSON
 * writer's, and the data of the HTML page. */
struct json_t;
struct json_t *u8c_report_json_document(const struct u8c_report *r);

/*
 * u8c_report_example_chunks - give @e, whose input is hex bytes, the
 * chunks of lengths @len[0..n) (which add up to its bytes).  Returns 0,
 * or -1 when they do not add up or memory is short.
 */
int u8c_report_example_chunks(struct u8c_report_example *e, const size_t *len,
                              size_t n);

/* The input as reports show it: with its chunks, if it has them. */
static inline const char *
u8c_report_shown(const struct u8c_report_example *e)
{
	return e->shown != NULL ? e->shown : e->input;
}

/* u8c_report_free - free what a report owns; u8c_report_example_free,
 * what one example owns. */
void u8c_report_free(struct u8c_report *r);
void u8c_report_example_free(struct u8c_report_example *e);

/* u8c_report_map_free - free map @m (or nothing, when NULL). */
void u8c_report_map_free(struct u8c_report_map *m);

/* The name of cell @cell in reports: its bytes in hex ("ED A0", or
 * "C1" for the one-byte input), into @buf[U8C_MAP_KEY]. */
enum { U8C_MAP_KEY = 16 };
void u8c_report_map_key(char *buf, size_t cell);

/* Checks that ran with no unexpected FAIL, checks with one, checks not
 * judged, and checks whose departures were all expected. */
struct u8c_report_counts {
	unsigned passed, failed, skipped, expected;
};
struct u8c_report_counts u8c_report_count(const struct u8c_report *r);

/* The level reported for the whole run: INFO reads as pass. */
const char *u8c_report_verdict_name(const struct u8c_report *r);

/* A family's placement as reports name it ("guard after"): the one
 * string each, which merged reports compare by address. */
const char *u8c_report_placement_name(enum u8c_placement p);

#endif /* U8C_REPORT_H */
