/* ndprint.c — str and repr of arrays (placeholder until the ndprint branch
 * lands numpy 1.24's exact output). */
#include "ndarray.h"

#include <stdio.h>

static void put(char **b, size_t *n, size_t *cap, const char *s) {
  size_t l = strlen(s);
  if (*n + l + 1 > *cap) {
    *cap = (*n + l + 1) * 2;
    *b = kr_realloc(*b, *cap);
  }
  memcpy(*b + *n, s, l + 1);
  *n += l;
}

static void items(KrArray *a, int d, const char *p, char **b, size_t *n, size_t *cap) {
  if (d == a->ndim) {
    char tmp[64];
    if (kr_dtype_kind[a->dtype] == 'f')
      snprintf(tmp, sizeof tmp, "%.8g", kr_dt_load_f64((KrDtype)a->dtype, p));
    else if (a->dtype == KR_DT_BOOL)
      snprintf(tmp, sizeof tmp, "%s", *p ? "True" : "False");
    else
      snprintf(tmp, sizeof tmp, "%lld", (long long)kr_dt_load_i64((KrDtype)a->dtype, p));
    put(b, n, cap, tmp);
    return;
  }
  put(b, n, cap, "[");
  for (int64_t i = 0; i < a->shape[d]; i++) {
    if (i)
      put(b, n, cap, " ");
    items(a, d + 1, p + i * a->strides[d], b, n, cap);
  }
  put(b, n, cap, "]");
}

KrObj *kr_array_str(KrObj *o) {
  char *b = NULL;
  size_t n = 0, cap = 0;
  items((KrArray *)o, 0, ((KrArray *)o)->data, &b, &n, &cap);
  KrObj *s = kr_str_new(b, (int64_t)n);
  kr_free(b);
  return s;
}

KrObj *kr_array_repr(KrObj *o) { return kr_array_str(o); }
