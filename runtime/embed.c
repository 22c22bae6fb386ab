/* embed.c — files compiled into the program (`kiln compile --embed PATH`).
 *
 * The driver assembles each embedded file into the program with `.incbin`
 * (64-byte aligned, in a read-only section the loader maps from the
 * program's own file, so nothing is copied and pages load on first touch)
 * and appends to the generated C a table of (path, first byte, end) that a
 * constructor registers here before any module code runs.
 *
 * Embedded files form a read-only overlay over the file system: a path the
 * table names is that file, and a path some embedded file sits under is a
 * folder. Paths are compared as strings after os.path.normpath's rules
 * (`a//b/./c/../d` is `a/b/d`), never against the current folder, so the
 * files appear at the path they were embedded from (or the mount the
 * command line gave) wherever the program runs. The overlay comes first:
 * a program carries its own model even where a folder of the same name
 * exists. open() for reading, os.path.exists/isfile/isdir/getsize,
 * os.listdir, Tokenizer.from_file and safetensors' load_file consult it;
 * safetensors arrays view the embedded bytes directly.
 *
 * The first embedded folder is also the default of os.environ's
 * KILN_MODEL_DIR (the variable kiln's examples read the model folder from)
 * when the process's environment does not set it. */
#include "core_impl.h"

#include <stdlib.h>
#include <string.h>

static KrEmbedFile *files; /* the table, paths normalised */
static int nfiles;
static const char *model_dir;

static bool norm(const char *path, char *out, size_t cap);

/* Called from a constructor of the generated code, before module code runs;
 * the paths are normalised once here (a path that cannot be is left out). */
void kr_embed_register(const KrEmbedFile *table, int n, const char *default_model_dir) {
  files = malloc(sizeof *files * (size_t)(n > 0 ? n : 1));
  if (!files)
    return;
  char p[4096];
  for (int i = 0; i < n; i++) {
    char *copy = norm(table[i].path, p, sizeof p) ? malloc(strlen(p) + 1) : NULL;
    if (!copy)
      continue;
    strcpy(copy, p);
    files[nfiles] = table[i];
    files[nfiles++].path = copy;
  }
  model_dir = default_model_dir;
}

const char *kr_embed_model_dir(void) { return model_dir; }

/* path normalised as posixpath.normpath does, into out (size cap); false
 * when it does not fit. */
static bool norm(const char *path, char *out, size_t cap) {
  size_t n = 0, starts[512];
  int depth = 0; /* components in out; starts[i]: where the i-th begins */
  bool abs = path[0] == '/';
  if (abs)
    out[n++] = '/';
  for (const char *p = path; *p;) {
    while (*p == '/')
      p++;
    const char *e = p;
    while (*e && *e != '/')
      e++;
    size_t len = (size_t)(e - p);
    bool dotdot = len == 2 && p[0] == '.' && p[1] == '.';
    bool last_dotdot = depth > 0 && n - starts[depth - 1] == 2 && out[n - 1] == '.' && out[n - 2] == '.';
    if (len == 0 || (len == 1 && p[0] == '.')) {
      /* nothing */
    } else if (dotdot && depth > 0 && !last_dotdot) {
      n = starts[--depth];
      if (n > (abs ? 1u : 0u))
        n--; /* the '/' before it */
    } else if (dotdot && abs) {
      /* "/.." is "/" */
    } else {
      if (n + len + 2 > cap || depth == (int)(sizeof starts / sizeof *starts))
        return false;
      if (depth > 0)
        out[n++] = '/';
      starts[depth++] = n;
      memcpy(out + n, p, len);
      n += len;
    }
    p = e;
  }
  if (n == 0)
    out[n++] = '.';
  out[n] = 0;
  return true;
}

const KrEmbedFile *kr_embed_find(const char *path) {
  char p[4096];
  if (!nfiles || !norm(path, p, sizeof p))
    return NULL;
  for (int i = 0; i < nfiles; i++)
    if (!strcmp(files[i].path, p))
      return &files[i];
  return NULL;
}

/* A folder of the overlay: some file's path starts with it and a '/'. */
bool kr_embed_isdir(const char *path) {
  char p[4096];
  if (!nfiles || !norm(path, p, sizeof p))
    return false;
  size_t n = strlen(p);
  for (int i = 0; i < nfiles; i++) {
    const char *f = files[i].path;
    if (!strcmp(p, "/") ? f[0] == '/' : !strncmp(f, p, n) && f[n] == '/')
      return true;
  }
  return false;
}

/* The names directly inside an overlay folder, each once, in table order;
 * NULL when path is not one of its folders. */
KrObj *kr_embed_listdir(const char *path) {
  char p[4096];
  if (!kr_embed_isdir(path) || !norm(path, p, sizeof p))
    return NULL;
  size_t n = !strcmp(p, "/") ? 0 : strlen(p);
  KrObj *list = kr_list_new(KR_OBJ, 0);
  for (int i = 0; list && i < nfiles; i++) {
    const char *f = files[i].path;
    if (n ? strncmp(f, p, n) || f[n] != '/' : f[0] != '/')
      continue;
    const char *name = f + n + 1, *end = strchr(name, '/');
    size_t len = end ? (size_t)(end - name) : strlen(name);
    bool seen = false; /* an earlier file in the same subfolder */
    for (int j = 0; j < i && !seen; j++) {
      const char *g = files[j].path;
      seen = (n ? !strncmp(g, p, n) && g[n] == '/' : g[0] == '/') && !strncmp(g + n + 1, name, len) &&
             (g[n + 1 + len] == '/' || g[n + 1 + len] == 0);
    }
    if (seen)
      continue;
    KrObj *s = kr_str_new(name, (int64_t)len);
    if (!s || kr_list_append(list, (KrVal){.o = s}) < 0) {
      kr_xdecref(s);
      kr_decref(list);
      return NULL;
    }
    kr_decref(s);
  }
  return list;
}
