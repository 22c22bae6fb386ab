/* toksplit.c — hand-written matchers for the split patterns nearly every
 * byte-level BPE tokenizer uses, in place of PCRE2 (tokenizer.c's Pat):
 *
 *   GPT-2   's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
 *           (ByteLevel's use_regex split; a Split pattern too)
 *   Llama 3 (?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|
 *           ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
 *   Qwen 2  the same with \p{N} for \p{N}{1,3}
 *
 * A pattern is recognised by its exact source text; any other pattern stays
 * on PCRE2. Every character is a letter (\p{L}), a number (\p{N}), white
 * space (\s) or other, and each alternation above matches at every position
 * (some alternative takes any character), so the matches tile the text and
 * a matcher only needs "where does the match that starts at i end": the
 * alternatives are tried in order, as a backtracking engine does, each
 * written out as the few cases it can end in (derivations beside the code).
 *
 * The classes are PCRE2's with PCRE2_UCP: \p{L} the categories Lu Ll Lt Lm
 * Lo, \p{N} Nd Nl No (from utf8proc), \s White_Space as PCRE2 defines it
 * (\p{Z}, \h, \v). tests/unit/tok_driver.c --splitcheck compares these
 * matchers with PCRE2 on every code point in context and on random text;
 * where utf8proc's Unicode (15) knows a character PCRE2 10.42's (14) does
 * not, the Hugging Face library decides (test_tokenizers.py).
 */
#include <string.h>
#include <utf8proc.h>

#include "tokenizer.h"

enum { C_O, C_L, C_N, C_S }; /* other, letter, number, white space */

/* ASCII classes: letters, digits, \t \n \v \f \r and space. */
static const uint8_t ascii_class[128] = {
    ['\t'] = C_S, ['\n'] = C_S, ['\v'] = C_S, ['\f'] = C_S, ['\r'] = C_S, [' '] = C_S,
    ['0'] = C_N, ['1'] = C_N, ['2'] = C_N, ['3'] = C_N, ['4'] = C_N,
    ['5'] = C_N, ['6'] = C_N, ['7'] = C_N, ['8'] = C_N, ['9'] = C_N,
#define L26(b)                                                                                                 \
  [b + 0] = C_L, [b + 1] = C_L, [b + 2] = C_L, [b + 3] = C_L, [b + 4] = C_L, [b + 5] = C_L, [b + 6] = C_L,    \
  [b + 7] = C_L, [b + 8] = C_L, [b + 9] = C_L, [b + 10] = C_L, [b + 11] = C_L, [b + 12] = C_L,               \
  [b + 13] = C_L, [b + 14] = C_L, [b + 15] = C_L, [b + 16] = C_L, [b + 17] = C_L, [b + 18] = C_L,            \
  [b + 19] = C_L, [b + 20] = C_L, [b + 21] = C_L, [b + 22] = C_L, [b + 23] = C_L, [b + 24] = C_L, [b + 25] = C_L
    L26('A'), L26('a'),
#undef L26
};

static int uclass(int32_t c) {
  if (c < 0x80) return ascii_class[c];
  /* PCRE2's \s beyond ASCII: NEL, NBSP, the Z separators, and U+180E (in \h) */
  if (c == 0x85 || c == 0xA0 || c == 0x1680 || c == 0x180E || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 ||
      c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000)
    return C_S;
  int k = utf8proc_category(c);
  if (k >= UTF8PROC_CATEGORY_LU && k <= UTF8PROC_CATEGORY_LO) return C_L;
  if (k >= UTF8PROC_CATEGORY_ND && k <= UTF8PROC_CATEGORY_NO) return C_N;
  return C_O;
}

/* The character at s[i] (valid UTF-8; i < len): its code point, length in *cl. */
static int32_t dec(const char *s, int32_t len, int32_t i, int32_t *cl) {
  uint8_t b = (uint8_t)s[i];
  if (b < 0x80) {
    *cl = 1;
    return b;
  }
  utf8proc_int32_t c;
  utf8proc_ssize_t n = utf8proc_iterate((const uint8_t *)s + i, len - i, &c);
  if (n <= 0) { /* not reached on validated text: one byte of "other" */
    *cl = 1;
    return 0xFFFD;
  }
  *cl = (int32_t)n;
  return c;
}

/* The class of the character at i (len if i == len: C_O, never used). */
static int class_at(const char *s, int32_t len, int32_t i, int32_t *cl) {
  uint8_t b = (uint8_t)s[i];
  if (b < 0x80) {
    *cl = 1;
    return ascii_class[b];
  }
  return uclass(dec(s, len, i, cl));
}

/* The end of the run of characters of class k that starts at i. */
static int32_t run(const char *s, int32_t len, int32_t i, int k) {
  while (i < len) {
    int32_t cl;
    if (class_at(s, len, i, &cl) != k) break;
    i += cl;
  }
  return i;
}

/* \s+(?!\S)|\s+ at i (a white space character): the run, less its last
 * character when a non-space follows and the run has two or more. */
static int32_t spaces(const char *s, int32_t len, int32_t i) {
  int32_t e = run(s, len, i, C_S);
  if (e == len) return e;
  int32_t b = e - 1; /* the run's last character */
  while (b > i && ((uint8_t)s[b] & 0xC0) == 0x80) b--;
  return b > i ? b : e;
}

/* GPT-2: 's|'t|'re|'ve|'m|'ll|'d (case-sensitive), then ' ?' before a run of
 * letters, of numbers or of others (the space is taken when the character
 * after it starts such a run), then white space. */
static int32_t m_gpt2(const char *s, int32_t len, int32_t i) {
  if (s[i] == '\'' && i + 1 < len) {
    char a = s[i + 1], b = i + 2 < len ? s[i + 2] : 0;
    if (a == 's' || a == 't' || a == 'm' || a == 'd') return i + 2;
    if (((a == 'r' || a == 'v') && b == 'e') || (a == 'l' && b == 'l')) return i + 3;
  }
  int32_t cl, j = i;
  int k = class_at(s, len, i, &cl);
  if (s[i] == ' ' && i + 1 < len) {
    int32_t cl2;
    int k2 = class_at(s, len, i + 1, &cl2);
    if (k2 != C_S) k = k2, j = i + 1;
  }
  if (k != C_S) return run(s, len, j, k);
  return spaces(s, len, i);
}

/* Llama 3's caseless contractions: the end after "'" + s t m d, re ve ll
 * (either case; s also as U+017F LONG S, which Unicode case folding makes
 * an s), or 0. */
static int32_t contraction(const char *s, int32_t len, int32_t i) {
  if (s[i] != '\'' || i + 1 >= len) return 0;
  uint8_t a = (uint8_t)s[i + 1], b = i + 2 < len ? (uint8_t)s[i + 2] : 0;
  if (a == 0xC5 && b == 0xBF) return i + 3; /* U+017F */
  a |= 0x20, b |= 0x20; /* ASCII letters to lower case; nothing else becomes one */
  if (a == 's' || a == 't' || a == 'm' || a == 'd') return i + 2;
  if (((a == 'r' || a == 'v') && b == 'e') || (a == 'l' && b == 'l')) return i + 3;
  return 0;
}

/* Llama 3 (maxdig 3) and Qwen 2 (maxdig 1), the alternatives in order:
 *   contractions;
 *   [^\r\n\p{L}\p{N}]?\p{L}+  a run of letters, with the one character
 *                             before it when that is neither \r, \n nor a number;
 *   \p{N}{1,maxdig};
 *    ?[^\s\p{L}\p{N}]+[\r\n]* a run of others (a space before it taken),
 *                             and the \r \n right after;
 *   \s*[\r\n]+                white space up to its last \r or \n (\s* backs
 *                             off to the last one, [\r\n]+ takes just it);
 *   \s+(?!\S)|\s+             as GPT-2's. */
static int32_t m_llama3(const char *s, int32_t len, int32_t i, int maxdig) {
  int32_t e = contraction(s, len, i);
  if (e) return e;
  int32_t cl;
  int k = class_at(s, len, i, &cl);
  if (k == C_L) return run(s, len, i + cl, C_L);
  if (k == C_N) {
    e = i + cl;
    for (int d = 1; d < maxdig && e < len; d++) {
      int32_t c2;
      if (class_at(s, len, e, &c2) != C_N) break;
      e += c2;
    }
    return e;
  }
  if (s[i] != '\r' && s[i] != '\n' && i + cl < len) { /* other or white space before letters */
    int32_t c2;
    if (class_at(s, len, i + cl, &c2) == C_L) return run(s, len, i + cl + c2, C_L);
  }
  int32_t j = -1;
  if (k == C_O) j = i;
  else if (s[i] == ' ' && i + 1 < len) {
    int32_t c2;
    if (class_at(s, len, i + 1, &c2) == C_O) j = i + 1;
  }
  if (j >= 0) {
    e = run(s, len, j, C_O);
    while (e < len && (s[e] == '\r' || s[e] == '\n')) e++;
    return e;
  }
  /* white space */
  e = run(s, len, i, C_S);
  for (int32_t b = e - 1; b >= i; b--)
    if (s[b] == '\r' || s[b] == '\n') return b + 1;
  return spaces(s, len, i);
}

static const char GPT2_SRC[] = "'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+";
static const char LLAMA3_SRC[] = "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| "
                                 "?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";
static const char QWEN2_SRC[] = "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| "
                                "?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";

TkSplitKind ts_recognize(const char *re, size_t len) {
  if (len == sizeof GPT2_SRC - 1 && !memcmp(re, GPT2_SRC, len)) return TS_GPT2;
  if (len == sizeof LLAMA3_SRC - 1 && !memcmp(re, LLAMA3_SRC, len)) return TS_LLAMA3;
  if (len == sizeof QWEN2_SRC - 1 && !memcmp(re, QWEN2_SRC, len)) return TS_QWEN2;
  return TS_NONE;
}

int32_t ts_match(TkSplitKind k, const char *s, int32_t len, int32_t i) {
  switch (k) {
  case TS_GPT2: return m_gpt2(s, len, i);
  case TS_LLAMA3: return m_llama3(s, len, i, 3);
  case TS_QWEN2: return m_llama3(s, len, i, 1);
  case TS_NONE: break;
  }
  return len;
}
