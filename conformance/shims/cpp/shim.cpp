// u8t_ exports over a C++ decoder: here the standard library's
// std::mbrtoc32 in a UTF-8 locale.  To test your library, call it in
// the two marked lines.
#include <clocale>
#include <cuchar>
#include <cwchar>

#include <u8t.h>

namespace {
const bool utf8_locale = std::setlocale(LC_CTYPE, "C.UTF-8") != nullptr;
}

// One character from s[0..n): its length, or 1 for an error, whose
// length mbrtoc32 does not say (hence U8T_GUESSED_LENGTHS).
extern "C" size_t u8t_next(const uint8_t *s, size_t n, uint32_t *cp)
{
	std::mbstate_t state{};
	char32_t c = 0;
	size_t len = std::mbrtoc32(&c, reinterpret_cast<const char *>(s), n,
	                           &state); // change: your decoder
	if (!utf8_locale || len == static_cast<size_t>(-1) ||
	    len == static_cast<size_t>(-2)) { // change: its errors
		*cp = U8T_ERROR;
		return 1;
	}
	*cp = c;
	return len == 0 ? 1 : len; // a NUL is one byte
}

extern "C" unsigned u8t_traits(void) { return U8T_GUESSED_LENGTHS; }
