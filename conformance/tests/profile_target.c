/* SPDX-License-Identifier: MIT */
/*
 * profile_target.c - the reference under one profile, as a target.
 *
 * Built once per profile (U8C_PROFILE names it), so the suite can check
 * that u8conform diagnoses each variant for what it is, and that
 * --profile NAME passes it.
 */
#include "u8ref.h"
#include "u8t.h"

static const struct u8ref_profile *
profile(void)
{
	return u8ref_profile_by_name(U8C_PROFILE);
}

const char *
u8t_name(void)
{
	return "reference, profile " U8C_PROFILE;
}

size_t
u8t_decode(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	size_t count = u8ref_decode_all(profile(), s, n, out, cap);

	return count < cap ? count : cap;
}

int
u8t_validate(const uint8_t *s, size_t n, size_t *err)
{
	struct u8ref_validation v = u8ref_validate(profile(), s, n);

	if (v.status != U8REF_OK && err != NULL)
		*err = v.offset;
	return v.status == U8REF_OK;
}

size_t
u8t_next(const uint8_t *s, size_t n, uint32_t *cp)
{
	struct u8ref_result r = u8ref_decode_one(profile(), s, n);

	*cp = r.status == U8REF_OK ? r.cp : U8T_ERROR;
	return r.len;
}

size_t
u8t_encode(uint32_t cp, uint8_t out[8])
{
	return u8ref_encode(profile(), cp, out);
}
