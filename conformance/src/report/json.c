/* SPDX-License-Identifier: MIT */
/*
 * json.c - the report as JSON, built with jansson, which escapes every
 * string and keeps fields in the order they are set.
 */
#include <jansson.h>

#include "fields.h"
#include "report.h"

static void
set(json_t *o, const char *key, json_t *value)
{
	json_object_set_new(o, key, value);
}

static json_t *
string(const char *s)
{
	/* every string is ours or made safe: valid UTF-8 */
	return json_string(s != NULL ? s : "");
}

static json_t *
count(uint64_t n)
{
	return json_integer((json_int_t)n);
}

static json_t *
example(const struct u8c_report_example *e)
{
	json_t *o = json_object();

	set(o, U8C_F_INPUT, string(e->input));
	if (e->nchunks > 0) {
		json_t *chunks = json_array();

		for (size_t k = 0; k < e->nchunks; k++)
			json_array_append_new(chunks, count(e->chunks[k]));
		set(o, U8C_F_CHUNKS, chunks);
	}
	set(o, U8C_F_EXPECTED, string(e->expected));
	set(o, U8C_F_GOT, string(e->got));
	if (e->reproduced >= 0)
		set(o, U8C_F_REPRODUCED, json_boolean(e->reproduced));
	if (e->function != NULL)
		set(o, U8C_F_FUNCTION, string(e->function));
	return o;
}

static json_t *
check(const struct u8c_report_check *c, int expectations)
{
	const struct u8c_check *row = u8c_check(c->check);
	json_t *o = json_object();

	set(o, U8C_F_ID, string(row->id));
	set(o, U8C_F_TITLE, string(row->title));
	set(o, U8C_F_VERDICT, string(u8c_level_names[c->level]));
	set(o, U8C_F_TESTED, count(c->tested));
	set(o, U8C_F_FAILED, count(c->failed));
	set(o, U8C_F_COUNTEREXAMPLE,
	    c->has_example ? example(&c->example) : json_null());
	set(o, U8C_F_DIED, count(c->died));
	if (c->nmore > 0) {
		json_t *all = json_array();

		json_array_append_new(all, example(&c->example));
		for (unsigned k = 0; k < c->nmore; k++)
			json_array_append_new(all, example(&c->more[k]));
		set(o, U8C_F_COUNTEREXAMPLES, all);
	}
	if (c->level > U8C_PASS) {
		json_t *all = json_array();

		for (unsigned k = 0; k < c->ncauses; k++)
			json_array_append_new(all, string(c->causes[k]));
		if (c->any_cause)
			json_array_append_new(all, string("*"));
		set(o, U8C_F_CAUSES, all);
	}
	if (expectations) {
		set(o, U8C_F_EXPECTED_CHECK,
		    json_boolean(c->expected && c->level > U8C_PASS));
		if (c->why != NULL)
			set(o, U8C_F_WHY, string(c->why));
	}
	return o;
}

static json_t *
byte_map(const struct u8c_report_map *m)
{
	json_t *o = json_object(), *legend = json_object();
	json_t *examples = json_object();
	char key[U8C_MAP_KEY], letter[2] = {0, 0};

	set(o, U8C_F_ROWS, count(256));
	set(o, U8C_F_COLUMNS, count(U8C_MAP_COLUMNS));
	set(o, U8C_F_CELLS, string(m->cells));
	for (int d = 0; d < U8C_DEPARTURES; d++) {
		letter[0] = u8c_departures[d].letter;
		set(legend, letter, string(u8c_departures[d].title));
	}
	set(o, U8C_F_LEGEND, legend);
	for (size_t k = 0; k < m->nex; k++) {
		json_t *e = example(&m->ex[k].example);

		json_object_set_new(e, U8C_F_CHECK,
		                    string(u8c_check(m->ex[k].check)->id));
		u8c_report_map_key(key, m->ex[k].cell);
		set(examples, key, e);
	}
	set(o, U8C_F_EXAMPLES, examples);
	return o;
}

/* Functions exported but not judged (--functions). */
static json_t *
set_aside(const struct u8c_report *r)
{
	json_t *a = json_array();

	for (int fn = 0; fn < U8C_FNS; fn++)
		if ((r->exports >> fn & 1u) && !(r->functions >> fn & 1u))
			json_array_append_new(a, string(u8c_fn_names[fn]));
	return a;
}

static json_t *
sanitizers(const struct u8c_report *r)
{
	static const struct {
		unsigned bit;
		const char *name;
	} names[] = {{U8C_SAN_ADDRESS, "address"},
	             {U8C_SAN_UNDEFINED, "undefined"},
	             {U8C_SAN_MEMORY, "memory"}};
	json_t *a = json_array();

	for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
		if (r->sanitizers & names[k].bit)
			json_array_append_new(a, string(names[k].name));
	return a;
}

static json_t *
traits(const struct u8c_report *r)
{
	json_t *a = json_array();

	for (size_t k = 0; k < U8C_TRAITS; k++)
		if (r->traits & u8c_traits[k].bit)
			json_array_append_new(a, string(u8c_traits[k].name));
	return a;
}

static json_t *
expectations(const struct u8c_report *r)
{
	json_t *o = json_object(), *stale = json_array();

	set(o, U8C_F_FILE, string(r->expect_file));
	for (size_t k = 0; k < r->nstale; k++) {
		const struct u8c_expectation *e = r->stale[k];
		json_t *one = json_object();

		set(one, U8C_F_CHECK, string(u8c_check(e->check)->id));
		set(one, U8C_F_INPUT, string(e->text));
		set(one, U8C_F_WHY, string(e->reason));
		set(one, U8C_F_LINE, count(e->line));
		json_array_append_new(stale, one);
	}
	set(o, U8C_F_STALE, stale);
	return o;
}

json_t *
u8c_report_json_document(const struct u8c_report *r)
{
	json_t *o = json_object(), *evidence = json_object();
	json_t *checks = json_array(), *skipped = json_array();
	json_t *functions = json_array();

	set(o, U8C_F_TARGET, string(r->target));
	set(o, U8C_F_PATH, string(r->path));
	set(o, U8C_F_PROFILE, string(r->profile));
	set(o, U8C_F_VERDICT, string(u8c_report_verdict_name(r)));
	set(o, U8C_F_POLICY, string(r->policy));
	set(o, U8C_F_VARIANT, string(r->variant));
	/* What policy and variant were inferred from, so that the reports
	 * of shards merge exactly. */
	set(evidence, U8C_F_POLICY_RUNS, count(r->policy_runs));
	set(evidence, U8C_F_POLICY_RULED_OUT, count(r->policy_ruled_out));
	set(evidence, U8C_F_VARIANT_TESTED, count(r->variant_tested));
	set(evidence, U8C_F_VARIANT_RULED_OUT, count(r->variant_ruled_out));
	set(o, U8C_F_EVIDENCE, evidence);
	for (int c = 0; c < U8C_CHECKS; c++) {
		if (r->checks[c].ran)
			json_array_append_new(
			    checks,
			    check(&r->checks[c], r->expect_file != NULL));
		if (r->checks[c].skipped)
			json_array_append_new(
			    skipped,
			    string(u8c_check((enum u8c_check_id)c)->id));
	}
	set(o, U8C_F_CHECKS, checks);
	set(o, U8C_F_COMPLETE, json_boolean(r->complete));
	if (!r->complete)
		set(o, U8C_F_STOPPED, string(r->stopped));
	set(o, U8C_F_SKIPPED, skipped);
	for (int fn = 0; fn < U8C_FNS; fn++)
		if (r->functions >> fn & 1u)
			json_array_append_new(functions,
			                      string(u8c_fn_names[fn]));
	set(o, U8C_F_FUNCTIONS, functions);
	set(o, U8C_F_SET_ASIDE, set_aside(r));
	set(o, U8C_F_TRAITS, traits(r));
	set(o, U8C_F_UNEXPECTED,
	    string(u8c_level_names[r->unexpected == U8C_INFO ? U8C_PASS
	                                                     : r->unexpected]));
	if (r->expect_file != NULL)
		set(o, U8C_F_EXPECTATIONS, expectations(r));
	if (r->shard > 0) {
		json_t *shard = json_object();

		set(shard, U8C_F_INDEX, count(r->shard));
		set(shard, U8C_F_OF, count(r->shards));
		set(o, U8C_F_SHARD, shard);
	}
	if (r->nfamilies > 0) {
		json_t *families = json_array();

		for (size_t k = 0; k < r->nfamilies; k++) {
			json_t *f = json_object();

			set(f, U8C_F_NAME, string(r->families[k].name));
			set(f, U8C_F_PLACEMENT,
			    string(r->families[k].placement));
			set(f, U8C_F_INPUTS, count(r->families[k].inputs));
			set(f, U8C_F_JUDGED, count(r->families[k].judged));
			json_array_append_new(families, f);
		}
		set(o, U8C_F_FAMILIES, families);
	}
	if (r->namespaced >= 0) {
		set(o, U8C_F_JAIL,
		    string(r->namespaced ? "pid namespace" : "process group"));
		set(o, U8C_F_PRIVATE_PROC, json_boolean(r->private_proc));
		set(o, U8C_F_LOADED,
		    string(r->per_worker ? "in each worker" : "once"));
		set(o, U8C_F_THREADS, count(r->threads));
		set(o, U8C_F_SANITIZERS, sanitizers(r));
		set(o, U8C_F_EXEC, json_boolean(r->exec));
	}
	if (r->map != NULL)
		set(o, U8C_F_BYTE_MAP, byte_map(r->map));
	return o;
}

int
u8c_report_json(FILE *out, const struct u8c_report *r)
{
	json_t *doc = u8c_report_json_document(r);
	int rc = json_dumpf(doc, out, JSON_INDENT(2));

	json_decref(doc);
	if (rc == 0 && fputc('\n', out) == EOF)
		rc = -1;
	return rc;
}
