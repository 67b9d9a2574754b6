# SPDX-License-Identifier: MIT
# cmake -DIN=FILE -DOUT=FILE.c -DNAME=symbol -P embed.cmake: FILE's bytes
# as `const unsigned char NAME[]` (ending in a 0) and `NAME_size`, so a
# page ships inside the executable that writes it.
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" digits)
math(EXPR size "${digits} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE "${OUT}.tmp" "/* made by embed.cmake from ${IN}; do not edit */\n#include <stddef.h>\nextern const unsigned char ${NAME}[];\nextern const size_t ${NAME}_size;\nconst unsigned char ${NAME}[] = {\n${bytes}0x00};\nconst size_t ${NAME}_size = ${size};\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
