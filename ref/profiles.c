/* SPDX-License-Identifier: MIT */
/*
 * profiles.c - the historical variants of UTF-8, each a table for the walk.
 *
 * Every profile is a table in the shape of Table 3-7, transcribed from
 * the document named in its .source, and run by the same engine as the
 * default.  Two things no row can say are named instead of hidden: a
 * row whose six bytes are a surrogate pair (U8REF_FORM_SURROGATE_PAIR),
 * and WTF-8's ban on a lead surrogate followed by a trail surrogate
 * (U8REF_PAIRING_NO_SURROGATE_PAIR).  Seed documents are cited by their
 * file names in shared/seeds.
 */
#include <string.h>

#include "u8ref.h"

/*
 * Table 3.1B "Legal UTF-8 Byte Sequences" of the UTC proposal of
 * 2000-11-12 (seed 004), Unicode 3.1: E1..EF share one row, so the
 * three-byte forms of the surrogate code points D800..DFFF still decode
 * (D36 calls a pair of them "irregular", not illegal).
 */
/* clang-format off */
static const struct u8ref_row table_3_1b[] = {
/*	  code points           len  first         second        third         fourth       */
	{ 0x000000, 0x00007F, 1, { { 0x00, 0x7F }                                           } },
	{ 0x000080, 0x0007FF, 2, { { 0xC2, 0xDF }, { 0x80, 0xBF }                             } },
	{ 0x000800, 0x000FFF, 3, { { 0xE0, 0xE0 }, { 0xA0, 0xBF }, { 0x80, 0xBF }               } },
	{ 0x001000, 0x00FFFF, 3, { { 0xE1, 0xEF }, { 0x80, 0xBF }, { 0x80, 0xBF }               } },
	{ 0x010000, 0x03FFFF, 4, { { 0xF0, 0xF0 }, { 0x90, 0xBF }, { 0x80, 0xBF }, { 0x80, 0xBF } } },
	{ 0x040000, 0x0FFFFF, 4, { { 0xF1, 0xF3 }, { 0x80, 0xBF }, { 0x80, 0xBF }, { 0x80, 0xBF } } },
	{ 0x100000, 0x10FFFF, 4, { { 0xF4, 0xF4 }, { 0x80, 0x8F }, { 0x80, 0xBF }, { 0x80, 0xBF } } },
};

/*
 * draft-yergeau-utf8-rev-00, April 1997, which became RFC 2279 (seed
 * 002), section 2: one to six octets for UCS-4 values up to 7FFFFFFF,
 * the octets FE and FF never appear.  "Determine the number of octets
 * required from the character value" makes only the shortest form
 * legal; the second column of each row excludes the overlong forms.
 */
static const struct u8ref_row table_rfc2279[] = {
/*	  code points               len  first         second        third         fourth        fifth         sixth        */
	{ 0x00000000, 0x0000007F, 1, { { 0x00, 0x7F }                                                                       } },
	{ 0x00000080, 0x000007FF, 2, { { 0xC2, 0xDF }, { 0x80, 0xBF }                                                         } },
	{ 0x00000800, 0x00000FFF, 3, { { 0xE0, 0xE0 }, { 0xA0, 0xBF }, { 0x80, 0xBF }                                           } },
	{ 0x00001000, 0x0000FFFF, 3, { { 0xE1, 0xEF }, { 0x80, 0xBF }, { 0x80, 0xBF }                                           } },
	{ 0x00010000, 0x0003FFFF, 4, { { 0xF0, 0xF0 }, { 0x90, 0xBF }, { 0x80, 0xBF }, { 0x80, 0xBF }                             } },
	{ 0x00040000, 0x001FFFFF, 4, { { 0xF1, 0xF7 }, { 0x80, 0xBF }, { 0x80, 0xBF }, { 0x80, 0xBF }                             } },
	{ 0x00200000, 0x00FFFFFF, 5, { { 0xF8, 0xF8 }, { 0x88, 0xBF }, { 0x80, 0xBF }, { 0x80, 0xBF }, { 0x80, 0xBF }               } },
	{ 0x01000000, 0x03FFFFFF, 5, { { 0xF9, 0xFB }, { 0x80, 0xBF }, { 0x80, 0xBF }, { 0x80, 0xBF }, { 0x80, 0xBF }               } },
	{ 0x04000000, 0x3FFFFFFF, 6, { { 0xFC, 0xFC }, { 0x84, 0xBF }, { 0x80, 0xBF }, { 0x80, 0xBF }, { 0x80, 0xBF }, { 0x80, 0xBF } } },
	{ 0x40000000, 0x7FFFFFFF, 6, { { 0xFD, 0xFD }, { 0x80, 0xBF }, { 0x80, 0xBF }, { 0x80, 0xBF }, { 0x80, 0xBF }, { 0x80, 0xBF } } },
};

/*
 * CESU-8, Unicode Technical Report #26, section 2: the BMP as in Table
 * 3-7, and each supplementary character as its UTF-16 surrogate pair,
 * each surrogate in three bytes.  No four-byte forms; a lone surrogate
 * is ill-formed, since CESU-8 encodes well-formed UTF-16 only.
 */
static const struct u8ref_row table_cesu8[] = {
/*	  code points           len  first         second        third         fourth        fifth         sixth        */
	{ 0x000000, 0x00007F, 1, { { 0x00, 0x7F }                                                                       } },
	{ 0x000080, 0x0007FF, 2, { { 0xC2, 0xDF }, { 0x80, 0xBF }                                                         } },
	{ 0x000800, 0x000FFF, 3, { { 0xE0, 0xE0 }, { 0xA0, 0xBF }, { 0x80, 0xBF }                                           } },
	{ 0x001000, 0x00CFFF, 3, { { 0xE1, 0xEC }, { 0x80, 0xBF }, { 0x80, 0xBF }                                           } },
	{ 0x00D000, 0x00D7FF, 3, { { 0xED, 0xED }, { 0x80, 0x9F }, { 0x80, 0xBF }                                           } },
	{ 0x00E000, 0x00FFFF, 3, { { 0xEE, 0xEF }, { 0x80, 0xBF }, { 0x80, 0xBF }                                           } },
	{ 0x010000, 0x10FFFF, 6, { { 0xED, 0xED }, { 0xA0, 0xAF }, { 0x80, 0xBF }, { 0xED, 0xED }, { 0xB0, 0xBF }, { 0x80, 0xBF } },
	  U8REF_FORM_SURROGATE_PAIR },
};

/*
 * Modified UTF-8, The Java Virtual Machine Specification, section 4.4.7
 * (also java.io.DataInput): CESU-8, except that U+0000 is spelled C0 80
 * so that "no byte may have the value (byte)0".
 */
static const struct u8ref_row table_mutf8[] = {
/*	  code points           len  first         second        third         fourth        fifth         sixth        */
	{ 0x000001, 0x00007F, 1, { { 0x01, 0x7F }                                                                       } },
	{ 0x000000, 0x000000, 2, { { 0xC0, 0xC0 }, { 0x80, 0x80 }                                                         } },
	{ 0x000080, 0x0007FF, 2, { { 0xC2, 0xDF }, { 0x80, 0xBF }                                                         } },
	{ 0x000800, 0x000FFF, 3, { { 0xE0, 0xE0 }, { 0xA0, 0xBF }, { 0x80, 0xBF }                                           } },
	{ 0x001000, 0x00CFFF, 3, { { 0xE1, 0xEC }, { 0x80, 0xBF }, { 0x80, 0xBF }                                           } },
	{ 0x00D000, 0x00D7FF, 3, { { 0xED, 0xED }, { 0x80, 0x9F }, { 0x80, 0xBF }                                           } },
	{ 0x00E000, 0x00FFFF, 3, { { 0xEE, 0xEF }, { 0x80, 0xBF }, { 0x80, 0xBF }                                           } },
	{ 0x010000, 0x10FFFF, 6, { { 0xED, 0xED }, { 0xA0, 0xAF }, { 0x80, 0xBF }, { 0xED, 0xED }, { 0xB0, 0xBF }, { 0x80, 0xBF } },
	  U8REF_FORM_SURROGATE_PAIR },
};

/*
 * WTF-8, "The WTF-8 encoding" (S. Sapin), sections "Generalized UTF-8"
 * and "WTF-8": Table 3-7 plus the three-byte forms of the surrogate code
 * points, any of which may stand alone; a lead surrogate followed by a
 * trail surrogate is ill-formed (the pairing rule), because that pair
 * has a four-byte spelling.
 */
static const struct u8ref_row table_wtf8[] = {
/*	  code points           len  first         second        third         fourth       */
	{ 0x000000, 0x00007F, 1, { { 0x00, 0x7F }                                           } },
	{ 0x000080, 0x0007FF, 2, { { 0xC2, 0xDF }, { 0x80, 0xBF }                             } },
	{ 0x000800, 0x000FFF, 3, { { 0xE0, 0xE0 }, { 0xA0, 0xBF }, { 0x80, 0xBF }               } },
	{ 0x001000, 0x00CFFF, 3, { { 0xE1, 0xEC }, { 0x80, 0xBF }, { 0x80, 0xBF }               } },
	{ 0x00D000, 0x00D7FF, 3, { { 0xED, 0xED }, { 0x80, 0x9F }, { 0x80, 0xBF }               } },
	{ 0x00D800, 0x00DFFF, 3, { { 0xED, 0xED }, { 0xA0, 0xBF }, { 0x80, 0xBF }               } },
	{ 0x00E000, 0x00FFFF, 3, { { 0xEE, 0xEF }, { 0x80, 0xBF }, { 0x80, 0xBF }               } },
	{ 0x010000, 0x03FFFF, 4, { { 0xF0, 0xF0 }, { 0x90, 0xBF }, { 0x80, 0xBF }, { 0x80, 0xBF } } },
	{ 0x040000, 0x0FFFFF, 4, { { 0xF1, 0xF3 }, { 0x80, 0xBF }, { 0x80, 0xBF }, { 0x80, 0xBF } } },
	{ 0x100000, 0x10FFFF, 4, { { 0xF4, 0xF4 }, { 0x80, 0x8F }, { 0x80, 0xBF }, { 0x80, 0xBF } } },
};
/* clang-format on */

#define ROWS(t) (t), (sizeof(t) / sizeof((t)[0]))

static const struct u8ref_profile profiles[] = {
    {"unicode", "The Unicode Standard, Chapter 3, Table 3-7",
     ROWS(u8ref_table_3_7), U8REF_PAIRING_FREE},
    {"unicode-3.1", "UTC proposal 2000-11-12, Table 3.1B (seed 004)",
     ROWS(table_3_1b), U8REF_PAIRING_FREE},
    {"rfc2279", "draft-yergeau-utf8-rev-00 / RFC 2279, section 2 (seed 002)",
     ROWS(table_rfc2279), U8REF_PAIRING_FREE},
    {"cesu8", "Unicode Technical Report #26 (CESU-8)", ROWS(table_cesu8),
     U8REF_PAIRING_FREE},
    {"mutf8", "The Java Virtual Machine Specification, section 4.4.7",
     ROWS(table_mutf8), U8REF_PAIRING_FREE},
    {"wtf8", "The WTF-8 encoding, \"Generalized UTF-8\" and \"WTF-8\"",
     ROWS(table_wtf8), U8REF_PAIRING_NO_SURROGATE_PAIR},
};

const struct u8ref_profile *
u8ref_profile_at(size_t i)
{
	return i < sizeof profiles / sizeof profiles[0] ? &profiles[i] : NULL;
}

const struct u8ref_profile *
u8ref_profile_by_name(const char *name)
{
	const struct u8ref_profile *p;
	size_t i;

	for (i = 0; name != NULL && (p = u8ref_profile_at(i)) != NULL; i++)
		if (strcmp(p->name, name) == 0)
			return p;
	return NULL;
}
