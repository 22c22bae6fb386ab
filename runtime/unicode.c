/* unicode.c — character properties and case mappings, as CPython 3.11's
 * str methods see them.
 *
 * General categories and simple case mappings come from utf8proc; what
 * CPython adds on top comes from unidata.h, a table of differences made by
 * scripts/gen_unidata.py: code points Unicode assigned after 14.0 (CPython
 * 3.11's version), which read as unassigned here; the derived properties
 * utf8proc lacks (Lowercase, Uppercase, Case_Ignorable, XID_Start/Continue,
 * numeric types), each as its approximation from the general category plus
 * the ranges where that is wrong; and the full case mappings of
 * SpecialCasing.txt ('ß'.upper() == 'SS'). Full case folding is utf8proc's.
 * ASCII never reaches the tables.
 */
#include "core_impl.h"

#include <utf8proc.h>

typedef struct SpecialCase {
  uint32_t cp;
  uint8_t n;
  uint32_t to[3];
} SpecialCase;

#include "unidata.h"

#define countof(a) (sizeof(a) / sizeof((a)[0]))

static bool in_ranges(const uint32_t (*r)[2], size_t n, uint32_t cp) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (cp < r[mid][0])
      hi = mid;
    else if (cp > r[mid][1])
      lo = mid + 1;
    else
      return true;
  }
  return false;
}
#define IN(table, cp) in_ranges(table, countof(table), cp)

static const SpecialCase *find_special(const SpecialCase *t, size_t n, uint32_t cp) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (cp < t[mid].cp)
      hi = mid;
    else if (cp > t[mid].cp)
      lo = mid + 1;
    else
      return &t[mid];
  }
  return NULL;
}

/* The general category as Unicode 14.0 has it. */
static utf8proc_category_t category(uint32_t cp) {
  if (cp > 0x10FFFF)
    return UTF8PROC_CATEGORY_CN;
  utf8proc_category_t c = utf8proc_category((utf8proc_int32_t)cp);
  if (c != UTF8PROC_CATEGORY_CN && cp >= 0xCF3 && IN(post14, cp))
    return UTF8PROC_CATEGORY_CN;
  return c;
}

static bool is_letter(utf8proc_category_t c) {
  return c == UTF8PROC_CATEGORY_LU || c == UTF8PROC_CATEGORY_LL || c == UTF8PROC_CATEGORY_LT ||
         c == UTF8PROC_CATEGORY_LM || c == UTF8PROC_CATEGORY_LO;
}

bool uni_isalpha(uint32_t cp) {
  if (cp < 0x80)
    return (cp | 0x20) >= 'a' && (cp | 0x20) <= 'z';
  return is_letter(category(cp));
}

bool uni_isdecimal(uint32_t cp) {
  if (cp < 0x80)
    return cp >= '0' && cp <= '9';
  return category(cp) == UTF8PROC_CATEGORY_ND;
}

bool uni_isdigit(uint32_t cp) {
  if (cp < 0x80)
    return cp >= '0' && cp <= '9';
  return (category(cp) == UTF8PROC_CATEGORY_ND) != IN(digit_flip, cp);
}

bool uni_isnumeric(uint32_t cp) {
  if (cp < 0x80)
    return cp >= '0' && cp <= '9';
  utf8proc_category_t c = category(cp);
  bool approx = c == UTF8PROC_CATEGORY_ND || c == UTF8PROC_CATEGORY_NL || c == UTF8PROC_CATEGORY_NO;
  return approx != IN(numeric_flip, cp);
}

bool uni_isspace(uint32_t cp) {
  if (cp < 0x80)
    return ascii_space(cp);
  return IN(space_ranges, cp);
}

bool uni_isprintable(uint32_t cp) {
  if (cp < 0x80)
    return cp >= 0x20 && cp < 0x7F;
  return !IN(unprintable_ranges, cp);
}

bool uni_islower(uint32_t cp) {
  if (cp < 0x80)
    return cp >= 'a' && cp <= 'z';
  return (category(cp) == UTF8PROC_CATEGORY_LL) != IN(lower_flip, cp);
}

bool uni_isupper(uint32_t cp) {
  if (cp < 0x80)
    return cp >= 'A' && cp <= 'Z';
  return (category(cp) == UTF8PROC_CATEGORY_LU) != IN(upper_flip, cp);
}

bool uni_istitle(uint32_t cp) { return cp >= 0x80 && category(cp) == UTF8PROC_CATEGORY_LT; }

bool uni_iscased(uint32_t cp) { return uni_islower(cp) || uni_isupper(cp) || uni_istitle(cp); }

bool uni_iscase_ignorable(uint32_t cp) {
  if (cp < 0x80)
    return cp == '\'' || cp == '.' || cp == ':' || cp == '^' || cp == '`';
  bool approx;
  switch (category(cp)) {
  case UTF8PROC_CATEGORY_MN:
  case UTF8PROC_CATEGORY_ME:
  case UTF8PROC_CATEGORY_CF:
  case UTF8PROC_CATEGORY_LM:
  case UTF8PROC_CATEGORY_SK: approx = true; break;
  default: approx = false;
  }
  return approx != IN(ignorable_flip, cp);
}

bool uni_isxid_start(uint32_t cp) {
  if (cp < 0x80)
    return uni_isalpha(cp);
  utf8proc_category_t c = category(cp);
  return (is_letter(c) || c == UTF8PROC_CATEGORY_NL) != IN(xid_start_flip, cp);
}

bool uni_isxid_continue(uint32_t cp) {
  if (cp < 0x80)
    return uni_isalpha(cp) || (cp >= '0' && cp <= '9') || cp == '_';
  utf8proc_category_t c = category(cp);
  bool approx = is_letter(c) || c == UTF8PROC_CATEGORY_NL || c == UTF8PROC_CATEGORY_MN ||
                c == UTF8PROC_CATEGORY_MC || c == UTF8PROC_CATEGORY_ND || c == UTF8PROC_CATEGORY_PC;
  return approx != IN(xid_continue_flip, cp);
}

/* Decimal digits come in runs of ten, 0 to 9, some runs back to back (the
 * mathematical digits): the value is the distance from the run's start,
 * modulo 10. */
int uni_decimal(uint32_t cp) {
  if (cp < 0x80)
    return cp >= '0' && cp <= '9' ? (int)(cp - '0') : -1;
  if (category(cp) != UTF8PROC_CATEGORY_ND)
    return -1;
  uint32_t k = 0;
  while (category(cp - k - 1) == UTF8PROC_CATEGORY_ND)
    k++;
  return (int)(k % 10);
}

/* A mapping: the special one when there is one, else utf8proc's simple one
 * (none for characters unassigned in 14.0). */
static int map_case(uint32_t cp, uint32_t out[3], const SpecialCase *t, size_t n,
                    utf8proc_int32_t (*simple)(utf8proc_int32_t)) {
  const SpecialCase *sc = find_special(t, n, cp);
  if (sc) {
    for (int i = 0; i < sc->n; i++)
      out[i] = sc->to[i];
    return sc->n;
  }
  out[0] = category(cp) == UTF8PROC_CATEGORY_CN ? cp : (uint32_t)simple((utf8proc_int32_t)cp);
  return 1;
}

int uni_lower(uint32_t cp, uint32_t out[3]) {
  if (cp < 0x80) {
    out[0] = cp >= 'A' && cp <= 'Z' ? cp + 32 : cp;
    return 1;
  }
  return map_case(cp, out, lower_special, countof(lower_special), utf8proc_tolower);
}

int uni_upper(uint32_t cp, uint32_t out[3]) {
  if (cp < 0x80) {
    out[0] = cp >= 'a' && cp <= 'z' ? cp - 32 : cp;
    return 1;
  }
  return map_case(cp, out, upper_special, countof(upper_special), utf8proc_toupper);
}

int uni_title(uint32_t cp, uint32_t out[3]) {
  if (cp < 0x80) {
    out[0] = cp >= 'a' && cp <= 'z' ? cp - 32 : cp;
    return 1;
  }
  return map_case(cp, out, title_special, countof(title_special), utf8proc_totitle);
}

int uni_fold(uint32_t cp, uint32_t out[3]) {
  if (cp < 0x80) {
    out[0] = cp >= 'A' && cp <= 'Z' ? cp + 32 : cp;
    return 1;
  }
  if (is_surrogate(cp) || category(cp) == UTF8PROC_CATEGORY_CN) {
    out[0] = cp;
    return 1;
  }
  utf8proc_int32_t buf[3];
  int last = 0;
  utf8proc_ssize_t n =
      utf8proc_decompose_char((utf8proc_int32_t)cp, buf, 3, UTF8PROC_CASEFOLD, &last);
  if (n < 1 || n > 3) {
    out[0] = cp;
    return 1;
  }
  for (utf8proc_ssize_t i = 0; i < n; i++)
    out[i] = (uint32_t)buf[i];
  return (int)n;
}
