/* SPDX-License-Identifier: MIT */
/*
 * wrapper.c - a library with no u8t_ function of its own: the ones dlsym
 * finds through it are in the library it needs (CMakeLists.txt).
 */
int u8t_exports_wrapper_marker;
