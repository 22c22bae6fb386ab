/* rescan.c — a pattern in Python's re syntax, read for PCRE2 (rescan.h).
 *
 * One pass over the pattern, copying it into PCRE2's syntax where the two
 * differ: \Z is PCRE2's \z, \v a vertical tab, \uXXXX and \UXXXXXXXX become
 * \x{...}, octal escapes and backreferences get PCRE2's unambiguous forms,
 * `{,n}` gets its 0, a `[` inside a set is escaped (PCRE2 would read
 * [:alpha:]), and the global flags (?aiLmsux) at the start move into the
 * flags. On the way it checks what sre_parse checks, in its order, with its
 * messages: nothing to repeat, multiple repeat, unbalanced and unterminated
 * groups and sets, bad escapes, group references and names. Errors PCRE2
 * finds later (a bad range, say) get PCRE2's words.
 *
 * Which groups may be unset: a group inside an alternative, inside a
 * negative lookaround or a conditional, or under a quantifier whose minimum
 * is 0. That is what decides whether m.group(n) is typed str or
 * Optional[str] for a constant pattern. */
#include "rescan.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Frame {
  int first;    /* the first group number opened inside it */
  bool alt;     /* an | at this level: every group inside may be unset */
  bool never;   /* a negative lookaround or a conditional */
  size_t pos;   /* where its ( is (bytes) */
  int group;    /* its group number, 0: not capturing */
} Frame;

typedef struct Scan {
  const char *p;
  size_t n, i;
  char *out;
  size_t len, cap;
  ReScan *s;
  bool verbose;
  int last;        /* 0 nothing to repeat, 1 an item, 2 a repeat, 3 a repeat with its ? or + */
  int last_first;  /* the first group inside the last item (groups + 1 when none) */
  Frame *frames;
  int nframes, capframes;
  uint8_t *open;   /* open[g]: group g is still open (a backreference to it is an error) */
} Scan;

static int cp_pos(const Scan *S, size_t off) {
  int n = 0;
  for (size_t k = 0; k < off && k < S->n; k++)
    if (((unsigned char)S->p[k] & 0xC0) != 0x80)
      n++;
  return n;
}

__attribute__((format(printf, 3, 4))) static int fail(Scan *S, size_t off, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(S->s->err, sizeof S->s->err, fmt, ap);
  va_end(ap);
  if (k < 0 || (size_t)k >= sizeof S->s->err)
    k = (int)sizeof S->s->err - 1;
  int pos = cp_pos(S, off);
  int m = snprintf(S->s->err + k, sizeof S->s->err - (size_t)k, " at position %d", pos);
  if (memchr(S->p, '\n', S->n) && m > 0 && (size_t)(k + m) < sizeof S->s->err) {
    /* a pattern of several lines: CPython adds the line and column */
    int line = 1, col = pos + 1;
    for (size_t j = 0; j < off && j < S->n; j++)
      if (S->p[j] == '\n') {
        line++;
        col = pos - cp_pos(S, j);
      }
    snprintf(S->s->err + k + m, sizeof S->s->err - (size_t)(k + m), " (line %d, column %d)", line, col);
  }
  return -1;
}

static void put(Scan *S, const char *t, size_t k) {
  if (S->len + k + 1 > S->cap) {
    S->cap = (S->len + k + 1) * 2;
    S->out = realloc(S->out, S->cap);
    if (!S->out)
      abort();
  }
  memcpy(S->out + S->len, t, k);
  S->len += k;
  S->out[S->len] = 0;
}
static void puts_(Scan *S, const char *t) { put(S, t, strlen(t)); }
__attribute__((format(printf, 2, 3))) static void putf(Scan *S, const char *fmt, ...) {
  char b[32];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(b, sizeof b, fmt, ap);
  va_end(ap);
  puts_(S, b);
}

static int hexval(char c) {
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}
static bool is_octal(char c) { return c >= '0' && c <= '7'; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

static void mark_optional(Scan *S, int from) {
  for (int g = from; g <= S->s->groups && g <= 64; g++)
    if (g >= 1)
      S->s->optional |= (uint64_t)1 << (g - 1);
}

/* \x, \u, \U: exactly k hex digits after the letter at S->i. */
static int hex_escape(Scan *S, size_t at, int k, char letter) {
  unsigned long v = 0;
  size_t j = S->i + 1;
  int got = 0;
  for (; got < k && j < S->n && hexval(S->p[j]) >= 0; got++, j++)
    v = v * 16 + (unsigned long)hexval(S->p[j]);
  if (got < k) {
    char shown[16];
    size_t m = j - at < sizeof shown - 1 ? j - at : sizeof shown - 1;
    memcpy(shown, S->p + at, m);
    shown[m] = 0;
    return fail(S, at, "incomplete escape %s", shown);
  }
  if (letter == 'U' && v > 0x10FFFF) {
    char shown[16];
    memcpy(shown, S->p + at, 10);
    shown[10] = 0;
    return fail(S, at, "bad escape %s", shown);
  }
  putf(S, "\\x{%lx}", v);
  S->i = j;
  return 0;
}

/* An escape at S->p[S->i] == '\\', in a set or not. */
static int escape(Scan *S, bool in_set) {
  size_t at = S->i;
  if (at + 1 >= S->n)
    return fail(S, at, "bad escape (end of pattern)");
  char c = S->p[at + 1];
  S->i = at + 1;
  if ((unsigned char)c >= 0x80) { /* \é is é */
    size_t j = S->i + 1;
    while (j < S->n && ((unsigned char)S->p[j] & 0xC0) == 0x80)
      j++;
    put(S, S->p + S->i, j - S->i);
    S->i = j;
    S->last = 1;
    return 0;
  }
  switch (c) {
  case 'x': S->last = 1; return hex_escape(S, at, 2, 'x');
  case 'u': S->last = 1; return hex_escape(S, at, 4, 'u');
  case 'U': S->last = 1; return hex_escape(S, at, 8, 'U');
  case 'v': puts_(S, "\\x{b}"); S->i++; S->last = 1; return 0;
  case 'a': case 'f': case 'n': case 'r': case 't':
  case 'd': case 'D': case 's': case 'S': case 'w': case 'W':
    put(S, S->p + at, 2);
    S->i++;
    S->last = 1;
    return 0;
  case 'b':
    puts_(S, in_set ? "\\x{8}" : "\\b");
    S->i++;
    S->last = in_set;
    return 0;
  case 'A': case 'B': case 'Z':
    if (in_set)
      return fail(S, at, "bad escape \\%c", c);
    /* Python's \B does not match in an empty text; PCRE2's does */
    puts_(S, c == 'Z' ? "\\z" : c == 'A' ? "\\A" : "(?:\\B(?!\\A\\z))");
    S->i++;
    S->last = 0;
    return 0;
  case 'N':
    return fail(S, at, "kiln does not support \\N{...} in patterns yet");
  default: break;
  }
  if (is_digit(c)) {
    size_t j = S->i;
    if (c == '0' || in_set) { /* octal: up to three digits */
      if (!is_octal(c))
        return fail(S, at, "bad escape \\%c", c);
      unsigned long v = 0;
      int k = 0;
      for (; k < 3 && j < S->n && is_octal(S->p[j]); k++, j++)
        v = v * 8 + (unsigned long)(S->p[j] - '0');
      if (v > 0377)
        return fail(S, at, "octal escape value \\%.*s outside of range 0-0o377", k, S->p + S->i);
      putf(S, "\\x{%lx}", v);
      S->i = j;
      S->last = 1;
      return 0;
    }
    if (j + 2 < S->n + 0 && is_octal(c) && is_octal(S->p[j + 1]) && is_octal(S->p[j + 2])) {
      unsigned long v = (unsigned long)((c - '0') * 64 + (S->p[j + 1] - '0') * 8 + (S->p[j + 2] - '0'));
      if (v > 0377)
        return fail(S, at, "octal escape value \\%.3s outside of range 0-0o377", S->p + j);
      putf(S, "\\x{%lx}", v);
      S->i = j + 3;
      S->last = 1;
      return 0;
    }
    int g = c - '0';
    j++;
    if (j < S->n && is_digit(S->p[j]))
      g = g * 10 + (S->p[j++] - '0');
    if (g > S->s->groups)
      return fail(S, at + 1, "invalid group reference %d", g);
    if (S->open[g])
      return fail(S, at + 1, "cannot refer to an open group");
    putf(S, "\\g{%lu}", (unsigned long)g);
    S->i = j;
    S->last = 1;
    S->last_first = S->s->groups + 1;
    return 0;
  }
  if (is_letter(c))
    return fail(S, at, "bad escape \\%c", c);
  put(S, S->p + at, 2); /* \. \\ \( ... */
  S->i++;
  S->last = 1;
  return 0;
}

/* [...]: S->i at the [. */
static int set(Scan *S) {
  size_t at = S->i;
  puts_(S, "[");
  S->i++;
  if (S->i < S->n && S->p[S->i] == '^') {
    puts_(S, "^");
    S->i++;
  }
  bool first = true;
  long prev = -1;      /* the code point of the literal just read, for a range's check */
  size_t prev_at = 0;
  bool range = false;  /* a - after a literal: the next literal ends a range */
  for (;;) {
    if (S->i >= S->n)
      return fail(S, at, "unterminated character set");
    char c = S->p[S->i];
    if (c == ']' && !first) {
      puts_(S, "]");
      S->i++;
      break;
    }
    first = false;
    if (c == '\\') {
      size_t esc_at = S->i;
      if (escape(S, true) < 0)
        return -1;
      char k = S->p[esc_at + 1];
      bool cls = k == 'd' || k == 'D' || k == 's' || k == 'S' || k == 'w' || k == 'W';
      if ((cls || range) && S->i + 1 < S->n && S->p[S->i] == '-' && S->p[S->i + 1] != ']' && !range)
        return fail(S, esc_at, "bad character range %.*s", (int)(S->i + 2 - esc_at), S->p + esc_at);
      prev = -1;
      range = false;
      continue;
    }
    if (c == '-' && prev >= 0 && !range && S->i + 1 < S->n && S->p[S->i + 1] != ']') {
      range = true;
      puts_(S, "-");
      S->i++;
      continue;
    }
    if ((unsigned char)c >= 0x80) { /* a whole UTF-8 character */
      size_t j = S->i + 1;
      long v = (unsigned char)c & (c & 0x20 ? (c & 0x10 ? 0x07 : 0x0F) : 0x1F);
      while (j < S->n && ((unsigned char)S->p[j] & 0xC0) == 0x80)
        v = (v << 6) | ((unsigned char)S->p[j++] & 0x3F);
      if (range && v < prev)
        return fail(S, prev_at, "bad character range %.*s", (int)(j - prev_at), S->p + prev_at);
      put(S, S->p + S->i, j - S->i);
      prev = range ? -1 : v;
      prev_at = S->i;
      range = false;
      S->i = j;
      continue;
    }
    if (range && (unsigned char)c < prev)
      return fail(S, prev_at, "bad character range %.*s", (int)(S->i + 1 - prev_at), S->p + prev_at);
    if (!range) {
      prev = (unsigned char)c;
      prev_at = S->i;
    } else {
      prev = -1;
    }
    range = false;
    if (c == '[' || c == ']')
      puts_(S, c == '[' ? "\\[" : "\\]");
    else
      put(S, &c, 1);
    S->i++;
  }
  S->last = 1;
  S->last_first = S->s->groups + 1;
  return 0;
}

/* A repeat: * + ? or {m,n}; S->i at it. Returns 1 when { was not one (a
 * literal {), 0 when done, -1 on error. */
static int repeat(Scan *S) {
  size_t at = S->i;
  char c = S->p[at];
  bool min0 = c == '*' || c == '?';
  size_t end = at + 1;
  if (c == '{') {
    size_t j = at + 1, lo = j;
    while (j < S->n && is_digit(S->p[j]))
      j++;
    size_t lo_end = j, hi = j, hi_end = j;
    bool comma = j < S->n && S->p[j] == ',';
    if (comma) {
      hi = ++j;
      while (j < S->n && is_digit(S->p[j]))
        j++;
      hi_end = j;
    }
    if (j >= S->n || S->p[j] != '}' || (lo == lo_end && !comma)) {
      return 1; /* a literal { */
    }
    end = j + 1;
    long vlo = lo == lo_end ? 0 : strtol(S->p + lo, NULL, 10);
    long vhi = hi == hi_end ? -1 : strtol(S->p + hi, NULL, 10);
    if (S->last == 0)
      return fail(S, at, "nothing to repeat");
    if (S->last >= 2)
      return fail(S, at, "multiple repeat");
    if (vhi >= 0 && vhi < vlo)
      return fail(S, lo, "min repeat greater than max repeat");
    min0 = vlo == 0;
    putf(S, "{%lu", (unsigned long)vlo);
    if (comma && vhi >= 0)
      putf(S, ",%lu}", (unsigned long)vhi);
    else
      puts_(S, comma ? ",}" : "}");
  } else {
    if (S->last == 2 && (c == '?' || c == '+')) { /* lazy or possessive */
      put(S, &c, 1);
      S->i++;
      S->last = 3;
      return 0;
    }
    if (S->last == 0)
      return fail(S, at, "nothing to repeat");
    if (S->last >= 2)
      return fail(S, at, "multiple repeat");
    put(S, &c, 1);
  }
  if (min0)
    mark_optional(S, S->last_first);
  S->i = end;
  S->last = 2;
  return 0;
}

static void push(Scan *S, int group, bool never) {
  if (S->nframes == S->capframes) {
    S->capframes = S->capframes ? S->capframes * 2 : 16;
    S->frames = realloc(S->frames, (size_t)S->capframes * sizeof *S->frames);
    if (!S->frames)
      abort();
  }
  S->frames[S->nframes++] = (Frame){.first = S->s->groups + (group ? 0 : 1), .never = never, .pos = S->i, .group = group};
}

static int new_group(Scan *S) {
  int g = ++S->s->groups;
  S->open = realloc(S->open, (size_t)g + 1);
  if (!S->open)
    abort();
  S->open[g] = 1;
  return g;
}

static int find_name(const ReScan *s, const char *name, size_t k) {
  for (int i = 0; i < s->nnames; i++)
    if (strlen(s->names[i]) == k && !memcmp(s->names[i], name, k))
      return s->name_group[i];
  return -1;
}

static bool name_ok(const char *p, size_t k) {
  if (!k || is_digit(p[0]))
    return false;
  for (size_t i = 0; i < k; i++) {
    unsigned char c = (unsigned char)p[i];
    if (!(c >= 0x80 || is_letter((char)c) || is_digit((char)c) || c == '_'))
      return false;
  }
  return true;
}

/* A name up to `term` after S->i; its end in *end. */
static int group_name(Scan *S, char term, size_t *end) {
  size_t j = S->i;
  while (j < S->n && S->p[j] != term)
    j++;
  if (j >= S->n && j > S->i)
    return fail(S, S->i, "missing %c, unterminated name", term);
  if (j == S->i)
    return fail(S, S->i, "missing group name");
  if (!name_ok(S->p + S->i, j - S->i))
    return fail(S, S->i, "bad character in group name '%.*s'", (int)(j - S->i), S->p + S->i);
  *end = j;
  return 0;
}

static int flag_of(char c) {
  switch (c) {
  case 'a': return RE_ASCII;
  case 'i': return RE_IGNORECASE;
  case 'L': return RE_LOCALE;
  case 'm': return RE_MULTILINE;
  case 's': return RE_DOTALL;
  case 'u': return RE_UNICODE;
  case 'x': return RE_VERBOSE;
  default: return 0;
  }
}

/* ( and what follows it: S->i at the (. */
static int open_paren(Scan *S, bool at_start) {
  size_t at = S->i;
  if (S->i + 1 >= S->n || S->p[S->i + 1] != '?') {
    int g = new_group(S);
    push(S, g, false);
    S->frames[S->nframes - 1].pos = at;
    puts_(S, "(");
    S->i++;
    S->last = 0;
    return 0;
  }
  size_t q = S->i + 2;
  char c = q < S->n ? S->p[q] : 0;
  if (c == 'P') {
    char d = q + 1 < S->n ? S->p[q + 1] : 0;
    if (d == '<') {
      S->i = q + 2;
      size_t end;
      if (group_name(S, '>', &end) < 0)
        return -1;
      size_t k = end - S->i;
      int prev = find_name(S->s, S->p + S->i, k);
      if (prev >= 0)
        return fail(S, S->i, "redefinition of group name '%.*s' as group %d; was group %d", (int)k, S->p + S->i,
                    S->s->groups + 1, prev);
      int g = new_group(S);
      ReScan *s = S->s;
      s->names = realloc(s->names, (size_t)(s->nnames + 1) * sizeof *s->names);
      s->name_group = realloc(s->name_group, (size_t)(s->nnames + 1) * sizeof *s->name_group);
      if (!s->names || !s->name_group)
        abort();
      s->names[s->nnames] = malloc(k + 1);
      memcpy(s->names[s->nnames], S->p + S->i, k);
      s->names[s->nnames][k] = 0;
      s->name_group[s->nnames++] = g;
      push(S, g, false);
      S->frames[S->nframes - 1].pos = at;
      puts_(S, "(?P<");
      put(S, S->p + S->i, k);
      puts_(S, ">");
      S->i = end + 1;
      S->last = 0;
      return 0;
    }
    if (d == '=') {
      S->i = q + 2;
      size_t end;
      if (group_name(S, ')', &end) < 0)
        return -1;
      int g = find_name(S->s, S->p + S->i, end - S->i);
      if (g < 0)
        return fail(S, S->i, "unknown group name '%.*s'", (int)(end - S->i), S->p + S->i);
      if (S->open[g])
        return fail(S, S->i, "cannot refer to an open group");
      putf(S, "\\g{%lu}", (unsigned long)g);
      S->i = end + 1;
      S->last = 1;
      S->last_first = S->s->groups + 1;
      return 0;
    }
    if (!d)
      return fail(S, q + 1, "unexpected end of pattern");
    return fail(S, q - 1, "unknown extension ?P%c", d);
  }
  if (c == ':' || c == '>' || c == '=' || c == '!' || (c == '<' && q + 1 < S->n && (S->p[q + 1] == '=' || S->p[q + 1] == '!'))) {
    bool never = c == '!' || (c == '<' && S->p[q + 1] == '!');
    push(S, 0, never);
    S->frames[S->nframes - 1].pos = at;
    size_t k = c == '<' ? 4 : 3;
    put(S, S->p + S->i, k);
    S->i += k;
    S->last = 0;
    return 0;
  }
  if (c == '#') { /* a comment */
    size_t j = q;
    while (j < S->n && S->p[j] != ')')
      j++;
    if (j >= S->n)
      return fail(S, at, "missing ), unterminated comment");
    S->i = j + 1;
    return 0;
  }
  if (c == '(') { /* (?(1)yes|no) */
    push(S, 0, true);
    S->frames[S->nframes - 1].pos = at;
    size_t j = q + 1;
    while (j < S->n && S->p[j] != ')')
      j++;
    if (j >= S->n)
      return fail(S, q + 1, "missing ), unterminated name");
    puts_(S, "(?(");
    put(S, S->p + q + 1, j - q);
    S->i = j + 1;
    S->last = 0;
    return 0;
  }
  if (flag_of(c) || c == '-') { /* (?aiLmsux) or (?aiLmsux-imsx:...) */
    int on = 0, off = 0;
    size_t j = q;
    while (j < S->n && flag_of(S->p[j]))
      on |= flag_of(S->p[j++]);
    if (j < S->n && S->p[j] == '-') {
      j++;
      while (j < S->n && flag_of(S->p[j]))
        off |= flag_of(S->p[j++]);
    }
    if (j >= S->n)
      return fail(S, j, "missing -, : or )");
    if (S->p[j] == ')') {
      if (off)
        return fail(S, j, "missing :");
      if (!at_start)
        return fail(S, at, "global flags not at the start of the expression");
      S->s->flags |= on;
      if (on & RE_VERBOSE)
        S->verbose = true;
      S->i = j + 1;
      return 0;
    }
    if (S->p[j] != ':')
      return fail(S, j, "missing -, : or )");
    puts_(S, "(?");
    for (size_t k = q; k < j; k++)
      if (S->p[k] != 'a' && S->p[k] != 'u' && S->p[k] != 'L')
        put(S, S->p + k, 1);
    if (S->out[S->len - 1] == '-')
      S->len--;
    puts_(S, ":");
    push(S, 0, false);
    S->frames[S->nframes - 1].pos = at;
    S->i = j + 1;
    S->last = 0;
    return 0;
  }
  if (c == '<')
    return fail(S, q - 1, "unknown extension ?<%c", q + 1 < S->n ? S->p[q + 1] : ' ');
  if (!c)
    return fail(S, q, "unexpected end of pattern");
  return fail(S, q - 1, "unknown extension ?%c", c);
}

int re_scan(const char *p, size_t n, int flags, ReScan *s) {
  memset(s, 0, sizeof *s);
  s->flags = flags;
  Scan S = {.p = p, .n = n, .s = s, .verbose = (flags & RE_VERBOSE) != 0};
  S.open = calloc(1, 1);
  push(&S, 0, false);
  puts_(&S, "");
  int rc = 0;
  bool at_start = true;
  while (S.i < n && rc == 0) {
    char c = p[S.i];
    if (S.verbose) { /* whitespace and comments: a repeat's ? or + must come right after it */
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
        S.i++;
        if (S.last == 2)
          S.last = 3;
        continue;
      }
      if (c == '#') {
        while (S.i < n && p[S.i] != '\n')
          S.i++;
        if (S.last == 2)
          S.last = 3;
        continue;
      }
    }
    bool was_start = at_start;
    at_start = false;
    switch (c) {
    case '\\': rc = escape(&S, false); if (S.last == 1) S.last_first = s->groups + 1; break;
    case '[': rc = set(&S); break;
    case '(':
      rc = open_paren(&S, was_start);
      if (rc == 0 && S.len == 0 && S.last == 0 && S.nframes == 1)
        at_start = was_start; /* a global flags group: more may follow */
      break;
    case ')': {
      if (S.nframes == 1) {
        rc = fail(&S, S.i, "unbalanced parenthesis");
        break;
      }
      Frame f = S.frames[--S.nframes];
      if (f.never) /* a negative lookaround: its groups, and itself, are never set */
        mark_optional(&S, f.first);
      else if (f.alt) /* the groups inside its alternatives, not itself */
        mark_optional(&S, f.group ? f.group + 1 : f.first);
      if (f.group)
        S.open[f.group] = 0;
      puts_(&S, ")");
      S.i++;
      S.last = 1;
      S.last_first = f.first;
      break;
    }
    case '|':
      S.frames[S.nframes - 1].alt = true;
      puts_(&S, "|");
      S.i++;
      S.last = 0;
      break;
    case '*':
    case '+':
    case '?':
    case '{': {
      int r = repeat(&S);
      if (r == 1) { /* a literal { */
        puts_(&S, "\\{");
        S.i++;
        S.last = 1;
        S.last_first = s->groups + 1;
      } else {
        rc = r;
      }
      break;
    }
    case '^':
    case '$':
      put(&S, &c, 1);
      S.i++;
      S.last = 0;
      break;
    default: {
      size_t j = S.i + 1;
      while (j < n && ((unsigned char)p[j] & 0xC0) == 0x80)
        j++;
      bool fold_ascii = (s->flags & RE_ASCII) && (s->flags & RE_IGNORECASE);
      if (c == '}' || c == ']')
        puts_(&S, c == '}' ? "\\}" : "\\]");
      else if ((unsigned char)c >= 0x80 && fold_ascii) { /* re.A|re.I folds ASCII letters only */
        puts_(&S, "(?-i:");
        put(&S, p + S.i, j - S.i);
        puts_(&S, ")");
      } else
        put(&S, p + S.i, j - S.i);
      S.i = j;
      S.last = 1;
      S.last_first = s->groups + 1;
      break;
    }
    }
  }
  if (rc == 0 && S.nframes > 1)
    rc = fail(&S, S.frames[S.nframes - 1].pos, "missing ), unterminated subpattern");
  if (rc == 0 && S.frames[0].alt)
    mark_optional(&S, 1);
  if (!(s->flags & RE_ASCII))
    s->flags |= RE_UNICODE;
  s->out = S.out;
  s->outlen = S.len;
  free(S.frames);
  free(S.open);
  return rc;
}

void re_scan_free(ReScan *s) {
  free(s->out);
  for (int i = 0; i < s->nnames; i++)
    free(s->names[i]);
  free(s->names);
  free(s->name_group);
  memset(s, 0, sizeof *s);
}
