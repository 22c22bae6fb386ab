/* print.c — print() and the standard streams.
 *
 * stdout is buffered here (64 KiB), as CPython's is when it is not a
 * terminal, and flushed when the buffer fills, at exit, before anything
 * goes to stderr (so the two interleave as the program wrote them), and on
 * print(..., flush=True); on a terminal it is flushed at each newline, as
 * CPython's line buffering does. stderr is written at once. A mutex makes
 * print safe from several threads (a compiled library's callers).
 *
 * Encoding is UTF-8 as in CPython, whose stdout is strict (a str holding
 * a lone surrogate raises UnicodeEncodeError and is not written; the items
 * and separators before it in the same print are) and whose stderr
 * escapes surrogates (backslashreplace).
 */
#include "core_impl.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { OUT_CAP = 1 << 16 };

static char out_buf[OUT_CAP];
static size_t out_len;
static int out_tty = -1; /* unknown yet */
static bool out_atexit;
static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

/* write(2) all of p, retrying short writes; errors are dropped (a closed
 * pipe must not crash the program). */
static void write_all(int fd, const char *p, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      return;
    }
    p += w;
    n -= (size_t)w;
  }
}

static void flush_locked(void) {
  if (out_len) {
    write_all(1, out_buf, out_len);
    out_len = 0;
  }
}

void kr_flush_stdout(void) {
  pthread_mutex_lock(&out_lock);
  flush_locked();
  pthread_mutex_unlock(&out_lock);
  fflush(stdout); /* anything the C library was given directly */
}

static void at_exit_flush(void) { kr_flush_stdout(); }

static void out_put(const char *p, size_t n) {
  if (n >= OUT_CAP) {
    flush_locked();
    write_all(1, p, n);
    return;
  }
  if (out_len + n > OUT_CAP)
    flush_locked();
  memcpy(out_buf + out_len, p, n);
  out_len += n;
}

/* Append one str to stdout; one with a surrogate is not written and
 * raises (CPython encodes each write whole before buffering it). */
static int out_str(KrObj *s) {
  int64_t a, z;
  if (kr_str_find_surrogates(s, &a, &z) == 0) {
    kr_str_raise_encode_error(s);
    return -1;
  }
  out_put(kr_str_data(s), (size_t)kr_str_bytes(s));
  return 0;
}

/* Append one str for stderr to b, surrogates as \udxxx. */
static void err_str(KrBuf *b, KrObj *s) {
  const char *d = kr_str_data(s);
  int64_t n = kr_str_bytes(s);
  if (((KrStr *)s)->ascii) {
    kr_buf_put(b, d, n);
    return;
  }
  for (int64_t i = 0; i < n;) {
    int64_t at = i;
    uint32_t cp = u8_next(d, &i);
    if (is_surrogate(cp))
      kr_buf_printf(b, "\\u%04x", (unsigned)cp);
    else
      kr_buf_put(b, d + at, i - at);
  }
}

static int print_impl(KrObj **items, int64_t n, KrObj *sep, KrObj *end, int to_stderr, bool flush) {
  if (to_stderr) {
    KrBuf b;
    kr_buf_init(&b, 64);
    for (int64_t i = 0; i < n; i++) {
      if (i > 0) {
        if (sep)
          err_str(&b, sep);
        else
          kr_buf_putc(&b, ' ');
      }
      err_str(&b, items[i]);
    }
    if (end)
      err_str(&b, end);
    else
      kr_buf_putc(&b, '\n');
    if (b.failed)
      return -1;
    kr_flush_stdout();
    write_all(2, b.s->data, (size_t)b.len);
    kr_buf_discard(&b);
    return 0;
  }
  pthread_mutex_lock(&out_lock);
  if (!out_atexit) {
    out_atexit = true;
    atexit(at_exit_flush);
  }
  if (out_tty < 0)
    out_tty = isatty(1);
  int rc = 0;
  for (int64_t i = 0; i < n && rc == 0; i++) {
    if (i > 0) {
      if (sep)
        rc = out_str(sep);
      else
        out_put(" ", 1);
    }
    if (rc == 0)
      rc = out_str(items[i]);
  }
  if (rc == 0) {
    if (end)
      rc = out_str(end);
    else
      out_put("\n", 1);
  }
  if (flush || (out_tty && memchr(out_buf, '\n', out_len)))
    flush_locked();
  pthread_mutex_unlock(&out_lock);
  return rc;
}

int kr_print(KrObj **items, int64_t n, KrObj *sep, KrObj *end, int to_stderr, bool flush) {
  return print_impl(items, n, sep, end, to_stderr, flush);
}

int kr_write(KrObj *s, int to_stderr) {
  KrObj *empty = kr_str_empty();
  return print_impl(&s, 1, NULL, empty, to_stderr, false);
}
