# SPDX-License-Identifier: MIT
# exports.cmake - fails unless the shared library LIB defines exactly the
# six functions of version 1 of u8t.h in its dynamic symbol table, and
# with STREAM ON the three streaming functions of version 2 too (NM: nm
# to use).
# Run as: cmake -DNM=<nm> -DLIB=<libu8t-name.so> [-DSTREAM=ON] -P exports.cmake
set(want u8t_abi_version u8t_decode u8t_encode u8t_name u8t_next u8t_validate)
if(STREAM)
  list(APPEND want u8t_stream_decode u8t_stream_init u8t_stream_size)
  list(SORT want)
endif()

execute_process(COMMAND ${NM} -D --defined-only --format=posix ${LIB}
  OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${NM} failed on ${LIB}")
endif()
string(REPLACE "\n" ";" lines "${out}")
set(got "")
foreach(line IN LISTS lines)
  if(line MATCHES "^([^ ]+) ")
    list(APPEND got ${CMAKE_MATCH_1})
  endif()
endforeach()
list(SORT got)
if(NOT got STREQUAL want)
  message(FATAL_ERROR "${LIB} exports: ${got}\nwant exactly: ${want}")
endif()
message(STATUS "${LIB}: exports ${got}")
