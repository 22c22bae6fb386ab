/* re_driver.c — runs test_re.py's cases through libkilnrt's re module and
 * prints one line per case, as the Python reference does.
 *
 * Input, one case a line: OP FLAGS PATTERN SUBJECT REPL, the three texts
 * as UTF-8 hex ("-" for an empty one). OP is search, match, fullmatch,
 * findall, finditer, sub, subn or split (REPL is the template for sub and
 * subn, the count or maxsplit in decimal for split).
 *
 * Output: the result as text, in hex: a match as "span groups spans"
 * (repr of m.span(), m.groups(), [m.span(i) ...]) or "None"; findall,
 * sub, subn and split as the repr of the result; finditer the list of
 * spans; an error "ERR Type: message". Then "LEAK ..." if the case left
 * objects or blocks alive (the pattern cache is purged first).
 *
 * With the argument --oom N, each case runs again failing its 1st, 2nd,
 * ... allocation (at most N runs, spread over all of them); each run must
 * print the clean run's line or a MemoryError and leak nothing; only
 * mismatches print ("OOM ..."), then "=" ends the case. */
#include "kilnrt.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static KrObj *unhex(const char *h) {
  if (!strcmp(h, "-"))
    return kr_str_new("", 0);
  size_t n = strlen(h) / 2;
  char *b = malloc(n + 1);
  for (size_t i = 0; i < n; i++) {
    unsigned v;
    sscanf(h + 2 * i, "%2x", &v);
    b[i] = (char)v;
  }
  KrObj *s = kr_str_new(b, (int64_t)n);
  free(b);
  return s;
}

/* Append repr(o) (o a new reference, consumed) to b; false on an error. */
static bool put_repr(KrBuf *b, KrObj *o) {
  if (!o)
    return false;
  KrObj *r = kr_obj_repr(o);
  kr_decref(o);
  if (!r)
    return false;
  kr_buf_puts(b, r);
  kr_decref(r);
  return true;
}

static bool put_match(KrBuf *b, KrObj *m) {
  if (m == kr_None) {
    kr_buf_put(b, "None", 4);
    return true;
  }
  if (!put_repr(b, kr_re_m_span(m, NULL)))
    return false;
  kr_buf_putc(b, ' ');
  if (!put_repr(b, kr_re_m_groups(m, kr_None)))
    return false;
  kr_buf_put(b, " [", 2);
  KrObj *t = kr_re_m_groups(m, kr_None);
  if (!t)
    return false;
  int64_t n = kr_tuple_len(t);
  kr_decref(t);
  for (int64_t g = 1; g <= n; g++) {
    KrObj *gi = kr_int_box(g);
    bool ok = put_repr(b, kr_re_m_span(m, gi));
    kr_decref(gi);
    if (!ok)
      return false;
    if (g < n)
      kr_buf_put(b, ", ", 2);
  }
  kr_buf_putc(b, ']');
  return true;
}

/* One case: its line of output, as a malloc'ed string. */
static char *run(const char *op, int64_t flags, KrObj *pat, KrObj *subj, KrObj *repl, const char *replhex) {
  KrBuf b;
  kr_buf_init(&b, 64);
  bool ok = true;
  KrObj *r = NULL;
  if (!strcmp(op, "search") || !strcmp(op, "match") || !strcmp(op, "fullmatch")) {
    r = op[0] == 's' ? kr_re_search(pat, subj, flags) : op[0] == 'm' ? kr_re_match(pat, subj, flags)
                                                                     : kr_re_fullmatch(pat, subj, flags);
    ok = r && put_match(&b, r);
    kr_xdecref(r);
  } else if (!strcmp(op, "findall")) {
    ok = put_repr(&b, kr_re_findall(pat, subj, flags));
  } else if (!strcmp(op, "finditer")) {
    KrObj *it = kr_re_finditer(pat, subj, flags);
    ok = it != NULL;
    kr_buf_putc(&b, '[');
    KrVal v;
    int k, i = 0;
    while (ok && (k = kr_iter_next(it, &v)) > 0) {
      if (i++)
        kr_buf_put(&b, ", ", 2);
      ok = put_repr(&b, kr_re_m_span(v.o, NULL));
      kr_decref(v.o);
    }
    ok = ok && k == 0;
    kr_buf_putc(&b, ']');
    kr_xdecref(it);
  } else if (!strcmp(op, "sub")) {
    ok = put_repr(&b, kr_re_sub(pat, repl, subj, 0, flags));
  } else if (!strcmp(op, "subn")) {
    ok = put_repr(&b, kr_re_subn(pat, repl, subj, 0, flags));
  } else if (!strcmp(op, "split")) {
    ok = put_repr(&b, kr_re_split(pat, subj, atoi(kr_str_data(repl)), flags));
  }
  KrObj *s;
  if (ok && b.failed) { /* the output's own builder ran out: MemoryError is pending */
    ok = false;
    if (!kr_exc)
      kr_raise(&kr_MemoryError_type, NULL);
  }
  if (!ok) {
    kr_buf_discard(&b);
    KrObj *e = kr_exc_fetch();
    int64_t fail = kr_alloc_fail_at;
    kr_alloc_fail_at = 0;
    KrObj *m = kr_exc_str(e);
    kr_buf_init(&b, 64);
    kr_buf_printf(&b, "ERR %s: %s", e->type->name, m ? kr_str_data(m) : "?");
    kr_xdecref(m);
    kr_decref(e);
    s = kr_buf_finish(&b);
    kr_alloc_fail_at = fail;
  } else {
    int64_t fail = kr_alloc_fail_at;
    kr_alloc_fail_at = 0;
    s = kr_buf_finish(&b);
    kr_alloc_fail_at = fail;
  }
  char *out = strdup(kr_str_data(s));
  kr_decref(s);
  return out;
}

static void puthex(const char *s) {
  for (; *s; s++)
    printf("%02x", (unsigned char)*s);
  printf("\n");
}

int main(int argc, char **argv) {
  int64_t oom = argc > 2 && !strcmp(argv[1], "--oom") ? atoll(argv[2]) : 0;
  char line[1 << 16];
  while (fgets(line, sizeof line, stdin)) {
    char op[16], ph[8192], sh[8192], rh[8192];
    long long flags;
    if (sscanf(line, "%15s %lld %8191s %8191s %8191s", op, &flags, ph, sh, rh) != 5)
      continue;
    KrObj *pat = unhex(ph), *subj = unhex(sh), *repl = unhex(rh);
    int64_t objs0 = kr_live_objects, blocks0 = kr_live_blocks;
    int64_t count0 = kr_alloc_count;
    char *clean = run(op, flags, pat, subj, repl, rh);
    int64_t total = kr_alloc_count - count0;
    kr_re_purge();
    if (!oom)
      puthex(clean);
    if (kr_live_objects != objs0 || kr_live_blocks != blocks0)
      printf("LEAK %" PRId64 " objects %" PRId64 " blocks\n", kr_live_objects - objs0, kr_live_blocks - blocks0);
    if (oom) {
      int64_t step = total / oom + 1;
      for (int64_t at = 1; at <= total; at += step) {
        objs0 = kr_live_objects;
        blocks0 = kr_live_blocks;
        kr_alloc_fail_at = kr_alloc_count + at;
        char *got = run(op, flags, pat, subj, repl, rh);
        kr_alloc_fail_at = 0;
        kr_re_purge();
        if (strcmp(got, clean) && strncmp(got, "ERR MemoryError", 15))
          printf("OOM at %" PRId64 ": %s instead of %s\n", at, got, clean);
        if (kr_live_objects != objs0 || kr_live_blocks != blocks0)
          printf("OOM LEAK at %" PRId64 ": %" PRId64 " objects %" PRId64 " blocks\n", at, kr_live_objects - objs0,
                 kr_live_blocks - blocks0);
        free(got);
      }
    }
    free(clean);
    kr_decref(pat);
    kr_decref(subj);
    kr_decref(repl);
    printf("=\n");
  }
  return 0;
}
