/* suggest.c — "Did you mean: 'iter'?": CPython 3.11's suggestions for a
 * NameError, computed at compile time.
 *
 * CPython searches, in order, the local variable names of the innermost
 * frame, the module's globals (in insertion order, starting with the
 * dunders every module has) and the builtins, and picks the candidate with
 * the smallest Levenshtein distance (substitution 2, a case change 1) under
 * a third of the characters involved; the first such candidate wins ties.
 * All three lists are known statically, so kiln computes the suggestion
 * when it compiles and bakes it into the message (Python/suggestions.c).
 */
#include "kilnc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_STRING = 40, MOVE_COST = 2, CASE_COST = 1, MAX_CANDIDATES = 750 };

static const char *const builtin_names[] = {
#define BUILTIN(name) name,
#include "builtins.def"
#undef BUILTIN
};

static const char *const module_dunders[] = {"__name__", "__doc__", "__package__", "__loader__",
                                              "__spec__", "__annotations__", "__builtins__",
                                              "__file__", "__cached__"};

static int substitution_cost(char a, char b) {
  if ((a & 31) != (b & 31))
    return MOVE_COST;
  if (a == b)
    return 0;
  if (a >= 'A' && a <= 'Z')
    a = (char)(a + ('a' - 'A'));
  if (b >= 'A' && b <= 'Z')
    b = (char)(b + ('a' - 'A'));
  return a == b ? CASE_COST : MOVE_COST;
}

static size_t levenshtein(const char *a, size_t an, const char *b, size_t bn, size_t max_cost) {
  size_t row[MAX_STRING];
  while (an && bn && a[0] == b[0])
    a++, an--, b++, bn--;
  while (an && bn && a[an - 1] == b[bn - 1])
    an--, bn--;
  if (an == 0 || bn == 0)
    return (an + bn) * MOVE_COST;
  if (an > MAX_STRING || bn > MAX_STRING)
    return max_cost + 1;
  if (bn < an) {
    const char *t = a;
    a = b;
    b = t;
    size_t tn = an;
    an = bn;
    bn = tn;
  }
  if ((bn - an) * MOVE_COST > max_cost)
    return max_cost + 1;
  for (size_t i = 0; i < an; i++)
    row[i] = (i + 1) * MOVE_COST;
  size_t result = 0;
  for (size_t bi = 0; bi < bn; bi++) {
    size_t distance = result = bi * MOVE_COST;
    size_t minimum = SIZE_MAX;
    for (size_t i = 0; i < an; i++) {
      size_t substitute = distance + (size_t)substitution_cost(b[bi], a[i]);
      distance = row[i];
      size_t insert_delete = (result < distance ? result : distance) + MOVE_COST;
      result = insert_delete < substitute ? insert_delete : substitute;
      row[i] = result;
      if (result < minimum)
        minimum = result;
    }
    if (minimum > max_cost)
      return max_cost + 1;
  }
  return result;
}

/* The best of n candidates, or NULL. */
static const char *best_of(const char *name, const char *const *cands, int n) {
  if (n >= MAX_CANDIDATES)
    return NULL;
  size_t len = strlen(name), best_dist = SIZE_MAX;
  const char *best = NULL;
  for (int i = 0; i < n; i++) {
    const char *c = cands[i];
    if (!strcmp(c, name))
      continue;
    size_t clen = strlen(c);
    size_t max = (len + clen + 3) * MOVE_COST / 6;
    if (best_dist - 1 < max)
      max = best_dist - 1;
    size_t d = levenshtein(name, len, c, clen, max);
    if (d > max)
      continue;
    if (!best || d < best_dist) {
      best = c;
      best_dist = d;
    }
  }
  return best;
}

const char *suggest_name(FuncDecl *f, const char *name) {
  Module *m = f->mod;
  Vec v = {0};
  for (int i = 0; i < f->nlocals; i++)
    vec_push(&v, f->locals[i]->str);
  const char *s = v.len ? best_of(name, (const char *const *)v.items, v.len) : NULL;
  v.len = 0;
  if (!s) {
    for (size_t i = 0; i < countof(module_dunders); i++)
      vec_push(&v, (void *)module_dunders[i]);
    for (int i = 0; i < m->nglobals; i++)
      vec_push(&v, m->globals[i]->str);
    s = best_of(name, (const char *const *)v.items, v.len);
  }
  if (!s)
    s = best_of(name, builtin_names, (int)countof(builtin_names));
  free(v.items);
  return s;
}
