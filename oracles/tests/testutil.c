/* SPDX-License-Identifier: MIT */
/*
 * testutil.c - helpers of check_oracles: loading an oracle, hex for
 * messages, and the table-driven checks every oracle's suite runs.
 *
 * The list of oracles comes from oracle_list.h, which CMake generates
 * with the path of every libu8t-<name>.so this build made.
 */
#define _POSIX_C_SOURCE 200809L

#include <check.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "u8ref.h"

static const struct {
	const char *name;
	const char *path;
	int streams;
} built[] = {
#define U8O_ORACLE(name, path, streams) {name, path, streams},
#include "oracle_list.h"
#undef U8O_ORACLE
};

size_t
u8o_oracle_count(void)
{
	return U8O_COUNT(built);
}

const char *
u8o_oracle_name(size_t i)
{
	return i < U8O_COUNT(built) ? built[i].name : NULL;
}

int
u8o_oracle_built(const char *name)
{
	size_t i;

	for (i = 0; i < U8O_COUNT(built); i++)
		if (strcmp(built[i].name, name) == 0)
			return 1;
	return 0;
}

int
u8o_oracle_streams(const char *name)
{
	size_t i;

	for (i = 0; i < U8O_COUNT(built); i++)
		if (strcmp(built[i].name, name) == 0)
			return built[i].streams;
	return 0;
}

size_t
u8o_stream_oracle_count(void)
{
	size_t i, k = 0;

	for (i = 0; i < U8O_COUNT(built); i++)
		k += built[i].streams != 0;
	return k;
}

const char *
u8o_stream_oracle_name(size_t i)
{
	size_t j;

	for (j = 0; j < U8O_COUNT(built); j++)
		if (built[j].streams && i-- == 0)
			return built[j].name;
	return NULL;
}

/* dlsym returns a void *; ISO C has no conversion from it to a function
 * pointer, POSIX guarantees the representation, so copy the bytes. */
static void
lookup(void *dl, const char *symbol, void *fn, size_t size)
{
	void *p = dlsym(dl, symbol);

	memcpy(fn, &p, size);
}

struct u8o_oracle
u8o_load(const char *name)
{
	struct u8o_oracle o;
	size_t i;

	memset(&o, 0, sizeof o);
	o.name = name;
	for (i = 0; i < U8O_COUNT(built); i++)
		if (strcmp(built[i].name, name) == 0)
			o.path = built[i].path;
	ck_assert_msg(o.path != NULL, "oracle %s: not built", name);
	o.dl = dlopen(o.path, RTLD_NOW | RTLD_LOCAL);
	ck_assert_msg(o.dl != NULL, "oracle %s: %s", name, dlerror());
	lookup(o.dl, "u8t_abi_version", &o.abi_version, sizeof o.abi_version);
	lookup(o.dl, "u8t_name", &o.name_fn, sizeof o.name_fn);
	lookup(o.dl, "u8t_decode", &o.decode, sizeof o.decode);
	lookup(o.dl, "u8t_validate", &o.validate, sizeof o.validate);
	lookup(o.dl, "u8t_next", &o.next, sizeof o.next);
	lookup(o.dl, "u8t_encode", &o.encode, sizeof o.encode);
	lookup(o.dl, "u8t_stream_size", &o.stream_size, sizeof o.stream_size);
	lookup(o.dl, "u8t_stream_init", &o.stream_init, sizeof o.stream_init);
	lookup(o.dl, "u8t_stream_decode", &o.stream_decode,
	       sizeof o.stream_decode);
	o.title = o.name_fn != NULL ? o.name_fn() : name;
	if (o.title == NULL)
		o.title = name;
	return o;
}

void
u8o_unload(struct u8o_oracle *o)
{
	if (o->dl != NULL)
		dlclose(o->dl);
	o->dl = NULL;
}

struct u8o_hex
u8o_hex(const uint8_t *s, size_t n)
{
	static const char digits[] = "0123456789ABCDEF";
	struct u8o_hex h;
	size_t i, k = 0;

	for (i = 0; i < n && i < U8O_HEX_MAX; i++) {
		if (i > 0)
			h.text[k++] = ' ';
		h.text[k++] = digits[s[i] >> 4];
		h.text[k++] = digits[s[i] & 15];
	}
	if (n > U8O_HEX_MAX)
		k += (size_t)snprintf(h.text + k, sizeof h.text - k, " ...");
	if (n == 0)
		k += (size_t)snprintf(h.text, sizeof h.text, "<empty>");
	h.text[k] = '\0';
	return h;
}

struct u8o_values
u8o_values(const uint32_t *v, size_t n)
{
	struct u8o_values t;
	size_t i, k = 0;

	t.text[0] = '\0';
	for (i = 0; i < n && i < U8O_VALUES_MAX; i++)
		k += (size_t)snprintf(t.text + k, sizeof t.text - k, "%s%04X",
		                      i > 0 ? " " : "", (unsigned)v[i]);
	if (n > U8O_VALUES_MAX)
		snprintf(t.text + k, sizeof t.text - k, " ...");
	if (n == 0)
		snprintf(t.text, sizeof t.text, "<none>");
	return t;
}

uint8_t *
u8o_exact_copy(const uint8_t *s, size_t n)
{
	uint8_t *p = malloc(n > 0 ? n : 1);

	U8O_REQUIRE(p != NULL, "out of memory"); /* called in loops */
	if (n > 0)
		memcpy(p, s, n);
	return p;
}

void
u8o_check_case(const char *oracle, const struct u8o_case *c)
{
	struct u8o_oracle o = u8o_load(oracle);
	struct u8o_hex hex = u8o_hex(c->in, c->n);
	uint8_t *s = u8o_exact_copy(c->in, c->n);
	uint32_t *out = malloc(c->n * sizeof *out);
	size_t k, err = (size_t)-1, len;
	uint32_t cp = 0;
	int valid;

	ck_assert_ptr_nonnull(out);
	ck_assert_msg(o.decode && o.validate && o.next,
	              "%s: does not export decode, validate and next", o.title);

	k = o.decode(s, c->n, out, c->n);
	ck_assert_msg(k == c->nout && memcmp(out, c->out, k * 4) == 0,
	              "%s, %s (%s): u8t_decode gives %s, want %s", o.title,
	              c->what, hex.text,
	              u8o_values(out, k < c->n ? k : c->n).text,
	              u8o_values(c->out, c->nout).text);

	valid = o.validate(s, c->n, &err);
	if (c->valid)
		ck_assert_msg(valid == 1 && err == (size_t)-1,
		              "%s, %s (%s): u8t_validate gives %d (err %zd), "
		              "want 1, err untouched",
		              o.title, c->what, hex.text, valid,
		              (ptrdiff_t)err);
	else
		ck_assert_msg(valid == 0 && err == c->err,
		              "%s, %s (%s): u8t_validate gives %d at %zd, "
		              "want 0 at %zu",
		              o.title, c->what, hex.text, valid, (ptrdiff_t)err,
		              c->err);

	len = o.next(s, c->n, &cp);
	ck_assert_msg(cp == c->cp && len == c->len,
	              "%s, %s (%s): u8t_next gives %04X after %zu bytes, "
	              "want %04X after %zu",
	              o.title, c->what, hex.text, (unsigned)cp, len,
	              (unsigned)c->cp, c->len);

	free(out);
	free(s);
	u8o_unload(&o);
}

void
u8o_check_encoding(const char *oracle, const struct u8o_encoding *e)
{
	struct u8o_oracle o = u8o_load(oracle);
	uint8_t out[8];
	size_t n, i;

	ck_assert_msg(o.encode != NULL, "%s: does not export u8t_encode",
	              o.title);
	memset(out, 0xAA, sizeof out);
	n = o.encode(e->cp, out);
	ck_assert_msg(n == e->n && memcmp(out, e->out, n) == 0,
	              "%s, U+%04X: u8t_encode gives %zu bytes (%s), want "
	              "%zu (%s)",
	              o.title, (unsigned)e->cp, n,
	              u8o_hex(out, n <= 8 ? n : 8).text, e->n,
	              u8o_hex(e->out, e->n).text);
	for (i = n; i < sizeof out; i++)
		ck_assert_msg(out[i] == 0xAA,
		              "%s, U+%04X: u8t_encode reports %zu bytes but "
		              "writes out[%zu]",
		              o.title, (unsigned)e->cp, n, i);
	u8o_unload(&o);
}

/* u8t_validate gives u8ref's verdict and offset on s[0..n). */
static void
require_validate_like_u8ref(const struct u8o_oracle *o, const uint8_t *s,
                            size_t n)
{
	struct u8ref_validation v = u8ref_validate(NULL, s, n);
	size_t err = (size_t)-1;
	int valid = o->validate(s, n, &err);

	U8O_REQUIRE(v.status == U8REF_OK ? valid == 1 && err == (size_t)-1
	                                 : valid == 0 && err == v.offset,
	            "%s, %s: u8t_validate gives %d at %zd, u8ref %s at %zu",
	            o->title, u8o_hex(s, n).text, valid, (ptrdiff_t)err,
	            u8ref_status_name(v.status), v.offset);
}

void
u8o_require_like_u8ref(const struct u8o_oracle *o, const uint8_t *s, size_t n)
{
	uint32_t got[U8O_SWEEP_MAX], want[U8O_SWEEP_MAX], cp;
	size_t k, nwant, len;
	struct u8ref_result r = u8ref_decode_one(NULL, s, n);
	uint32_t rcp = r.status == U8REF_OK ? r.cp : U8T_ERROR;

	nwant = u8ref_decode_all(NULL, s, n, want, U8O_SWEEP_MAX);
	k = o->decode(s, n, got, n);
	U8O_REQUIRE(k == nwant && memcmp(got, want, k * sizeof *got) == 0,
	            "%s, %s: u8t_decode gives %s, u8ref %s", o->title,
	            u8o_hex(s, n).text, u8o_values(got, k < n ? k : n).text,
	            u8o_values(want, nwant).text);
	require_validate_like_u8ref(o, s, n);
	len = o->next(s, n, &cp);
	U8O_REQUIRE(cp == rcp && len == r.len,
	            "%s, %s: u8t_next gives %04X after %zu bytes, u8ref %04X "
	            "after %zu",
	            o->title, u8o_hex(s, n).text, (unsigned)cp, len,
	            (unsigned)rcp, r.len);
}

void
u8o_sweep_validate_like_u8ref(const char *oracle, uint8_t first)
{
	struct u8o_oracle o = u8o_load(oracle);
	uint8_t s[3] = {first, 0, 0};
	unsigned b, c;

	require_validate_like_u8ref(&o, s, 1);
	for (b = 0; b < 256; b++) {
		s[1] = (uint8_t)b;
		require_validate_like_u8ref(&o, s, 2);
		for (c = 0; c < 256; c++) {
			s[2] = (uint8_t)c;
			require_validate_like_u8ref(&o, s, 3);
		}
	}
	u8o_unload(&o);
}

Suite *
u8o_table_suite(const char *suite, const char *oracle, const TTest *case_test,
                size_t ncases, const TTest *encoding_test, size_t nencodings)
{
	Suite *s = suite_create(suite);
	TCase *tc;

	if (!u8o_oracle_built(oracle))
		return s;
	tc = tcase_create("behaviour");
	tcase_add_loop_test(tc, case_test, 0, (int)ncases);
	tcase_add_loop_test(tc, encoding_test, 0, (int)nencodings);
	suite_add_tcase(s, tc);
	return s;
}
