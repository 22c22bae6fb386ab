/* embed.c — `kiln compile/build --embed PATH[=MOUNT]`: files carried inside
 * the compiled program.
 *
 * Each PATH (a file, or a folder walked recursively, names sorted) becomes
 * one `.incbin` in an assembly file the driver assembles beside the
 * generated C: 64-byte aligned, in a read-only section (on x86-64 the large
 * `.lrodata`, which the linker puts after everything else, so gigabytes of
 * weights never push code and data beyond 32-bit reach of each other). The
 * loader maps it from the program's file like any code page: nothing is
 * copied at start-up, pages come in when first touched. The generated C
 * gets a table of (path, first byte, end) and a constructor that hands it to
 * the runtime (runtime/embed.c), where open(), os.path, os.listdir,
 * Tokenizer.from_file and safetensors' load_file find the files at MOUNT
 * (by default PATH as written) before the file system. The first folder is
 * also the default of KILN_MODEL_DIR.
 */
#include "kilnc.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void add_file(EmbedList *l, const char *src, const char *mount, long long size) {
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 16;
    l->src = realloc(l->src, sizeof *l->src * (size_t)l->cap);
    l->mount = realloc(l->mount, sizeof *l->mount * (size_t)l->cap);
    l->size = realloc(l->size, sizeof *l->size * (size_t)l->cap);
    if (!l->src || !l->mount || !l->size) {
      fprintf(stderr, "kiln: out of memory\n");
      exit(1);
    }
  }
  l->src[l->n] = strdup(src);
  l->mount[l->n] = strdup(mount);
  l->size[l->n++] = size;
  l->total += size;
}

static int cmp_names(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Add src (a file or a folder's files) at mount; false after an error. */
static bool walk(EmbedList *l, const char *src, const char *mount) {
  struct stat st;
  if (stat(src, &st) != 0) {
    fprintf(stderr, "kiln: --embed %s: %s\n", src, strerror(errno));
    return false;
  }
  if (S_ISREG(st.st_mode)) {
    add_file(l, src, mount, (long long)st.st_size);
    return true;
  }
  if (!S_ISDIR(st.st_mode)) {
    fprintf(stderr, "kiln: --embed %s: not a file or a folder\n", src);
    return false;
  }
  DIR *d = opendir(src);
  if (!d) {
    fprintf(stderr, "kiln: --embed %s: %s\n", src, strerror(errno));
    return false;
  }
  char **names = NULL;
  int n = 0, cap = 0;
  for (struct dirent *de; (de = readdir(d));) {
    if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
      continue;
    if (n == cap) {
      cap = cap ? 2 * cap : 16;
      names = realloc(names, sizeof *names * (size_t)cap);
      if (!names) {
        fprintf(stderr, "kiln: out of memory\n");
        exit(1);
      }
    }
    names[n++] = strdup(de->d_name);
  }
  closedir(d);
  qsort(names, (size_t)n, sizeof *names, cmp_names);
  bool ok = true;
  for (int i = 0; i < n; i++) {
    Buf s = {0}, m = {0};
    buf_printf(&s, "%s/%s", src, names[i]);
    buf_putc(&s, 0);
    buf_printf(&m, "%s/%s", mount, names[i]);
    buf_putc(&m, 0);
    ok = ok && walk(l, s.data, m.data);
    buf_free(&s);
    buf_free(&m);
    free(names[i]);
  }
  free(names);
  return ok;
}

bool embed_add(EmbedList *l, const char *arg) {
  const char *eq = strchr(arg, '=');
  Buf src = {0};
  buf_printf(&src, "%.*s", (int)(eq ? eq - arg : (long)strlen(arg)), arg);
  buf_putc(&src, 0);
  /* "dir/" mounts at "dir": the trailing slashes are not part of a name */
  while (src.len > 2 && src.data[src.len - 2] == '/')
    src.data[--src.len - 1] = 0;
  const char *mount = eq ? eq + 1 : src.data;
  if (!src.data[0] || !*mount) {
    fprintf(stderr, "kiln: --embed wants PATH or PATH=MOUNT (got '%s')\n", arg);
    buf_free(&src);
    return false;
  }
  struct stat st;
  bool folder = stat(src.data, &st) == 0 && S_ISDIR(st.st_mode);
  bool ok = walk(l, src.data, mount);
  if (ok && folder && !l->model_dir)
    l->model_dir = strdup(mount);
  buf_free(&src);
  return ok;
}

/* A C or assembler string literal of s. */
static void put_string(Buf *b, const char *s) {
  buf_putc(b, '"');
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      buf_printf(b, "\\%c", c);
    else if (c < 0x20 || c >= 0x7f)
      buf_printf(b, "\\%03o", c);
    else
      buf_putc(b, (char)c);
  }
  buf_putc(b, '"');
}

void embed_asm(Buf *b, const EmbedList *l, const Target *t) {
  bool x86 = !strncmp(t->triple, "x86_64", 6);
  buf_printf(b, "/* files embedded by kiln --embed (compiler/embed.c) */\n");
  buf_printf(b, "\t.section %s\n", x86 ? ".lrodata.kiln_embed,\"al\",@progbits"
                                       : ".rodata.kiln_embed,\"a\",@progbits");
  for (int i = 0; i < l->n; i++) {
    buf_printf(b, "\t.balign 64\n\t.globl kr_embed_data_%d\n\t.hidden kr_embed_data_%d\n"
                  "kr_embed_data_%d:\n\t.incbin ", i, i, i);
    put_string(b, l->src[i]);
    buf_printf(b, "\n\t.globl kr_embed_end_%d\n\t.hidden kr_embed_end_%d\nkr_embed_end_%d:\n", i, i, i);
  }
  buf_printf(b, "\t.section .note.GNU-stack,\"\",@progbits\n");
}

void embed_table(Buf *c, const EmbedList *l) {
  buf_printf(c, "\n/* files embedded by kiln --embed (compiler/embed.c) */\n");
  for (int i = 0; i < l->n; i++)
    buf_printf(c, "extern const unsigned char kr_embed_data_%d[], kr_embed_end_%d[];\n", i, i);
  buf_printf(c, "static const KrEmbedFile kr_embed_table[] = {\n");
  for (int i = 0; i < l->n; i++) {
    buf_printf(c, "  {");
    put_string(c, l->mount[i]);
    buf_printf(c, ", kr_embed_data_%d, kr_embed_end_%d},\n", i, i);
  }
  buf_printf(c, "};\n__attribute__((constructor)) static void kr_embed_init(void) {\n"
                "  kr_embed_register(kr_embed_table, %d, ", l->n);
  if (l->model_dir)
    put_string(c, l->model_dir);
  else
    buf_printf(c, "0");
  buf_printf(c, ");\n}\n");
}
