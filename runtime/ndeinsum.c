/* ndeinsum.c — np.einsum for one or two operands: "ij,jk->ik",
 * "bij,bjk->bik", "ij,ij->i", "ii->i", "ij->ji", "i,i", implicit output
 * (the letters used once, in alphabetical order) or explicit after "->".
 *
 * Each letter gets an extent and, per operand, a byte stride (the sum of
 * the strides of the operand's dimensions it labels, so a repeated letter
 * walks a diagonal). The output's letters are iterated outermost, the
 * summed ones innermost, each output item a plain sum of products in index
 * order, accumulated in the result dtype (as numpy's sum_of_products
 * loops). '...' (broadcast dimensions) is not supported: a ValueError says
 * so.
 */
#include "nd_impl.h"

#include <stdio.h>

#define NLET 52

static int letter(char ch) {
  if (ch >= 'a' && ch <= 'z')
    return ch - 'a';
  if (ch >= 'A' && ch <= 'Z')
    return 26 + ch - 'A';
  return -1;
}

KrObj *kr_np_einsum(KrObj *subs, int64_t nops, KrObj **operands) {
  if (subs->type != &kr_str_type)
    return kr_raise(&kr_TypeError_type, "einsum(): the subscripts must be a str");
  const char *s = kr_str_data(subs);
  if (strstr(s, "..."))
    return kr_raise(&kr_ValueError_type, "kiln: einsum with '...' is not supported yet");
  KrArray *op[2] = {NULL, NULL};
  KrArray *r = NULL;
  int lab[2][KR_MAXDIMS], nlab[2] = {0, 0}, out[NLET], nout = 0, count[NLET] = {0};
  int64_t ext[NLET], st[3][NLET];
  memset(st, 0, sizeof st);
  for (int i = 0; i < NLET; i++)
    ext[i] = -1;
  if (nops < 1 || nops > 2)
    return kr_raise(&kr_ValueError_type, "kiln: einsum supports one or two operands, not %lld", (long long)nops);
  /* the operands' subscripts */
  const char *p = s;
  int k = 0;
  for (; *p && !(p[0] == '-' && p[1] == '>'); p++) {
    if (*p == ' ')
      continue;
    if (*p == ',') {
      if (++k >= nops)
        return kr_raise(&kr_ValueError_type, "more operands provided to einstein sum function than specified in "
                                             "the subscripts string");
      continue;
    }
    int l = letter(*p);
    if (l < 0)
      return kr_raise(&kr_ValueError_type, "invalid subscript '%c' in einstein sum subscripts string, subscripts "
                                           "must be letters", *p);
    if (nlab[k] == KR_MAXDIMS)
      return kr_raise(&kr_ValueError_type, "too many subscripts in einsum");
    lab[k][nlab[k]++] = l;
    count[l]++;
  }
  if (k + 1 < nops)
    return kr_raise(&kr_ValueError_type, "fewer operands provided to einstein sum function than specified in the "
                                         "subscripts string");
  if (*p) { /* explicit output */
    for (p += 2; *p; p++) {
      if (*p == ' ')
        continue;
      int l = letter(*p);
      if (l < 0 || !count[l])
        return kr_raise(&kr_ValueError_type, "einstein sum subscripts string included output subscript '%c' which "
                                             "never appeared in an input", *p);
      for (int i = 0; i < nout; i++)
        if (out[i] == l)
          return kr_raise(&kr_ValueError_type, "einstein sum subscripts string includes output subscript '%c' "
                                               "multiple times", *p);
      out[nout++] = l;
    }
  } else
    for (int l = 0; l < NLET; l++)
      if (count[l] == 1)
        out[nout++] = l;
  /* extents and strides */
  KrDtype dt = KR_DT_BOOL;
  for (int i = 0; i < nops; i++) {
    KrArray *a = kr_np_asarray(operands[i], KR_NDTYPES);
    if (!a)
      goto out;
    op[i] = a;
    if (a->ndim != nlab[i]) {
      kr_raise(&kr_ValueError_type, "einstein sum subscripts string contains too %s subscripts for operand %d",
               nlab[i] > a->ndim ? "many" : "few", i);
      goto out;
    }
    dt = i ? kr_dtype_promote(dt, (KrDtype)a->dtype) : (KrDtype)a->dtype;
    for (int d = 0; d < a->ndim; d++) {
      int l = lab[i][d];
      if (ext[l] >= 0 && ext[l] != a->shape[d] && ext[l] != 1 && a->shape[d] != 1) {
        kr_raise(&kr_ValueError_type, "operands could not be broadcast together with remapped shapes");
        goto out;
      }
      if (ext[l] < 0 || ext[l] == 1)
        ext[l] = a->shape[d];
      if (a->shape[d] != 1)
        st[i][l] += a->strides[d];
    }
  }
  for (int i = 0; i < nops; i++) { /* the operands in the result dtype */
    KrArray *c = nd_as(op[i], dt);
    if (!c)
      goto out;
    /* strides again, for the converted array */
    memset(st[i], 0, sizeof st[i]);
    for (int d = 0; d < c->ndim; d++)
      if (c->shape[d] != 1)
        st[i][lab[i][d]] += c->strides[d];
    kr_decref(&op[i]->h);
    op[i] = c;
  }
  int64_t osh[KR_MAXDIMS];
  int order[NLET], n = 0;
  bool is_out[NLET] = {0};
  for (int i = 0; i < nout; i++)
    osh[i] = ext[out[i]], order[n++] = out[i], is_out[out[i]] = true;
  int nsum = 0;
  for (int l = 0; l < NLET; l++)
    if (count[l] && !is_out[l])
      order[n++] = l, nsum++;
  r = kr_array_new(dt, nout, osh, true);
  if (!r)
    goto out;
  int64_t inner = 1, idx[NLET] = {0};
  for (int i = nout; i < n; i++)
    inner *= ext[order[i]];
  int64_t sz = kr_dtype_size[dt];
  char kind = kr_dtype_kind[dt];
  for (int64_t e = 0; e < r->size; e++) {
    double accf = 0;
    float acc32 = 0;
    int64_t acci = 0;
    for (int i = nout; i < n; i++)
      idx[i] = 0;
    for (int64_t j = 0; j < inner; j++) {
      const char *q[2] = {op[0]->data, nops > 1 ? op[1]->data : NULL};
      for (int i = 0; i < n; i++)
        for (int o2 = 0; o2 < nops; o2++)
          q[o2] += idx[i] * st[o2][order[i]];
      if (dt == KR_DT_FLOAT32) {
        float x = *(const float *)q[0];
        acc32 += nops > 1 ? x * *(const float *)q[1] : x;
      } else if (kind == 'f') {
        double x = kr_dt_load_f64(dt, q[0]);
        accf += nops > 1 ? x * kr_dt_load_f64(dt, q[1]) : x;
      } else if (kind == 'b') {
        acci |= nops > 1 ? (*q[0] && *q[1]) : *q[0] != 0;
      } else {
        uint64_t x = (uint64_t)kr_dt_load_i64(dt, q[0]);
        acci = (int64_t)((uint64_t)acci + (nops > 1 ? x * (uint64_t)kr_dt_load_i64(dt, q[1]) : x));
      }
      for (int i = n; --i >= nout;) {
        if (++idx[i] < ext[order[i]])
          break;
        idx[i] = 0;
      }
    }
    char *w = r->data + e * sz;
    if (dt == KR_DT_FLOAT32)
      *(float *)w = acc32;
    else if (kind == 'f')
      kr_dt_store_f64(dt, w, accf);
    else
      kr_dt_store_i64(dt, w, acci);
    for (int i = nout; --i >= 0;) {
      if (++idx[i] < ext[order[i]])
        break;
      idx[i] = 0;
    }
  }
  if (r->ndim == 0)
    r->flags |= KR_ARR_SCALAR;
out:
  for (int i = 0; i < 2; i++)
    if (op[i])
      kr_decref(&op[i]->h);
  if (kr_failed() && r) {
    kr_decref(&r->h);
    r = NULL;
  }
  return (KrObj *)r;
}
