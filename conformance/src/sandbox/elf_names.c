/* SPDX-License-Identifier: MIT */
/*
 * elf_names.c - the names of a library's dynamic section (elf_names.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include "elf_names.h"

/* The section of type @type, and its data; NULL when there is none. */
static Elf_Data *
section(Elf *e, GElf_Word type, GElf_Shdr *sh)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(e, scn)) != NULL)
		if (gelf_getshdr(scn, sh) != NULL && sh->sh_type == type &&
		    sh->sh_entsize != 0)
			return elf_getdata(scn, NULL);
	return NULL;
}

/* Whether dynamic symbol @sym (the @i-th) is one dlsym finds here. */
static int
found_here(const GElf_Sym *sym, Elf_Data *versions, size_t i)
{
	GElf_Versym v;
	unsigned bind = GELF_ST_BIND(sym->st_info),
	         vis = GELF_ST_VISIBILITY(sym->st_other);

	/* an absolute symbol may be 0, which dlsym cannot tell from none */
	return sym->st_shndx != SHN_UNDEF && sym->st_shndx != SHN_ABS &&
	       GELF_ST_TYPE(sym->st_info) != STT_GNU_IFUNC &&
	       GELF_ST_TYPE(sym->st_info) != STT_TLS &&
	       (bind == STB_GLOBAL || bind == STB_WEAK ||
	        bind == STB_GNU_UNIQUE) &&
	       (vis == STV_DEFAULT || vis == STV_PROTECTED) &&
	       !(versions != NULL &&
	         gelf_getversym(versions, (int)i, &v) != NULL &&
	         (v & 0x8000) != 0); /* VERSYM_HIDDEN: not the default */
}

static void
symbols(Elf *e, u8c_elf_visit *visit, void *arg)
{
	GElf_Shdr sh, vsh;
	Elf_Data *d = section(e, SHT_DYNSYM, &sh),
	         *versions = section(e, SHT_GNU_versym, &vsh);

	for (size_t i = 0; d != NULL && i < sh.sh_size / sh.sh_entsize; i++) {
		GElf_Sym sym;
		const char *name;

		if (gelf_getsym(d, (int)i, &sym) == NULL)
			break;
		if ((name = elf_strptr(e, sh.sh_link, sym.st_name)) == NULL)
			continue;
		if (sym.st_shndx == SHN_UNDEF)
			visit(arg, name, U8C_ELF_UNDEFINED);
		else if (found_here(&sym, versions, i))
			visit(arg, name, U8C_ELF_DEFINED);
	}
}

static void
needed(Elf *e, u8c_elf_visit *visit, void *arg)
{
	GElf_Shdr sh;
	Elf_Data *d = section(e, SHT_DYNAMIC, &sh);

	for (size_t i = 0; d != NULL && i < sh.sh_size / sh.sh_entsize; i++) {
		GElf_Dyn dyn;
		const char *name;

		if (gelf_getdyn(d, (int)i, &dyn) == NULL)
			break;
		if (dyn.d_tag == DT_NEEDED &&
		    (name = elf_strptr(e, sh.sh_link, dyn.d_un.d_val)) != NULL)
			visit(arg, name, U8C_ELF_NEEDED);
	}
}

int
u8c_elf_names(const char *path, u8c_elf_visit *visit, void *arg)
{
	int fd, rc = -1;
	Elf *e;

	if (elf_version(EV_CURRENT) == EV_NONE ||
	    (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (e != NULL && elf_kind(e) == ELF_K_ELF) {
		symbols(e, visit, arg);
		needed(e, visit, arg);
		rc = 0;
	}
	if (e != NULL)
		elf_end(e);
	close(fd);
	return rc;
}
