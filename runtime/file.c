/* file.c — open(): text and binary files, as CPython's io module behaves for
 * the common cases.
 *
 * A file object is an iterator (KrIter first: iterating it gives its lines,
 * so every consumer of iterators takes it), over a stdio FILE. Text mode
 * reads UTF-8 with universal newlines ("\r\n" and "\r" read as "\n"),
 * strictly (invalid UTF-8 raises CPython's UnicodeDecodeError), and writes
 * UTF-8 with "\n" as is. Binary mode reads and writes bytes. open() raises
 * the OSError subclass for errno, with CPython's message
 * ("[Errno 2] No such file or directory: 'x.txt'"). A file embedded in the
 * program (embed.c) opens for reading over its bytes (fmemopen). Not yet: encodings
 * other than UTF-8, newline=, buffering=, seek/tell, print(file=f).
 */
#include "core_impl.h"
#include "platform.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct KrFile {
  KrIter it;     /* its lines */
  FILE *fp;      /* NULL once closed */
  bool binary, readable, writable;
  int std;       /* 1, 2: sys.stdout, sys.stderr (written through print's buffer); else 0 */
} KrFile;

#define KR_FILE(o) ((KrFile *)(o))

static void file_dealloc(KrObj *o) {
  if (KR_FILE(o)->fp)
    fclose(KR_FILE(o)->fp);
  kr_free(o);
}

const KrType kr_textio_type = {.name = "TextIOWrapper", .base = &kr_iterator_type, .size = sizeof(KrFile),
                               .dealloc = file_dealloc};
const KrType kr_bufferedio_type = {.name = "BufferedReader", .base = &kr_iterator_type,
                                   .size = sizeof(KrFile), .dealloc = file_dealloc};
/* io.UnsupportedOperation: reading a file opened for writing, and back */
const KrType kr_UnsupportedOperation_type = {.name = "UnsupportedOperation", .module = "io",
                                             .base = &kr_OSError_type, .size = sizeof(KrExc),
                                             .dealloc = kr_exc_dealloc, .repr = kr_exc_repr,
                                             .str = kr_exc_str};

/* OSError(errno, strerror(errno), path): the subclass for errno. */
void *kr_raise_os(int err, KrObj *path) {
  KrObj *args[3] = {kr_int_box(err), kr_str_from_cstr(strerror(err)), path};
  KrObj *e = args[0] && args[1] ? kr_exc_new(&kr_OSError_type, args, 3) : NULL;
  kr_xdecref(args[0]);
  kr_xdecref(args[1]);
  if (e)
    kr_raise_obj(e);
  return NULL;
}

static int file_next(KrIter *it, KrVal *out);

/* A stdio stream reading n bytes at d (an embedded file). */
static FILE *open_bytes(const unsigned char *d, size_t n) {
#if defined(_WIN32)
  FILE *f = tmpfile();
  if (f && (fwrite(d, 1, n, f) != n || fseek(f, 0, SEEK_SET) != 0)) {
    fclose(f);
    f = NULL;
  }
  return f;
#else
  return fmemopen((void *)d, n, "r");
#endif
}

KrObj *kr_open(KrObj *path, KrObj *mode) {
  const char *m = kr_str_data(mode);
  int r = 0, w = 0, a = 0, x = 0, b = 0, t = 0, plus = 0;
  for (const char *c = m; *c; c++) {
    int *flag = *c == 'r' ? &r : *c == 'w' ? &w : *c == 'a' ? &a : *c == 'x' ? &x : *c == 'b' ? &b
              : *c == 't' ? &t : *c == '+' ? &plus : NULL;
    if (!flag || *flag)
      return kr_raise(&kr_ValueError_type, "invalid mode: '%s'", m);
    *flag = 1;
  }
  if (r + w + a + x != 1)
    return kr_raise(&kr_ValueError_type, "must have exactly one of create/read/write/append mode");
  if (b && t)
    return kr_raise(&kr_ValueError_type, "can't have text and binary mode at once");
  const char *p = kr_str_data(path);
  if ((int64_t)strlen(p) != kr_str_bytes(path))
    return kr_raise(&kr_ValueError_type, "embedded null byte");
  char cmode[4] = {r ? 'r' : w ? 'w' : a ? 'a' : 'w', plus ? '+' : 0, 0, 0};
  FILE *fp = NULL;
  if (x) { /* exclusive creation: fail if it exists */
    struct stat st;
    if (stat(p, &st) == 0)
      return kr_raise_os(EEXIST, path);
  }
  const KrEmbedFile *emb = kr_embed_find(p);
  if (emb && !r)
    return kr_raise_os(EROFS, path); /* embedded files are read-only */
  if (emb)
    fp = open_bytes(emb->data, (size_t)(emb->end - emb->data));
  else if (kr_embed_isdir(p))
    return kr_raise_os(EISDIR, path);
  else
    fp = fopen(p, cmode);
  if (!fp)
    return kr_raise_os(errno, path);
  struct stat st;
  if (!emb && fstat(fileno(fp), &st) == 0 && S_ISDIR(st.st_mode)) {
    fclose(fp);
    return kr_raise_os(EISDIR, path);
  }
  KrFile *f = (KrFile *)kr_obj_new(b ? &kr_bufferedio_type : &kr_textio_type, sizeof(KrFile));
  if (!f) {
    fclose(fp);
    return NULL;
  }
  f->fp = fp;
  f->binary = b;
  f->readable = r || plus;
  f->writable = !r || plus;
  f->it.next = file_next;
  f->it.kind = KR_OBJ;
  return &f->it.h;
}

static bool usable(KrFile *f, bool write) {
  if (!f->fp) {
    kr_raise(&kr_ValueError_type, "I/O operation on closed file.");
    return false;
  }
  if (write ? !f->writable : !f->readable) {
    kr_raise(&kr_UnsupportedOperation_type, write ? "not writable" : "not readable");
    return false;
  }
  return true;
}

/* The bytes read, as the result: bytes, or str decoded from UTF-8. */
static KrObj *result(KrFile *f, const char *data, int64_t n) {
  if (f->binary)
    return kr_bytes_new(data, n);
  KrObj *b = kr_bytes_new(data, n);
  if (!b)
    return NULL;
  KrObj *s = kr_bytes_decode(b, "utf-8", "strict");
  kr_decref(b);
  return s;
}

/* Append one byte to a growing buffer. */
typedef struct Bytes {
  char *data;
  int64_t len, cap;
} Bytes;

static bool put(Bytes *b, char c) {
  if (b->len == b->cap) {
    int64_t cap = b->cap ? b->cap * 2 : 256;
    char *d = kr_realloc(b->data, (size_t)cap);
    if (!d)
      return false;
    b->data = d;
    b->cap = cap;
  }
  b->data[b->len++] = c;
  return true;
}

/* Read one byte in text mode with universal newlines; EOF at the end. */
static int text_getc(FILE *fp) {
  int c = getc_unlocked(fp);
  if (c == '\r') {
    int d = getc_unlocked(fp);
    if (d != '\n' && d != EOF)
      ungetc(d, fp);
    return '\n';
  }
  return c;
}

/* Up to limit code points (text) or bytes (binary) — limit < 0: no limit —
 * stopping after a newline when line is set; a code point's continuation
 * bytes are read with it. "" at the end. */
static KrObj *read_units(KrFile *f, int64_t limit, bool line) {
  Bytes b = {0};
  int64_t units = 0;
  for (int c; limit < 0 || units < limit;) {
    c = f->binary ? getc_unlocked(f->fp) : text_getc(f->fp);
    if (c == EOF)
      break;
    if (!put(&b, (char)c)) {
      kr_free(b.data);
      return NULL;
    }
    if (f->binary || ((unsigned char)c & 0xC0) != 0x80)
      units++;
    if (line && c == '\n')
      break;
  }
  if (!f->binary && (line || limit >= 0)) /* finish the last code point */
    for (int c; (c = getc_unlocked(f->fp)) != EOF;) {
      if (((unsigned char)c & 0xC0) != 0x80) {
        ungetc(c, f->fp);
        break;
      }
      if (!put(&b, (char)c)) {
        kr_free(b.data);
        return NULL;
      }
    }
  if (ferror(f->fp)) {
    kr_free(b.data);
    return kr_raise_os(errno ? errno : EIO, kr_None);
  }
  KrObj *r = result(f, b.data ? b.data : "", b.len);
  kr_free(b.data);
  return r;
}

static KrObj *read_line(KrFile *f) { return read_units(f, -1, true); }

KrObj *kr_file_readline(KrObj *o) { return usable(KR_FILE(o), false) ? read_line(KR_FILE(o)) : NULL; }

/* f.read(n): n < 0 reads to the end. */
KrObj *kr_file_read_n(KrObj *o, int64_t n) {
  return usable(KR_FILE(o), false) ? read_units(KR_FILE(o), n, false) : NULL;
}

KrObj *kr_file_read(KrObj *o) { return kr_file_read_n(o, -1); }

KrObj *kr_file_enter(KrObj *o) {
  if (!KR_FILE(o)->fp)
    return kr_raise(&kr_ValueError_type, "I/O operation on closed file.");
  kr_incref(o);
  return o;
}

KrObj *kr_file_readlines(KrObj *o) {
  if (!usable(KR_FILE(o), false))
    return NULL;
  KrObj *list = kr_list_new(KR_OBJ, 0);
  while (list) {
    KrObj *line = read_line(KR_FILE(o));
    if (!line) {
      kr_decref(list);
      return NULL;
    }
    bool end = KR_FILE(o)->binary ? kr_bytes_len(line) == 0 : kr_str_bytes(line) == 0;
    int rc = end ? 0 : kr_list_append(list, (KrVal){.o = line});
    kr_decref(line);
    if (rc < 0) {
      kr_decref(list);
      return NULL;
    }
    if (end)
      break;
  }
  return list;
}

/* f.write(s): the number of code points (text) or bytes written. */
int64_t kr_file_write(KrObj *o, KrObj *s) {
  KrFile *f = KR_FILE(o);
  if (!usable(f, true))
    return -1;
  bool bytes = s->type == &kr_bytes_type;
  if (f->std && !bytes) /* sys.stdout.write(s): print's buffer, so the two keep their order */
    return kr_write(s, f->std == 2) < 0 ? -1 : kr_str_len(s);
  if (bytes != f->binary) {
    kr_raise(&kr_TypeError_type, f->binary ? "a bytes-like object is required, not '%s'"
                                           : "write() argument must be str, not %s",
             s->type->name);
    return -1;
  }
  const char *data = bytes ? kr_bytes_data(s) : kr_str_data(s);
  int64_t n = bytes ? kr_bytes_len(s) : kr_str_bytes(s);
  if (n && fwrite(data, 1, (size_t)n, f->fp) != (size_t)n) {
    kr_raise_os(errno ? errno : EIO, kr_None);
    return -1;
  }
  return bytes ? n : kr_str_len(s);
}

void kr_file_close(KrObj *o) {
  KrFile *f = KR_FILE(o);
  if (f->fp == stdin || f->std)
    return; /* kiln keeps the standard streams open */
  if (f->fp && fclose(f->fp) != 0) {
    f->fp = NULL;
    kr_raise_os(errno, kr_None);
    return;
  }
  f->fp = NULL;
}

/* for line in f */
static int file_next(KrIter *it, KrVal *out) {
  KrFile *f = (KrFile *)it;
  if (!usable(f, false))
    return -1;
  KrObj *line = read_line(f);
  if (!line)
    return -1;
  if ((f->binary ? kr_bytes_len(line) : kr_str_bytes(line)) == 0) {
    kr_decref(line);
    return 0;
  }
  out->o = line;
  return 1;
}

void kr_file_flush(KrObj *o) {
  KrFile *f = KR_FILE(o);
  if (!f->fp) {
    kr_raise(&kr_ValueError_type, "I/O operation on closed file.");
    return;
  }
  if (f->std == 1)
    kr_flush_stdout();
  else if (f->writable && fflush(f->fp) != 0)
    kr_raise_os(errno, kr_None);
}

/* sys.stdin, sys.stdout, sys.stderr: made at first use, immortal. */
KrObj *kr_file_std(int fd) {
  static KrFile *std[3];
  if (!std[fd]) {
    KrFile *f = (KrFile *)kr_obj_new(&kr_textio_type, sizeof(KrFile));
    if (!f)
      return NULL;
    f->fp = fd == 0 ? stdin : fd == 1 ? stdout : stderr;
    f->readable = fd == 0;
    f->writable = fd != 0;
    f->std = fd;
    f->it.next = file_next;
    f->it.kind = KR_OBJ;
    kr_obj_immortalize(&f->it.h);
    std[fd] = f;
  }
  return &std[fd]->it.h;
}

/* print(*values, sep=, end=, file=f) for a text file f */
void kr_print_file(KrObj *f, int64_t n, const KrVal *vals, const uint8_t *kinds, KrObj *sep, KrObj *end) {
  if (!usable(KR_FILE(f), true))
    return;
  for (int64_t i = 0; i < n; i++) {
    if (i) {
      if (sep && sep != kr_None) {
        if (kr_file_write(f, sep) < 0)
          return;
      } else if (fputc(' ', KR_FILE(f)->fp) == EOF) {
        kr_raise_os(errno ? errno : EIO, kr_None);
        return;
      }
    }
    KrObj *box = kr_val_box(vals[i], (ValKind)kinds[i]);
    KrObj *s = box ? kr_obj_str(box) : NULL;
    kr_xdecref(box);
    if (!s)
      return;
    int64_t rc = kr_file_write(f, s);
    kr_decref(s);
    if (rc < 0)
      return;
  }
  if (end && end != kr_None)
    kr_file_write(f, end);
  else if (fputc('\n', KR_FILE(f)->fp) == EOF)
    kr_raise_os(errno ? errno : EIO, kr_None);
}

/* ---- files viewed in place (kr_map_file) */

typedef struct KrMapping {
  KrObj h;
  void *addr;
  size_t len; /* 0: bytes embedded in the program (or none), nothing to unmap */
} KrMapping;

static void mapping_dealloc(KrObj *o) {
  KrMapping *m = (KrMapping *)o;
  if (m->addr && m->len)
    kr_plat_unmap(m->addr, m->len);
  kr_free(m);
}

static const KrType mapping_type = {.name = "mmap", .dealloc = mapping_dealloc};

KrObj *kr_map_file(KrObj *path_obj, const unsigned char **data, uint64_t *size) {
  const char *path = kr_str_data(path_obj);
  const KrEmbedFile *emb = kr_embed_find(path);
  KrMapping *map;
  if (emb) {
    if (!(map = (KrMapping *)kr_obj_new(&mapping_type, sizeof(KrMapping))))
      return NULL;
    map->addr = (void *)emb->data;
    *data = emb->data;
    *size = (uint64_t)(emb->end - emb->data);
    return &map->h;
  }
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_BINARY);
  if (fd < 0)
    return kr_raise_os(errno, path_obj);
  struct stat sb;
  if (fstat(fd, &sb) < 0 || S_ISDIR(sb.st_mode)) {
    int e = S_ISDIR(sb.st_mode) ? EISDIR : errno;
    close(fd);
    return kr_raise_os(e, path_obj);
  }
  if (!(map = (KrMapping *)kr_obj_new(&mapping_type, sizeof(KrMapping)))) {
    close(fd);
    return NULL;
  }
  if (sb.st_size > 0) {
    map->addr = kr_plat_map(fd, (size_t)sb.st_size);
    int e = errno;
    if (!map->addr) {
      close(fd);
      kr_decref(&map->h);
      return kr_raise_os(e, path_obj);
    }
    map->len = (size_t)sb.st_size;
  }
  close(fd);
  *data = map->addr;
  *size = (uint64_t)sb.st_size;
  return &map->h;
}
