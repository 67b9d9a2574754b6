/* SPDX-License-Identifier: MIT */
/*
 * check_abi.c - every oracle this build made is a u8t target of the
 * version it says.
 *
 * Each oracle has all six functions of version 1 of u8t.h; one that
 * streams has the three streaming functions as well and says version 2,
 * the others have none of them and say 1 (u8t.h: all three or none, and
 * only a version 2 target exports them).  That none exports anything
 * else is checked apart, on the dynamic symbol table (exports.cmake, the
 * oracles.exports tests).
 */
#include <check.h>
#include <string.h>

#include "suites.h"
#include "testutil.h"

START_TEST(test_abi_exports_all)
{
	struct u8o_oracle o = u8o_load(u8o_oracle_name((size_t)_i));
	int want = u8o_oracle_streams(o.name) ? 2 : 1;
	const char *name;

	ck_assert_msg(o.abi_version != NULL && o.abi_version() == want,
	              "%s: u8t_abi_version missing or not %d", o.name, want);
	ck_assert_msg(o.name_fn != NULL, "%s: no u8t_name", o.name);
	name = o.name_fn();
	ck_assert_msg(name != NULL && name[0] != '\0', "%s: empty u8t_name",
	              o.name);
	ck_assert_msg(o.decode != NULL, "%s: no u8t_decode", o.name);
	ck_assert_msg(o.validate != NULL, "%s: no u8t_validate", o.name);
	ck_assert_msg(o.next != NULL, "%s: no u8t_next", o.name);
	ck_assert_msg(o.encode != NULL, "%s: no u8t_encode", o.name);
	u8o_unload(&o);
}
END_TEST

/* u8t.h: the streaming functions, all three or none, exactly when the
 * oracle is built to stream; and then a version 2 target. */
START_TEST(test_abi_streams_all_or_none)
{
	struct u8o_oracle o = u8o_load(u8o_oracle_name((size_t)_i));
	int found = (o.stream_size != NULL) + (o.stream_init != NULL) +
	            (o.stream_decode != NULL);
	int want = u8o_oracle_streams(o.name) ? 3 : 0;

	ck_assert_msg(found == want,
	              "%s: exports %d of the three streaming functions, want "
	              "%d",
	              o.name, found, want);
	ck_assert_msg(found == 0 || o.abi_version() == 2,
	              "%s: streams, but u8t_abi_version() is %d", o.name,
	              o.abi_version());
	ck_assert_msg(found == 3 || o.abi_version() == 1,
	              "%s: does not stream, but u8t_abi_version() is %d",
	              o.name, o.abi_version());
	u8o_unload(&o);
}
END_TEST

/* u8t.h: s may be NULL when n is 0.  Nothing decodes, all is valid. */
START_TEST(test_abi_empty_input)
{
	struct u8o_oracle o = u8o_load(u8o_oracle_name((size_t)_i));
	uint32_t out[1] = {0x12345678};
	size_t err = (size_t)-1, k;
	int valid;

	k = o.decode(NULL, 0, out, 0);
	ck_assert_msg(k == 0 && out[0] == 0x12345678,
	              "%s, <empty>: u8t_decode gives %zu values", o.title, k);
	valid = o.validate(NULL, 0, &err);
	ck_assert_msg(valid == 1 && err == (size_t)-1,
	              "%s, <empty>: u8t_validate gives %d (err %zd)", o.title,
	              valid, (ptrdiff_t)err);
	u8o_unload(&o);
}
END_TEST

/* u8t.h: err may be NULL. */
START_TEST(test_abi_validate_without_err)
{
	static const uint8_t bad[] = {0x61, 0xC0, 0x80};
	struct u8o_oracle o = u8o_load(u8o_oracle_name((size_t)_i));
	int valid = o.validate(bad, sizeof bad, NULL);

	ck_assert_msg(valid == 0, "%s, %s: u8t_validate gives %d", o.title,
	              u8o_hex(bad, sizeof bad).text, valid);
	u8o_unload(&o);
}
END_TEST

/* The name says which library (and version) answered. */
START_TEST(test_abi_names_its_library)
{
	static const struct {
		const char *oracle;
		const char *prefix;
	} names[] = {
	    {"ref", "u8ref "},           {"icu", "ICU "},
	    {"glibc-mbrtowc", "glibc "}, {"glibc-iconv", "glibc "},
	    {"glib", "GLib "},           {"unistring", "libunistring "},
	    {"utf8proc", "utf8proc "},
	};
	const char *oracle = u8o_oracle_name((size_t)_i);
	struct u8o_oracle o = u8o_load(oracle);
	size_t i;

	for (i = 0; i < U8O_COUNT(names); i++)
		if (strcmp(names[i].oracle, oracle) == 0)
			ck_assert_msg(
			    strncmp(o.title, names[i].prefix,
			            strlen(names[i].prefix)) == 0 &&
			        strlen(o.title) > strlen(names[i].prefix),
			    "%s: u8t_name is \"%s\", want \"%s<version>\"",
			    oracle, o.title, names[i].prefix);
	u8o_unload(&o);
}
END_TEST

Suite *
abi_suite(void)
{
	Suite *s = suite_create("abi");
	TCase *tc = tcase_create("abi");
	int n = (int)u8o_oracle_count();

	tcase_add_loop_test(tc, test_abi_exports_all, 0, n);
	tcase_add_loop_test(tc, test_abi_streams_all_or_none, 0, n);
	tcase_add_loop_test(tc, test_abi_empty_input, 0, n);
	tcase_add_loop_test(tc, test_abi_validate_without_err, 0, n);
	tcase_add_loop_test(tc, test_abi_names_its_library, 0, n);
	suite_add_tcase(s, tc);
	return s;
}
