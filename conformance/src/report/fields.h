/* SPDX-License-Identifier: MIT */
/*
 * fields.h - the names of the JSON report's fields: a contract, spelled
 * once for the writer (json.c) and the reader (merge.c).
 *
 * Fields are only ever added; none is renamed or removed.
 */
#ifndef U8C_FIELDS_H
#define U8C_FIELDS_H

/* top level, in the order they are written */
#define U8C_F_TARGET    "target"
#define U8C_F_PATH      "path"
#define U8C_F_PROFILE   "profile"
#define U8C_F_VERDICT   "verdict"
#define U8C_F_POLICY    "policy"
#define U8C_F_VARIANT   "variant"
#define U8C_F_EVIDENCE  "evidence"
#define U8C_F_CHECKS    "checks"
#define U8C_F_COMPLETE  "complete"  /* added with the sandbox        */
#define U8C_F_STOPPED   "stopped"   /* only when not complete        */
#define U8C_F_SKIPPED   "skipped"   /* ids of checks not judged      */
#define U8C_F_SHARD     "shard"     /* {index, of}, with --shard     */
#define U8C_F_FUNCTIONS "functions" /* the functions judged          */
#define U8C_F_JAIL      "jail"      /* "pid namespace" or "process group" */
#define U8C_F_FAMILIES  "families"  /* the inputs planned and judged */
#define U8C_F_UNEXPECTED                                                       \
	"unexpected"                      /* the verdict of what no            \
	                                    expectation took            */
#define U8C_F_EXPECTATIONS "expectations" /* {file, stale[]}, with --expect */
#define U8C_F_SET_ASIDE    "set_aside" /* exported, not judged (--functions) */
#define U8C_F_TRAITS       "traits"    /* what u8t_traits() declared */
#define U8C_F_PRIVATE_PROC "private_proc"       /* the jail's own /proc */
#define U8C_F_LOADED       "loaded"             /* "once" or "in each worker" */
#define U8C_F_THREADS      "threads_after_load" /* the loader's threads */
#define U8C_F_SANITIZERS   "sanitizers" /* the target's: "address", ... */
#define U8C_F_EXEC         "exec"       /* true: "path" is an --exec command */
#define U8C_F_BYTE_MAP     "byte_map"   /* departures by first two bytes */

/* the byte map */
#define U8C_F_ROWS    "rows"
#define U8C_F_COLUMNS "columns"
#define U8C_F_CELLS   "cells"  /* a letter per cell, row by row    */
#define U8C_F_LEGEND  "legend" /* letter: title                    */
#define U8C_F_EXAMPLES                                                         \
	"examples" /* cell ("ED A0"): its example, with                        \
	              its check                        */

/* a family */
#define U8C_F_NAME      "name"
#define U8C_F_PLACEMENT "placement"
#define U8C_F_INPUTS    "inputs"
#define U8C_F_JUDGED    "judged"

/* evidence */
#define U8C_F_POLICY_RUNS       "policy_runs"
#define U8C_F_POLICY_RULED_OUT  "policy_ruled_out"
#define U8C_F_VARIANT_TESTED    "variant_tested"
#define U8C_F_VARIANT_RULED_OUT "variant_ruled_out"

/* an expectation */
#define U8C_F_FILE  "file"
#define U8C_F_STALE "stale"
#define U8C_F_CHECK "check"
#define U8C_F_LINE  "line"

/* shard */
#define U8C_F_INDEX "index"
#define U8C_F_OF    "of"

/* a check */
#define U8C_F_ID             "id"
#define U8C_F_TITLE          "title"
#define U8C_F_TESTED         "tested"
#define U8C_F_FAILED         "failed"
#define U8C_F_COUNTEREXAMPLE "counterexample"
#define U8C_F_DIED           "died"     /* items whose call died */
#define U8C_F_EXPECTED_CHECK "expected" /* all its failures expected */
#define U8C_F_WHY            "why"      /* the expectation's reason  */
#define U8C_F_CAUSES         "causes"   /* patterns of its failures  */
#define U8C_F_COUNTEREXAMPLES                                                  \
	"counterexamples" /* all kept, the first                               \
	                     the counterexample */

/* a counterexample */
#define U8C_F_INPUT      "input"
#define U8C_F_EXPECTED   "expected"
#define U8C_F_GOT        "got"
#define U8C_F_REPRODUCED "reproduced" /* re-checked in a fresh worker */
#define U8C_F_CHUNKS     "chunks"     /* a stream's chunk lengths     */
#define U8C_F_FUNCTION   "function"   /* a fate's call: "decode"      */

#endif /* U8C_FIELDS_H */
