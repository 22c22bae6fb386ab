/* dynamic.c — operations on dynamic values: a variant (a name that held
 * values of several types) or what json.loads returns. Each looks at the
 * runtime type and does what CPython does for it, raising CPython's
 * TypeError where the type has no such operation; the json module's
 * functions are here too.
 */
#include "core_impl.h"
#include "json.h"

#include <string.h>

/* A key object as the key kind of a dict; false when no key of that kind
 * can equal it (the lookup then misses, as in CPython). */
static bool key_as(KrObj *key, ValKind kind, KrVal *out) {
  ValKind nk = num_kind(key);
  switch (kind) {
  case KR_OBJ: out->o = key; return true;
  case KR_INT:
    if (nk == KR_INT || nk == KR_BOOL) {
      *out = kr_val_unbox(key, KR_INT);
      return true;
    }
    if (nk == KR_FLOAT) {
      double f = ((KrFloat *)key)->v;
      out->i = (int64_t)f;
      return f == (double)out->i;
    }
    return false;
  case KR_FLOAT:
    if (nk == KR_OBJ)
      return false;
    *out = kr_val_unbox(key, KR_FLOAT);
    return true;
  case KR_BOOL:
    if (nk == KR_OBJ)
      return false;
    {
      KrVal f = kr_val_unbox(key, KR_FLOAT);
      out->b = f.f != 0;
      return f.f == 0 || f.f == 1;
    }
  }
  return false;
}

/* An index for a sequence: an int (or bool), else CPython's TypeError. */
static bool seq_index(KrObj *o, KrObj *key, int64_t *i) {
  ValKind nk = num_kind(key);
  if (nk == KR_INT || nk == KR_BOOL) {
    *i = kr_val_unbox(key, KR_INT).i;
    return true;
  }
  if (o->type == &kr_str_type)
    kr_raise(&kr_TypeError_type, "string indices must be integers, not '%s'", key->type->name);
  else
    kr_raise(&kr_TypeError_type, "%s indices must be integers or slices, not %s", o->type->name, key->type->name);
  return false;
}

KrObj *kr_obj_getitem(KrObj *o, KrObj *key) {
  const KrType *t = o->type;
  int64_t i;
  if (t == &kr_dict_type) {
    KrVal k, v;
    if (!key_as(key, KR_DICT(o)->kkind, &k))
      return kr_raise_obj(kr_exc_new(&kr_KeyError_type, &key, 1));
    v = kr_dict_getitem(o, k, KR_DICT(o)->kkind);
    if (kr_failed())
      return NULL;
    KrObj *r = kr_val_box(v, KR_DICT(o)->vkind);
    kr_val_decref(v, KR_DICT(o)->vkind);
    return r;
  }
  if (t == &kr_list_type) {
    if (!seq_index(o, key, &i))
      return NULL;
    int64_t n = KR_LIST(o)->len;
    if (i < 0)
      i += n;
    if (i < 0 || i >= n)
      return kr_raise(&kr_IndexError_type, "list index out of range");
    KrVal v = kr_list_getitem(o, i);
    KrObj *r = kr_val_box(v, KR_LIST(o)->kind);
    kr_val_decref(v, KR_LIST(o)->kind);
    return r;
  }
  if (t == &kr_tuple_type) {
    if (!seq_index(o, key, &i))
      return NULL;
    KrTuple *tu = KR_TUPLE(o);
    if (i < 0)
      i += tu->len;
    if (i < 0 || i >= tu->len)
      return kr_raise(&kr_IndexError_type, "tuple index out of range");
    return kr_val_box(tu->items[i], tu->kinds[i]);
  }
  if (t == &kr_str_type)
    return seq_index(o, key, &i) ? kr_str_getitem(o, i) : NULL;
  if (t == &kr_bytes_type) {
    if (!seq_index(o, key, &i))
      return NULL;
    int64_t b = kr_bytes_getitem(o, i);
    return kr_failed() ? NULL : kr_int_box(b);
  }
  return kr_raise(&kr_TypeError_type, "'%s' object is not subscriptable", t->name);
}

int kr_obj_setitem(KrObj *o, KrObj *key, KrObj *value) {
  const KrType *t = o->type;
  if (t == &kr_dict_type && KR_DICT(o)->kkind == KR_OBJ && KR_DICT(o)->vkind == KR_OBJ)
    return kr_dict_setitem(o, (KrVal){.o = key}, KR_OBJ, (KrVal){.o = value});
  if (t == &kr_list_type && KR_LIST(o)->kind == KR_OBJ) {
    int64_t i;
    if (!seq_index(o, key, &i))
      return -1;
    return kr_list_setitem(o, i, (KrVal){.o = value}) < 0 ? -1 : 0;
  }
  if (t == &kr_dict_type || t == &kr_list_type) {
    kr_raise(&kr_TypeError_type, "kiln cannot store into this %s through a dynamic value yet (its items are "
                                 "unboxed)", t->name);
    return -1;
  }
  kr_raise(&kr_TypeError_type, "'%s' object does not support item assignment", t->name);
  return -1;
}

/* int(x) of a dynamic value. */
int64_t kr_obj_to_int(KrObj *o) {
  switch (num_kind(o)) {
  case KR_INT:
  case KR_BOOL: return kr_val_unbox(o, KR_INT).i;
  case KR_FLOAT: return kr_float_to_int(((KrFloat *)o)->v);
  case KR_OBJ: break;
  }
  if (o->type == &kr_str_type)
    return kr_str_to_int(o);
  kr_raise(&kr_TypeError_type, "int() argument must be a string, a bytes-like object or a real number, not '%s'",
           o->type->name);
  return -1;
}

/* float(x) of a dynamic value. */
double kr_obj_to_float(KrObj *o) {
  if (num_kind(o) != KR_OBJ)
    return kr_val_unbox(o, KR_FLOAT).f;
  if (o->type == &kr_str_type)
    return kr_str_to_float(o);
  kr_raise(&kr_TypeError_type, "float() argument must be a string or a real number, not '%s'", o->type->name);
  return -1.0;
}

static bool want_dict(KrObj *o, const char *method) {
  if (o->type == &kr_dict_type)
    return true;
  kr_raise(&kr_AttributeError_type, "'%s' object has no attribute '%s'", o->type->name, method);
  return false;
}

/* d.get(k, default) of a dynamic value. */
KrObj *kr_obj_get(KrObj *o, KrObj *key, KrObj *dflt) {
  if (!want_dict(o, "get"))
    return NULL;
  KrVal k, v;
  if (key_as(key, KR_DICT(o)->kkind, &k) && kr_dict_lookup(o, k, KR_DICT(o)->kkind, &v) == 1)
    return kr_val_box(v, KR_DICT(o)->vkind);
  if (kr_failed())
    return NULL;
  kr_incref(dflt);
  return dflt;
}

KrObj *kr_obj_get_none(KrObj *o, KrObj *key) { return kr_obj_get(o, key, kr_None); }

KrObj *kr_obj_keys(KrObj *o) { return want_dict(o, "keys") ? kr_dict_keys(o) : NULL; }
KrObj *kr_obj_values(KrObj *o) { return want_dict(o, "values") ? kr_dict_values(o) : NULL; }
KrObj *kr_obj_items(KrObj *o) { return want_dict(o, "items") ? kr_dict_items(o) : NULL; }

/* ------------------------------------------------------------------ json */

/* json.dumps(obj, indent=, sort_keys=, ensure_ascii=, separators=(item, key)):
 * the options as objects (None where not given). */
static bool json_opts(KrJsonOpts *opts, KrObj *indent, KrObj *sort_keys, KrObj *ensure_ascii, KrObj *item_sep,
                      KrObj *key_sep) {
  *opts = (KrJsonOpts)KR_JSON_OPTS_DEFAULT;
  if (indent != kr_None) {
    ValKind k = num_kind(indent);
    if (k != KR_INT && k != KR_BOOL) {
      kr_raise(&kr_TypeError_type, "kiln supports json indent= of an int or None, not %s", indent->type->name);
      return false;
    }
    opts->indent = kr_val_unbox(indent, KR_INT).i;
    if (opts->indent < 0)
      opts->indent = 0;
  }
  if (sort_keys != kr_None) {
    int t = kr_obj_truth(sort_keys);
    if (t < 0)
      return false;
    opts->sort_keys = t;
  }
  if (ensure_ascii != kr_None) {
    int t = kr_obj_truth(ensure_ascii);
    if (t < 0)
      return false;
    opts->ensure_ascii = t;
  }
  if (item_sep != kr_None)
    opts->item_sep = kr_str_data(item_sep);
  if (key_sep != kr_None)
    opts->key_sep = kr_str_data(key_sep);
  return true;
}

KrObj *kr_json_dumps_kw(KrObj *o, KrObj *indent, KrObj *sort_keys, KrObj *ensure_ascii, KrObj *item_sep,
                        KrObj *key_sep) {
  KrJsonOpts opts;
  if (!json_opts(&opts, indent, sort_keys, ensure_ascii, item_sep, key_sep))
    return NULL;
  return kr_json_dumps((KrVal){.o = o}, KR_OBJ, &opts);
}

/* json.load(f): json.loads(f.read()) */
KrObj *kr_json_load(KrObj *f) {
  KrObj *text = kr_file_read(f);
  if (!text)
    return NULL;
  KrObj *r = kr_json_loads_str(text);
  kr_decref(text);
  return r;
}

/* json.dump(obj, f, ...): f.write(json.dumps(obj, ...)) */
void kr_json_dump_kw(KrObj *o, KrObj *f, KrObj *indent, KrObj *sort_keys, KrObj *ensure_ascii, KrObj *item_sep,
                     KrObj *key_sep) {
  KrObj *text = kr_json_dumps_kw(o, indent, sort_keys, ensure_ascii, item_sep, key_sep);
  if (!text)
    return;
  kr_file_write(f, text);
  kr_decref(text);
}

/* ------------------------------------------------------------- closures */

KrVal kr_cell_get(KrObj *cell, KrObj *name) {
  KrList *l = KR_LIST(cell);
  if (!l->len) {
    kr_raise(&kr_NameError_type,
             "cannot access free variable '%s' where it is not associated with a value in enclosing scope",
             kr_str_data(name));
    return (KrVal){0};
  }
  kr_val_incref(l->items[0], l->kind);
  return l->items[0];
}

KrVal kr_cell_getlocal(KrObj *cell, KrObj *name) {
  KrList *l = KR_LIST(cell);
  if (!l->len) {
    kr_raise(&kr_UnboundLocalError_type, "cannot access local variable '%s' where it is not associated with a value",
             kr_str_data(name));
    return (KrVal){0};
  }
  kr_val_incref(l->items[0], l->kind);
  return l->items[0];
}

int kr_cell_set(KrObj *cell, KrVal v) {
  return KR_LIST(cell)->len ? kr_list_setitem(cell, 0, v) : kr_list_append(cell, v);
}

/* ------------------------------------------------- unpacking and match */

void kr_unpack_atleast(int64_t n, int64_t want) {
  if (n < want)
    kr_raise(&kr_ValueError_type, "not enough values to unpack (expected at least %lld, got %lld)",
             (long long)want, (long long)n);
}

bool kr_match_seq(KrObj *o) { return o->type == &kr_list_type || o->type == &kr_tuple_type; }
bool kr_match_map(KrObj *o) { return o->type == &kr_dict_type; }
bool kr_match_bool(KrObj *o, bool v) { return o == (v ? kr_True : kr_False); }

/* ------------------------------------------------ type names, exceptions */

/* type(o).__name__: the name without its module (json.decoder.JSONDecodeError) */
KrObj *kr_typename(KrObj *o) {
  const char *name = o->type->name_of ? o->type->name_of(o) : o->type->name;
  const char *dot = strrchr(name, '.');
  return kr_str_from_cstr(dot ? dot + 1 : name);
}

static KrExc *exc_of(KrObj *o, const char *attr) {
  if (kr_isinstance(o, &kr_BaseException_type))
    return (KrExc *)o;
  kr_raise(&kr_AttributeError_type, "'%s' object has no attribute '%s'", o->type->name, attr);
  return NULL;
}

/* e.args: a tuple of the exception's arguments */
KrObj *kr_exc_args(KrObj *o) {
  KrExc *e = exc_of(o, "args");
  if (!e)
    return NULL;
  KrObj *t = kr_tuple_new(e->nargs, NULL);
  if (!t)
    return NULL;
  for (int64_t i = 0; i < e->nargs; i++) {
    kr_incref(e->args[i]);
    KR_TUPLE(t)->items[i].o = e->args[i];
  }
  return t;
}

KrObj *kr_exc_cause(KrObj *o) {
  KrExc *e = exc_of(o, "__cause__");
  if (!e)
    return NULL;
  KrObj *r = e->cause ? e->cause : kr_None;
  kr_incref(r);
  return r;
}

KrObj *kr_exc_context(KrObj *o) {
  KrExc *e = exc_of(o, "__context__");
  if (!e)
    return NULL;
  KrObj *r = e->context ? e->context : kr_None;
  kr_incref(r);
  return r;
}
