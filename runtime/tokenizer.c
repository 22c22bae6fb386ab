/* tokenizer.c — tokenizer.json's pipeline around the model (tokmodel.c):
 * loading, added tokens, normalizers, pre-tokenizers, post-processors,
 * truncation, padding, decoders (tokenizer.h has the overview).
 *
 * The text being normalized is an NStr: bytes, and for every byte the
 * original byte range [start, end) of the character it came from, so any
 * normalizer or pre-tokenizer can change the text and the model's tokens
 * still get offsets in the original. Pre-tokenizers turn a list of NStr
 * pieces into a new list. Regular expressions (Split patterns, the
 * ByteLevel split, Whitespace) run on PCRE2 with UTF and Unicode
 * properties, JIT-compiled, except the GPT-2 and Llama 3 split patterns,
 * which toksplit.c matches by hand; Unicode tables come from utf8proc.
 * Text that is all ASCII takes shortcuts where the general path costs an
 * allocation or a table lookup per character (encode_bert below). */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <errno.h>
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <utf8proc.h>

#include "tokenizer.h"
#include "embed.h"
#include "platform.h"

static int OOM(char *err) {
  snprintf(err, TK_ERRLEN, "out of memory");
  return -1;
}

/* ---- UTF-8 and character classes ---- */

static int32_t u8dec(const char *s, int32_t len, int32_t i, int32_t *cl) {
  if ((uint8_t)s[i] < 0x80) {
    *cl = 1;
    return (uint8_t)s[i];
  }
  utf8proc_int32_t c;
  utf8proc_ssize_t n = utf8proc_iterate((const uint8_t *)s + i, len - i, &c);
  if (n <= 0) { *cl = 1; return 0xFFFD; }
  *cl = (int32_t)n;
  return c;
}

static int u8enc(uint32_t c, char *o) {
  return (int)utf8proc_encode_char((utf8proc_int32_t)c, (uint8_t *)o);
}

/* Rust's char::is_whitespace (the White_Space property). */
static int is_ws(int32_t c) {
  return (c >= 9 && c <= 13) || c == ' ' || c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) ||
         c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

static int is_punct(int32_t c) {
  if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126)) return 1;
  if (c < 128) return 0;
  int k = utf8proc_category(c);
  return k >= UTF8PROC_CATEGORY_PC && k <= UTF8PROC_CATEGORY_PO;
}

/* a combining mark (Mn, Mc, Me): what StripAccents removes */
static int is_mark(int32_t c) {
  if (c < 0x300) return 0;
  int k = utf8proc_category(c);
  return k == UTF8PROC_CATEGORY_MN || k == UTF8PROC_CATEGORY_MC || k == UTF8PROC_CATEGORY_ME;
}

static int is_cjk(int32_t c) {
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x20000 && c <= 0x2A6DF) ||
         (c >= 0x2A700 && c <= 0x2B73F) || (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B820 && c <= 0x2CEAF) ||
         (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

/* ---- NStr: normalized text with alignments ---- */

typedef struct NStr {
  char *s;
  int32_t *a; /* 2 per byte: original [start, end) */
  int32_t len, cap;
} NStr;

static int ns_reserve(NStr *n, int32_t extra) {
  if (n->len + extra <= n->cap) return 0;
  int32_t nc = n->cap ? n->cap : 16;
  while (nc < n->len + extra) nc *= 2;
  char *s = tk_realloc(n->s, (size_t)nc + 1);
  if (!s) return -1;
  n->s = s;
  int32_t *a = tk_realloc(n->a, sizeof(int32_t) * 2 * (size_t)nc);
  if (!a) return -1;
  n->a = a, n->cap = nc;
  return 0;
}

static int ns_put(NStr *n, const char *b, int32_t k, int32_t os, int32_t oe) {
  if (ns_reserve(n, k) < 0) return -1;
  for (int32_t i = 0; i < k; i++) {
    n->s[n->len] = b[i];
    n->a[2 * n->len] = os, n->a[2 * n->len + 1] = oe;
    n->len++;
  }
  return 0;
}

/* copy bytes [i, j) of src, alignments and all */
static int ns_copy(NStr *n, const NStr *src, int32_t i, int32_t j) {
  if (j <= i) return 0;
  if (ns_reserve(n, j - i) < 0) return -1;
  memcpy(n->s + n->len, src->s + i, (size_t)(j - i));
  memcpy(n->a + 2 * n->len, src->a + 2 * i, sizeof(int32_t) * 2 * (size_t)(j - i));
  n->len += j - i;
  return 0;
}

static void ns_free(NStr *n) { free(n->s), free(n->a), memset(n, 0, sizeof *n); }

/* the alignment of the character at bytes [i, i+cl) */
#define CH_OS(n, i) ((n)->a[2 * (i)])
#define CH_OE(n, i, cl) ((n)->a[2 * ((i) + (cl)-1) + 1])

/* The pieces of a pre-tokenized text, back to back in one buffer (two
 * allocations for all of them, not two per piece): piece k is the bytes
 * [off[2k], off[2k+1]) of buf. A piece is written at the end of buf
 * (pc_begin, then ns_put/ns_copy into pc_buf, then pc_end); pc_get gives a
 * read-only view, valid until buf grows. */
typedef struct Pieces { NStr buf; int32_t *off; int32_t n, cap, start; } Pieces;

static NStr *pc_begin(Pieces *p) {
  p->start = p->buf.len;
  return &p->buf;
}

static int pc_end(Pieces *p) {
  if (p->buf.len == p->start) return 0;
  if (p->n == p->cap) {
    int32_t nc = p->cap ? p->cap * 2 : 16;
    int32_t *no = tk_realloc(p->off, sizeof(int32_t) * 2 * (size_t)nc);
    if (!no) return -1;
    p->off = no, p->cap = nc;
  }
  p->off[2 * p->n] = p->start, p->off[2 * p->n + 1] = p->buf.len;
  p->n++;
  return 0;
}

/* piece k as a view (never freed or grown) */
static NStr pc_get(const Pieces *p, int32_t k) {
  int32_t s = p->off[2 * k];
  return (NStr){.s = p->buf.s + s, .a = p->buf.a + 2 * s, .len = p->off[2 * k + 1] - s};
}

static int pc_add(Pieces *p, const NStr *src, int32_t i, int32_t j) {
  if (i >= j) return 0;
  pc_begin(p);
  if (ns_copy(&p->buf, src, i, j) < 0) return -1;
  return pc_end(p);
}

static void pc_free(Pieces *p) {
  ns_free(&p->buf);
  free(p->off);
  memset(p, 0, sizeof *p);
}

/* ---- patterns: a literal string or a PCRE2 regex ---- */

typedef struct Pat {
  char *lit;           /* literal (NULL for a regex) */
  int32_t litlen;
  pcre2_code *re;      /* NULL for a literal or a hand-written matcher */
  TkSplitKind fast;    /* a well-known pattern matched by toksplit.c, not PCRE2 */
} Pat;

static int pat_load(Pat *p, const TjNode *j, const char *where, char *err) {
  TjNode *s = tj_get(j, "String"), *r = tj_get(j, "Regex");
  if (s && s->type == TJ_STR) {
    p->lit = tk_malloc((size_t)s->len + 1);
    if (!p->lit) return OOM(err);
    memcpy(p->lit, s->str, (size_t)s->len + 1), p->litlen = s->len;
    return 0;
  }
  if (!r || r->type != TJ_STR) return snprintf(err, TK_ERRLEN, "%s.pattern: expected {\"String\": ...} or {\"Regex\": ...}", where), -1;
  if ((p->fast = ts_recognize(r->str, (size_t)r->len)) != TS_NONE) return 0;
  int ec;
  PCRE2_SIZE eo;
  /* PCRE2 checks the pattern's UTF-8 itself: the file's strings need not be valid */
  p->re = pcre2_compile((PCRE2_SPTR)r->str, (PCRE2_SIZE)r->len, PCRE2_UTF | PCRE2_UCP, &ec, &eo, NULL);
  if (!p->re) {
    char msg[200];
    pcre2_get_error_message(ec, (PCRE2_UCHAR *)msg, sizeof msg);
    return snprintf(err, TK_ERRLEN, "%s.pattern: bad regex at %d: %s", where, (int)eo, msg), -1;
  }
  pcre2_jit_compile(p->re, PCRE2_JIT_COMPLETE);
  return 0;
}

static int pat_compile(Pat *p, const char *re, char *err) {
  if ((p->fast = ts_recognize(re, strlen(re))) != TS_NONE) return 0;
  int ec;
  PCRE2_SIZE eo;
  p->re = pcre2_compile((PCRE2_SPTR)re, PCRE2_ZERO_TERMINATED, PCRE2_UTF | PCRE2_UCP, &ec, &eo, NULL);
  if (!p->re) return snprintf(err, TK_ERRLEN, "internal regex failed"), -1;
  pcre2_jit_compile(p->re, PCRE2_JIT_COMPLETE);
  return 0;
}

static void pat_free(Pat *p) {
  free(p->lit);
  if (p->re) pcre2_code_free(p->re);
}

typedef struct Ranges { int32_t *v; int32_t n, cap; } Ranges;

static int rg_push(Ranges *r, int32_t s, int32_t e) {
  if (r->n + 2 > r->cap) {
    int32_t nc = r->cap ? r->cap * 2 : 32;
    int32_t *nv = tk_realloc(r->v, sizeof(int32_t) * (size_t)nc);
    if (!nv) return -1;
    r->v = nv, r->cap = nc;
  }
  r->v[r->n++] = s, r->v[r->n++] = e;
  return 0;
}

/* every match of p in s[0..len): pairs (start, end) in r */
static int pat_find(const Pat *p, const char *s, int32_t len, Ranges *r) {
  r->n = 0;
  if (p->lit) {
    if (!p->litlen) return 0;
    for (int32_t i = 0; i + p->litlen <= len;) {
      const char *f = memmem(s + i, (size_t)(len - i), p->lit, (size_t)p->litlen);
      if (!f) break;
      int32_t st = (int32_t)(f - s);
      if (rg_push(r, st, st + p->litlen) < 0) return -1;
      i = st + p->litlen;
    }
    return 0;
  }
  if (p->fast != TS_NONE) { /* the matches tile s */
    for (int32_t i = 0, e; i < len; i = e) {
      e = ts_match(p->fast, s, len, i);
      if (rg_push(r, i, e) < 0) return -1;
    }
    return 0;
  }
  pcre2_match_data *md = pcre2_match_data_create_from_pattern(p->re, NULL);
  if (!md) return -1;
  PCRE2_SIZE off = 0;
  while (off <= (PCRE2_SIZE)len) {
    int rc = pcre2_match(p->re, (PCRE2_SPTR)s, (PCRE2_SIZE)len, off, PCRE2_NO_UTF_CHECK, md, NULL);
    if (rc < 0) break;
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
    if (rg_push(r, (int32_t)ov[0], (int32_t)ov[1]) < 0) { pcre2_match_data_free(md); return -1; }
    if (ov[1] > ov[0]) off = ov[1];
    else {
      if ((int32_t)ov[1] >= len) break;
      int32_t cl;
      u8dec(s, len, (int32_t)ov[1], &cl);
      off = ov[1] + (PCRE2_SIZE)cl;
    }
  }
  pcre2_match_data_free(md);
  return 0;
}

/* ---- splitting a piece by matches, with a behaviour ---- */

enum { B_REMOVED, B_ISOLATED, B_MERGED_PREV, B_MERGED_NEXT, B_CONTIGUOUS };

static int behavior_of(const char *s) {
  if (!s) return -1;
  if (!strcmp(s, "Removed")) return B_REMOVED;
  if (!strcmp(s, "Isolated")) return B_ISOLATED;
  if (!strcmp(s, "MergedWithPrevious")) return B_MERGED_PREV;
  if (!strcmp(s, "MergedWithNext")) return B_MERGED_NEXT;
  if (!strcmp(s, "Contiguous")) return B_CONTIGUOUS;
  return -1;
}

/* Splits p at the match ranges m (sorted, disjoint) and appends the pieces to out. */
static int split_by(const NStr *p, const Ranges *m, int behavior, int invert, Pieces *out) {
  /* segments (start, end, is_match) covering p */
  int32_t nseg = 0, cap = m->n + 2;
  int32_t *seg = tk_malloc(sizeof(int32_t) * 3 * (size_t)cap);
  if (!seg) return -1;
  int32_t prev = 0;
  for (int32_t k = 0; k < m->n; k += 2) {
    int32_t s = m->v[k], e = m->v[k + 1];
    if (s > prev) seg[3 * nseg] = prev, seg[3 * nseg + 1] = s, seg[3 * nseg + 2] = 0, nseg++;
    seg[3 * nseg] = s, seg[3 * nseg + 1] = e, seg[3 * nseg + 2] = 1, nseg++;
    prev = e;
  }
  if (prev < p->len) seg[3 * nseg] = prev, seg[3 * nseg + 1] = p->len, seg[3 * nseg + 2] = 0, nseg++;
  if (invert)
    for (int32_t i = 0; i < nseg; i++) seg[3 * i + 2] = !seg[3 * i + 2];
  /* the resulting ranges */
  int32_t *res = tk_malloc(sizeof(int32_t) * 2 * (size_t)(nseg + 1)), nr = 0;
  if (!res) { free(seg); return -1; }
  int prev_match = 0;
  switch (behavior) {
  case B_REMOVED:
    for (int32_t i = 0; i < nseg; i++)
      if (!seg[3 * i + 2]) res[2 * nr] = seg[3 * i], res[2 * nr + 1] = seg[3 * i + 1], nr++;
    break;
  case B_ISOLATED:
    for (int32_t i = 0; i < nseg; i++) res[2 * nr] = seg[3 * i], res[2 * nr + 1] = seg[3 * i + 1], nr++;
    break;
  case B_MERGED_PREV:
    for (int32_t i = 0; i < nseg; i++) {
      int im = seg[3 * i + 2];
      if (im && !prev_match && nr) res[2 * nr - 1] = seg[3 * i + 1];
      else res[2 * nr] = seg[3 * i], res[2 * nr + 1] = seg[3 * i + 1], nr++;
      prev_match = im;
    }
    break;
  case B_MERGED_NEXT:
    for (int32_t i = nseg - 1; i >= 0; i--) {
      int im = seg[3 * i + 2];
      if (im && !prev_match && nr) res[2 * nr - 2] = seg[3 * i];
      else res[2 * nr] = seg[3 * i], res[2 * nr + 1] = seg[3 * i + 1], nr++;
      prev_match = im;
    }
    for (int32_t i = 0; i < nr / 2; i++) { /* reverse */
      int32_t a0 = res[2 * i], a1 = res[2 * i + 1];
      res[2 * i] = res[2 * (nr - 1 - i)], res[2 * i + 1] = res[2 * (nr - 1 - i) + 1];
      res[2 * (nr - 1 - i)] = a0, res[2 * (nr - 1 - i) + 1] = a1;
    }
    break;
  case B_CONTIGUOUS:
    for (int32_t i = 0; i < nseg; i++) {
      int im = seg[3 * i + 2];
      if (nr && im == prev_match) res[2 * nr - 1] = seg[3 * i + 1];
      else res[2 * nr] = seg[3 * i], res[2 * nr + 1] = seg[3 * i + 1], nr++;
      prev_match = im;
    }
    break;
  }
  free(seg);
  for (int32_t i = 0; i < nr; i++) {
    if (pc_add(out, p, res[2 * i], res[2 * i + 1]) < 0) { free(res); return -1; }
  }
  free(res);
  return 0;
}

/* matches of single characters for which pred holds (each its own match) */
static int find_chars(const NStr *p, int (*pred)(int32_t), int contiguous, Ranges *r) {
  r->n = 0;
  for (int32_t i = 0; i < p->len;) {
    int32_t cl, c = u8dec(p->s, p->len, i, &cl);
    if (pred(c)) {
      if (contiguous && r->n && r->v[r->n - 1] == i) r->v[r->n - 1] = i + cl;
      else if (rg_push(r, i, i + cl) < 0) return -1;
    }
    i += cl;
  }
  return 0;
}

/* Rust's char::is_numeric (Nd, Nl, No): what the Digits pre-tokenizer splits */
static int is_digit_char(int32_t c) {
  if (c < 0x80) return c >= '0' && c <= '9';
  int k = utf8proc_category(c);
  return k == UTF8PROC_CATEGORY_ND || k == UTF8PROC_CATEGORY_NL || k == UTF8PROC_CATEGORY_NO;
}

/* ---- normalizers ---- */

enum { N_SEQ, N_NFC, N_NFD, N_NFKC, N_NFKD, N_LOWER, N_STRIP, N_STRIP_ACCENTS, N_REPLACE, N_PREPEND, N_BERT, N_IDENTITY };

typedef struct Norm {
  int kind;
  int32_t nchild;
  struct Norm **child;
  Pat pat;
  char *content;                 /* Replace's content, Prepend's prepend */
  int left, right;               /* Strip */
  int clean, chinese, accents, lower; /* BertNormalizer (accents -1: as lowercase) */
} Norm;

static void norm_free(Norm *n) {
  if (!n) return;
  for (int32_t i = 0; i < n->nchild; i++) norm_free(n->child[i]);
  free(n->child);
  pat_free(&n->pat);
  free(n->content);
  free(n);
}

static char *jstrdup(const TjNode *v) {
  if (!v || v->type != TJ_STR) return NULL;
  char *d = tk_malloc((size_t)v->len + 1);
  if (d) memcpy(d, v->str, (size_t)v->len + 1);
  return d;
}

static int jbool(const TjNode *o, const char *k, int d) {
  TjNode *v = tj_get(o, k);
  return v && v->type == TJ_BOOL ? (int)v->num : d;
}

static const char *jtype(const TjNode *o) {
  TjNode *t = tj_get(o, "type");
  return t && t->type == TJ_STR ? t->str : "";
}

static Norm *norm_load(const TjNode *j, char *err) {
  if (!j || j->type != TJ_OBJ) return snprintf(err, TK_ERRLEN, "normalizer: expected an object"), NULL;
  Norm *n = tk_calloc(1, sizeof *n);
  if (!n) return OOM(err), NULL;
  const char *t = jtype(j);
  if (!strcmp(t, "Sequence")) {
    TjNode *c = tj_get(j, "normalizers");
    if (!c || c->type != TJ_ARR) { snprintf(err, TK_ERRLEN, "normalizer Sequence: expected \"normalizers\": [...]"); goto bad; }
    n->kind = N_SEQ;
    n->child = tk_calloc((size_t)c->len + 1, sizeof(Norm *));
    if (!n->child) { OOM(err); goto bad; }
    for (int32_t i = 0; i < c->len; i++) {
      if (!(n->child[i] = norm_load(c->items[i], err))) goto bad;
      n->nchild++;
    }
  } else if (!strcmp(t, "NFC")) n->kind = N_NFC;
  else if (!strcmp(t, "NFD")) n->kind = N_NFD;
  else if (!strcmp(t, "NFKC")) n->kind = N_NFKC;
  else if (!strcmp(t, "NFKD")) n->kind = N_NFKD;
  else if (!strcmp(t, "Lowercase")) n->kind = N_LOWER;
  else if (!strcmp(t, "StripAccents")) n->kind = N_STRIP_ACCENTS;
  else if (!strcmp(t, "Strip")) n->kind = N_STRIP, n->left = jbool(j, "strip_left", 1), n->right = jbool(j, "strip_right", 1);
  else if (!strcmp(t, "Replace")) {
    n->kind = N_REPLACE;
    if (pat_load(&n->pat, tj_get(j, "pattern"), "normalizer Replace", err) < 0) goto bad;
    if (!(n->content = jstrdup(tj_get(j, "content")))) { snprintf(err, TK_ERRLEN, "normalizer Replace: expected \"content\""); goto bad; }
  } else if (!strcmp(t, "Prepend")) {
    n->kind = N_PREPEND;
    if (!(n->content = jstrdup(tj_get(j, "prepend")))) { snprintf(err, TK_ERRLEN, "normalizer Prepend: expected \"prepend\""); goto bad; }
  } else if (!strcmp(t, "BertNormalizer")) {
    n->kind = N_BERT;
    n->clean = jbool(j, "clean_text", 1), n->chinese = jbool(j, "handle_chinese_chars", 1);
    n->lower = jbool(j, "lowercase", 1), n->accents = jbool(j, "strip_accents", -1);
    if (n->accents < 0) n->accents = n->lower;
  } else if (!strcmp(t, "Precompiled")) {
    n->kind = N_IDENTITY; /* SentencePiece's charsmap: not applied yet (mostly NFKC on real text) */
  } else {
    snprintf(err, TK_ERRLEN, "normalizer type \"%.40s\" is not supported", t);
    goto bad;
  }
  return n;
bad:
  norm_free(n);
  return NULL;
}

static int put_char(NStr *out, int32_t c, int32_t os, int32_t oe) {
  char b[4];
  return ns_put(out, b, u8enc((uint32_t)c, b), os, oe);
}

/* Unicode normalization: composition one cluster (a starter and its combining marks) at a time,
 * so every output character keeps the cluster's original range. */
static int nf_apply(int opts, const NStr *in, NStr *out) {
  if (!(opts & UTF8PROC_COMPOSE)) {
    /* decomposition: character by character, each keeping its own range; then
     * the canonical order of each run of combining marks (a stable sort by class) */
    for (int32_t i = 0; i < in->len;) {
      int32_t cl, c = u8dec(in->s, in->len, i, &cl);
      if (c < 0x80) {
        if (ns_copy(out, in, i, i + cl) < 0) return -1;
      } else {
        utf8proc_int32_t d[32];
        int lbc = 0;
        utf8proc_ssize_t k = utf8proc_decompose_char(c, d, 32, (utf8proc_option_t)(opts | UTF8PROC_STABLE), &lbc);
        if (k < 0 || k > 32) {
          if (ns_copy(out, in, i, i + cl) < 0) return -1;
        } else {
          for (utf8proc_ssize_t q = 0; q < k; q++) {
            int32_t start = out->len;
            if (put_char(out, d[q], CH_OS(in, i), CH_OE(in, i, cl)) < 0) return -1;
            int cc = utf8proc_get_property(d[q])->combining_class;
            /* bubble the new mark before marks of a higher class */
            while (cc && start > 0) {
              int32_t ps = start - 1;
              while (ps > 0 && ((uint8_t)out->s[ps] & 0xC0) == 0x80) ps--;
              int32_t pl, pc = u8dec(out->s, out->len, ps, &pl);
              if (utf8proc_get_property(pc)->combining_class <= cc) break;
              /* swap [ps, start) and [start, end) */
              int32_t end = out->len, nl = end - start;
              char tb[8];
              int32_t ta[16];
              memcpy(tb, out->s + ps, (size_t)pl), memcpy(ta, out->a + 2 * ps, sizeof(int32_t) * 2 * (size_t)pl);
              memmove(out->s + ps, out->s + start, (size_t)nl), memmove(out->a + 2 * ps, out->a + 2 * start, sizeof(int32_t) * 2 * (size_t)nl);
              memcpy(out->s + ps + nl, tb, (size_t)pl), memcpy(out->a + 2 * (ps + nl), ta, sizeof(int32_t) * 2 * (size_t)pl);
              start = ps;
            }
          }
        }
      }
      i += cl;
    }
    return 0;
  }
  for (int32_t i = 0; i < in->len;) {
    if ((uint8_t)in->s[i] < 0x80) {
      /* a run of ASCII: each character its own cluster and its own
       * normal form, except the last, which a mark after it may join */
      int32_t k = i;
      while (k + 1 < in->len && (uint8_t)in->s[k + 1] < 0x80) k++;
      int32_t end = k + 1 == in->len ? in->len : k;
      if (end > i) {
        if (ns_copy(out, in, i, end) < 0) return -1;
        i = end;
        continue;
      }
    }
    int32_t j = i, cl;
    u8dec(in->s, in->len, j, &cl);
    j += cl;
    int32_t prev = u8dec(in->s, in->len, i, &cl);
    while (j < in->len) { /* marks, and characters that compose with what precedes (Hangul jamo, some vowel signs) */
      int32_t c = u8dec(in->s, in->len, j, &cl);
      const utf8proc_property_t *pr = utf8proc_get_property(c);
      int hangul = (c >= 0x1161 && c <= 0x1175 && prev >= 0x1100 && prev <= 0x1112) ||
                   (c >= 0x11A8 && c <= 0x11C2 && ((prev >= 0x1161 && prev <= 0x1175) || (prev >= 0xAC00 && prev <= 0xD7A3 && (prev - 0xAC00) % 28 == 0)));
      if (pr->combining_class == 0 && !hangul && !(pr->comb_index != UINT16_MAX && pr->comb_index >= 0x8000 && !(c >= 0x1100 && c < 0x1200)))
        break;
      prev = c;
      j += cl;
    }
    int ascii = 1;
    for (int32_t k = i; k < j; k++) ascii &= (uint8_t)in->s[k] < 0x80;
    if (ascii) {
      if (ns_copy(out, in, i, j) < 0) return -1;
    } else {
      uint8_t *r = NULL;
      utf8proc_ssize_t n = utf8proc_map((const uint8_t *)in->s + i, j - i, &r, (utf8proc_option_t)(opts | UTF8PROC_STABLE));
      if (n < 0) {
        if (ns_copy(out, in, i, j) < 0) return -1;
      } else {
        /* the k-th output character takes the k-th input character's range (the
         * last one's past the end): a composed character keeps its starter's */
        int32_t q = i, rc = 0;
        for (int32_t k = 0; k < (int32_t)n && rc == 0;) {
          int32_t ol, ql;
          u8dec((const char *)r, (int32_t)n, k, &ol);
          u8dec(in->s, j, q, &ql);
          rc = ns_put(out, (const char *)r + k, ol, CH_OS(in, q), CH_OE(in, q, ql));
          k += ol;
          if (q + ql < j) q += ql;
        }
        free(r);
        if (rc < 0) return -1;
      }
    }
    i = j;
  }
  return 0;
}


static int lower_char(NStr *out, int32_t c, int32_t os, int32_t oe) {
  if (c < 0x80) {
    char b = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
    return ns_put(out, &b, 1, os, oe);
  }
  if (c == 0x130) return put_char(out, 'i', os, oe) | put_char(out, 0x307, os, oe);
  return put_char(out, utf8proc_tolower(c), os, oe);
}

static int norm_apply(const Norm *n, NStr *in, NStr *out);

static int norm_bert_run(const Norm *n, const NStr *in, NStr *out);

/* BertNormalizer: ASCII characters in one pass (clean, lowercase); each run
 * of other characters through the general steps (norm_bert_run). */
static int norm_bert(const Norm *n, const NStr *in, NStr *out) {
  if (ns_reserve(out, in->len) < 0) return -1;
  for (int32_t i = 0; i < in->len;) {
    uint8_t c = (uint8_t)in->s[i];
    if (c < 0x80) {
      if (n->clean) {
        if (c == 0 || (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f) { i++; continue; }
        if (c == '\t' || c == '\n' || c == '\r') c = ' ';
      }
      if (n->lower && c >= 'A' && c <= 'Z') c += 32;
      if (out->len >= out->cap && ns_reserve(out, 1) < 0) return -1;
      out->s[out->len] = (char)c;
      out->a[2 * out->len] = in->a[2 * i], out->a[2 * out->len + 1] = in->a[2 * i + 1];
      out->len++;
      i++;
      continue;
    }
    int32_t j = i;
    while (j < in->len && (uint8_t)in->s[j] >= 0x80) j++;
    NStr run = {.s = in->s + i, .a = in->a + 2 * i, .len = j - i};
    if (norm_bert_run(n, &run, out) < 0) return -1;
    i = j;
  }
  return 0;
}

static int norm_bert_run(const Norm *n, const NStr *in, NStr *out) {
  NStr tmp = {0}, tmp2 = {0};
  const NStr *cur = in;
  int rc = -1;
  if (n->clean || n->chinese) {
    for (int32_t i = 0; i < in->len;) {
      int32_t cl, c = u8dec(in->s, in->len, i, &cl), os = CH_OS(in, i), oe = CH_OE(in, i, cl);
      i += cl;
      if (n->clean) {
        if (c == 0 || c == 0xFFFD) continue;
        if (c >= 0x20 && c < 0x7f) {
          /* printable ASCII: nothing to clean */
        } else if (c != '\t' && c != '\n' && c != '\r') {
          int k = utf8proc_category(c);
          if (k == UTF8PROC_CATEGORY_CC || k == UTF8PROC_CATEGORY_CF ||
              k == UTF8PROC_CATEGORY_CO || k == UTF8PROC_CATEGORY_CS) continue;
        }
        if (is_ws(c)) c = ' ';
      }
      if (n->chinese && is_cjk(c)) {
        if (put_char(&tmp, ' ', os, oe) < 0 || put_char(&tmp, c, os, oe) < 0 || put_char(&tmp, ' ', os, oe) < 0) goto done;
      } else if (ns_put(&tmp, in->s + i - cl, cl, os, oe) < 0) goto done;
      /* a cleaned whitespace char must be a plain space */
      if (n->clean && c == ' ' && cl > 1) {
        tmp.len -= cl;
        if (put_char(&tmp, ' ', os, oe) < 0) goto done;
      }
    }
    cur = &tmp;
  }
  if (n->accents) {
    if (nf_apply(UTF8PROC_DECOMPOSE, cur, &tmp2) < 0) goto done;
    NStr t3 = {0};
    for (int32_t i = 0; i < tmp2.len;) {
      int32_t cl, c = u8dec(tmp2.s, tmp2.len, i, &cl);
      /* BertNormalizer strips only nonspacing marks (StripAccents: every mark) */
      if (utf8proc_category(c) != UTF8PROC_CATEGORY_MN && ns_copy(&t3, &tmp2, i, i + cl) < 0) { ns_free(&t3); goto done; }
      i += cl;
    }
    ns_free(&tmp2);
    tmp2 = t3;
    cur = &tmp2;
  }
  if (n->lower) {
    for (int32_t i = 0; i < cur->len;) {
      int32_t cl, c = u8dec(cur->s, cur->len, i, &cl);
      if (lower_char(out, c, CH_OS(cur, i), CH_OE(cur, i, cl)) < 0) goto done;
      i += cl;
    }
  } else if (ns_copy(out, cur, 0, cur->len) < 0) goto done;
  rc = 0;
done:
  ns_free(&tmp), ns_free(&tmp2);
  return rc;
}

static int norm_apply(const Norm *n, NStr *in, NStr *out) {
  switch (n->kind) {
  case N_SEQ: {
    NStr a = {0};
    if (ns_copy(&a, in, 0, in->len) < 0) return -1;
    for (int32_t i = 0; i < n->nchild; i++) {
      NStr b = {0};
      if (norm_apply(n->child[i], &a, &b) < 0) { ns_free(&a), ns_free(&b); return -1; }
      ns_free(&a);
      a = b;
    }
    int rc = ns_copy(out, &a, 0, a.len);
    ns_free(&a);
    return rc;
  }
  case N_NFC: return nf_apply(UTF8PROC_COMPOSE, in, out);
  case N_NFD: return nf_apply(UTF8PROC_DECOMPOSE, in, out);
  case N_NFKC: return nf_apply(UTF8PROC_COMPOSE | UTF8PROC_COMPAT, in, out);
  case N_NFKD: return nf_apply(UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT, in, out);
  case N_LOWER:
    for (int32_t i = 0; i < in->len;) {
      int32_t cl, c = u8dec(in->s, in->len, i, &cl);
      if (lower_char(out, c, CH_OS(in, i), CH_OE(in, i, cl)) < 0) return -1;
      i += cl;
    }
    return 0;
  case N_STRIP_ACCENTS:
    for (int32_t i = 0; i < in->len;) {
      int32_t cl, c = u8dec(in->s, in->len, i, &cl);
      if (!is_mark(c) && ns_copy(out, in, i, i + cl) < 0) return -1;
      i += cl;
    }
    return 0;
  case N_STRIP: {
    int32_t s = 0, e = in->len, cl;
    if (n->left)
      while (s < e && is_ws(u8dec(in->s, in->len, s, &cl))) s += cl;
    if (n->right)
      while (e > s) {
        int32_t b = e - 1;
        while (b > s && ((uint8_t)in->s[b] & 0xC0) == 0x80) b--;
        if (!is_ws(u8dec(in->s, in->len, b, &cl))) break;
        e = b;
      }
    return ns_copy(out, in, s, e);
  }
  case N_REPLACE: {
    Ranges r = {0};
    if (pat_find(&n->pat, in->s, in->len, &r) < 0) return free(r.v), -1;
    int32_t prev = 0, clen = (int32_t)strlen(n->content);
    for (int32_t k = 0; k < r.n; k += 2) {
      int32_t s = r.v[k], e = r.v[k + 1];
      if (s == e) continue;
      if (ns_copy(out, in, prev, s) < 0) return free(r.v), -1;
      /* every replacement character is aligned to the match's last character, as the library does */
      for (int32_t i = 0; i < clen;) {
        int32_t cl;
        u8dec(n->content, clen, i, &cl);
        if (ns_put(out, n->content + i, cl, in->a[2 * (e - 1)], in->a[2 * (e - 1) + 1]) < 0) return free(r.v), -1;
        i += cl;
      }
      prev = e;
    }
    free(r.v);
    return ns_copy(out, in, prev, in->len);
  }
  case N_PREPEND:
    if (in->len) {
      int32_t cl;
      u8dec(in->s, in->len, 0, &cl);
      if (ns_put(out, n->content, (int32_t)strlen(n->content), CH_OS(in, 0), CH_OE(in, 0, cl)) < 0) return -1;
    }
    return ns_copy(out, in, 0, in->len);
  case N_BERT: return norm_bert(n, in, out);
  case N_IDENTITY: return ns_copy(out, in, 0, in->len);
  }
  return 0;
}

/* ---- pre-tokenizers ---- */

enum { P_SEQ, P_BYTELEVEL, P_METASPACE, P_SPLIT, P_WHITESPACE, P_WSSPLIT, P_BERT, P_DIGITS, P_PUNCT, P_CHARDELIM };
enum { PS_ALWAYS, PS_NEVER, PS_FIRST };

typedef struct Pre {
  int kind;
  int32_t nchild;
  struct Pre **child;
  Pat pat;
  int behavior, invert;
  int add_prefix_space, use_regex; /* ByteLevel */
  char repl[8];                    /* Metaspace's replacement (UTF-8) */
  int prepend, split;              /* Metaspace */
  int individual;                  /* Digits */
  int32_t delim;                   /* CharDelimiterSplit */
} Pre;

static const char GPT2_RE[] = "'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+";

static void pre_free(Pre *p) {
  if (!p) return;
  for (int32_t i = 0; i < p->nchild; i++) pre_free(p->child[i]);
  free(p->child);
  pat_free(&p->pat);
  free(p);
}

static Pre *pre_load(const TjNode *j, char *err) {
  if (!j || j->type != TJ_OBJ) return snprintf(err, TK_ERRLEN, "pre_tokenizer: expected an object"), NULL;
  Pre *p = tk_calloc(1, sizeof *p);
  if (!p) return OOM(err), NULL;
  const char *t = jtype(j);
  if (!strcmp(t, "Sequence")) {
    TjNode *c = tj_get(j, "pretokenizers");
    if (!c || c->type != TJ_ARR) { snprintf(err, TK_ERRLEN, "pre_tokenizer Sequence: expected \"pretokenizers\": [...]"); goto bad; }
    p->kind = P_SEQ;
    p->child = tk_calloc((size_t)c->len + 1, sizeof(Pre *));
    if (!p->child) { OOM(err); goto bad; }
    for (int32_t i = 0; i < c->len; i++) {
      if (!(p->child[i] = pre_load(c->items[i], err))) goto bad;
      p->nchild++;
    }
  } else if (!strcmp(t, "ByteLevel")) {
    p->kind = P_BYTELEVEL;
    p->add_prefix_space = jbool(j, "add_prefix_space", 1), p->use_regex = jbool(j, "use_regex", 1);
    if (p->use_regex && pat_compile(&p->pat, GPT2_RE, err) < 0) goto bad;
  } else if (!strcmp(t, "Metaspace")) {
    p->kind = P_METASPACE;
    TjNode *r = tj_get(j, "replacement");
    const char *rs = r && r->type == TJ_STR && r->len > 0 && r->len < 8 ? r->str : "\xe2\x96\x81";
    strcpy(p->repl, rs);
    p->split = jbool(j, "split", 1);
    TjNode *ps = tj_get(j, "prepend_scheme");
    if (ps && ps->type == TJ_STR) p->prepend = !strcmp(ps->str, "never") ? PS_NEVER : !strcmp(ps->str, "first") ? PS_FIRST : PS_ALWAYS;
    else p->prepend = jbool(j, "add_prefix_space", 1) ? PS_ALWAYS : PS_NEVER;
  } else if (!strcmp(t, "Split")) {
    p->kind = P_SPLIT;
    if (pat_load(&p->pat, tj_get(j, "pattern"), "pre_tokenizer Split", err) < 0) goto bad;
    TjNode *b = tj_get(j, "behavior");
    p->behavior = behavior_of(b && b->type == TJ_STR ? b->str : NULL);
    if (p->behavior < 0) { snprintf(err, TK_ERRLEN, "pre_tokenizer Split: unknown \"behavior\""); goto bad; }
    p->invert = jbool(j, "invert", 0);
  } else if (!strcmp(t, "Whitespace")) {
    p->kind = P_WHITESPACE;
    /* \w+|[^\w\s]+ with Rust regex's Unicode \w (Alphabetic, marks, Nd, Pc, Join_Control) */
    if (pat_compile(&p->pat, "[\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\x{200C}\\x{200D}]+|[^\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\x{200C}\\x{200D}\\s]+", err) < 0) goto bad;
  } else if (!strcmp(t, "WhitespaceSplit")) p->kind = P_WSSPLIT;
  else if (!strcmp(t, "BertPreTokenizer")) p->kind = P_BERT;
  else if (!strcmp(t, "Digits")) p->kind = P_DIGITS, p->individual = jbool(j, "individual_digits", 0);
  else if (!strcmp(t, "Punctuation")) {
    p->kind = P_PUNCT;
    TjNode *b = tj_get(j, "behavior");
    p->behavior = b && b->type == TJ_STR ? behavior_of(b->str) : B_ISOLATED;
    if (p->behavior < 0) { snprintf(err, TK_ERRLEN, "pre_tokenizer Punctuation: unknown \"behavior\""); goto bad; }
  } else if (!strcmp(t, "CharDelimiterSplit")) {
    p->kind = P_CHARDELIM;
    TjNode *d = tj_get(j, "delimiter");
    if (!d || d->type != TJ_STR || !d->len) { snprintf(err, TK_ERRLEN, "pre_tokenizer CharDelimiterSplit: expected \"delimiter\""); goto bad; }
    int32_t cl;
    p->delim = u8dec(d->str, d->len, 0, &cl);
  } else {
    snprintf(err, TK_ERRLEN, "pre_tokenizer type \"%.40s\" is not supported", t);
    goto bad;
  }
  return p;
bad:
  pre_free(p);
  return NULL;
}

/* GPT-2's bytes_to_unicode: every byte as a printable character (UTF-8, up to 2 bytes). */
static char bl_char[256][3];
static uint8_t bl_len[256];
static int16_t bl_rev[512]; /* code point (< 512) -> byte, -1 */
static void bl_init(void) {
  if (bl_len['a']) return;
  int n = 0;
  for (int i = 0; i < 512; i++) bl_rev[i] = -1;
  for (int b = 0; b < 256; b++) {
    int c = ((b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF)) ? b : 256 + n++;
    bl_rev[c] = (int16_t)b;
    bl_len[b] = (uint8_t)u8enc((uint32_t)c, bl_char[b]);
  }
}

static int is_ws_c(int32_t c) { return is_ws(c); }
static int is_punct_c(int32_t c) { return is_punct(c); }

static int pre_apply(const Pre *p, Pieces *in, Pieces *out);

static int pre_each(const Pre *p, NStr *piece, Pieces *out) {
  Ranges r = {0};
  int rc = -1;
  switch (p->kind) {
  case P_BYTELEVEL: {
    NStr pre = {0};
    const NStr *src = piece;
    if (p->add_prefix_space && piece->len && piece->s[0] != ' ') {
      int32_t cl;
      u8dec(piece->s, piece->len, 0, &cl);
      if (ns_put(&pre, " ", 1, CH_OS(piece, 0), CH_OE(piece, 0, cl)) < 0 || ns_copy(&pre, piece, 0, piece->len) < 0) { ns_free(&pre); goto done; }
      src = &pre;
    }
    if (!p->use_regex) { /* the piece as it is, each byte as its character */
      NStr *o = pc_begin(out);
      rc = ns_reserve(o, 2 * src->len); /* a byte's character takes at most 2 */
      for (int32_t i = 0; i < src->len && rc == 0; i++) {
        uint8_t b = (uint8_t)src->s[i];
        for (int k = 0; k < bl_len[b]; k++, o->len++)
          o->s[o->len] = bl_char[b][k], o->a[2 * o->len] = src->a[2 * i], o->a[2 * o->len + 1] = src->a[2 * i + 1];
      }
      ns_free(&pre);
      if (rc < 0 || (rc = pc_end(out)) < 0) goto done;
      break;
    }
    Pieces parts = {0};
    if (pat_find(&p->pat, src->s, src->len, &r) < 0 || split_by(src, &r, B_ISOLATED, 0, &parts) < 0) { ns_free(&pre), pc_free(&parts); goto done; }
    ns_free(&pre);
    for (int32_t k = 0; k < parts.n; k++) {
      NStr qv = pc_get(&parts, k), *q = &qv, *o = pc_begin(out);
      for (int32_t i = 0; i < q->len; i++)
        if (ns_put(o, bl_char[(uint8_t)q->s[i]], bl_len[(uint8_t)q->s[i]], q->a[2 * i], q->a[2 * i + 1]) < 0) { pc_free(&parts); goto done; }
      if (pc_end(out) < 0) { pc_free(&parts); goto done; }
    }
    pc_free(&parts);
    rc = 0;
    break;
  }
  case P_METASPACE: {
    NStr m = {0};
    int32_t rl = (int32_t)strlen(p->repl);
    int starts = 0;
    for (int32_t i = 0; i < piece->len;) {
      if (piece->s[i] == ' ') {
        if (ns_put(&m, p->repl, rl, piece->a[2 * i], piece->a[2 * i + 1]) < 0) { ns_free(&m); goto done; }
        i++;
        continue;
      }
      const char *sp = memchr(piece->s + i, ' ', (size_t)(piece->len - i));
      int32_t j = sp ? (int32_t)(sp - piece->s) : piece->len;
      if (ns_copy(&m, piece, i, j) < 0) { ns_free(&m); goto done; }
      i = j;
    }
    starts = m.len >= rl && !memcmp(m.s, p->repl, (size_t)rl);
    if (m.len && !starts && (p->prepend == PS_ALWAYS || (p->prepend == PS_FIRST && piece->a[0] == 0))) {
      NStr m2 = {0};
      int32_t cl;
      u8dec(m.s, m.len, 0, &cl);
      if (ns_put(&m2, p->repl, rl, CH_OS(&m, 0), CH_OE(&m, 0, cl)) < 0 || ns_copy(&m2, &m, 0, m.len) < 0) { ns_free(&m), ns_free(&m2); goto done; }
      ns_free(&m);
      m = m2;
    }
    if (p->split) {
      Pat lit = {.lit = (char *)p->repl, .litlen = rl};
      if (pat_find(&lit, m.s, m.len, &r) < 0 || split_by(&m, &r, B_MERGED_NEXT, 0, out) < 0) { ns_free(&m); goto done; }
      ns_free(&m);
    } else {
      int rc2 = pc_add(out, &m, 0, m.len);
      ns_free(&m);
      if (rc2 < 0) goto done;
    }
    rc = 0;
    break;
  }
  case P_SPLIT:
    if (pat_find(&p->pat, piece->s, piece->len, &r) < 0) goto done;
    rc = split_by(piece, &r, p->behavior, p->invert, out);
    break;
  case P_WHITESPACE:
    if (pat_find(&p->pat, piece->s, piece->len, &r) < 0) goto done;
    rc = split_by(piece, &r, B_REMOVED, 1, out);
    break;
  case P_WSSPLIT:
    if (find_chars(piece, is_ws_c, 0, &r) < 0) goto done;
    rc = split_by(piece, &r, B_REMOVED, 0, out);
    break;
  case P_BERT: {
    Pieces tmp = {0};
    if (find_chars(piece, is_ws_c, 0, &r) < 0 || split_by(piece, &r, B_REMOVED, 0, &tmp) < 0) { pc_free(&tmp); goto done; }
    for (int32_t k = 0; k < tmp.n; k++) {
      NStr v = pc_get(&tmp, k);
      if (find_chars(&v, is_punct_c, 0, &r) < 0 || split_by(&v, &r, B_ISOLATED, 0, out) < 0) { pc_free(&tmp); goto done; }
    }
    pc_free(&tmp);
    rc = 0;
    break;
  }
  case P_DIGITS:
    if (find_chars(piece, is_digit_char, !p->individual, &r) < 0) goto done;
    rc = split_by(piece, &r, B_ISOLATED, 0, out);
    break;
  case P_PUNCT:
    if (find_chars(piece, is_punct_c, 0, &r) < 0) goto done;
    rc = split_by(piece, &r, p->behavior, 0, out);
    break;
  case P_CHARDELIM:
    r.n = 0;
    for (int32_t i = 0; i < piece->len;) {
      int32_t cl, c = u8dec(piece->s, piece->len, i, &cl);
      if (c == p->delim && rg_push(&r, i, i + cl) < 0) goto done;
      i += cl;
    }
    rc = split_by(piece, &r, B_REMOVED, 0, out);
    break;
  }
done:
  free(r.v);
  return rc;
}

static int pre_apply(const Pre *p, Pieces *in, Pieces *out) {
  if (p->kind == P_SEQ) {
    Pieces cur = *in;
    memset(in, 0, sizeof *in);
    for (int32_t i = 0; i < p->nchild; i++) {
      Pieces nx = {0};
      if (pre_apply(p->child[i], &cur, &nx) < 0) { pc_free(&cur), pc_free(&nx); return -1; }
      pc_free(&cur);
      cur = nx;
    }
    *out = cur;
    return 0;
  }
  for (int32_t i = 0; i < in->n; i++) {
    NStr v = pc_get(in, i);
    if (pre_each(p, &v, out) < 0) return -1;
  }
  return 0;
}

/* ---- post-processors ---- */

enum { Q_TEMPLATE, Q_BERT, Q_ROBERTA, Q_BYTELEVEL, Q_SEQ };

typedef struct TplItem { int special; int32_t seq; int32_t type_id; int32_t nids; int32_t *ids; } TplItem;

typedef struct Post {
  int kind;
  int32_t nchild;
  struct Post **child;
  TplItem *single;
  int32_t nsingle;
  int32_t cls_id, sep_id;
  int trim_offsets, add_prefix_space; /* ByteLevel, Roberta */
} Post;

static void post_free(Post *q) {
  if (!q) return;
  for (int32_t i = 0; i < q->nchild; i++) post_free(q->child[i]);
  free(q->child);
  for (int32_t i = 0; i < q->nsingle; i++) free(q->single[i].ids);
  free(q->single);
  free(q);
}

static int32_t special_pair(const TjNode *v, const char *where, char *err) {
  /* ["[CLS]", 101] */
  if (!v || v->type != TJ_ARR || v->len != 2 || v->items[1]->type != TJ_NUM)
    return snprintf(err, TK_ERRLEN, "post_processor %s: expected [token, id]", where), -1;
  return (int32_t)v->items[1]->num;
}

static Post *post_load(const TjNode *j, char *err) {
  if (!j || j->type != TJ_OBJ) return snprintf(err, TK_ERRLEN, "post_processor: expected an object"), NULL;
  Post *q = tk_calloc(1, sizeof *q);
  if (!q) return OOM(err), NULL;
  const char *t = jtype(j);
  if (!strcmp(t, "TemplateProcessing")) {
    q->kind = Q_TEMPLATE;
    TjNode *single = tj_get(j, "single"), *sp = tj_get(j, "special_tokens");
    if (!single || single->type != TJ_ARR) { snprintf(err, TK_ERRLEN, "post_processor TemplateProcessing: expected \"single\": [...]"); goto bad; }
    q->single = tk_calloc((size_t)single->len + 1, sizeof(TplItem));
    if (!q->single) { OOM(err); goto bad; }
    for (int32_t i = 0; i < single->len; i++) {
      TplItem *it = &q->single[q->nsingle++];
      TjNode *e = single->items[i], *s = tj_get(e, "SpecialToken"), *sq = tj_get(e, "Sequence");
      TjNode *x = s ? s : sq;
      TjNode *id = tj_get(x, "id"), *ty = tj_get(x, "type_id");
      if (!x || !id || id->type != TJ_STR) { snprintf(err, TK_ERRLEN, "post_processor TemplateProcessing: single[%d] malformed", i); goto bad; }
      it->type_id = ty && ty->type == TJ_NUM ? (int32_t)ty->num : 0;
      if (sq) { it->seq = strcmp(id->str, "B") == 0; continue; }
      it->special = 1;
      TjNode *st = tj_get(sp, id->str), *ids = tj_get(st, "ids");
      if (!ids || ids->type != TJ_ARR) { snprintf(err, TK_ERRLEN, "post_processor TemplateProcessing: special token \"%.40s\" missing from special_tokens", id->str); goto bad; }
      it->ids = tk_malloc(sizeof(int32_t) * (size_t)(ids->len + 1));
      if (!it->ids) { OOM(err); goto bad; }
      for (int32_t k = 0; k < ids->len; k++) {
        if (ids->items[k]->type != TJ_NUM) { snprintf(err, TK_ERRLEN, "post_processor TemplateProcessing: bad id for \"%.40s\"", id->str); goto bad; }
        it->ids[it->nids++] = (int32_t)ids->items[k]->num;
      }
    }
  } else if (!strcmp(t, "BertProcessing") || !strcmp(t, "RobertaProcessing")) {
    q->kind = t[0] == 'B' ? Q_BERT : Q_ROBERTA;
    if ((q->cls_id = special_pair(tj_get(j, "cls"), t, err)) < 0 || (q->sep_id = special_pair(tj_get(j, "sep"), t, err)) < 0) goto bad;
    q->trim_offsets = jbool(j, "trim_offsets", q->kind == Q_ROBERTA);
    q->add_prefix_space = jbool(j, "add_prefix_space", 1);
  } else if (!strcmp(t, "ByteLevel")) {
    q->kind = Q_BYTELEVEL, q->trim_offsets = jbool(j, "trim_offsets", 1), q->add_prefix_space = jbool(j, "add_prefix_space", 1);
  } else if (!strcmp(t, "Sequence")) {
    TjNode *c = tj_get(j, "processors");
    if (!c || c->type != TJ_ARR) { snprintf(err, TK_ERRLEN, "post_processor Sequence: expected \"processors\": [...]"); goto bad; }
    q->kind = Q_SEQ;
    q->child = tk_calloc((size_t)c->len + 1, sizeof(Post *));
    if (!q->child) { OOM(err); goto bad; }
    for (int32_t i = 0; i < c->len; i++) {
      if (!(q->child[i] = post_load(c->items[i], err))) goto bad;
      q->nchild++;
    }
  } else {
    snprintf(err, TK_ERRLEN, "post_processor type \"%.40s\" is not supported", t);
    goto bad;
  }
  return q;
bad:
  post_free(q);
  return NULL;
}

/* ---- decoders ---- */

enum { D_BYTELEVEL, D_METASPACE, D_WORDPIECE, D_BYTEFALLBACK, D_FUSE, D_STRIP, D_REPLACE, D_SEQ, D_BPE };

typedef struct Dec {
  int kind;
  int32_t nchild;
  struct Dec **child;
  Pat pat;
  char *content;    /* Replace content; Strip content; WordPiece prefix; BPE suffix */
  int start, stop;  /* Strip */
  int cleanup;      /* WordPiece */
  int prepend;      /* Metaspace */
  char repl[8];
} Dec;

static void dec_free(Dec *d) {
  if (!d) return;
  for (int32_t i = 0; i < d->nchild; i++) dec_free(d->child[i]);
  free(d->child);
  pat_free(&d->pat);
  free(d->content);
  free(d);
}

static Dec *dec_load(const TjNode *j, char *err) {
  if (!j || j->type != TJ_OBJ) return snprintf(err, TK_ERRLEN, "decoder: expected an object"), NULL;
  Dec *d = tk_calloc(1, sizeof *d);
  if (!d) return OOM(err), NULL;
  const char *t = jtype(j);
  if (!strcmp(t, "ByteLevel")) d->kind = D_BYTELEVEL;
  else if (!strcmp(t, "Metaspace")) {
    d->kind = D_METASPACE;
    TjNode *r = tj_get(j, "replacement");
    strcpy(d->repl, r && r->type == TJ_STR && r->len > 0 && r->len < 8 ? r->str : "\xe2\x96\x81");
    TjNode *ps = tj_get(j, "prepend_scheme");
    if (ps && ps->type == TJ_STR) d->prepend = !strcmp(ps->str, "never") ? PS_NEVER : !strcmp(ps->str, "first") ? PS_FIRST : PS_ALWAYS;
    else d->prepend = jbool(j, "add_prefix_space", 1) ? PS_ALWAYS : PS_NEVER;
  } else if (!strcmp(t, "WordPiece")) {
    d->kind = D_WORDPIECE;
    d->content = jstrdup(tj_get(j, "prefix"));
    if (!d->content && !(d->content = jstrdup(&(TjNode){.type = TJ_STR, .str = "##", .len = 2}))) { OOM(err); goto bad; }
    d->cleanup = jbool(j, "cleanup", 1);
  } else if (!strcmp(t, "ByteFallback")) d->kind = D_BYTEFALLBACK;
  else if (!strcmp(t, "Fuse")) d->kind = D_FUSE;
  else if (!strcmp(t, "Strip")) {
    d->kind = D_STRIP;
    d->content = jstrdup(tj_get(j, "content"));
    if (!d->content) { snprintf(err, TK_ERRLEN, "decoder Strip: expected \"content\""); goto bad; }
    TjNode *a = tj_get(j, "start"), *b = tj_get(j, "stop");
    d->start = a && a->type == TJ_NUM ? (int)a->num : 0, d->stop = b && b->type == TJ_NUM ? (int)b->num : 0;
  } else if (!strcmp(t, "Replace")) {
    d->kind = D_REPLACE;
    if (pat_load(&d->pat, tj_get(j, "pattern"), "decoder Replace", err) < 0) goto bad;
    if (!(d->content = jstrdup(tj_get(j, "content")))) { snprintf(err, TK_ERRLEN, "decoder Replace: expected \"content\""); goto bad; }
  } else if (!strcmp(t, "BPEDecoder")) {
    d->kind = D_BPE;
    d->content = jstrdup(tj_get(j, "suffix"));
    if (!d->content && !(d->content = jstrdup(&(TjNode){.type = TJ_STR, .str = "</w>", .len = 4}))) { OOM(err); goto bad; }
  } else if (!strcmp(t, "Sequence")) {
    TjNode *c = tj_get(j, "decoders");
    if (!c || c->type != TJ_ARR) { snprintf(err, TK_ERRLEN, "decoder Sequence: expected \"decoders\": [...]"); goto bad; }
    d->kind = D_SEQ;
    d->child = tk_calloc((size_t)c->len + 1, sizeof(Dec *));
    if (!d->child) { OOM(err); goto bad; }
    for (int32_t i = 0; i < c->len; i++) {
      if (!(d->child[i] = dec_load(c->items[i], err))) goto bad;
      d->nchild++;
    }
  } else {
    snprintf(err, TK_ERRLEN, "decoder type \"%.40s\" is not supported", t);
    goto bad;
  }
  return d;
bad:
  dec_free(d);
  return NULL;
}

/* a list of strings being decoded */
typedef struct SList { char **s; int32_t *len; int32_t n, cap; } SList;

static int sl_push(SList *l, const char *s, int32_t n) {
  if (l->n == l->cap) {
    int32_t nc = l->cap ? l->cap * 2 : 16;
    char **ns = tk_realloc(l->s, sizeof(char *) * (size_t)nc);
    if (!ns) return -1;
    l->s = ns;
    int32_t *nl = tk_realloc(l->len, sizeof(int32_t) * (size_t)nc);
    if (!nl) return -1;
    l->len = nl, l->cap = nc;
  }
  char *c = tk_malloc((size_t)n + 1);
  if (!c) return -1;
  memcpy(c, s, (size_t)n), c[n] = 0;
  l->s[l->n] = c, l->len[l->n] = n, l->n++;
  return 0;
}

static void sl_free(SList *l) {
  for (int32_t i = 0; i < l->n; i++) free(l->s[i]);
  free(l->s), free(l->len);
  memset(l, 0, sizeof *l);
}

typedef struct Buf { char *s; int32_t n, cap; } Buf;
static int buf_put(Buf *b, const char *s, int32_t n) {
  if (b->n + n + 1 > b->cap) {
    int32_t nc = b->cap ? b->cap : 64;
    while (nc < b->n + n + 1) nc *= 2;
    char *ns = tk_realloc(b->s, (size_t)nc);
    if (!ns) return -1;
    b->s = ns, b->cap = nc;
  }
  memcpy(b->s + b->n, s, (size_t)n);
  b->n += n;
  b->s[b->n] = 0;
  return 0;
}

/* bytes -> UTF-8 with invalid sequences as U+FFFD (String::from_utf8_lossy) */
static int put_lossy(Buf *b, const char *s, int32_t n) {
  for (int32_t i = 0; i < n;) {
    utf8proc_int32_t c;
    utf8proc_ssize_t k = utf8proc_iterate((const uint8_t *)s + i, n - i, &c);
    if (k > 0 && !(c >= 0xD800 && c < 0xE000)) {
      if (buf_put(b, s + i, (int32_t)k) < 0) return -1;
      i += (int32_t)k;
      continue;
    }
    /* a maximal invalid prefix counts as one error: skip a lead byte and the continuation bytes it allows */
    uint8_t c0 = (uint8_t)s[i];
    int32_t want = c0 >= 0xF0 && c0 <= 0xF4 ? 3 : c0 >= 0xE0 ? 2 : c0 >= 0xC2 && c0 < 0xE0 ? 1 : 0, j = i + 1;
    for (int32_t q = 0; q < want && j < n && ((uint8_t)s[j] & 0xC0) == 0x80; q++) {
      if (q == 0 && ((c0 == 0xE0 && (uint8_t)s[j] < 0xA0) || (c0 == 0xED && (uint8_t)s[j] >= 0xA0) ||
                     (c0 == 0xF0 && (uint8_t)s[j] < 0x90) || (c0 == 0xF4 && (uint8_t)s[j] >= 0x90))) break;
      j++;
    }
    if (buf_put(b, "\xef\xbf\xbd", 3) < 0) return -1;
    i = j;
  }
  return 0;
}

/* Is s[0..n) valid UTF-8 (utf8proc's rules)? *ascii: are all its bytes < 0x80?
 * ASCII is skipped eight bytes at a time. */
static int valid_utf8_ascii(const char *s, int32_t n, int *ascii) {
  *ascii = 1;
  for (int32_t i = 0; i < n;) {
    if (i + 8 <= n) {
      uint64_t w;
      memcpy(&w, s + i, 8);
      if (!(w & 0x8080808080808080ull)) { i += 8; continue; }
    }
    if ((uint8_t)s[i] < 0x80) { i++; continue; }
    *ascii = 0;
    utf8proc_int32_t c;
    utf8proc_ssize_t k = utf8proc_iterate((const uint8_t *)s + i, n - i, &c);
    if (k <= 0) return 0;
    i += (int32_t)k;
  }
  return 1;
}

static int valid_utf8(const char *s, int32_t n) {
  for (int32_t i = 0; i < n;) {
    utf8proc_int32_t c;
    utf8proc_ssize_t k = utf8proc_iterate((const uint8_t *)s + i, n - i, &c);
    if (k <= 0) return 0;
    i += (int32_t)k;
  }
  return 1;
}

static int byte_token(const char *s, int32_t n) {
  if (n != 6 || memcmp(s, "<0x", 3) || s[5] != '>') return -1;
  int v = 0;
  for (int i = 3; i < 5; i++) {
    char c = s[i];
    v <<= 4;
    if (c >= '0' && c <= '9') v |= c - '0';
    else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10;
    else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
    else return -1;
  }
  return v;
}

static int dec_apply(const Dec *d, SList *in, SList *out) {
  switch (d->kind) {
  case D_SEQ: {
    SList cur = *in;
    memset(in, 0, sizeof *in);
    for (int32_t i = 0; i < d->nchild; i++) {
      SList nx = {0};
      if (dec_apply(d->child[i], &cur, &nx) < 0) { sl_free(&cur), sl_free(&nx); return -1; }
      sl_free(&cur);
      cur = nx;
    }
    *out = cur;
    return 0;
  }
  case D_BYTELEVEL: {
    Buf raw = {0}, res = {0};
    for (int32_t i = 0; i < in->n; i++)
      for (int32_t k = 0; k < in->len[i];) {
        int32_t cl, c = u8dec(in->s[i], in->len[i], k, &cl);
        if (c < 512 && bl_rev[c] >= 0) {
          char b = (char)bl_rev[c];
          if (buf_put(&raw, &b, 1) < 0) goto bl_oom;
        } else if (buf_put(&raw, in->s[i] + k, cl) < 0) goto bl_oom;
        k += cl;
      }
    if (put_lossy(&res, raw.s ? raw.s : "", raw.n) < 0 || sl_push(out, res.s ? res.s : "", res.n) < 0) goto bl_oom;
    free(raw.s), free(res.s);
    return 0;
  bl_oom:
    free(raw.s), free(res.s);
    return -1;
  }
  case D_METASPACE: {
    int32_t rl = (int32_t)strlen(d->repl);
    for (int32_t i = 0; i < in->n; i++) {
      Buf b = {0};
      for (int32_t k = 0; k < in->len[i];) {
        if (k + rl <= in->len[i] && !memcmp(in->s[i] + k, d->repl, (size_t)rl)) {
          if (buf_put(&b, " ", 1) < 0) return free(b.s), -1;
          k += rl;
        } else {
          if (buf_put(&b, in->s[i] + k, 1) < 0) return free(b.s), -1;
          k++;
        }
      }
      const char *s = b.s ? b.s : "";
      int32_t n = b.n;
      if (i == 0 && d->prepend != PS_NEVER && n && s[0] == ' ') s++, n--;
      int rc = sl_push(out, s, n);
      free(b.s);
      if (rc < 0) return -1;
    }
    return 0;
  }
  case D_WORDPIECE: {
    int32_t pl = (int32_t)strlen(d->content);
    static const char *const clean[][2] = {{" .", "."}, {" ?", "?"}, {" !", "!"}, {" ,", ","}, {" ' ", "'"}, {" n't", "n't"},
                                           {" 'm", "'m"}, {" do not", " don't"}, {" 's", "'s"}, {" 've", "'ve"}, {" 're", "'re"}};
    for (int32_t i = 0; i < in->n; i++) {
      Buf b = {0};
      const char *s = in->s[i];
      int32_t n = in->len[i];
      if (i > 0) {
        if (n >= pl && !memcmp(s, d->content, (size_t)pl)) s += pl, n -= pl;
        else if (buf_put(&b, " ", 1) < 0) return -1;
      }
      if (buf_put(&b, s, n) < 0) return free(b.s), -1;
      if (d->cleanup) {
        for (size_t c = 0; c < sizeof clean / sizeof clean[0]; c++) {
          int32_t fl = (int32_t)strlen(clean[c][0]), tl = (int32_t)strlen(clean[c][1]);
          Buf nb = {0};
          for (int32_t k = 0; k < b.n;) {
            if (k + fl <= b.n && !memcmp(b.s + k, clean[c][0], (size_t)fl)) {
              if (buf_put(&nb, clean[c][1], tl) < 0) return free(b.s), free(nb.s), -1;
              k += fl;
            } else {
              if (buf_put(&nb, b.s + k, 1) < 0) return free(b.s), free(nb.s), -1;
              k++;
            }
          }
          free(b.s);
          b = nb;
        }
      }
      int rc = sl_push(out, b.s ? b.s : "", b.n);
      free(b.s);
      if (rc < 0) return -1;
    }
    return 0;
  }
  case D_BYTEFALLBACK: {
    Buf bytes = {0};
    for (int32_t i = 0; i <= in->n; i++) {
      int v = i < in->n ? byte_token(in->s[i], in->len[i]) : -1;
      if (v >= 0) {
        char c = (char)v;
        if (buf_put(&bytes, &c, 1) < 0) return free(bytes.s), -1;
        continue;
      }
      if (bytes.n) {
        if (valid_utf8(bytes.s, bytes.n)) {
          if (sl_push(out, bytes.s, bytes.n) < 0) return free(bytes.s), -1;
        } else {
          for (int32_t k = 0; k < bytes.n; k++)
            if (sl_push(out, "\xef\xbf\xbd", 3) < 0) return free(bytes.s), -1;
        }
        bytes.n = 0;
      }
      if (i < in->n && sl_push(out, in->s[i], in->len[i]) < 0) return free(bytes.s), -1;
    }
    free(bytes.s);
    return 0;
  }
  case D_FUSE: {
    Buf b = {0};
    for (int32_t i = 0; i < in->n; i++)
      if (buf_put(&b, in->s[i], in->len[i]) < 0) return free(b.s), -1;
    int rc = sl_push(out, b.s ? b.s : "", b.n);
    free(b.s);
    return rc;
  }
  case D_STRIP: {
    int32_t cl = (int32_t)strlen(d->content);
    for (int32_t i = 0; i < in->n; i++) {
      const char *s = in->s[i];
      int32_t n = in->len[i];
      for (int k = 0; k < d->start && cl && n >= cl && !memcmp(s, d->content, (size_t)cl); k++) s += cl, n -= cl;
      for (int k = 0; k < d->stop && cl && n >= cl && !memcmp(s + n - cl, d->content, (size_t)cl); k++) n -= cl;
      if (sl_push(out, s, n) < 0) return -1;
    }
    return 0;
  }
  case D_REPLACE: {
    Ranges r = {0};
    int32_t clen = (int32_t)strlen(d->content);
    for (int32_t i = 0; i < in->n; i++) {
      /* a vocabulary's token need not be UTF-8, and pat_find tells PCRE2 not
       * to check: such a token has no match (what a checked match would say) */
      if (d->pat.re && !valid_utf8(in->s[i], in->len[i])) r.n = 0;
      else if (pat_find(&d->pat, in->s[i], in->len[i], &r) < 0) return free(r.v), -1;
      Buf b = {0};
      int32_t prev = 0;
      for (int32_t k = 0; k < r.n; k += 2) {
        if (r.v[k] == r.v[k + 1]) continue;
        if (buf_put(&b, in->s[i] + prev, r.v[k] - prev) < 0 || buf_put(&b, d->content, clen) < 0) return free(r.v), free(b.s), -1;
        prev = r.v[k + 1];
      }
      if (buf_put(&b, in->s[i] + prev, in->len[i] - prev) < 0) return free(r.v), free(b.s), -1;
      int rc = sl_push(out, b.s, b.n);
      free(b.s);
      if (rc < 0) return free(r.v), -1;
    }
    free(r.v);
    return 0;
  }
  case D_BPE: {
    int32_t sl = (int32_t)strlen(d->content);
    for (int32_t i = 0; i < in->n; i++) {
      Buf b = {0};
      for (int32_t k = 0; k < in->len[i];) {
        if (sl && k + sl <= in->len[i] && !memcmp(in->s[i] + k, d->content, (size_t)sl)) {
          if (i + 1 < in->n && buf_put(&b, " ", 1) < 0) return free(b.s), -1;
          k += sl;
        } else {
          if (buf_put(&b, in->s[i] + k, 1) < 0) return free(b.s), -1;
          k++;
        }
      }
      int rc = sl_push(out, b.s ? b.s : "", b.n);
      free(b.s);
      if (rc < 0) return -1;
    }
    return 0;
  }
  }
  return 0;
}

/* ---- added tokens: a byte trie, leftmost-longest matching ---- */

typedef struct Added {
  char *content;
  int32_t len, id;
  int special, single_word, lstrip, rstrip, normalized;
} Added;

typedef struct TNode { int32_t child, sibling, tok; uint8_t byte; } TNode; /* tok: index into added, -1 */

struct Tok {
  char *name;
  TkModel *model;
  Norm *norm;
  Pre *pre;
  Post *post;
  Dec *dec;
  Added *added;
  int32_t nadded;
  StrMap added_map;   /* content -> index into added */
  int32_t *added_by_id; /* id -> index into added, -1 (size nid) */
  int32_t nid;        /* max id over model and added, + 1 */
  TNode *trie;
  int32_t ntrie, trie_cap;
  uint8_t first_byte[256];
  TkPadding pad;
  TkTruncation trunc;
  int32_t n_special_single; /* tokens the post-processor adds to one sequence */
};

static int trie_add(Tok *t, const char *s, int32_t len, int32_t tok) {
  int32_t node = 0;
  for (int32_t i = 0; i < len; i++) {
    uint8_t b = (uint8_t)s[i];
    int32_t c = t->trie[node].child;
    while (c >= 0 && t->trie[c].byte != b) c = t->trie[c].sibling;
    if (c < 0) {
      if (t->ntrie == t->trie_cap) {
        int32_t nc = t->trie_cap * 2;
        TNode *nt = tk_realloc(t->trie, sizeof(TNode) * (size_t)nc);
        if (!nt) return -1;
        t->trie = nt, t->trie_cap = nc;
      }
      c = t->ntrie++;
      t->trie[c] = (TNode){-1, t->trie[node].child, -1, b};
      t->trie[node].child = c;
    }
    node = c;
  }
  if (t->trie[node].tok < 0) t->trie[node].tok = tok;
  return 0;
}

/* the longest added token at s[i..]; its index or -1, its length in *mlen */
static int32_t trie_match(const Tok *t, const char *s, int32_t len, int32_t i, int32_t *mlen) {
  int32_t node = 0, best = -1;
  for (int32_t k = i; k < len; k++) {
    int32_t c = t->trie[node].child;
    while (c >= 0 && t->trie[c].byte != (uint8_t)s[k]) c = t->trie[c].sibling;
    if (c < 0) break;
    node = c;
    if (t->trie[node].tok >= 0) best = t->trie[node].tok, *mlen = k + 1 - i;
  }
  return best;
}

static int is_word_char(int32_t c) {
  if (c < 0x80) return c == '_' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z');
  int k = utf8proc_category(c);
  return c == '_' || (k >= UTF8PROC_CATEGORY_LU && k <= UTF8PROC_CATEGORY_LO) || (k >= UTF8PROC_CATEGORY_ND && k <= UTF8PROC_CATEGORY_NO);
}

static int32_t prev_char(const char *s, int32_t i) {
  int32_t b = i - 1;
  while (b > 0 && ((uint8_t)s[b] & 0xC0) == 0x80) b--;
  return b;
}

/* ---- loading ---- */

void tk_free(Tok *t) {
  if (!t) return;
  free(t->name);
  tm_free(t->model);
  norm_free(t->norm), pre_free(t->pre), post_free(t->post), dec_free(t->dec);
  for (int32_t i = 0; i < t->nadded; i++) free(t->added[i].content);
  free(t->added);
  sm_free(&t->added_map);
  free(t->added_by_id);
  free(t->trie);
  free(t);
}

static int load_added(Tok *t, const TjNode *a, char *err) {
  if (!a || a->type == TJ_NULL) return 0;
  if (a->type != TJ_ARR) return snprintf(err, TK_ERRLEN, "added_tokens: expected a list"), -1;
  t->added = tk_calloc((size_t)a->len + 1, sizeof(Added));
  if (!t->added) return OOM(err);
  for (int32_t i = 0; i < a->len; i++) {
    TjNode *e = a->items[i], *id = tj_get(e, "id"), *c = tj_get(e, "content");
    if (!id || id->type != TJ_NUM || !c || c->type != TJ_STR || id->num < 0 || id->num >= TK_MAX_ID)
      return snprintf(err, TK_ERRLEN, "added_tokens[%d]: expected {\"id\": N, \"content\": \"...\"}", i), -1;
    Added *ad = &t->added[t->nadded++];
    if (!(ad->content = jstrdup(c))) return OOM(err);
    ad->len = c->len, ad->id = (int32_t)id->num;
    ad->special = jbool(e, "special", 0), ad->single_word = jbool(e, "single_word", 0);
    ad->lstrip = jbool(e, "lstrip", 0), ad->rstrip = jbool(e, "rstrip", 0), ad->normalized = jbool(e, "normalized", !ad->special);
    if (sm_put(&t->added_map, ad->content, ad->len, t->nadded - 1) < 0) return OOM(err);
    if (ad->id >= t->nid) t->nid = ad->id + 1;
  }
  return 0;
}

static int count_special(const Post *q) {
  if (!q) return 0;
  switch (q->kind) {
  case Q_TEMPLATE: {
    int n = 0;
    for (int32_t i = 0; i < q->nsingle; i++) n += q->single[i].special ? q->single[i].nids : 0;
    return n;
  }
  case Q_BERT: case Q_ROBERTA: return 2;
  case Q_SEQ: {
    int n = 0;
    for (int32_t i = 0; i < q->nchild; i++) n += count_special(q->child[i]);
    return n;
  }
  }
  return 0;
}

Tok *tk_load_text(const char *text, size_t len, const char *name, char *err) {
  char e[TK_ERRLEN];
  e[0] = 0;
  TjArena *arena = NULL;
  Tok *t = tk_calloc(1, sizeof *t);
  if (!t) { snprintf(err, TK_ERRLEN, "%s: out of memory", name); return NULL; }
  bl_init();
  /* a big file's model may be cached (tokcache.c): then the parse skips its vocabulary and merges */
  TjSkip spans = {{-1, -1}, {-1, -1}, 0};
  uint64_t hash = len >= TC_MIN_LEN ? tc_hash(text, len) : 0;
  TkModel *cached = len >= TC_MIN_LEN ? tc_load(len, hash, &spans) : NULL;
  TjNode *root = tj_parse_spans(text, len, &arena, e, &spans);
  if (!root) goto bad;
  if (root->type != TJ_OBJ) { snprintf(e, sizeof e, "expected a JSON object at the top"); goto bad; }
  if (cached) t->model = cached, cached = NULL;
  else if (!(t->model = tm_load(tj_get(root, "model"), e))) goto bad;
  t->nid = 0;
  t->nid = tm_nid(t->model);
  if (load_added(t, tj_get(root, "added_tokens"), e) < 0) goto bad;
  TjNode *x;
  if ((x = tj_get(root, "normalizer")) && x->type != TJ_NULL && !(t->norm = norm_load(x, e))) goto bad;
  if ((x = tj_get(root, "pre_tokenizer")) && x->type != TJ_NULL && !(t->pre = pre_load(x, e))) goto bad;
  if ((x = tj_get(root, "post_processor")) && x->type != TJ_NULL && !(t->post = post_load(x, e))) goto bad;
  if ((x = tj_get(root, "decoder")) && x->type != TJ_NULL && !(t->dec = dec_load(x, e))) goto bad;
  t->n_special_single = count_special(t->post);
  /* id -> added token */
  t->added_by_id = tk_malloc(sizeof(int32_t) * (size_t)(t->nid + 1));
  if (!t->added_by_id) { snprintf(e, sizeof e, "out of memory"); goto bad; }
  for (int32_t i = 0; i <= t->nid; i++) t->added_by_id[i] = -1;
  for (int32_t i = 0; i < t->nadded; i++) t->added_by_id[t->added[i].id] = i;
  /* the trie of added tokens */
  t->trie_cap = 256;
  t->trie = tk_malloc(sizeof(TNode) * (size_t)t->trie_cap);
  if (!t->trie) { snprintf(e, sizeof e, "out of memory"); goto bad; }
  t->trie[0] = (TNode){-1, -1, -1, 0};
  t->ntrie = 1;
  for (int32_t i = 0; i < t->nadded; i++) {
    if (!t->added[i].len) continue;
    if (trie_add(t, t->added[i].content, t->added[i].len, i) < 0) { snprintf(e, sizeof e, "out of memory"); goto bad; }
    t->first_byte[(uint8_t)t->added[i].content[0]] = 1;
  }
  /* truncation and padding from the file */
  if ((x = tj_get(root, "truncation")) && x->type == TJ_OBJ) {
    TjNode *ml = tj_get(x, "max_length"), *dir = tj_get(x, "direction");
    t->trunc.on = 1;
    t->trunc.max_length = ml && ml->type == TJ_NUM ? (int32_t)ml->num : 512;
    t->trunc.left = dir && dir->type == TJ_STR && !strcmp(dir->str, "Left");
  }
  if ((x = tj_get(root, "padding")) && x->type == TJ_OBJ) {
    TjNode *st = tj_get(x, "strategy"), *id = tj_get(x, "pad_id"), *ty = tj_get(x, "pad_type_id"), *dir = tj_get(x, "direction"),
           *mo = tj_get(x, "pad_to_multiple_of");
    t->pad.on = 1;
    t->pad.pad_id = id && id->type == TJ_NUM ? (int32_t)id->num : 0;
    t->pad.pad_type_id = ty && ty->type == TJ_NUM ? (int32_t)ty->num : 0;
    t->pad.left = dir && dir->type == TJ_STR && !strcmp(dir->str, "Left");
    t->pad.multiple_of = mo && mo->type == TJ_NUM ? (int32_t)mo->num : 0;
    TjNode *fx = tj_get(st, "Fixed");
    t->pad.length = fx && fx->type == TJ_NUM ? (int32_t)fx->num : 0;
    if (t->pad.length < 0 || t->pad.length > TK_MAX_ID || t->pad.multiple_of < 0 || t->pad.multiple_of > TK_MAX_ID) {
      snprintf(e, sizeof e, "padding: length out of range");
      goto bad;
    }
  }
  tj_free(arena);
  if (len >= TC_MIN_LEN && !spans.skip) tc_save(t->model, len, hash, &spans);
  t->name = tk_malloc(strlen(name) + 1);
  if (t->name) strcpy(t->name, name);
  return t;
bad:
  snprintf(err, TK_ERRLEN, "%s: %s", name, e);
  tj_free(arena);
  tm_free(cached);
  tk_free(t);
  return NULL;
}

Tok *tk_load(const char *path, char *err) {
  const KrEmbedFile *emb = kr_embed_find(path);
  if (emb) /* embedded in the program (embed.c) */
    return tk_load_text((const char *)emb->data, (size_t)(emb->end - emb->data), path, err);
  FILE *f = fopen(path, "rb");
  if (!f) { snprintf(err, TK_ERRLEN, "%s: cannot open: %s", path, strerror(errno)); return NULL; }
  /* a regular file is mapped, not copied (Gemma's is 33 MB) */
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    void *map = kr_plat_map(fileno(f), (size_t)st.st_size);
    if (map) {
      fclose(f);
      Tok *t = tk_load_text(map, (size_t)st.st_size, path, err);
      kr_plat_unmap(map, (size_t)st.st_size);
      return t;
    }
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  if (n < 0) { fclose(f); snprintf(err, TK_ERRLEN, "%s: cannot read", path); return NULL; }
  char *buf = tk_malloc((size_t)n + 1);
  if (!buf) { fclose(f); snprintf(err, TK_ERRLEN, "%s: out of memory", path); return NULL; }
  size_t got = fread(buf, 1, (size_t)n, f);
  fclose(f);
  if (got != (size_t)n) { free(buf); snprintf(err, TK_ERRLEN, "%s: cannot read", path); return NULL; }
  Tok *t = tk_load_text(buf, (size_t)n, path, err);
  free(buf);
  return t;
}

/* ---- encoding ---- */

/* Room for at least want items (the arrays grow together). */
static int enc_reserve(TkEncoding *e, int32_t want) {
  if (want > e->cap) {
    int32_t nc = e->cap ? e->cap * 2 : 32;
    while (nc < want) nc *= 2;
    int32_t *a = tk_realloc(e->ids, sizeof(int32_t) * (size_t)nc);
    if (!a) return -1;
    e->ids = a;
    if (!(a = tk_realloc(e->type_ids, sizeof(int32_t) * (size_t)nc))) return -1;
    e->type_ids = a;
    if (!(a = tk_realloc(e->attention_mask, sizeof(int32_t) * (size_t)nc))) return -1;
    e->attention_mask = a;
    if (!(a = tk_realloc(e->special_tokens_mask, sizeof(int32_t) * (size_t)nc))) return -1;
    e->special_tokens_mask = a;
    int64_t *b = tk_realloc(e->starts, sizeof(int64_t) * (size_t)nc);
    if (!b) return -1;
    e->starts = b;
    if (!(b = tk_realloc(e->ends, sizeof(int64_t) * (size_t)nc))) return -1;
    e->ends = b;
    e->cap = nc;
  }
  return 0;
}

static int enc_push(TkEncoding *e, int32_t id, int32_t type_id, int32_t special, int64_t s, int64_t en) {
  if (e->n == e->cap && enc_reserve(e, e->n + 1) < 0) return -1;
  e->ids[e->n] = id, e->type_ids[e->n] = type_id, e->attention_mask[e->n] = 1, e->special_tokens_mask[e->n] = special;
  e->starts[e->n] = s, e->ends[e->n] = en;
  e->n++;
  return 0;
}

void tk_enc_free(TkEncoding *e) {
  free(e->ids), free(e->type_ids), free(e->attention_mask), free(e->special_tokens_mask), free(e->starts), free(e->ends);
  memset(e, 0, sizeof *e);
}

static int encode_general(const Tok *t, const char *text, int32_t base, int32_t len, TkEncoding *out);

/* What the BERT steps see in an ASCII byte: white space (Rust's), punctuation
 * (is_punct), a control character clean_text drops, a byte the text is cut
 * at (space, \t, \n, \r: white space whatever the settings). */
enum { A_WS = 1, A_PUNCT = 2, A_CTRL = 4, A_CUT = 8 };
static const uint8_t bert_ascii[128] = {
    4, 4, 4, 4, 4, 4, 4, 4, 4, 9, 9, 5, 5, 9, 4, 4, /* \t \n \r: WS|CUT; \v \f: WS|CTRL */
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    9, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, /* space, then !"#$%&'()*+,-./ */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2, /* digits, :;<=>? */
    2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* @, letters */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, /* [\]^_ */
    2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* ` */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 4, /* {|}~, DEL */
};

/* The BERT pipeline (BertNormalizer or none, then BertPreTokenizer) without
 * NStr for ASCII. Every step of both is per character, and ASCII \t \n
 * \r and space are white space that the pre-tokenizer drops whatever the
 * normalizer's settings, so the text can be cut at them first and each
 * chunk between them encoded alone: an ASCII chunk here (clean_text drops
 * control characters, lowercase folds A-Z, then words split at the other
 * white space and around each punctuation character), any other chunk by
 * the general path. pos[] maps the normalized chunk back to the text. */
static int encode_bert(const Tok *t, const char *text, int32_t base, int32_t len, TkEncoding *out) {
  int clean = t->norm ? t->norm->clean : 0, lower = t->norm ? t->norm->lower : 0;
  TkToks toks = {0};
  char sbuf[256], *nb = sbuf;
  int32_t spos[256], *pos = spos, cap = 256;
  int rc = -1;
  const uint8_t *s = (const uint8_t *)text + base;
  for (int32_t i = 0; i < len;) {
    if (s[i] < 0x80 && (bert_ascii[s[i]] & A_CUT)) { i++; continue; }
    int32_t cs = i, ascii = 1;
    for (; i < len; i++) {
      if (s[i] >= 0x80) ascii = 0;
      else if (bert_ascii[s[i]] & A_CUT) break;
    }
    if (!ascii) {
      if (encode_general(t, text, base + cs, i - cs, out) < 0) goto done;
      continue;
    }
    if (i - cs > cap) {
      if (nb != sbuf) free(nb), free(pos);
      cap = i - cs;
      nb = tk_malloc((size_t)cap), pos = tk_malloc(sizeof(int32_t) * (size_t)cap);
      if (!nb || !pos) {
        free(nb), free(pos);
        nb = sbuf, pos = spos; /* nothing to free at done */
        goto done;
      }
    }
    int32_t n = 0;
    uint8_t drop = clean ? A_CTRL : 0;
    for (int32_t k = cs; k < i; k++) {
      uint8_t c = s[k];
      if (bert_ascii[c] & drop) continue;
      if (lower && c >= 'A' && c <= 'Z') c += 32;
      nb[n] = (char)c, pos[n++] = k;
    }
    /* words: cut at white space (dropped) and around punctuation (kept alone) */
    for (int32_t w = 0; w < n;) {
      uint8_t b = bert_ascii[(uint8_t)nb[w]];
      if (b & A_WS) { w++; continue; }
      int32_t e = w + 1;
      if (!(b & A_PUNCT))
        while (e < n && !(bert_ascii[(uint8_t)nb[e]] & (A_WS | A_PUNCT))) e++;
      toks.n = 0;
      if (tm_tokenize(t->model, nb + w, e - w, &toks) < 0) goto done;
      if (enc_reserve(out, out->n + toks.n) < 0) goto done;
      for (int32_t q = 0; q < toks.n; q++) {
        TkTok *tk = &toks.v[q];
        int32_t k = out->n++;
        out->ids[k] = tk->id, out->type_ids[k] = 0, out->attention_mask[k] = 1, out->special_tokens_mask[k] = 0;
        out->starts[k] = base + pos[w + tk->start], out->ends[k] = base + pos[w + tk->end - 1] + 1;
      }
      w = e;
    }
  }
  rc = 0;
done:
  if (nb != sbuf) free(nb), free(pos);
  free(toks.v);
  return rc;
}

/* The hand-matched pattern of Llama 3's pre-tokenizer — Split(pattern,
 * Isolated) then ByteLevel without its own regex or prefix space — or
 * TS_NONE for any other. */
static TkSplitKind split_bytelevel(const Pre *p) {
  if (!p || p->kind != P_SEQ || p->nchild != 2) return TS_NONE;
  const Pre *a = p->child[0], *b = p->child[1];
  if (a->kind != P_SPLIT || a->behavior != B_ISOLATED || a->invert || b->kind != P_BYTELEVEL || b->use_regex ||
      b->add_prefix_space)
    return TS_NONE;
  return a->pat.fast;
}

/* That pre-tokenizer with no normalizer, without NStr: each match of the
 * pattern (they tile the text) is mapped to ByteLevel's characters, each
 * output byte remembering the original character it came from, and cut
 * into tokens at once. */
static int encode_split_bytelevel(const Tok *t, TkSplitKind kind, const char *text, int32_t base, int32_t len,
                                  TkEncoding *out) {
  TkToks toks = {0};
  char sbuf[256], *buf = sbuf;
  int32_t sst[256], sen[256], *st = sst, *en = sen, cap = 256;
  int rc = -1;
  const char *s = text + base;
  for (int32_t i = 0, e; i < len; i = e) {
    e = ts_match(kind, s, len, i);
    if (2 * (e - i) > cap) {
      if (buf != sbuf) free(buf), free(st), free(en);
      cap = 2 * (e - i);
      buf = tk_malloc((size_t)cap), st = tk_malloc(sizeof(int32_t) * (size_t)cap), en = tk_malloc(sizeof(int32_t) * (size_t)cap);
      if (!buf || !st || !en) {
        free(buf), free(st), free(en);
        buf = sbuf, st = sst, en = sen;
        goto done;
      }
    }
    int32_t m = 0;
    for (int32_t k = i; k < e;) {
      uint8_t lead = (uint8_t)s[k];
      int32_t cl = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4; /* the text is valid UTF-8 */
      for (int32_t q = k; q < k + cl; q++) {
        uint8_t b = (uint8_t)s[q];
        for (int x = 0; x < bl_len[b]; x++, m++) buf[m] = bl_char[b][x], st[m] = base + k, en[m] = base + k + cl;
      }
      k += cl;
    }
    toks.n = 0;
    if (tm_tokenize(t->model, buf, m, &toks) < 0 || enc_reserve(out, out->n + toks.n) < 0) goto done;
    for (int32_t q = 0; q < toks.n; q++) {
      TkTok *tk = &toks.v[q];
      int32_t k = out->n++;
      out->ids[k] = tk->id, out->type_ids[k] = 0, out->attention_mask[k] = 1, out->special_tokens_mask[k] = 0;
      out->starts[k] = st[tk->start], out->ends[k] = en[tk->end - 1];
    }
  }
  rc = 0;
done:
  if (buf != sbuf) free(buf), free(st), free(en);
  free(toks.v);
  return rc;
}

/* Encodes one segment of text (no added tokens inside) at byte offset base; byte offsets into out. */
static int encode_segment(const Tok *t, const char *text, int32_t base, int32_t len, TkEncoding *out) {
  if (t->pre && t->pre->kind == P_BERT && (!t->norm || t->norm->kind == N_BERT))
    return encode_bert(t, text, base, len, out);
  TkSplitKind k = t->norm ? TS_NONE : split_bytelevel(t->pre);
  if (k != TS_NONE) return encode_split_bytelevel(t, k, text, base, len, out);
  return encode_general(t, text, base, len, out);
}

static int encode_general(const Tok *t, const char *text, int32_t base, int32_t len, TkEncoding *out) {
  NStr raw = {0}, norm = {0};
  Pieces pieces = {0}, pre = {0};
  TkToks toks = {0};
  int rc = -1;
  if (ns_reserve(&raw, len) < 0) goto done;
  for (int32_t i = 0; i < len;) {
    int32_t cl;
    u8dec(text + base, len, i, &cl);
    for (int32_t k = 0; k < cl; k++) raw.s[i + k] = text[base + i + k], raw.a[2 * (i + k)] = base + i, raw.a[2 * (i + k) + 1] = base + i + cl;
    i += cl;
  }
  raw.len = len;
  if (t->norm) {
    if (norm_apply(t->norm, &raw, &norm) < 0) goto done;
    ns_free(&raw);
  } else norm = raw, memset(&raw, 0, sizeof raw);
  if (pc_add(&pre, &norm, 0, norm.len) < 0) goto done;
  if (t->pre) {
    if (pre_apply(t->pre, &pre, &pieces) < 0) goto done;
  } else pieces = pre, memset(&pre, 0, sizeof pre);
  for (int32_t k = 0; k < pieces.n; k++) {
    NStr pv = pc_get(&pieces, k), *p = &pv;
    if (!p->len) continue;
    toks.n = 0;
    if (tm_tokenize(t->model, p->s, p->len, &toks) < 0) goto done;
    for (int32_t q = 0; q < toks.n; q++) {
      TkTok *tk = &toks.v[q];
      int32_t os = p->a[2 * tk->start], oe = p->a[2 * (tk->end - 1) + 1];
      if (enc_push(out, tk->id, 0, 0, os, oe) < 0) goto done;
    }
  }
  rc = 0;
done:
  ns_free(&raw), ns_free(&norm);
  pc_free(&pieces), pc_free(&pre);
  free(toks.v);
  return rc;
}

/* ByteLevel's and Roberta's trim_offsets, on code-point offsets, as the library
 * does it: a token's leading and trailing 'Ġ' (U+0120) and whitespace
 * characters are counted and taken off its range, except one leading space
 * of the first token when a prefix space was added. */
static int is_space_tok(const char *s, int32_t l, int32_t i, int32_t *cl) {
  int32_t c = u8dec(s, l, i, cl);
  return c == 0x120 || is_ws(c);
}

static void trim_offsets(const Tok *t, TkEncoding *e, int add_prefix_space) {
  for (int32_t i = 0; i < e->n; i++) {
    int32_t l, cl;
    const char *s = tk_id_to_token(t, e->ids[i], &l);
    if (!s) continue;
    int64_t lead = 0, trail = 0, st = e->starts[i], en = e->ends[i];
    for (int32_t k = 0; k < l && is_space_tok(s, l, k, &cl); k += cl) lead++;
    for (int32_t k = l; k > 0;) {
      int32_t b = k - 1;
      while (b > 0 && ((uint8_t)s[b] & 0xC0) == 0x80) b--;
      if (!is_space_tok(s, l, b, &cl)) break;
      trail++, k = b;
    }
    if (lead > 0) {
      if ((i == 0 || st == 0) && add_prefix_space && lead == 1) lead = 0;
      st = st + lead < en ? st + lead : en;
    }
    if (trail > 0 && en >= trail) en = en - trail > st ? en - trail : st;
    e->starts[i] = st, e->ends[i] = en;
  }
}

/* the processor whose trim_offsets applies, or NULL */
static const Post *trimmer(const Post *q) {
  if (!q) return NULL;
  if (q->kind == Q_SEQ) {
    for (int32_t i = 0; i < q->nchild; i++) if (trimmer(q->child[i])) return trimmer(q->child[i]);
    return NULL;
  }
  return (q->kind == Q_BYTELEVEL || q->kind == Q_ROBERTA) && q->trim_offsets ? q : NULL;
}

/* Writes one special token at item k (the arrays have room). */
static void enc_set_special(TkEncoding *e, int32_t k, int32_t id, int32_t type_id) {
  e->ids[k] = id, e->type_ids[k] = type_id, e->attention_mask[k] = 1, e->special_tokens_mask[k] = 1;
  e->starts[k] = 0, e->ends[k] = 0;
}

/* Wraps the sequence e in place: lead special tokens before it, trail
 * after it (ids and type ids in pairs), its items given type_id. */
static int enc_wrap(TkEncoding *e, const int32_t *lead, int32_t nlead, const int32_t *trail, int32_t ntrail, int32_t type_id) {
  if (enc_reserve(e, e->n + nlead + ntrail) < 0) return -1;
  if (nlead && e->n) {
    memmove(e->ids + nlead, e->ids, sizeof(int32_t) * (size_t)e->n);
    memmove(e->type_ids + nlead, e->type_ids, sizeof(int32_t) * (size_t)e->n);
    memmove(e->attention_mask + nlead, e->attention_mask, sizeof(int32_t) * (size_t)e->n);
    memmove(e->special_tokens_mask + nlead, e->special_tokens_mask, sizeof(int32_t) * (size_t)e->n);
    memmove(e->starts + nlead, e->starts, sizeof(int64_t) * (size_t)e->n);
    memmove(e->ends + nlead, e->ends, sizeof(int64_t) * (size_t)e->n);
  }
  for (int32_t k = 0; k < nlead; k++) enc_set_special(e, k, lead[2 * k], lead[2 * k + 1]);
  for (int32_t k = nlead; k < nlead + e->n; k++) e->type_ids[k] = type_id, e->attention_mask[k] = 1;
  e->n += nlead;
  for (int32_t k = 0; k < ntrail; k++) enc_set_special(e, e->n++, trail[2 * k], trail[2 * k + 1]);
  return 0;
}

static int post_apply(const Post *q, TkEncoding *e) {
  if (!q) return 0;
  switch (q->kind) {
  case Q_TEMPLATE: {
    /* the special tokens before and after the single sequence A, as
     * (id, type id) pairs; a template naming A twice takes the copying path */
    int32_t nseq = 0, seq_type = 0, nspec = count_special(q), nlead = 0, ntrail = 0, sbuf[64], *sp = sbuf;
    for (int32_t i = 0; i < q->nsingle; i++)
      if (!q->single[i].special && !q->single[i].seq) nseq++, seq_type = q->single[i].type_id;
    if (nseq == 1 && 2 * nspec <= (int32_t)(sizeof sbuf / sizeof *sbuf)) {
      int after = 0;
      for (int32_t i = 0; i < q->nsingle; i++) {
        const TplItem *it = &q->single[i];
        if (!it->special) { after |= !it->seq; continue; }
        for (int32_t k = 0; k < it->nids; k++, after ? ntrail++ : nlead++)
          sp[2 * (nlead + ntrail)] = it->ids[k], sp[2 * (nlead + ntrail) + 1] = it->type_id;
      }
      return enc_wrap(e, sp, nlead, sp + 2 * nlead, ntrail, seq_type);
    }
    TkEncoding o = {0};
    for (int32_t i = 0; i < q->nsingle; i++) {
      const TplItem *it = &q->single[i];
      if (it->special) {
        for (int32_t k = 0; k < it->nids; k++)
          if (enc_push(&o, it->ids[k], it->type_id, 1, 0, 0) < 0) goto oom;
      } else if (!it->seq) {
        for (int32_t k = 0; k < e->n; k++)
          if (enc_push(&o, e->ids[k], it->type_id, e->special_tokens_mask[k], e->starts[k], e->ends[k]) < 0) goto oom;
      }
    }
    tk_enc_free(e);
    *e = o;
    return 0;
  oom:
    tk_enc_free(&o);
    return -1;
  }
  case Q_BERT: case Q_ROBERTA: {
    int32_t cls[2] = {q->cls_id, 0}, sep[2] = {q->sep_id, 0};
    return enc_wrap(e, cls, 1, sep, 1, 0);
  }
  case Q_SEQ:
    for (int32_t i = 0; i < q->nchild; i++)
      if (post_apply(q->child[i], e) < 0) return -1;
    return 0;
  }
  return 0;
}

static int pad_one(const TkPadding *p, TkEncoding *e, int32_t target) {
  if (p->multiple_of > 0 && target % p->multiple_of) target += p->multiple_of - target % p->multiple_of;
  if (e->n >= target) return 0;
  int32_t old = e->n, add = target - old;
  while (e->n < target)
    if (enc_push(e, p->pad_id, p->pad_type_id, 1, 0, 0) < 0) return -1;
  for (int32_t i = old; i < target; i++) e->attention_mask[i] = 0;
  if (p->left) { /* rotate the padding to the front */
#define ROT(arr, T)                                                          \
  do {                                                                       \
    T *tmp = tk_malloc(sizeof(T) * (size_t)target);                             \
    if (!tmp) return -1;                                                     \
    memcpy(tmp, (arr) + old, sizeof(T) * (size_t)add);                       \
    memcpy(tmp + add, (arr), sizeof(T) * (size_t)old);                       \
    memcpy((arr), tmp, sizeof(T) * (size_t)target);                          \
    free(tmp);                                                               \
  } while (0)
    ROT(e->ids, int32_t); ROT(e->type_ids, int32_t); ROT(e->attention_mask, int32_t);
    ROT(e->special_tokens_mask, int32_t); ROT(e->starts, int64_t); ROT(e->ends, int64_t);
#undef ROT
  }
  return 0;
}

int tk_encode(const Tok *t, const char *text, size_t len, int add_special, TkEncoding *out, char *err) {
  memset(out, 0, sizeof *out);
  if (len > 0x7fffff00u) return snprintf(err, TK_ERRLEN, "text too long"), -1;
  int32_t n = (int32_t)len;
  int ascii;
  if (!valid_utf8_ascii(text, n, &ascii)) return snprintf(err, TK_ERRLEN, "text is not valid UTF-8"), -1;
  /* split off added tokens, leftmost-longest on the raw text */
  int32_t seg = 0;
  for (int32_t i = 0; i < n;) {
    /* to the next character whose first byte starts an added token */
    while (i < n && (!t->first_byte[(uint8_t)text[i]] || ((uint8_t)text[i] & 0xC0) == 0x80)) i++;
    if (i == n) break;
    int32_t mlen = 0, k = -1;
    if (t->first_byte[(uint8_t)text[i]]) k = trie_match(t, text, n, i, &mlen);
    if (k >= 0) {
      const Added *ad = &t->added[k];
      int32_t s = i, e = i + mlen, cl;
      int ok = 1;
      if (ad->single_word) {
        if (s > 0 && is_word_char(u8dec(text, n, prev_char(text, s), &cl))) ok = 0;
        if (e < n && is_word_char(u8dec(text, n, e, &cl))) ok = 0;
      }
      if (ok) {
        if (ad->lstrip)
          while (s > seg) {
            int32_t b = prev_char(text, s);
            if (!is_ws(u8dec(text, n, b, &cl))) break;
            s = b;
          }
        if (ad->rstrip)
          while (e < n && is_ws(u8dec(text, n, e, &cl))) e += cl;
        if (s > seg && encode_segment(t, text, seg, s - seg, out) < 0) goto oom;
        if (enc_push(out, ad->id, 0, 0, s, e) < 0) goto oom;
        seg = i = e;
        continue;
      }
    }
    i++;
    while (i < n && ((uint8_t)text[i] & 0xC0) == 0x80) i++;
  }
  if (seg < n && encode_segment(t, text, seg, n - seg, out) < 0) goto oom;
  /* byte offsets -> code points (the same numbers in ASCII text) */
  if (out->n && !ascii) {
    int32_t *cp = tk_malloc(sizeof(int32_t) * (size_t)(n + 1));
    if (!cp) goto oom;
    int32_t c = 0;
    for (int32_t i = 0; i < n; i++) { /* a byte inside a character: that character's index */
      int lead = ((uint8_t)text[i] & 0xC0) != 0x80;
      cp[i] = lead ? c : c - 1;
      c += lead;
    }
    cp[n] = c;
    for (int32_t i = 0; i < out->n; i++) out->starts[i] = cp[out->starts[i]], out->ends[i] = cp[out->ends[i]];
    free(cp);
  }
  if (out->n) {
    /* trimming counts characters off code-point offsets, as the library
     * (which converts offsets to characters before post-processing) does */
    const Post *tr = trimmer(t->post);
    if (tr) trim_offsets(t, out, tr->add_prefix_space);
  }
  if (t->trunc.on) {
    int32_t max = t->trunc.max_length - (add_special ? t->n_special_single : 0);
    if (max < 0) max = 0;
    if (out->n > max) {
      if (t->trunc.left) {
        int32_t d = out->n - max;
        memmove(out->ids, out->ids + d, sizeof(int32_t) * (size_t)max);
        memmove(out->type_ids, out->type_ids + d, sizeof(int32_t) * (size_t)max);
        memmove(out->attention_mask, out->attention_mask + d, sizeof(int32_t) * (size_t)max);
        memmove(out->special_tokens_mask, out->special_tokens_mask + d, sizeof(int32_t) * (size_t)max);
        memmove(out->starts, out->starts + d, sizeof(int64_t) * (size_t)max);
        memmove(out->ends, out->ends + d, sizeof(int64_t) * (size_t)max);
      }
      out->n = max;
    }
  }
  if (add_special && post_apply(t->post, out) < 0) goto oom;
  if (t->pad.on && t->pad.length > 0 && pad_one(&t->pad, out, t->pad.length) < 0) goto oom;
  return 0;
oom:
  tk_enc_free(out);
  return snprintf(err, TK_ERRLEN, "out of memory"), -1;
}

int tk_pad_batch(const Tok *t, TkEncoding *encs, int32_t n, char *err) {
  if (!t->pad.on) return 0;
  int32_t target = t->pad.length;
  if (target <= 0)
    for (int32_t i = 0; i < n; i++) if (encs[i].n > target) target = encs[i].n;
  for (int32_t i = 0; i < n; i++)
    if (pad_one(&t->pad, &encs[i], target) < 0) return snprintf(err, TK_ERRLEN, "out of memory"), -1;
  return 0;
}

void tk_set_padding(Tok *t, const TkPadding *p) { t->pad = *p; }
void tk_set_truncation(Tok *t, const TkTruncation *tr) { t->trunc = *tr; }
TkPadding tk_get_padding(const Tok *t) { return t->pad; }

/* ---- vocabulary ---- */

const char *tk_id_to_token(const Tok *t, int32_t id, int32_t *len) {
  if (id < 0) return NULL;
  if (id < t->nid && t->added_by_id[id] >= 0) {
    const Added *a = &t->added[t->added_by_id[id]];
    *len = a->len;
    return a->content;
  }
  return tm_id_to_token(t->model, id, len);
}

int32_t tk_token_to_id(const Tok *t, const char *s, size_t len) {
  int32_t k = sm_get(&t->added_map, s, (int32_t)len);
  if (k >= 0) return t->added[k].id;
  return tm_token_to_id(t->model, s, (int32_t)len);
}

int32_t tk_vocab_size(const Tok *t, int with_added) {
  int32_t n = tm_vocab_size(t->model);
  if (!with_added) return n;
  for (int32_t i = 0; i < t->nadded; i++) {
    int32_t l;
    const char *s = tm_id_to_token(t->model, t->added[i].id, &l);
    if (!s || l != t->added[i].len || memcmp(s, t->added[i].content, (size_t)l)) n++;
  }
  return n;
}

/* ---- decoding ---- */

int tk_decode(const Tok *t, const int32_t *ids, int32_t n, int skip_special, char **out, size_t *outlen, char *err) {
  SList toks = {0}, res = {0};
  for (int32_t i = 0; i < n; i++) {
    int32_t l;
    const char *s = tk_id_to_token(t, ids[i], &l);
    if (!s) continue; /* unknown ids are skipped, as the library does */
    if (skip_special && ids[i] < t->nid && t->added_by_id[ids[i]] >= 0 && t->added[t->added_by_id[ids[i]]].special) continue;
    if (sl_push(&toks, s, l) < 0) goto oom;
  }
  Buf b = {0};
  if (t->dec) {
    if (dec_apply(t->dec, &toks, &res) < 0) goto oom;
    for (int32_t i = 0; i < res.n; i++)
      if (buf_put(&b, res.s[i], res.len[i]) < 0) { free(b.s); goto oom; }
  } else {
    for (int32_t i = 0; i < toks.n; i++)
      if ((i && buf_put(&b, " ", 1) < 0) || buf_put(&b, toks.s[i], toks.len[i]) < 0) { free(b.s); goto oom; }
  }
  if (!b.s && buf_put(&b, "", 0) < 0) goto oom;
  sl_free(&toks), sl_free(&res);
  *out = b.s, *outlen = (size_t)b.n;
  return 0;
oom:
  sl_free(&toks), sl_free(&res);
  return snprintf(err, TK_ERRLEN, "out of memory"), -1;
}
