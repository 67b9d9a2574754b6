/* SPDX-License-Identifier: MIT */
/*
 * elf_names.h - the names a shared library's dynamic section holds, read
 * from the file with libelf, without loading it: what it defines for
 * others to find, what it leaves undefined, and the libraries it needs.
 *
 * The file is untrusted: libelf bounds every read.
 */
#ifndef U8C_ELF_NAMES_H
#define U8C_ELF_NAMES_H

enum u8c_elf_name {
	/* a symbol dlsym finds in this file itself, whatever its code
	 * does: defined in a section, global or weak, visible, not a
	 * hidden version, not thread-local, and not an indirect function
	 * (whose resolver, target code, decides what dlsym returns) */
	U8C_ELF_DEFINED,
	U8C_ELF_UNDEFINED, /* a symbol it takes from elsewhere         */
	U8C_ELF_NEEDED,    /* a library named by DT_NEEDED             */
};

typedef void u8c_elf_visit(void *arg, const char *name, enum u8c_elf_name kind);

/* u8c_elf_names - @visit(@arg, name, kind) for each such name of the
 * library at @path: 0, or -1 when it cannot be opened or read as ELF
 * (the loader then says what it is). */
int u8c_elf_names(const char *path, u8c_elf_visit *visit, void *arg);

#endif /* U8C_ELF_NAMES_H */
