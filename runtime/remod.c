/* remod.c — the re module that kiln provides, on PCRE2 (remod.h).
 *
 * A Pattern is the pattern's text and flags, the PCRE2 code rescan.c's
 * translation compiled to (UTF, and UCP unless re.ASCII, so \d \w \s and
 * \b are Unicode-aware as for a str pattern in CPython), JIT-compiled where
 * PCRE2 can, and the group names. A Match keeps the subject, its pattern
 * and the groups' byte offsets; code point positions are computed when
 * asked for (kr_str_char_index: O(1) for ASCII text, a few steps through
 * the str's index otherwise), and the groups' text is cut from the bytes.
 *
 * Scanning (findall, finditer, sub, subn, split) follows CPython 3.7+'s
 * rule for empty matches: after an empty match the next one may start at
 * the same place only if it is not empty there (PCRE2_NOTEMPTY_ATSTART is
 * exactly sre's must_advance). The subject is checked as UTF-8 once per
 * call, then matched with PCRE2_NO_UTF_CHECK.
 *
 * The module functions' cache: direct-mapped, per thread, by the pattern's
 * text and flags; it owns its patterns (an evicted one lives on while a
 * program holds it). */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "containers_impl.h"
#include "core_impl.h"
#include "rescan.h"

#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

typedef struct KrPattern {
  KrObj h;
  KrObj *pattern;      /* the text given */
  int64_t flags;       /* what .flags answers */
  pcre2_code *code;
  int groups;
  int nnames;
  char **names;        /* group names, malloc'ed (rescan's), with name_group */
  int *name_group;
} KrPattern;

typedef struct KrMatch {
  KrObj h;
  KrPattern *re;       /* owned */
  KrObj *string;       /* owned */
  int64_t pos, endpos; /* code points */
  int ngroups;         /* groups + 1 */
  int64_t off[];       /* 2 * ngroups byte offsets, -1 for a group left unset */
} KrMatch;

/* ----------------------------------------------------------- re.error */

static KrObj *error_repr(KrObj *self) {
  KrObj *r = kr_exc_repr(self); /* re.error('...') */
  if (!r || strncmp(kr_str_data(r), "re.", 3) != 0)
    return r;
  KrObj *s = kr_str_new(kr_str_data(r) + 3, kr_str_bytes(r) - 3);
  kr_decref(r);
  return s;
}

const KrType kr_re_error_type = {
    .name = "re.error",
    .base = &kr_Exception_type,
    .size = sizeof(KrExc),
    .dealloc = kr_exc_dealloc,
    .repr = error_repr,
    .str = kr_exc_str,
};

/* ------------------------------------------------------------- Pattern */

static void pattern_dealloc(KrObj *o) {
  KrPattern *p = (KrPattern *)o;
  kr_xdecref(p->pattern);
  pcre2_code_free(p->code);
  for (int i = 0; i < p->nnames; i++)
    free(p->names[i]);
  free(p->names);
  free(p->name_group);
  kr_free(o);
}

static const struct {
  int flag;
  const char *name;
} flag_names[] = {{RE_TEMPLATE, "re.TEMPLATE"}, {RE_IGNORECASE, "re.IGNORECASE"}, {RE_LOCALE, "re.LOCALE"},
                  {RE_MULTILINE, "re.MULTILINE"}, {RE_DOTALL, "re.DOTALL"}, {RE_UNICODE, "re.UNICODE"},
                  {RE_VERBOSE, "re.VERBOSE"}, {RE_DEBUG, "re.DEBUG"}, {RE_ASCII, "re.ASCII"}};

/* re.compile('a+', re.IGNORECASE): the pattern's repr cut at 200 characters, as CPython */
static KrObj *pattern_repr(KrObj *o) {
  KrPattern *p = (KrPattern *)o;
  KrObj *r = kr_str_repr(p->pattern);
  if (!r)
    return NULL;
  KrBuf b;
  kr_buf_init(&b, kr_str_bytes(r) + 32);
  kr_buf_put(&b, "re.compile(", 11);
  if (kr_str_len(r) > 200)
    kr_buf_put(&b, kr_str_data(r), kr_str_offset(r, 200));
  else
    kr_buf_puts(&b, r);
  kr_decref(r);
  int64_t f = p->flags & ~RE_UNICODE;
  bool first = true;
  for (size_t i = 0; i < sizeof flag_names / sizeof flag_names[0]; i++)
    if (f & flag_names[i].flag) {
      kr_buf_put(&b, first ? ", " : "|", first ? 2 : 1);
      kr_buf_printf(&b, "%s", flag_names[i].name);
      f &= ~flag_names[i].flag;
      first = false;
    }
  if (f)
    kr_buf_printf(&b, "%s0x%llx", first ? ", " : "|", (unsigned long long)f);
  kr_buf_putc(&b, ')');
  return kr_buf_finish(&b);
}

static int pattern_eq(KrObj *a, KrObj *b) {
  if (b->type != &kr_re_pattern_type)
    return 0;
  KrPattern *x = (KrPattern *)a, *y = (KrPattern *)b;
  return x->flags == y->flags && kr_str_eq(x->pattern, y->pattern);
}

static int64_t pattern_hash(KrObj *o) {
  KrPattern *p = (KrPattern *)o;
  return kr_str_hash(p->pattern) ^ p->flags;
}

const KrType kr_re_pattern_type = {.name = "re.Pattern", .size = sizeof(KrPattern), .dealloc = pattern_dealloc,
                                   .repr = pattern_repr, .eq = pattern_eq, .hash = pattern_hash};

/* A new Pattern (no cache). */
static KrObj *compile_new(KrObj *pattern, int64_t flags) {
  if ((flags & RE_LOCALE))
    return kr_raise(&kr_ValueError_type, "cannot use LOCALE flag with a str pattern");
  if ((flags & RE_ASCII) && (flags & RE_UNICODE))
    return kr_raise(&kr_ValueError_type, "ASCII and UNICODE flags are incompatible");
  ReScan sc;
  if (re_scan(kr_str_data(pattern), (size_t)kr_str_bytes(pattern), (int)flags, &sc) < 0) {
    KrObj *e = kr_raise(&kr_re_error_type, "%s", sc.err);
    re_scan_free(&sc);
    return e;
  }
  uint32_t opts = PCRE2_UTF | (sc.flags & RE_ASCII ? 0 : PCRE2_UCP);
  if (sc.flags & RE_IGNORECASE)
    opts |= PCRE2_CASELESS;
  if (sc.flags & RE_MULTILINE)
    opts |= PCRE2_MULTILINE | PCRE2_ALT_CIRCUMFLEX; /* ^ after a final newline too, as sre */
  if (sc.flags & RE_DOTALL)
    opts |= PCRE2_DOTALL;
  int errcode;
  PCRE2_SIZE erroff;
  pcre2_code *code = pcre2_compile((PCRE2_SPTR)sc.out, sc.outlen, opts, &errcode, &erroff, NULL);
  if (!code) {
    PCRE2_UCHAR msg[256];
    pcre2_get_error_message(errcode, msg, sizeof msg);
    re_scan_free(&sc);
    return kr_raise(&kr_re_error_type, "%s", (const char *)msg);
  }
  pcre2_jit_compile(code, PCRE2_JIT_COMPLETE); /* where it cannot, pcre2_match interprets */
  KrPattern *p = (KrPattern *)kr_obj_new(&kr_re_pattern_type, sizeof(KrPattern));
  if (!p) {
    pcre2_code_free(code);
    re_scan_free(&sc);
    return NULL;
  }
  kr_incref(pattern);
  p->pattern = pattern;
  p->flags = sc.flags;
  p->code = code;
  p->groups = sc.groups;
  p->nnames = sc.nnames;
  p->names = sc.names;
  p->name_group = sc.name_group;
  sc.names = NULL;
  sc.name_group = NULL;
  sc.nnames = 0;
  re_scan_free(&sc);
  return &p->h;
}

enum { CACHE_SIZE = 256 };
static _Thread_local KrPattern *cache[CACHE_SIZE];

void kr_re_purge(void) {
  for (int i = 0; i < CACHE_SIZE; i++)
    if (cache[i]) {
      kr_decref(&cache[i]->h);
      cache[i] = NULL;
    }
}

KrObj *kr_re_compile(KrObj *pattern, int64_t flags) {
  uint64_t h = (uint64_t)kr_str_hash(pattern) * 31u + (uint64_t)flags;
  KrPattern **slot = &cache[h % CACHE_SIZE];
  KrPattern *c = *slot;
  if (c && (c->pattern == pattern || kr_str_eq(c->pattern, pattern)) &&
      (c->flags == flags || (c->flags & ~RE_UNICODE) == flags)) {
    kr_incref(&c->h);
    return &c->h;
  }
  KrObj *p = compile_new(pattern, flags);
  if (!p)
    return NULL;
  if (((KrPattern *)p)->flags == flags || (((KrPattern *)p)->flags & ~RE_UNICODE) == flags) {
    if (*slot)
      kr_decref(&(*slot)->h);
    kr_incref(p);
    *slot = (KrPattern *)p;
  }
  return p;
}

KrObj *kr_re_compile_same(KrObj *p) {
  kr_incref(p);
  return p;
}

KrObj *kr_re_p_pattern(KrObj *p) {
  kr_incref(((KrPattern *)p)->pattern);
  return ((KrPattern *)p)->pattern;
}
int64_t kr_re_p_flags(KrObj *p) { return ((KrPattern *)p)->flags; }
int64_t kr_re_p_groups(KrObj *p) { return ((KrPattern *)p)->groups; }

KrObj *kr_re_p_groupindex(KrObj *o) {
  KrPattern *p = (KrPattern *)o;
  KrObj *d = kr_dict_new(KR_OBJ, KR_INT);
  for (int i = 0; d && i < p->nnames; i++) {
    KrObj *k = kr_str_from_cstr(p->names[i]);
    if (!k || kr_dict_setitem(d, (KrVal){.o = k}, KR_OBJ, (KrVal){.i = p->name_group[i]}) < 0) {
      kr_xdecref(k);
      kr_decref(d);
      return NULL;
    }
    kr_decref(k);
  }
  return d;
}

/* --------------------------------------------------------------- Match */

static void match_dealloc(KrObj *o) {
  KrMatch *m = (KrMatch *)o;
  kr_decref(&m->re->h);
  kr_decref(m->string);
  kr_free(o);
}

static int64_t cp(const KrMatch *m, int64_t off) { return off < 0 ? -1 : kr_str_char_index(m->string, off); }

static KrObj *match_repr(KrObj *o) {
  KrMatch *m = (KrMatch *)o;
  KrObj *g = kr_str_sub(m->string, kr_str_data(m->string) + m->off[0], m->off[1] - m->off[0]);
  if (!g)
    return NULL;
  KrObj *r = kr_str_from_fmt("<re.Match object; span=(%lld, %lld), match=%R>", (long long)cp(m, m->off[0]),
                             (long long)cp(m, m->off[1]), g);
  kr_decref(g);
  return r;
}

const KrType kr_re_match_type = {.name = "re.Match", .size = sizeof(KrMatch), .dealloc = match_dealloc,
                                 .repr = match_repr};

static KrObj *match_new(KrPattern *p, KrObj *s, int64_t pos, int64_t endpos, pcre2_match_data *md) {
  int n = p->groups + 1;
  KrMatch *m = (KrMatch *)kr_obj_new(&kr_re_match_type, sizeof(KrMatch) + 2 * (size_t)n * sizeof(int64_t));
  if (!m)
    return NULL;
  kr_incref(&p->h);
  kr_incref(s);
  m->re = p;
  m->string = s;
  m->pos = pos;
  m->endpos = endpos;
  m->ngroups = n;
  PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
  uint32_t have = pcre2_get_ovector_count(md);
  for (int g = 0; g < n; g++) {
    bool set = (uint32_t)g < have && ov[2 * g] != PCRE2_UNSET;
    m->off[2 * g] = set ? (int64_t)ov[2 * g] : -1;
    m->off[2 * g + 1] = set ? (int64_t)ov[2 * g + 1] : -1;
  }
  return &m->h;
}

/* ------------------------------------------------------------ matching */

/* One call's subject: the str, the byte range to search, and whether the
 * text has been checked as UTF-8 yet. */
typedef struct Subject {
  KrPattern *p;
  KrObj *s;
  int64_t pos, endpos;     /* code points, clamped */
  int64_t from, to;        /* bytes */
  bool checked;
  pcre2_match_data *md;
} Subject;

static int subject_init(Subject *u, KrObj *p, KrObj *s, int64_t pos, int64_t endpos) {
  int64_t n = kr_str_len(s);
  pos = pos < 0 ? 0 : pos > n ? n : pos;
  endpos = endpos < 0 ? 0 : endpos > n ? n : endpos;
  u->p = (KrPattern *)p;
  u->s = s;
  u->pos = pos;
  u->endpos = endpos;
  u->from = kr_str_offset(s, pos);
  u->to = kr_str_offset(s, endpos);
  u->checked = false;
  u->md = pcre2_match_data_create_from_pattern(u->p->code, NULL);
  if (!u->md) {
    kr_raise(&kr_MemoryError_type, NULL);
    return -1;
  }
  return 0;
}

static void subject_clear(Subject *u) {
  pcre2_match_data_free(u->md);
  u->md = NULL;
}

/* Match at or after byte `at`: 1 (the offsets in u->md), 0 no match, -1 error. */
static int run(Subject *u, int64_t at, uint32_t opts) {
  if (at > u->to)
    return 0;
  if (u->checked || kr_str_len(u->s) == kr_str_bytes(u->s))
    opts |= PCRE2_NO_UTF_CHECK;
  int rc = pcre2_match(u->p->code, (PCRE2_SPTR)kr_str_data(u->s), (PCRE2_SIZE)u->to, (PCRE2_SIZE)at, opts, u->md,
                       NULL);
  u->checked = true;
  if (rc == PCRE2_ERROR_NOMATCH)
    return 0;
  if (rc < 0) {
    PCRE2_UCHAR msg[256];
    pcre2_get_error_message(rc, msg, sizeof msg);
    if (rc <= PCRE2_ERROR_UTF8_ERR1 && rc >= PCRE2_ERROR_UTF8_ERR21)
      kr_raise(&kr_ValueError_type, "kiln's re cannot match text with lone surrogates (%s)", (const char *)msg);
    else
      kr_raise(&kr_RuntimeError_type, "re: %s", (const char *)msg);
    return -1;
  }
  return 1;
}

static KrObj *match_one(KrObj *p, KrObj *s, int64_t pos, int64_t endpos, uint32_t opts) {
  Subject u;
  if (subject_init(&u, p, s, pos, endpos) < 0)
    return NULL;
  int r = run(&u, u.from, opts);
  KrObj *m = r < 0 ? NULL : r == 0 ? kr_None : match_new(u.p, s, u.pos, u.endpos, u.md);
  subject_clear(&u);
  return m;
}

KrObj *kr_re_p_search(KrObj *p, KrObj *s, int64_t pos, int64_t endpos) { return match_one(p, s, pos, endpos, 0); }
KrObj *kr_re_p_match(KrObj *p, KrObj *s, int64_t pos, int64_t endpos) {
  return match_one(p, s, pos, endpos, PCRE2_ANCHORED);
}
KrObj *kr_re_p_fullmatch(KrObj *p, KrObj *s, int64_t pos, int64_t endpos) {
  return match_one(p, s, pos, endpos, PCRE2_ANCHORED | PCRE2_ENDANCHORED);
}

/* The next match of a scan: 1, 0 at the end, -1 error. *at and *advance
 * carry the state between calls. */
static int scan_next(Subject *u, int64_t *at, bool *advance) {
  int r = run(u, *at, *advance ? PCRE2_NOTEMPTY_ATSTART : 0);
  if (r <= 0)
    return r;
  PCRE2_SIZE *ov = pcre2_get_ovector_pointer(u->md);
  *advance = ov[0] == ov[1];
  *at = (int64_t)ov[1];
  return 1;
}

/* Group g's text of the current match, '' (or dflt) when unset. */
static KrObj *group_text(Subject *u, int g, KrObj *dflt) {
  PCRE2_SIZE *ov = pcre2_get_ovector_pointer(u->md);
  if (ov[2 * g] == PCRE2_UNSET) {
    if (dflt) {
      kr_incref(dflt);
      return dflt;
    }
    return kr_str_empty();
  }
  return kr_str_sub(u->s, kr_str_data(u->s) + ov[2 * g], (int64_t)(ov[2 * g + 1] - ov[2 * g]));
}

KrObj *kr_re_p_findall(KrObj *po, KrObj *s, int64_t pos, int64_t endpos) {
  KrPattern *p = (KrPattern *)po;
  Subject u;
  if (subject_init(&u, po, s, pos, endpos) < 0)
    return NULL;
  KrObj *out = kr_list_new(KR_OBJ, 0);
  int64_t at = u.from;
  bool advance = false;
  int r;
  while (out && (r = scan_next(&u, &at, &advance)) > 0) {
    KrObj *item;
    if (p->groups <= 1) {
      item = group_text(&u, p->groups, NULL);
    } else {
      uint8_t kinds[64];
      KrObj *t = p->groups <= 64 ? kr_tuple_new(p->groups, (memset(kinds, KR_OBJ, sizeof kinds), kinds)) : NULL;
      if (!t && p->groups > 64)
        kr_raise(&kr_NotImplementedError_type, "kiln's re.findall takes patterns of at most 64 groups");
      for (int g = 1; t && g <= p->groups; g++) {
        KrObj *x = group_text(&u, g, NULL);
        if (!x) {
          kr_decref(t);
          t = NULL;
          break;
        }
        KR_TUPLE(t)->items[g - 1].o = x;
      }
      item = t;
    }
    if (!item || kr_list_append(out, (KrVal){.o = item}) < 0) {
      kr_xdecref(item);
      kr_decref(out);
      out = NULL;
      break;
    }
    kr_decref(item);
  }
  if (out && r < 0) {
    kr_decref(out);
    out = NULL;
  }
  subject_clear(&u);
  return out;
}

/* finditer's iterator: KrIter first, the scan's state after it. */
typedef struct ReIter {
  KrIter it;
  Subject u;
  int64_t at;
  bool advance, done;
  /* sub with a function (_subscan): at most limit matches (0: all), and
   * the byte spans of those yielded, for _subjoin */
  int64_t limit, taken;
  int64_t *spans;
  bool record;
} ReIter;

static void reiter_dealloc(KrObj *o) {
  ReIter *t = (ReIter *)o;
  kr_free(t->spans);
  subject_clear(&t->u);
  kr_xdecref(&t->u.p->h);
  kr_xdecref(t->u.s);
  kr_free(o);
}

static const KrType reiter_type = {.name = "callable_iterator", .base = &kr_iterator_type, .size = sizeof(ReIter),
                                   .dealloc = reiter_dealloc};

static int reiter_next(KrIter *it, KrVal *out) {
  ReIter *t = (ReIter *)it;
  if (t->done || (t->limit != 0 && t->taken >= t->limit))
    return 0;
  int r = scan_next(&t->u, &t->at, &t->advance);
  if (r <= 0) {
    t->done = true;
    return r;
  }
  if (t->record) {
    int64_t *sp = kr_realloc(t->spans, (size_t)(t->taken + 1) * 2 * sizeof *sp);
    if (!sp)
      return -1;
    t->spans = sp;
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(t->u.md);
    sp[2 * t->taken] = (int64_t)ov[0];
    sp[2 * t->taken + 1] = (int64_t)ov[1];
  }
  t->taken++;
  KrObj *m = match_new(t->u.p, t->u.s, t->u.pos, t->u.endpos, t->u.md);
  if (!m)
    return -1;
  out->o = m;
  return 1;
}

KrObj *kr_re_p_finditer(KrObj *p, KrObj *s, int64_t pos, int64_t endpos) {
  ReIter *t = (ReIter *)kr_obj_new(&reiter_type, sizeof(ReIter));
  if (!t)
    return NULL;
  t->it.next = reiter_next;
  t->it.kind = KR_OBJ;
  if (subject_init(&t->u, p, s, pos, endpos) < 0) {
    kr_free(t);
    return NULL;
  }
  kr_incref(p);
  kr_incref(s);
  t->at = t->u.from;
  return &t->it.h;
}

/* sub(F, s) with a function F: desugar.c makes it
 *     [sc._subjoin([F(m) for m in sc]) for sc in [p._subscan(s, count)]][0]
 * so F is called as the scan finds each match, and _subjoin puts the
 * replacements between the pieces the scan recorded. */
KrObj *kr_re_p_subscan(KrObj *p, KrObj *s, int64_t count) {
  ReIter *t = (ReIter *)kr_re_p_finditer(p, s, 0, INT64_MAX);
  if (t) {
    t->limit = count;
    t->record = true;
  }
  return &t->it.h;
}

KrObj *kr_re_p_subscan_flags(KrObj *p, KrObj *s, int64_t count, int64_t flags) {
  if (flags)
    return kr_raise(&kr_ValueError_type, "cannot process flags argument with a compiled pattern");
  return kr_re_p_subscan(p, s, count);
}

KrObj *kr_re_subscan(KrObj *pattern, KrObj *s, int64_t count, int64_t flags) {
  KrObj *p = kr_re_compile(pattern, flags);
  if (!p)
    return NULL;
  KrObj *r = kr_re_p_subscan(p, s, count);
  kr_decref(p);
  return r;
}

static KrObj *subjoin(KrObj *sco, KrObj *reps, int64_t *n) {
  if (sco->type != &reiter_type || !((ReIter *)sco)->record)
    return kr_raise(&kr_TypeError_type, "_subjoin of something else than _subscan");
  ReIter *t = (ReIter *)sco;
  KrObj *s = t->u.s;
  *n = kr_list_len(reps);
  if (*n > t->taken)
    *n = t->taken;
  if (*n == 0) {
    kr_incref(s);
    return s;
  }
  const char *d = kr_str_data(s);
  KrBuf b;
  kr_buf_init(&b, kr_str_bytes(s));
  int64_t last = 0;
  for (int64_t i = 0; i < *n; i++) {
    KrObj *r = KR_LIST(reps)->items[i].o;
    kr_buf_put(&b, d + last, t->spans[2 * i] - last);
    kr_buf_puts(&b, r);
    last = t->spans[2 * i + 1];
  }
  kr_buf_put(&b, d + last, kr_str_bytes(s) - last);
  return kr_buf_finish(&b);
}

KrObj *kr_re_subjoin(KrObj *sc, KrObj *reps) {
  int64_t n;
  return subjoin(sc, reps, &n);
}

KrObj *kr_re_subnjoin(KrObj *sc, KrObj *reps) {
  int64_t n;
  KrObj *r = subjoin(sc, reps, &n);
  if (!r)
    return NULL;
  static const uint8_t kinds[2] = {KR_OBJ, KR_INT};
  KrVal items[2] = {{.o = r}, {.i = n}};
  return kr_tuple_pack_steal(2, items, kinds);
}

/* ---------------------------------------------------- sub's templates */

/* A replacement template, parsed once per call: literal text and group
 * references, as sre_parse.parse_template reads them. */
typedef struct Piece {
  int group;           /* -1: literal text [lit, lit + len) of the template's buffer */
  int64_t lit, len;
} Piece;

typedef struct Template {
  char *text;          /* the literal pieces' bytes (malloc'ed) */
  int64_t ntext;
  Piece *pieces;
  int npieces;
} Template;

static void tmpl_free(Template *t) {
  free(t->text);
  free(t->pieces);
}

static void tmpl_lit(Template *t, const char *s, int64_t n) {
  t->text = realloc(t->text, (size_t)(t->ntext + n + 1));
  memcpy(t->text + t->ntext, s, (size_t)n);
  if (t->npieces && t->pieces[t->npieces - 1].group < 0) {
    t->pieces[t->npieces - 1].len += n;
  } else {
    t->pieces = realloc(t->pieces, (size_t)(t->npieces + 1) * sizeof *t->pieces);
    t->pieces[t->npieces++] = (Piece){-1, t->ntext, n};
  }
  t->ntext += n;
}

static void tmpl_group(Template *t, int g) {
  t->pieces = realloc(t->pieces, (size_t)(t->npieces + 1) * sizeof *t->pieces);
  t->pieces[t->npieces++] = (Piece){g, 0, 0};
}

static int64_t cp_at(const char *s, int64_t off) {
  int64_t n = 0;
  for (int64_t i = 0; i < off; i++)
    n += ((unsigned char)s[i] & 0xC0) != 0x80;
  return n;
}

static int group_by_name(KrPattern *p, const char *name, int64_t k) {
  for (int i = 0; i < p->nnames; i++)
    if ((int64_t)strlen(p->names[i]) == k && !memcmp(p->names[i], name, (size_t)k))
      return p->name_group[i];
  return -1;
}

static int tmpl_parse(KrPattern *p, KrObj *repl, Template *t) {
  memset(t, 0, sizeof *t);
  const char *s = kr_str_data(repl);
  int64_t n = kr_str_bytes(repl);
  for (int64_t i = 0; i < n;) {
    if (s[i] != '\\') {
      int64_t j = i;
      while (j < n && s[j] != '\\')
        j++;
      tmpl_lit(t, s + i, j - i);
      i = j;
      continue;
    }
    if (i + 1 >= n) {
      kr_raise(&kr_re_error_type, "bad escape (end of pattern) at position %lld", (long long)cp_at(s, i));
      return -1;
    }
    char c = s[i + 1];
    if (c == 'g') {
      int64_t at = i + 2;
      if (at >= n || s[at] != '<') {
        kr_raise(&kr_re_error_type, "missing < at position %lld", (long long)cp_at(s, at));
        return -1;
      }
      int64_t e = at + 1;
      while (e < n && s[e] != '>')
        e++;
      if (e >= n) {
        kr_raise(&kr_re_error_type, "%s at position %lld",
                 e == at + 1 ? "missing group name" : "missing >, unterminated name", (long long)cp_at(s, at + 1));
        return -1;
      }
      const char *name = s + at + 1;
      int64_t k = e - at - 1;
      if (!k) {
        kr_raise(&kr_re_error_type, "missing group name at position %lld", (long long)cp_at(s, at + 1));
        return -1;
      }
      int g = -1;
      bool digits = true;
      for (int64_t q = 0; q < k; q++)
        digits = digits && name[q] >= '0' && name[q] <= '9';
      if (digits) {
        g = k > 9 ? 1 << 30 : atoi(name);
        if (g > p->groups) {
          kr_raise(&kr_re_error_type, "invalid group reference %d at position %lld", g, (long long)cp_at(s, at + 1));
          return -1;
        }
      } else {
        g = group_by_name(p, name, k);
        if (g < 0) {
          bool ok = !(name[0] >= '0' && name[0] <= '9');
          for (int64_t q = 0; q < k; q++) {
            unsigned char ch = (unsigned char)name[q];
            ok = ok && (ch >= 0x80 || ch == '_' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                        (ch >= '0' && ch <= '9'));
          }
          if (!ok)
            kr_raise(&kr_re_error_type, "bad character in group name '%.*s' at position %lld", (int)k, name,
                     (long long)cp_at(s, at + 1));
          else
            kr_raise(&kr_IndexError_type, "unknown group name '%.*s'", (int)k, name);
          return -1;
        }
      }
      tmpl_group(t, g);
      i = e + 1;
      continue;
    }
    if (c >= '0' && c <= '9') {
      int64_t j = i + 1;
      bool oct3 = j + 2 < n && c <= '7' && s[j + 1] >= '0' && s[j + 1] <= '7' && s[j + 2] >= '0' && s[j + 2] <= '7';
      if (c == '0' || oct3) {
        int v = 0, k = 0;
        for (; k < 3 && j < n && s[j] >= '0' && s[j] <= '7'; k++, j++)
          v = v * 8 + (s[j] - '0');
        if (v > 0377) {
          kr_raise(&kr_re_error_type, "octal escape value \\%.*s outside of range 0-0o377 at position %lld", k,
                   s + i + 1, (long long)cp_at(s, i));
          return -1;
        }
        char buf[4];
        int m = 0;
        if (v < 0x80)
          buf[m++] = (char)v;
        else {
          buf[m++] = (char)(0xC0 | (v >> 6));
          buf[m++] = (char)(0x80 | (v & 0x3F));
        }
        tmpl_lit(t, buf, m);
        i = j;
        continue;
      }
      int g = c - '0';
      j++;
      if (j < n && s[j] >= '0' && s[j] <= '9')
        g = g * 10 + (s[j++] - '0');
      if (g > p->groups) {
        kr_raise(&kr_re_error_type, "invalid group reference %d at position %lld", g, (long long)cp_at(s, i + 1));
        return -1;
      }
      tmpl_group(t, g);
      i = j;
      continue;
    }
    const char *esc = NULL;
    switch (c) {
    case 'a': esc = "\a"; break;
    case 'b': esc = "\b"; break;
    case 'f': esc = "\f"; break;
    case 'n': esc = "\n"; break;
    case 'r': esc = "\r"; break;
    case 't': esc = "\t"; break;
    case 'v': esc = "\v"; break;
    case '\\': esc = "\\"; break;
    default: break;
    }
    if (esc) {
      tmpl_lit(t, esc, 1);
    } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
      kr_raise(&kr_re_error_type, "bad escape \\%c at position %lld", c, (long long)cp_at(s, i));
      return -1;
    } else {
      tmpl_lit(t, s + i, 2); /* \. stays \. */
      i += 2;
      continue;
    }
    i += 2;
  }
  return 0;
}

/* ------------------------------------------------------- sub and split */

static KrObj *subx(KrObj *po, KrObj *repl, KrObj *s, int64_t count, int64_t *nsubs) {
  KrPattern *p = (KrPattern *)po;
  Template t;
  if (tmpl_parse(p, repl, &t) < 0) {
    tmpl_free(&t);
    return NULL;
  }
  Subject u;
  if (subject_init(&u, po, s, 0, INT64_MAX) < 0) {
    tmpl_free(&t);
    return NULL;
  }
  const char *d = kr_str_data(s);
  KrBuf b;
  kr_buf_init(&b, kr_str_bytes(s));
  if (b.failed) { /* MemoryError */
    subject_clear(&u);
    tmpl_free(&t);
    return NULL;
  }
  int64_t at = 0, last = 0, n = 0;
  bool advance = false;
  int r = 0;
  while ((count == 0 || n < count) && (r = scan_next(&u, &at, &advance)) > 0) {
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(u.md);
    kr_buf_put(&b, d + last, (int64_t)ov[0] - last);
    for (int i = 0; i < t.npieces; i++) {
      Piece *pc = &t.pieces[i];
      if (pc->group < 0)
        kr_buf_put(&b, t.text + pc->lit, pc->len);
      else if (ov[2 * pc->group] != PCRE2_UNSET)
        kr_buf_put(&b, d + ov[2 * pc->group], (int64_t)(ov[2 * pc->group + 1] - ov[2 * pc->group]));
    }
    last = (int64_t)ov[1];
    n++;
  }
  subject_clear(&u);
  tmpl_free(&t);
  if (r < 0) {
    kr_buf_discard(&b);
    return NULL;
  }
  if (n == 0) { /* no match: the subject itself */
    kr_buf_discard(&b);
    *nsubs = 0;
    kr_incref(s);
    return s;
  }
  kr_buf_put(&b, d + last, kr_str_bytes(s) - last);
  *nsubs = n;
  return kr_buf_finish(&b);
}

KrObj *kr_re_p_sub(KrObj *p, KrObj *repl, KrObj *s, int64_t count) {
  int64_t n;
  return subx(p, repl, s, count, &n);
}

KrObj *kr_re_p_subn(KrObj *p, KrObj *repl, KrObj *s, int64_t count) {
  int64_t n;
  KrObj *r = subx(p, repl, s, count, &n);
  if (!r)
    return NULL;
  static const uint8_t kinds[2] = {KR_OBJ, KR_INT};
  KrVal items[2] = {{.o = r}, {.i = n}};
  return kr_tuple_pack_steal(2, items, kinds);
}

KrObj *kr_re_p_split(KrObj *po, KrObj *s, int64_t maxsplit) {
  KrPattern *p = (KrPattern *)po;
  Subject u;
  if (subject_init(&u, po, s, 0, INT64_MAX) < 0)
    return NULL;
  const char *d = kr_str_data(s);
  KrObj *out = kr_list_new(KR_OBJ, 0);
  int64_t at = 0, last = 0, n = 0;
  bool advance = false;
  int r = 0;
  while (out && (maxsplit == 0 || n < maxsplit) && (r = scan_next(&u, &at, &advance)) > 0) {
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(u.md);
    KrObj *piece = kr_str_sub(s, d + last, (int64_t)ov[0] - last);
    if (!piece || kr_list_append(out, (KrVal){.o = piece}) < 0)
      goto fail_piece;
    kr_decref(piece);
    for (int g = 1; g <= p->groups; g++) {
      piece = group_text(&u, g, kr_None);
      if (!piece || kr_list_append(out, (KrVal){.o = piece}) < 0)
        goto fail_piece;
      kr_decref(piece);
    }
    last = (int64_t)ov[1];
    n++;
    continue;
  fail_piece:
    kr_xdecref(piece);
    kr_decref(out);
    out = NULL;
  }
  if (out && r >= 0) {
    KrObj *piece = kr_str_sub(s, d + last, kr_str_bytes(s) - last);
    if (!piece || kr_list_append(out, (KrVal){.o = piece}) < 0) {
      kr_xdecref(piece);
      kr_decref(out);
      out = NULL;
    } else {
      kr_decref(piece);
    }
  } else if (out) {
    kr_decref(out);
    out = NULL;
  }
  subject_clear(&u);
  return out;
}

/* ------------------------------------------------- the module functions */

#define VIA_COMPILE(call)                                                                                  \
  KrObj *p = kr_re_compile(pattern, flags);                                                                \
  if (!p)                                                                                                  \
    return NULL;                                                                                           \
  KrObj *r = call;                                                                                         \
  kr_decref(p);                                                                                            \
  return r;

KrObj *kr_re_search(KrObj *pattern, KrObj *s, int64_t flags) { VIA_COMPILE(kr_re_p_search(p, s, 0, INT64_MAX)) }
KrObj *kr_re_match(KrObj *pattern, KrObj *s, int64_t flags) { VIA_COMPILE(kr_re_p_match(p, s, 0, INT64_MAX)) }
KrObj *kr_re_fullmatch(KrObj *pattern, KrObj *s, int64_t flags) {
  VIA_COMPILE(kr_re_p_fullmatch(p, s, 0, INT64_MAX))
}
KrObj *kr_re_findall(KrObj *pattern, KrObj *s, int64_t flags) { VIA_COMPILE(kr_re_p_findall(p, s, 0, INT64_MAX)) }
KrObj *kr_re_finditer(KrObj *pattern, KrObj *s, int64_t flags) {
  VIA_COMPILE(kr_re_p_finditer(p, s, 0, INT64_MAX))
}
KrObj *kr_re_sub(KrObj *pattern, KrObj *repl, KrObj *s, int64_t count, int64_t flags) {
  VIA_COMPILE(kr_re_p_sub(p, repl, s, count))
}
KrObj *kr_re_subn(KrObj *pattern, KrObj *repl, KrObj *s, int64_t count, int64_t flags) {
  VIA_COMPILE(kr_re_p_subn(p, repl, s, count))
}
KrObj *kr_re_split(KrObj *pattern, KrObj *s, int64_t maxsplit, int64_t flags) {
  VIA_COMPILE(kr_re_p_split(p, s, maxsplit))
}

/* re.escape: what CPython 3.7+ escapes */
KrObj *kr_re_escape(KrObj *s) {
  static const char special[] = "()[]{}?*+-|^$\\.&~# \t\n\r\v\f";
  const char *d = kr_str_data(s);
  int64_t n = kr_str_bytes(s);
  KrBuf b;
  kr_buf_init(&b, n + 8);
  for (int64_t i = 0; i < n; i++) {
    if (d[i] && strchr(special, d[i]))
      kr_buf_putc(&b, '\\');
    kr_buf_putc(&b, d[i]);
  }
  return kr_buf_finish(&b);
}

/* ------------------------------------------------- Match's methods */

static bool is_none(KrObj *m, const char *attr) {
  if (m != kr_None)
    return false;
  kr_raise(&kr_AttributeError_type, "'NoneType' object has no attribute '%s'", attr);
  return true;
}

/* The group number g names (an int or a str; NULL: 0), or -1 with
 * IndexError: no such group. */
static int group_index(KrMatch *m, KrObj *g) {
  if (!g)
    return 0;
  if (g->type == &kr_int_type || g->type == &kr_bool_type) {
    int64_t v = ((KrInt *)g)->v;
    if (g->type == &kr_bool_type)
      v = g == kr_True;
    if (v >= 0 && v < m->ngroups)
      return (int)v;
  } else if (g->type == &kr_str_type) {
    int k = group_by_name(m->re, kr_str_data(g), kr_str_bytes(g));
    if (k >= 0)
      return k;
  }
  kr_raise(&kr_IndexError_type, "no such group");
  return -1;
}

static KrObj *group_of(KrMatch *m, int g, KrObj *dflt) {
  if (m->off[2 * g] < 0) {
    kr_incref(dflt);
    return dflt;
  }
  return kr_str_sub(m->string, kr_str_data(m->string) + m->off[2 * g], m->off[2 * g + 1] - m->off[2 * g]);
}

KrObj *kr_re_m_group(KrObj *mo, KrObj *g) {
  if (is_none(mo, "group"))
    return NULL;
  KrMatch *m = (KrMatch *)mo;
  int k = group_index(m, g);
  return k < 0 ? NULL : group_of(m, k, kr_None);
}

KrObj *kr_re_m_getitem(KrObj *mo, KrObj *g) {
  if (mo == kr_None)
    return kr_raise(&kr_TypeError_type, "'NoneType' object is not subscriptable");
  return kr_re_m_group(mo, g);
}

static KrObj *group_tuple(KrObj *mo, KrObj **gs, int n) {
  if (is_none(mo, "group"))
    return NULL;
  uint8_t kinds[3] = {KR_OBJ, KR_OBJ, KR_OBJ};
  KrObj *t = kr_tuple_new(n, kinds);
  for (int i = 0; t && i < n; i++) {
    KrObj *x = kr_re_m_group(mo, gs[i]);
    if (!x) {
      kr_decref(t);
      return NULL;
    }
    KR_TUPLE(t)->items[i].o = x;
  }
  return t;
}

KrObj *kr_re_m_group2(KrObj *m, KrObj *a, KrObj *b) { return group_tuple(m, (KrObj *[]){a, b}, 2); }
KrObj *kr_re_m_group3(KrObj *m, KrObj *a, KrObj *b, KrObj *c) { return group_tuple(m, (KrObj *[]){a, b, c}, 3); }

KrObj *kr_re_m_groups(KrObj *mo, KrObj *dflt) {
  if (is_none(mo, "groups"))
    return NULL;
  KrMatch *m = (KrMatch *)mo;
  int n = m->ngroups - 1;
  uint8_t *kinds = kr_alloc((size_t)n + 1);
  if (!kinds)
    return NULL;
  memset(kinds, KR_OBJ, (size_t)n + 1);
  KrObj *t = kr_tuple_new(n, kinds);
  kr_free(kinds);
  for (int g = 1; t && g <= n; g++) {
    KrObj *x = group_of(m, g, dflt);
    if (!x) {
      kr_decref(t);
      return NULL;
    }
    KR_TUPLE(t)->items[g - 1].o = x;
  }
  return t;
}

KrObj *kr_re_m_groupdict(KrObj *mo, KrObj *dflt) {
  if (is_none(mo, "groupdict"))
    return NULL;
  KrMatch *m = (KrMatch *)mo;
  KrObj *d = kr_dict_new(KR_OBJ, KR_OBJ);
  for (int i = 0; d && i < m->re->nnames; i++) {
    KrObj *k = kr_str_from_cstr(m->re->names[i]);
    KrObj *v = k ? group_of(m, m->re->name_group[i], dflt) : NULL;
    if (!v || kr_dict_setitem(d, (KrVal){.o = k}, KR_OBJ, (KrVal){.o = v}) < 0) {
      kr_xdecref(k);
      kr_xdecref(v);
      kr_decref(d);
      return NULL;
    }
    kr_decref(k);
    kr_decref(v);
  }
  return d;
}

int64_t kr_re_m_start(KrObj *mo, KrObj *g) {
  if (is_none(mo, "start"))
    return -1;
  KrMatch *m = (KrMatch *)mo;
  int k = group_index(m, g);
  return k < 0 ? -1 : cp(m, m->off[2 * k]);
}

int64_t kr_re_m_end(KrObj *mo, KrObj *g) {
  if (is_none(mo, "end"))
    return -1;
  KrMatch *m = (KrMatch *)mo;
  int k = group_index(m, g);
  return k < 0 ? -1 : cp(m, m->off[2 * k + 1]);
}

KrObj *kr_re_m_span(KrObj *mo, KrObj *g) {
  if (is_none(mo, "span"))
    return NULL;
  KrMatch *m = (KrMatch *)mo;
  int k = group_index(m, g);
  if (k < 0)
    return NULL;
  static const uint8_t kinds[2] = {KR_INT, KR_INT};
  return kr_tuple_pack(2, (KrVal[]){{.i = cp(m, m->off[2 * k])}, {.i = cp(m, m->off[2 * k + 1])}}, kinds);
}

KrObj *kr_re_m_expand(KrObj *mo, KrObj *tmpl) {
  if (is_none(mo, "expand"))
    return NULL;
  KrMatch *m = (KrMatch *)mo;
  Template t;
  if (tmpl_parse(m->re, tmpl, &t) < 0) {
    tmpl_free(&t);
    return NULL;
  }
  KrBuf b;
  kr_buf_init(&b, 16);
  const char *d = kr_str_data(m->string);
  for (int i = 0; i < t.npieces; i++) {
    Piece *pc = &t.pieces[i];
    if (pc->group < 0)
      kr_buf_put(&b, t.text + pc->lit, pc->len);
    else if (m->off[2 * pc->group] >= 0)
      kr_buf_put(&b, d + m->off[2 * pc->group], m->off[2 * pc->group + 1] - m->off[2 * pc->group]);
  }
  tmpl_free(&t);
  return kr_buf_finish(&b);
}

KrObj *kr_re_m_string(KrObj *mo) {
  if (is_none(mo, "string"))
    return NULL;
  kr_incref(((KrMatch *)mo)->string);
  return ((KrMatch *)mo)->string;
}

KrObj *kr_re_m_re(KrObj *mo) {
  if (is_none(mo, "re"))
    return NULL;
  kr_incref(&((KrMatch *)mo)->re->h);
  return &((KrMatch *)mo)->re->h;
}

int64_t kr_re_m_pos(KrObj *mo) { return is_none(mo, "pos") ? -1 : ((KrMatch *)mo)->pos; }
int64_t kr_re_m_endpos(KrObj *mo) { return is_none(mo, "endpos") ? -1 : ((KrMatch *)mo)->endpos; }

/* The last group closed: of the groups set, the one ending last; of those
 * ending together, the outermost (it closes after what it holds). */
static int last_index(KrMatch *m) {
  int best = -1;
  for (int g = 1; g < m->ngroups; g++) {
    if (m->off[2 * g] < 0)
      continue;
    if (best < 0 || m->off[2 * g + 1] > m->off[2 * best + 1] ||
        (m->off[2 * g + 1] == m->off[2 * best + 1] && m->off[2 * g] < m->off[2 * best]))
      best = g;
  }
  return best;
}

KrObj *kr_re_m_lastindex(KrObj *mo) {
  if (is_none(mo, "lastindex"))
    return NULL;
  int g = last_index((KrMatch *)mo);
  return g < 0 ? kr_None : kr_int_box(g);
}

KrObj *kr_re_m_lastgroup(KrObj *mo) {
  if (is_none(mo, "lastgroup"))
    return NULL;
  KrMatch *m = (KrMatch *)mo;
  int g = last_index(m);
  for (int i = 0; g >= 0 && i < m->re->nnames; i++)
    if (m->re->name_group[i] == g)
      return kr_str_from_cstr(m->re->names[i]);
  return kr_None;
}
