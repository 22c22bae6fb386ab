/* gguf.c — GGUF model files (v2, v3), memory-mapped: kiln.gguf's
 * load_metadata (the key/value pairs, as json.loads-style dynamic values)
 * and load_tensors (name → a read-only array viewing the mapping).
 *
 * The format, all little-endian:
 *   "GGUF", u32 version, u64 tensor count, u64 key/value count;
 *   key/values: string key, u32 value type, the value (strings are u64
 *     length + UTF-8 bytes; an array is u32 item type, u64 count, items);
 *   tensor infos: string name, u32 n_dims, u64 ne[n_dims] (ne[0] the
 *     fastest-varying), u32 ggml type, u64 offset into the data;
 *   padding to general.alignment (default 32), then the data.
 * A tensor's array has numpy's order, ne reversed. F32/F16/BF16 (and the
 * integer and F64 types) are plain arrays; Q8_0, Q4_K, Q6_K are uint8 arrays
 * of raw blocks, (rows, row_bytes), tagged with their layout (quant.h), which
 * kiln.nn.linear and kiln.nn.get_rows read without dequantising the file.
 *
 * Every count and offset the file declares is checked against the bytes
 * that are there before anything is allocated for it, so a truncated or
 * lying file raises ValueError("PATH: what is wrong, where") and never
 * reads outside the mapping or allocates what the file cannot hold.
 */
#include "quant.h"

#include "core_impl.h"
#include "nd_impl.h"
#include "platform.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>


/* The metadata value types. */
enum { V_U8, V_I8, V_U16, V_I16, V_U32, V_I32, V_F32, V_BOOL, V_STR, V_ARR, V_U64, V_I64, V_F64, V_COUNT };
static const uint8_t v_size[V_COUNT] = {1, 1, 2, 2, 4, 4, 4, 1, 8, 12, 8, 8, 8}; /* the least bytes one takes */

/* The ggml tensor types kiln reads: a plain dtype or a block layout. */
static const struct {
  uint32_t id;
  const char *name;
  KrDtype dt; /* KR_DT_UINT8 for blocks */
  int q;
} g_types[] = {
    {0, "F32", KR_DT_FLOAT32, KR_Q_NONE},   {1, "F16", KR_DT_FLOAT16, KR_Q_NONE},
    {8, "Q8_0", KR_DT_UINT8, KR_Q8_0},      {12, "Q4_K", KR_DT_UINT8, KR_Q4_K},
    {14, "Q6_K", KR_DT_UINT8, KR_Q6_K},      {2, "Q4_0", KR_DT_UINT8, KR_Q4_0},
    {3, "Q4_1", KR_DT_UINT8, KR_Q4_1},
    {24, "I8", KR_DT_INT8, KR_Q_NONE},      {25, "I16", KR_DT_INT16, KR_Q_NONE},
    {26, "I32", KR_DT_INT32, KR_Q_NONE},    {27, "I64", KR_DT_INT64, KR_Q_NONE},
    {28, "F64", KR_DT_FLOAT64, KR_Q_NONE},  {30, "BF16", KR_DT_BFLOAT16, KR_Q_NONE},
};

/* ggml's other type names, for the message that refuses them. */
static const char *other_type_name(uint32_t t) {
  static const char *names[] = {[2] = "Q4_0",  [3] = "Q4_1",  [6] = "Q5_0",  [7] = "Q5_1",  [9] = "Q8_1",
                                [10] = "Q2_K", [11] = "Q3_K", [13] = "Q5_K", [15] = "Q8_K",
                                [16] = "IQ2_XXS", [17] = "IQ2_XS", [18] = "IQ3_XXS", [19] = "IQ1_S",
                                [20] = "IQ4_NL", [21] = "IQ3_S", [22] = "IQ2_S", [23] = "IQ4_XS",
                                [29] = "IQ1_M", [34] = "TQ1_0", [35] = "TQ2_0"};
  return t < sizeof names / sizeof *names && names[t] ? names[t] : NULL;
}

enum { MAX_DEPTH = 4, MAX_DIMS = 4 };

/* The reader: a cursor over the mapping. */
typedef struct Rd {
  const uint8_t *p;
  uint64_t pos, len;
  const char *path;
} Rd;

static void *fail(Rd *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void *fail(Rd *r, const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return kr_raise(&kr_ValueError_type, "%s: %s", r->path, msg);
}

/* Are n more bytes there? Else ValueError naming what was being read. */
static bool have(Rd *r, uint64_t n, const char *what) {
  if (n <= r->len - r->pos)
    return true;
  fail(r, "the file ends inside %s (at byte %llu of %llu)", what, (unsigned long long)r->pos,
       (unsigned long long)r->len);
  return false;
}

static uint64_t le(const uint8_t *p, int n) {
  uint64_t v = 0;
  for (int i = 0; i < n; i++)
    v |= (uint64_t)p[i] << (8 * i);
  return v;
}

static bool rd_u(Rd *r, int n, uint64_t *v, const char *what) {
  if (!have(r, (uint64_t)n, what))
    return false;
  *v = le(r->p + r->pos, n);
  r->pos += (uint64_t)n;
  return true;
}

/* Strict UTF-8 (no surrogates, no overlongs), as CPython's decode. */
static bool utf8_ok(const uint8_t *s, uint64_t n) {
  uint64_t i = 0;
  while (i < n) {
    unsigned c = s[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    int len = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (!len || n - i < (uint64_t)len)
      return false;
    unsigned c1 = s[i + 1];
    if ((c1 & 0xC0) != 0x80 || (c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 > 0x9F) || (c == 0xF0 && c1 < 0x90) ||
        (c == 0xF4 && c1 > 0x8F))
      return false;
    for (int k = 2; k < len; k++)
      if ((s[i + (uint64_t)k] & 0xC0) != 0x80)
        return false;
    i += (uint64_t)len;
  }
  return true;
}

/* A GGUF string: the bytes and their length (not copied). */
static bool rd_str(Rd *r, const uint8_t **s, uint64_t *n, const char *what) {
  if (!rd_u(r, 8, n, what))
    return false;
  if (*n > r->len - r->pos) {
    fail(r, "%s declares a string of %llu bytes, more than the file holds", what, (unsigned long long)*n);
    return false;
  }
  *s = r->p + r->pos;
  r->pos += *n;
  if (!utf8_ok(*s, *n)) {
    fail(r, "%s is not valid UTF-8", what);
    return false;
  }
  return true;
}

static KrObj *rd_value(Rd *r, uint32_t type, int depth, const char *key);

/* An array value: u32 item type, u64 count, the items (a list). */
static KrObj *rd_array(Rd *r, int depth, const char *key) {
  uint64_t t, n;
  if (!rd_u(r, 4, &t, "an array's item type") || !rd_u(r, 8, &n, "an array's length"))
    return NULL;
  if (t >= V_COUNT)
    return fail(r, "metadata '%s' is an array of unknown value type %llu", key, (unsigned long long)t);
  if (t == V_ARR && depth >= MAX_DEPTH)
    return fail(r, "metadata '%s' nests arrays more than %d deep", key, MAX_DEPTH);
  if (n > (r->len - r->pos) / v_size[t])
    return fail(r, "metadata '%s' declares %llu items, more than the file holds", key, (unsigned long long)n);
  KrObj *l = kr_list_new(KR_OBJ, (int64_t)n);
  if (!l)
    return NULL;
  for (uint64_t i = 0; i < n; i++) {
    KrObj *v = rd_value(r, (uint32_t)t, depth + 1, key);
    if (!v) {
      kr_decref(l);
      return NULL;
    }
    KR_LIST(l)->items[KR_LIST(l)->len++].o = v; /* the list takes the reference */
  }
  return l;
}

/* One metadata value of the given type, as json.loads would give it. */
static KrObj *rd_value(Rd *r, uint32_t type, int depth, const char *key) {
  static const int width[V_COUNT] = {1, 1, 2, 2, 4, 4, 4, 1, 0, 0, 8, 8, 8};
  uint64_t u;
  switch (type) {
  case V_STR: {
    const uint8_t *s;
    uint64_t n;
    if (!rd_str(r, &s, &n, "a string value"))
      return NULL;
    return kr_str_new((const char *)s, (int64_t)n);
  }
  case V_ARR: return rd_array(r, depth, key);
  case V_BOOL:
    if (!rd_u(r, 1, &u, "a bool value"))
      return NULL;
    if (u > 1)
      return fail(r, "metadata '%s' has a bool of byte value %llu (not 0 or 1)", key, (unsigned long long)u);
    return kr_bool_box(u == 1);
  case V_F32: {
    if (!rd_u(r, 4, &u, "a float32 value"))
      return NULL;
    uint32_t b = (uint32_t)u;
    float f;
    memcpy(&f, &b, 4);
    return kr_float_box((double)f);
  }
  case V_F64: {
    if (!rd_u(r, 8, &u, "a float64 value"))
      return NULL;
    double f;
    memcpy(&f, &u, 8);
    return kr_float_box(f);
  }
  case V_U64:
    if (!rd_u(r, 8, &u, "an integer value"))
      return NULL;
    if (u > INT64_MAX)
      return fail(r, "metadata '%s' holds %llu, beyond kiln's 64-bit int", key, (unsigned long long)u);
    return kr_int_box((int64_t)u);
  case V_U8: case V_U16: case V_U32: case V_I8: case V_I16: case V_I32: case V_I64: {
    int w = width[type];
    if (!rd_u(r, w, &u, "an integer value"))
      return NULL;
    int64_t v = (int64_t)u;
    if (type == V_I8 || type == V_I16 || type == V_I32) /* sign-extend */
      v = (int64_t)(u << (64 - 8 * w)) >> (64 - 8 * w);
    return kr_int_box(v);
  }
  }
  return fail(r, "metadata '%s' has unknown value type %u", key, type);
}

/* The file read: metadata (a dict) and, when tensors is set, the tensors. */
static KrObj *gguf_read(KrObj *path_obj, KrObj **tensors_out) {
  const char *path = kr_str_data(path_obj);
  if (memchr(path, 0, (size_t)kr_str_bytes(path_obj)))
    return kr_raise(&kr_ValueError_type, "embedded null byte");
  const unsigned char *file;
  uint64_t size;
  KrObj *map = kr_map_file(path_obj, &file, &size); /* the file, or its copy embedded in the program */
  if (!map)
    return NULL;
  Rd rd = {.p = file, .len = size, .path = path}, *r = &rd;
  KrObj *meta = NULL, *tensors = NULL, *key = NULL;
  uint64_t magic, version, n_tensors, n_kv;
  if (!rd_u(r, 4, &magic, "the header"))
    goto fail;
  if (magic != 0x46554747u) { /* "GGUF" */
    fail(r, "not a GGUF file (bad magic)");
    goto fail;
  }
  if (!rd_u(r, 4, &version, "the header"))
    goto fail;
  if (version != 2 && version != 3) {
    fail(r, "GGUF version %llu is not supported (2 and 3 are)", (unsigned long long)version);
    goto fail;
  }
  if (!rd_u(r, 8, &n_tensors, "the header") || !rd_u(r, 8, &n_kv, "the header"))
    goto fail;
  if (n_kv > (rd.len - rd.pos) / 13 || n_tensors > (rd.len - rd.pos) / 24) {
    fail(r, "the header declares %llu tensors and %llu metadata entries, more than the file holds",
         (unsigned long long)n_tensors, (unsigned long long)n_kv);
    goto fail;
  }
  meta = kr_dict_new(KR_OBJ, KR_OBJ);
  if (!meta)
    goto fail;
  uint64_t alignment = 32;
  for (uint64_t i = 0; i < n_kv; i++) {
    const uint8_t *ks;
    uint64_t kn, t;
    if (!rd_str(r, &ks, &kn, "a metadata key"))
      goto fail;
    key = kr_str_new((const char *)ks, (int64_t)kn);
    if (!key || !rd_u(r, 4, &t, "a metadata value type"))
      goto fail;
    KrObj *v = rd_value(r, (uint32_t)t, 0, kr_str_data(key));
    if (!v)
      goto fail;
    if (kn == 17 && !memcmp(ks, "general.alignment", 17)) {
      int64_t a = v->type == &kr_int_type ? ((KrInt *)v)->v : 0;
      if (t != V_U32 || a <= 0 || (a & (a - 1))) {
        kr_decref(v);
        fail(r, "general.alignment must be a uint32 power of two");
        goto fail;
      }
      alignment = (uint64_t)a;
    }
    int rc = kr_dict_setitem(meta, (KrVal){.o = key}, KR_OBJ, (KrVal){.o = v});
    kr_decref(v);
    kr_decref(key);
    key = NULL;
    if (rc < 0)
      goto fail;
  }
  if (!tensors_out)
    goto done;
  tensors = kr_dict_new(KR_OBJ, KR_OBJ);
  if (!tensors)
    goto fail;
  /* The infos first (the data starts after them), then the arrays. */
  uint64_t info_pos = rd.pos, data_start = 0;
  for (int pass = 0; pass < 2; pass++) {
    if (pass == 1) {
      data_start = (rd.pos + alignment - 1) / alignment * alignment;
      if (data_start > rd.len && n_tensors) {
        fail(r, "the file ends before its tensor data");
        goto fail;
      }
      rd.pos = info_pos;
    }
    for (uint64_t i = 0; i < n_tensors; i++) {
      const uint8_t *ns;
      uint64_t nn, nd, t, off;
      if (!rd_str(r, &ns, &nn, "a tensor name") || !rd_u(r, 4, &nd, "a tensor's dimension count"))
        goto fail;
      /* messages name a tensor by its first 128 characters (not bytes: the
       * name is UTF-8, and Python's name[:128] counts characters) */
      char name[520];
      uint64_t cut = 0;
      for (int c = 0; c < 128 && cut < nn; c++)
        for (cut++; cut < nn && (ns[cut] & 0xC0) == 0x80; cut++)
          ;
      snprintf(name, sizeof name, "%.*s", (int)cut, (const char *)ns);
      if (nd < 1 || nd > MAX_DIMS) {
        fail(r, "tensor '%s' has %llu dimensions (1 to %d are allowed)", name, (unsigned long long)nd, MAX_DIMS);
        goto fail;
      }
      /* span: the product of the nonzero dimensions, bounded (as numpy
       * bounds an array's) even when a zero makes the count 0, so that no
       * stride below overflows */
      uint64_t ne[MAX_DIMS], count = 1, span = 1;
      for (uint64_t d = 0; d < nd; d++) {
        if (!rd_u(r, 8, &ne[d], "a tensor's shape"))
          goto fail;
        if (ne[d] > INT64_MAX || (ne[d] && span > ((uint64_t)INT64_MAX / 16) / ne[d])) {
          fail(r, "tensor '%s' declares a shape too large to exist", name);
          goto fail;
        }
        count *= ne[d];
        span *= ne[d] ? ne[d] : 1;
      }
      if (!rd_u(r, 4, &t, "a tensor's type") || !rd_u(r, 8, &off, "a tensor's offset"))
        goto fail;
      int k = -1;
      for (int j = 0; j < (int)(sizeof g_types / sizeof *g_types); j++)
        if (g_types[j].id == t)
          k = j;
      if (k < 0) {
        const char *on = other_type_name((uint32_t)t);
        if (on)
          fail(r, "tensor '%s' has ggml type %s, which kiln does not read (F32, F16, BF16, Q8_0, Q4_0, Q4_1, Q4_K, Q6_K do)", name, on);
        else
          fail(r, "tensor '%s' has unknown ggml type %llu", name, (unsigned long long)t);
        goto fail;
      }
      int q = g_types[k].q;
      KrDtype dt = g_types[k].dt;
      uint64_t bytes;
      if (q) {
        if (ne[0] % (uint64_t)kr_q_block_elems[q]) {
          fail(r, "tensor '%s' is %s with rows of %llu values, not a multiple of its block of %d", name,
               kr_q_name[q], (unsigned long long)ne[0], kr_q_block_elems[q]);
          goto fail;
        }
        bytes = count / (uint64_t)kr_q_block_elems[q] * (uint64_t)kr_q_block_bytes[q];
      } else {
        bytes = count * kr_dtype_size[dt];
      }
      if (off % alignment) {
        fail(r, "tensor '%s' has offset %llu, not a multiple of the alignment %llu", name, (unsigned long long)off,
             (unsigned long long)alignment);
        goto fail;
      }
      if (pass == 0)
        continue;
      if (off > rd.len - data_start || bytes > rd.len - data_start - off) {
        fail(r, "tensor '%s' (%llu bytes at offset %llu) runs past the end of the file", name,
             (unsigned long long)bytes, (unsigned long long)off);
        goto fail;
      }
      int64_t sh[MAX_DIMS], st[MAX_DIMS];
      for (uint64_t d = 0; d < nd; d++)
        sh[nd - 1 - d] = (int64_t)ne[d];
      if (q)
        sh[nd - 1] = (int64_t)(ne[0] / (uint64_t)kr_q_block_elems[q] * (uint64_t)kr_q_block_bytes[q]);
      int64_t s = kr_dtype_size[dt];
      for (int d = (int)nd; --d >= 0;) {
        st[d] = s;
        s *= sh[d] ? sh[d] : 1;
      }
      KrArray *a = kr_array_over(map, dt, (char *)file + data_start + off, (int)nd, sh, st);
      if (!a)
        goto fail;
      a->qtype = (uint8_t)q;
      key = kr_str_new((const char *)ns, (int64_t)nn);
      int dup = key ? kr_dict_contains(tensors, (KrVal){.o = key}, KR_OBJ) : -1;
      int rc = dup == 0 ? kr_dict_setitem(tensors, (KrVal){.o = key}, KR_OBJ, (KrVal){.o = &a->h}) : -1;
      kr_decref(&a->h);
      if (dup > 0)
        fail(r, "tensor '%s' appears twice", name);
      if (rc < 0)
        goto fail;
      kr_decref(key);
      key = NULL;
    }
  }
done:
  kr_decref(map);
  if (tensors_out)
    *tensors_out = tensors;
  return meta;
fail:
  kr_xdecref(key);
  kr_xdecref(meta);
  kr_xdecref(tensors);
  kr_decref(map);
  return NULL;
}

/* kiln.gguf.load_metadata(path) -> dict: every key/value pair. */
KrObj *kr_gguf_load_metadata(KrObj *path) { return gguf_read(path, NULL); }

/* kiln.gguf.load_tensors(path) -> dict[str, ndarray]. */
KrObj *kr_gguf_load_tensors(KrObj *path) {
  KrObj *tensors = NULL, *meta = gguf_read(path, &tensors);
  if (!meta)
    return NULL;
  kr_decref(meta);
  return tensors;
}

/* kiln.gguf.dequantize(a) -> a float32 array: a quantised tensor's values,
 * shape (rows, columns); any other array as float32. */
KrObj *kr_gguf_dequantize(KrObj *o) {
  KrArray *a = kr_np_asarray(o, KR_NDTYPES);
  if (!a)
    return NULL;
  if (!kr_is_quant(a)) {
    KrArray *c = nd_copy(a, KR_DT_FLOAT32);
    kr_decref(&a->h);
    return (KrObj *)c;
  }
  int64_t sh[KR_MAXDIMS];
  memcpy(sh, a->shape, (size_t)a->ndim * sizeof *sh);
  int64_t rb = sh[a->ndim - 1], k = kr_q_row_elems(a->qtype, rb);
  sh[a->ndim - 1] = k;
  KrArray *y = kr_array_new(KR_DT_FLOAT32, a->ndim, sh, false);
  if (y) {
    int64_t rows = k ? y->size / k : 0;
    for (int64_t i = 0; i < rows; i++)
      kr_q_dequant_row(a->qtype, (const uint8_t *)a->data + i * rb, (float *)y->data + i * k, k);
  }
  kr_decref(&a->h);
  return (KrObj *)y;
}

/* kiln.gguf.tensor_type(a) -> str: "Q8_0", "Q4_K", or the dtype's name. */
KrObj *kr_gguf_tensor_type(KrObj *o) {
  KrArray *a = kr_np_asarray(o, KR_NDTYPES);
  if (!a)
    return NULL;
  const char *n = kr_is_quant(a) ? kr_q_name[a->qtype] : kr_dtype_name[a->dtype];
  kr_decref(&a->h);
  return kr_str_new(n, (int64_t)strlen(n));
}
