/* osmod.c — the modules os and os.path (posixpath), as CPython 3.11 gives
 * them on a POSIX system.
 *
 * os.environ is a dict[str, str] made from the environment the first time
 * a program reads it (CPython makes its mapping at startup; a program that
 * only reads it cannot tell the difference); assigning into it changes the
 * dict, not the process's environment. The os.path functions are
 * posixpath.py's string algorithms; '/' and '.' are ASCII, so they work on
 * the UTF-8 bytes directly. Names from the file system and the environment
 * are decoded as UTF-8 with surrogateescape, as CPython decodes them. */
#include "core_impl.h"
#include "platform.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

extern char **environ;

/* A str of bytes from the OS. */
static KrObj *os_str(const char *p, size_t n) {
  KrObj *b = kr_bytes_new(p, (int64_t)n);
  if (!b)
    return NULL;
  KrObj *s = kr_bytes_decode(b, "utf-8", "surrogateescape");
  kr_decref(b);
  return s;
}

/* A str of a piece of s's bytes (cut at ASCII characters). */
static KrObj *piece(KrObj *s, int64_t from, int64_t to) {
  return kr_str_sub(s, kr_str_data(s) + from, to - from);
}

/* The path for a system call; NULL when it holds a NUL (CPython's
 * ValueError("embedded null byte"), raised when raise is set). */
static const char *cpath(KrObj *p, bool raise) {
  const char *d = kr_str_data(p);
  if ((int64_t)strlen(d) != kr_str_bytes(p)) {
    if (raise)
      kr_raise(&kr_ValueError_type, "embedded null byte");
    return NULL;
  }
  return d;
}

/* ---- os */

KrObj *kr_os_environ(void) {
  static KrObj *env;
  if (!env) {
    KrObj *d = kr_dict_new(KR_OBJ, KR_OBJ);
    for (char **e = environ; d && e && *e; e++) {
      const char *eq = strchr(*e, '=');
      if (!eq || eq == *e)
        continue;
      KrObj *k = os_str(*e, (size_t)(eq - *e)), *v = os_str(eq + 1, strlen(eq + 1));
      int rc = k && v ? kr_dict_setitem(d, (KrVal){.o = k}, KR_OBJ, (KrVal){.o = v}) : -1;
      kr_xdecref(k);
      kr_xdecref(v);
      if (rc < 0) {
        kr_decref(d);
        return NULL;
      }
    }
    if (!d)
      return NULL;
    /* a program with an embedded model folder defaults KILN_MODEL_DIR to it */
    const char *md = kr_embed_model_dir();
    if (d && md && !getenv("KILN_MODEL_DIR")) {
      KrObj *k = os_str("KILN_MODEL_DIR", 14), *v = os_str(md, strlen(md));
      int rc = k && v ? kr_dict_setitem(d, (KrVal){.o = k}, KR_OBJ, (KrVal){.o = v}) : -1;
      kr_xdecref(k);
      kr_xdecref(v);
      if (rc < 0) {
        kr_decref(d);
        return NULL;
      }
    }
    kr_obj_immortalize(d);
    env = d;
  }
  return env;
}

KrObj *kr_os_getcwd(void) {
  char buf[4096];
  if (!getcwd(buf, sizeof buf))
    return kr_raise_os(errno, kr_None);
  return os_str(buf, strlen(buf));
}

KrObj *kr_os_listdir(KrObj *path) {
  const char *p = cpath(path, true);
  if (!p)
    return NULL;
  if (kr_embed_isdir(p))
    return kr_embed_listdir(p);
  DIR *dir = opendir(p);
  if (!dir)
    return kr_raise_os(errno, path);
  KrObj *list = kr_list_new(KR_OBJ, 0);
  for (struct dirent *de; list && (de = readdir(dir));) {
    if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
      continue;
    KrObj *name = os_str(de->d_name, strlen(de->d_name));
    if (!name || kr_list_append(list, (KrVal){.o = name}) < 0) {
      kr_xdecref(name);
      kr_decref(list);
      list = NULL;
      break;
    }
    kr_decref(name);
  }
  closedir(dir);
  return list;
}

KrObj *kr_os_listdir_cwd(void) {
  KrObj *dot = kr_str_new_ascii(".", 1);
  KrObj *r = dot ? kr_os_listdir(dot) : NULL;
  kr_xdecref(dot);
  return r;
}

int64_t kr_os_getpid(void) { return (int64_t)getpid(); }

void kr_os_remove(KrObj *path) {
  const char *p = cpath(path, true);
  if (p && unlink(p) != 0)
    kr_raise_os(errno, path);
}

void kr_os_rmdir(KrObj *path) {
  const char *p = cpath(path, true);
  if (p && rmdir(p) != 0)
    kr_raise_os(errno, path);
}

void kr_os_mkdir(KrObj *path) {
  const char *p = cpath(path, true);
  if (p && kr_plat_mkdir(p, 0777) != 0)
    kr_raise_os(errno, path);
}

/* ---- os.path */

/* join(a, *p): an absolute part starts over; a '/' between parts where
 * the path so far does not end with one. */
KrObj *kr_os_path_join(KrObj *a, int n, KrObj *const *rest) {
  KrBuf b;
  kr_buf_init(&b, 64);
  kr_buf_put(&b, kr_str_data(a), kr_str_bytes(a));
  for (int i = 0; i < n; i++) {
    const char *d = kr_str_data(rest[i]);
    int64_t len = kr_str_bytes(rest[i]);
    if (len && d[0] == '/')
      b.len = 0;
    else if (b.len && b.s && b.s->data[b.len - 1] != '/')
      kr_buf_putc(&b, '/');
    kr_buf_put(&b, d, len);
  }
  return kr_buf_finish(&b);
}

/* stat() through the overlay of embedded files (embed.c) */
static bool stat_of(KrObj *p, struct stat *st) {
  const char *c = cpath(p, false);
  if (!c)
    return false;
  const KrEmbedFile *f = kr_embed_find(c);
  if (f || kr_embed_isdir(c)) {
    memset(st, 0, sizeof *st);
    st->st_mode = f ? S_IFREG | 0444 : S_IFDIR | 0555;
    st->st_size = f ? (off_t)(f->end - f->data) : 0;
    return true;
  }
  return stat(c, st) == 0;
}

bool kr_os_path_exists(KrObj *p) {
  struct stat st;
  return stat_of(p, &st);
}

bool kr_os_path_isfile(KrObj *p) {
  struct stat st;
  return stat_of(p, &st) && S_ISREG(st.st_mode);
}

bool kr_os_path_isdir(KrObj *p) {
  struct stat st;
  return stat_of(p, &st) && S_ISDIR(st.st_mode);
}

bool kr_os_path_isabs(KrObj *p) { return kr_str_bytes(p) && kr_str_data(p)[0] == '/'; }

int64_t kr_os_path_getsize(KrObj *p) {
  const char *c = cpath(p, true);
  struct stat st;
  if (!c)
    return -1;
  if (!stat_of(p, &st)) {
    kr_raise_os(errno, p);
    return -1;
  }
  return (int64_t)st.st_size;
}

/* The index just past the last '/' (0 if none). */
static int64_t after_last_slash(KrObj *p) {
  const char *d = kr_str_data(p);
  int64_t i = kr_str_bytes(p);
  while (i > 0 && d[i - 1] != '/')
    i--;
  return i;
}

KrObj *kr_os_path_basename(KrObj *p) { return piece(p, after_last_slash(p), kr_str_bytes(p)); }

/* The head of split(p): up to the last '/', trailing slashes dropped
 * unless it is all slashes. */
static int64_t head_end(KrObj *p) {
  const char *d = kr_str_data(p);
  int64_t i = after_last_slash(p), end = i;
  while (end > 0 && d[end - 1] == '/')
    end--;
  return end ? end : i;
}

KrObj *kr_os_path_dirname(KrObj *p) { return piece(p, 0, head_end(p)); }

static KrObj *pair(KrObj *a, KrObj *b) {
  KrObj *t = a && b ? kr_tuple_pair((KrVal){.o = a}, KR_OBJ, (KrVal){.o = b}, KR_OBJ) : NULL;
  kr_xdecref(a);
  kr_xdecref(b);
  return t;
}

KrObj *kr_os_path_split(KrObj *p) {
  return pair(piece(p, 0, head_end(p)), piece(p, after_last_slash(p), kr_str_bytes(p)));
}

/* splitext: the last '.' of the last component, unless the component is
 * only dots before it (".bashrc" has no extension). */
KrObj *kr_os_path_splitext(KrObj *p) {
  const char *d = kr_str_data(p);
  int64_t n = kr_str_bytes(p), sep = after_last_slash(p) - 1, dot = n - 1;
  while (dot >= 0 && d[dot] != '.')
    dot--;
  if (dot > sep)
    for (int64_t i = sep + 1; i < dot; i++)
      if (d[i] != '.')
        return pair(piece(p, 0, dot), piece(p, dot, n));
  kr_incref(p);
  return pair(p, kr_str_empty());
}

KrObj *kr_os_path_normpath(KrObj *p) {
  const char *d = kr_str_data(p);
  int64_t n = kr_str_bytes(p);
  if (n == 0)
    return kr_str_new_ascii(".", 1);
  int initial = d[0] == '/' ? (n >= 2 && d[1] == '/' && !(n >= 3 && d[2] == '/') ? 2 : 1) : 0;
  /* the components kept, as (start, length) pairs */
  int64_t *comps = kr_alloc((size_t)(n + 1) * 2 * sizeof *comps);
  if (!comps)
    return NULL;
  int64_t nc = 0;
  for (int64_t i = 0; i <= n;) {
    int64_t j = i;
    while (j < n && d[j] != '/')
      j++;
    int64_t len = j - i;
    bool dotdot = len == 2 && d[i] == '.' && d[i + 1] == '.';
    bool last_dotdot = nc && comps[2 * nc - 1] == 2 && d[comps[2 * nc - 2]] == '.' && d[comps[2 * nc - 2] + 1] == '.';
    if (len == 0 || (len == 1 && d[i] == '.')) {
      /* skipped */
    } else if (!dotdot || (!initial && !nc) || last_dotdot) {
      comps[2 * nc] = i, comps[2 * nc + 1] = len;
      nc++;
    } else if (nc) {
      nc--;
    }
    i = j + 1;
  }
  KrBuf b;
  kr_buf_init(&b, n + 2);
  for (int k = 0; k < initial; k++)
    kr_buf_putc(&b, '/');
  for (int64_t k = 0; k < nc; k++) {
    if (k)
      kr_buf_putc(&b, '/');
    kr_buf_put(&b, d + comps[2 * k], comps[2 * k + 1]);
  }
  kr_free(comps);
  if (b.len == 0)
    kr_buf_putc(&b, '.');
  return kr_buf_finish(&b);
}

KrObj *kr_os_path_abspath(KrObj *p) {
  if (kr_os_path_isabs(p))
    return kr_os_path_normpath(p);
  KrObj *cwd = kr_os_getcwd();
  if (!cwd)
    return NULL;
  KrObj *joined = kr_os_path_join(cwd, 1, &p);
  kr_decref(cwd);
  if (!joined)
    return NULL;
  KrObj *r = kr_os_path_normpath(joined);
  kr_decref(joined);
  return r;
}

/* expanduser: ~ is $HOME (else the user's entry in the password file),
 * ~name that user's home; the home's trailing slashes dropped. */
KrObj *kr_os_path_expanduser(KrObj *p) {
  const char *d = kr_str_data(p);
  int64_t n = kr_str_bytes(p);
  if (!n || d[0] != '~') {
    kr_incref(p);
    return p;
  }
  int64_t i = 1;
  while (i < n && d[i] != '/')
    i++;
  const char *home = NULL;
  if (i == 1) {
    home = kr_plat_home_of(NULL);
  } else {
    char name[256];
    if (i - 1 < (int64_t)sizeof name) {
      memcpy(name, d + 1, (size_t)(i - 1));
      name[i - 1] = 0;
      home = kr_plat_home_of(name);
    }
  }
  if (!home) {
    kr_incref(p);
    return p;
  }
  size_t hl = strlen(home);
  while (hl && home[hl - 1] == '/')
    hl--;
  KrBuf b;
  kr_buf_init(&b, (int64_t)hl + n);
  kr_buf_put(&b, home, (int64_t)hl);
  kr_buf_put(&b, d + i, n - i);
  if (b.len == 0)
    kr_buf_putc(&b, '/');
  return kr_buf_finish(&b);
}
