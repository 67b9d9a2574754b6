// SPDX-License-Identifier: MIT
//
// peer_simdutf.cpp - Debian's libsimdutf, when pkg-config finds one
// (Debian 12 has none): simdutf::validate_utf8, its C++ API.
#include <cstdio>

#include <simdutf.h>

extern "C" {
#include "contestants.h"
}

static int
simdutf_valid(const void *ctx, const uint8_t *s, size_t n)
{
	(void)ctx;
	return simdutf::validate_utf8(reinterpret_cast<const char *>(s), n);
}

static void
simdutf_version(char *buf, size_t cap)
{
	std::snprintf(buf, cap, "simdutf %s validate_utf8 (%s)",
	              SIMDUTF_VERSION,
	              simdutf::get_active_implementation()->name().c_str());
}

extern "C" const struct u8b_peer u8b_peer_simdutf = {"simdutf", simdutf_valid,
                                                     simdutf_version};
