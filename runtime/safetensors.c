/* safetensors.c — safetensors files, memory-mapped: every tensor is a
 * read-only array viewing the mapping (no copy), as safetensors.numpy's
 * load_file gives read-only arrays over its buffer.
 *
 * The format: 8 bytes little-endian header length N, N bytes of JSON
 * ({"name": {"dtype": "F32", "shape": [2, 3], "data_offsets": [begin, end]},
 * "__metadata__": {str: str}}), then the data, offsets relative to its start.
 * Everything a file claims is checked before it is used: the header within
 * the file and of sane size, each tensor's dtype known, its shape's size
 * matching its byte range, the range inside the data; a bad file raises
 * SafetensorError naming the file and the problem.
 */
#include "nd_impl.h"
#include "json.h"
#include "core_impl.h"
#include "platform.h"

#include <errno.h>
#include <stdio.h>

const KrType kr_SafetensorError_type = {
    .name = "SafetensorError", .module = "safetensors", .base = &kr_Exception_type, .dealloc = kr_exc_dealloc,
    .repr = kr_exc_repr, .str = kr_exc_str,
};

static const struct {
  const char *name;
  KrDtype dt;
} st_dtypes[] = {
    {"F64", KR_DT_FLOAT64}, {"F32", KR_DT_FLOAT32}, {"F16", KR_DT_FLOAT16}, {"BF16", KR_DT_BFLOAT16},
    {"I64", KR_DT_INT64},   {"I32", KR_DT_INT32},   {"I16", KR_DT_INT16},   {"I8", KR_DT_INT8},
    {"U64", KR_DT_UINT64},  {"U32", KR_DT_UINT32},  {"U16", KR_DT_UINT16},  {"U8", KR_DT_UINT8},
    {"BOOL", KR_DT_BOOL},
};

/* SafetensorError("PATH: what, about name") */
static void *bad(const char *path, const char *what, const char *name) {
  if (name)
    return kr_raise(&kr_SafetensorError_type, "%s: tensor '%s' %s", path, name, what);
  return kr_raise(&kr_SafetensorError_type, "%s: %s", path, what);
}

/* An int of a JSON list (item i), or -1 when it is not a non-negative int. */
static int64_t list_int(KrObj *l, int64_t i) {
  KrList *L = KR_LIST(l);
  if (L->kind == KR_INT)
    return L->items[i].i >= 0 ? L->items[i].i : -1;
  if (L->kind == KR_OBJ && L->items[i].o->type == &kr_int_type)
    return ((KrInt *)L->items[i].o)->v >= 0 ? ((KrInt *)L->items[i].o)->v : -1;
  return -1;
}

/* d[key] of a JSON object (borrowed), or NULL. */
static KrObj *field(KrObj *d, const char *key) {
  KrObj *k = kr_str_from_cstr(key);
  if (!k)
    return NULL;
  KrVal v;
  int found = kr_dict_lookup(d, (KrVal){.o = k}, KR_OBJ, &v);
  kr_decref(k);
  if (found <= 0)
    return NULL;
  return KR_DICT(d)->vkind == KR_OBJ ? v.o : NULL; /* borrowed */
}

/* One tensor of the header: a read-only view of the mapping. */
static KrArray *tensor(const char *path, KrObj *map, const char *data, uint64_t datalen, const char *name,
                       KrObj *info) {
  if (info->type != &kr_dict_type)
    return bad(path, "is not described by an object", name);
  KrObj *dt = field(info, "dtype"), *shape = field(info, "shape"), *offs = field(info, "data_offsets");
  if (!dt || dt->type != &kr_str_type)
    return bad(path, "has no dtype", name);
  KrDtype d = KR_NDTYPES;
  for (size_t i = 0; i < sizeof st_dtypes / sizeof *st_dtypes; i++)
    if (!strcmp(kr_str_data(dt), st_dtypes[i].name))
      d = st_dtypes[i].dt;
  if (d == KR_NDTYPES) {
    return kr_raise(&kr_SafetensorError_type, "%s: tensor '%s' has dtype %s, which kiln does not support", path,
                    name, kr_str_data(dt));
  }
  if (!shape || shape->type != &kr_list_type || kr_list_len(shape) > KR_MAXDIMS)
    return bad(path, "has no valid shape", name);
  if (!offs || offs->type != &kr_list_type || kr_list_len(offs) != 2)
    return bad(path, "has no valid data_offsets", name);
  int nd = (int)kr_list_len(shape);
  int64_t sh[KR_MAXDIMS];
  uint64_t count = 1;
  for (int i = 0; i < nd; i++) {
    sh[i] = list_int(shape, i);
    if (sh[i] < 0)
      return bad(path, "has a negative or non-integer dimension", name);
    if (sh[i] && count > (UINT64_MAX / 16) / (uint64_t)sh[i])
      return bad(path, "declares a shape too large to exist", name);
    count *= (uint64_t)sh[i];
  }
  int64_t begin = list_int(offs, 0), end = list_int(offs, 1);
  if (begin < 0 || end < begin || (uint64_t)end > datalen)
    return bad(path, "has data_offsets outside the file's data", name);
  if ((uint64_t)(end - begin) != count * kr_dtype_size[d])
    return bad(path, "has data_offsets that do not match its shape and dtype", name);
  int64_t st[KR_MAXDIMS], s = kr_dtype_size[d];
  for (int i = nd; --i >= 0;) {
    st[i] = s;
    s *= sh[i] ? sh[i] : 1;
  }
  KrArray *v = kr_array_over(map, d, (char *)data + begin, nd, sh, st);
  return v;
}

KrObj *kr_st_load_file(KrObj *path_obj) {
  const char *path = kr_str_data(path_obj);
  const unsigned char *p;
  uint64_t size;
  KrObj *map = kr_map_file(path_obj, &p, &size); /* the file, or its copy embedded in the program */
  if (!map)
    return NULL;
  if (size < 8) {
    kr_decref(map);
    return bad(path, "file too short for a safetensors header", NULL);
  }
  uint64_t n = 0;
  for (int i = 0; i < 8; i++)
    n |= (uint64_t)p[i] << (8 * i);
  KrObj *result = NULL, *header = NULL;
  if (n > size - 8 || n > 100000000) {
    bad(path, n > size - 8 ? "the header length runs past the end of the file" : "the header is too large", NULL);
    goto out;
  }
  header = kr_json_loads((const char *)p + 8, (int64_t)n);
  if (!header) {
    KrObj *e = kr_exc_fetch();
    kr_decref(e);
    bad(path, "the header is not valid JSON", NULL);
    goto out;
  }
  if (header->type != &kr_dict_type) {
    bad(path, "the header is not a JSON object", NULL);
    goto out;
  }
  result = kr_dict_new(KR_OBJ, KR_OBJ);
  if (!result)
    goto out;
  const char *data = (const char *)p + 8 + n;
  uint64_t datalen = size - 8 - n;
  KrIter it;
  if (kr_iter_init(&it, header) < 0)
    goto fail;
  KrVal k, v;
  int r;
  while ((r = kr_dict_iter_next2(&it, &k, &v)) > 0) {
    const char *name = kr_str_data(k.o);
    KrArray *a = NULL;
    if (strcmp(name, "__metadata__"))
      a = tensor(path, map, data, datalen, name, v.o);
    int rc = !strcmp(name, "__metadata__") ? 0 : a ? kr_dict_setitem(result, k, KR_OBJ, (KrVal){.o = &a->h}) : -1;
    if (a)
      kr_decref(&a->h);
    kr_decref(k.o);
    kr_decref(v.o);
    if (rc < 0) {
      kr_iter_clear(&it);
      goto fail;
    }
  }
  kr_iter_clear(&it);
  if (r < 0)
    goto fail;
  goto out;
fail:
  kr_decref(result);
  result = NULL;
out:
  kr_xdecref(header);
  kr_decref(map);
  return result;
}

/* save_file(tensors, path, metadata=None): the header's keys sorted, as
 * safetensors writes them, data in that order, the header padded with
 * spaces to a multiple of 8. */
int kr_st_save_file(KrObj *tensors, KrObj *path_obj, KrObj *metadata) {
  const char *path = kr_str_data(path_obj);
  if (tensors->type != &kr_dict_type) {
    kr_raise(&kr_TypeError_type, "save_file: expected a dict of arrays");
    return -1;
  }
  KrObj *keys = kr_list_new(KR_OBJ, 0);
  if (!keys)
    return -1;
  KrIter it;
  KrVal k, v;
  int r;
  if (kr_iter_init(&it, tensors) < 0) {
    kr_decref(keys);
    return -1;
  }
  while ((r = kr_dict_iter_next2(&it, &k, &v)) > 0) {
    kr_list_append(keys, k);
    kr_decref(k.o);
    kr_val_decref(v, KR_DICT(tensors)->vkind);
  }
  kr_iter_clear(&it);
  if (r < 0 || kr_list_sort(keys, NULL, NULL, KR_OBJ, false) < 0) {
    kr_decref(keys);
    return -1;
  }
  int64_t nk = kr_list_len(keys);
  KrArray **arrs = kr_alloc((size_t)(nk + 1) * sizeof *arrs);
  char *hdr = NULL;
  size_t hlen = 0, hcap = 0;
  int rc = -1;
  FILE *f = NULL;
  if (!arrs)
    goto out;
#define PUT(...)                                                                                     \
  do {                                                                                               \
    int need_ = snprintf(NULL, 0, __VA_ARGS__);                                                      \
    if (hlen + (size_t)need_ + 1 > hcap) {                                                           \
      hcap = (hlen + (size_t)need_ + 1) * 2;                                                         \
      char *nh_ = kr_realloc(hdr, hcap);                                                             \
      if (!nh_)                                                                                      \
        goto out;                                                                                    \
      hdr = nh_;                                                                                     \
    }                                                                                                \
    hlen += (size_t)snprintf(hdr + hlen, hcap - hlen, __VA_ARGS__);                                  \
  } while (0)
  PUT("{");
  if (metadata != kr_None && metadata->type == &kr_dict_type && kr_dict_len(metadata)) {
    KrJsonOpts o = {0};
    KrObj *js = kr_json_dumps((KrVal){.o = metadata}, KR_OBJ, &o);
    if (!js)
      goto out;
    PUT("\"__metadata__\":%s", kr_str_data(js));
    kr_decref(js);
    if (nk)
      PUT(",");
  }
  uint64_t off = 0;
  for (int64_t i = 0; i < nk; i++) {
    KrObj *key = KR_LIST(keys)->items[i].o;
    KrVal val = kr_dict_getitem(tensors, (KrVal){.o = key}, KR_OBJ);
    if (kr_failed())
      goto out;
    KrObj *vo = kr_val_box(val, KR_DICT(tensors)->vkind);
    kr_val_decref(val, KR_DICT(tensors)->vkind);
    arrs[i] = vo ? kr_np_asarray(vo, KR_NDTYPES) : NULL;
    kr_xdecref(vo);
    if (!arrs[i]) {
      nk = i;
      goto out;
    }
    KrArray *c = nd_as(arrs[i], (KrDtype)arrs[i]->dtype);
    kr_decref(&arrs[i]->h);
    arrs[i] = c;
    if (!c) {
      nk = i;
      goto out;
    }
    const char *dn = NULL;
    for (size_t j = 0; j < sizeof st_dtypes / sizeof *st_dtypes; j++)
      if (st_dtypes[j].dt == c->dtype)
        dn = st_dtypes[j].name;
    KrObj *ks = kr_str_repr(key);
    if (!ks) {
      nk = i + 1;
      goto out;
    }
    /* the key's JSON form: repr's quotes swapped for JSON's (plain names) */
    PUT("%s\"%.*s\":{\"dtype\":\"%s\",\"shape\":[", i ? "," : "", (int)(kr_str_bytes(ks) - 2), kr_str_data(ks) + 1,
        dn);
    kr_decref(ks);
    for (int d = 0; d < c->ndim; d++)
      PUT("%s%lld", d ? "," : "", (long long)c->shape[d]);
    uint64_t nb = (uint64_t)c->size * kr_dtype_size[c->dtype];
    PUT("],\"data_offsets\":[%llu,%llu]}", (unsigned long long)off, (unsigned long long)(off + nb));
    off += nb;
  }
  PUT("}");
  while (hlen % 8)
    PUT(" ");
  f = fopen(path, "wb");
  if (!f) {
    kr_raise_os(errno, path_obj);
    goto out;
  }
  unsigned char len8[8];
  for (int i = 0; i < 8; i++)
    len8[i] = (unsigned char)((uint64_t)hlen >> (8 * i));
  bool ok = fwrite(len8, 1, 8, f) == 8 && fwrite(hdr, 1, hlen, f) == hlen;
  for (int64_t i = 0; i < nk && ok; i++)
    ok = fwrite(arrs[i]->data, 1, (size_t)(arrs[i]->size * kr_dtype_size[arrs[i]->dtype]), f) ==
         (size_t)(arrs[i]->size * kr_dtype_size[arrs[i]->dtype]);
  if (fclose(f) != 0)
    ok = false;
  f = NULL;
  if (!ok) {
    kr_raise_os(errno ? errno : EIO, path_obj);
    goto out;
  }
  rc = 0;
#undef PUT
out:
  if (f)
    fclose(f);
  for (int64_t i = 0; arrs && i < nk; i++)
    if (arrs[i])
      kr_decref(&arrs[i]->h);
  kr_free(arrs);
  kr_free(hdr);
  kr_decref(keys);
  return rc;
}
