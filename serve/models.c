/* models.c — the libraries `kiln serve` serves: NAME=LIB.so is dlopen()ed,
 * opened once (its module code runs: weights load), and its manifest says
 * what it serves.
 *
 *   embeddings: the first function (in manifest order) that is no generator,
 *     whose first parameter is list[str], whose other parameters have
 *     defaults, and which returns list[list[float]] (or a 2-D ndarray, once
 *     the ABI carries one: its JSON form is read the same way); failing
 *     that, one returning a dynamic value ("object", as ndarray.tolist()
 *     does), whose rows are then checked on every call;
 *   chat: the first generator yielding str whose first parameter is
 *     list[dict[str, str]] (the messages); a parameter named max_tokens
 *     (int), temperature (float) or stop (list[str] or Optional[list[str]],
 *     with a default) gets the request's value, any other must have a
 *     default. Without a stop parameter the server cuts at stop strings;
 *   chat's prompt usage: prompt_tokens(list[dict[str, str]]) -> int, when
 *     the library exports it (the rendered messages' token count); else
 *     count_tokens(str) -> int summed over the contents (the clients'
 *     convention); else an estimate in words.
 */
#include "serve.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static Lib *lib_load(const char *path) {
  /* a path without a slash would be searched for in the system's folders */
  char full[PATH_MAX];
  snprintf(full, sizeof full, "%s%s", strchr(path, '/') ? "" : "./", path);
  void *dl = dlopen(full, RTLD_NOW | RTLD_LOCAL);
  if (!dl) {
    cli_error("kiln serve", "cannot load %s: %s", path, dlerror());
    return NULL;
  }
  Lib *l = calloc(1, sizeof *l);
  l->path = path;
  l->dl = dl;
  bool ok = true;
#define SYM(field, name) ok &= (*(void **)&l->field = dlsym(dl, #name)) != NULL
  SYM(manifest, kiln_manifest);
  SYM(open, kiln_open);
  SYM(close, kiln_close);
  SYM(call, kiln_call);
  SYM(call_stream, kiln_call_stream);
  SYM(stream_next, kiln_stream_next);
  SYM(stream_close, kiln_stream_close);
  SYM(error_type, kiln_error_type);
  SYM(error_message, kiln_error_message);
  SYM(error_traceback, kiln_error_traceback);
  SYM(error_free, kiln_error_free);
  SYM(free, kiln_free);
  SYM(none, kiln_none);
  SYM(boolean, kiln_bool);
  SYM(integer, kiln_int);
  SYM(floating, kiln_float);
  SYM(str, kiln_str);
  SYM(list, kiln_list);
  SYM(dict, kiln_dict);
  SYM(list_append, kiln_list_append);
  SYM(dict_set, kiln_dict_set);
  SYM(kind_of, kiln_kind_of);
  SYM(as_str, kiln_as_str);
  SYM(as_int, kiln_as_int);
  SYM(to_json, kiln_to_json);
  SYM(release, kiln_release);
#undef SYM
  if (!ok) {
    cli_error("kiln serve", "%s is not a library compiled by kiln compile", path);
    dlclose(dl);
    free(l);
    return NULL;
  }
  kiln_error *err = NULL;
  if (!(l->m = l->open(&err))) {
    cli_error("kiln serve", "opening %s failed:\n%s", path, err ? l->error_traceback(err) : "MemoryError");
    l->error_free(err);
    free(l);
    return NULL;
  }
  return l;
}

static const char *str_of(const Js *v) { return v && v->kind == JS_STR ? v->str : ""; }

/* loose: a function whose manifest return type is "object" (a dynamic
 * value, e.g. ndarray.tolist()) qualifies too, when no function does
 * strictly; its rows are checked on every call */
static bool is_embed_fn(const Js *f, bool loose) {
  Js *params = js_get(f, "params"), *streams = js_get(f, "streams");
  if (streams && streams->kind == JS_BOOL && streams->b)
    return false;
  if (!params || params->kind != JS_ARR || params->len < 1 ||
      strcmp(str_of(js_get(params->items[0], "type")), "list[str]"))
    return false;
  for (size_t i = 1; i < params->len; i++)
    if (!js_get(params->items[i], "default"))
      return false;
  const char *ret = str_of(js_get(f, "returns"));
  if (loose)
    return !strcmp(ret, "object");
  return !strcmp(ret, "list[list[float]]") || !strncmp(ret, "ndarray", 7) ||
         !strncmp(ret, "np.ndarray", 10) || !strncmp(ret, "numpy.ndarray", 13);
}

/* name(PARAM) -> int, no generator: the token counters */
static bool is_counter(const Js *f, const char *name, const char *param) {
  Js *params = js_get(f, "params"), *streams = js_get(f, "streams");
  return !strcmp(str_of(js_get(f, "name")), name) && !(streams && streams->kind == JS_BOOL && streams->b) &&
         params && params->kind == JS_ARR && params->len == 1 &&
         !strcmp(str_of(js_get(params->items[0], "type")), param) && !strcmp(str_of(js_get(f, "returns")), "int");
}

static bool is_chat_fn(Model *m, const Js *f) {
  Js *params = js_get(f, "params"), *streams = js_get(f, "streams");
  if (!streams || streams->kind != JS_BOOL || !streams->b || strcmp(str_of(js_get(f, "returns")), "str"))
    return false;
  if (!params || params->kind != JS_ARR || params->len < 1 || params->len > 16 ||
      strcmp(str_of(js_get(params->items[0], "type")), "list[dict[str, str]]"))
    return false;
  m->chat_roles[0] = ARG_MESSAGES;
  m->chat_stops = false;
  for (size_t i = 1; i < params->len; i++) {
    const char *name = str_of(js_get(params->items[i], "name"));
    const char *type = str_of(js_get(params->items[i], "type"));
    Js *def = js_get(params->items[i], "default");
    if (!strcmp(name, "max_tokens") && !strcmp(type, "int"))
      m->chat_roles[i] = ARG_MAX_TOKENS;
    else if (!strcmp(name, "temperature") && (!strcmp(type, "float") || !strcmp(type, "int")))
      m->chat_roles[i] = ARG_TEMPERATURE;
    else if (!strcmp(name, "stop") && def &&
             (!strcmp(type, "list[str]") || !strcmp(type, "Optional[list[str]]") ||
              !strcmp(type, "list[str] | None")))
      m->chat_roles[i] = ARG_STOP, m->chat_stops = true;
    else if (def)
      m->chat_roles[i] = ARG_DEFAULT;
    else
      return false;
    m->chat_defaults[i] = def;
  }
  m->chat_nargs = (int)params->len;
  return true;
}

bool model_add(const char *spec) {
  const char *eq = strchr(spec, '=');
  if (!eq || eq == spec || !eq[1]) {
    cli_error("kiln serve", "expected NAME=LIB.so, not '%s'", spec);
    return false;
  }
  if (srv.nmodels == (int)(sizeof srv.models / sizeof *srv.models)) {
    cli_error("kiln serve", "too many models");
    return false;
  }
  char *name = strndup(spec, (size_t)(eq - spec));
  if (model_find(name)) {
    cli_error("kiln serve", "model '%s' given twice", name);
    return false;
  }
  const char *path = eq + 1;
  Lib *lib = NULL;
  for (int i = 0; i < srv.nmodels && !lib; i++) /* one library under two names: one Lib */
    if (!strcmp(srv.models[i].lib->path, path))
      lib = srv.models[i].lib;
  if (!lib && !(lib = lib_load(path)))
    return false;
  Model *m = &srv.models[srv.nmodels];
  memset(m, 0, sizeof *m);
  m->name = name;
  m->lib = lib;
  m->arena = js_arena_new();
  const char *text = lib->manifest();
  char err[128];
  Js *man = js_parse(m->arena, text, strlen(text), err, sizeof err);
  Js *fns = js_get(man, "functions");
  if (!fns || fns->kind != JS_ARR) {
    cli_error("kiln serve", "%s: unreadable manifest (%s)", path, man ? "no functions" : err);
    return false;
  }
  for (size_t i = 0; i < fns->len; i++) {
    const char *fname = str_of(js_get(fns->items[i], "name"));
    if (!m->embed_fn && is_embed_fn(fns->items[i], false))
      m->embed_fn = fname;
    else if (!m->chat_fn && is_chat_fn(m, fns->items[i]))
      m->chat_fn = fname;
    else if (is_counter(fns->items[i], "prompt_tokens", "list[dict[str, str]]"))
      m->tokens_fn = fname;
    else if (is_counter(fns->items[i], "count_tokens", "str"))
      m->count_fn = fname;
  }
  for (size_t i = 0; i < fns->len && !m->embed_fn; i++)
    if (is_embed_fn(fns->items[i], true)) {
      m->embed_fn = str_of(js_get(fns->items[i], "name"));
      fprintf(stderr, "kiln serve: %s: %s returns a dynamic value (object); serving it as embeddings, "
              "its result checked on every call\n", name, m->embed_fn);
    }
  if (!m->embed_fn && !m->chat_fn) {
    cli_error("kiln serve",
              "%s serves nothing: it exports no function taking list[str] and returning "
              "list[list[float]] (embeddings), and no generator taking list[dict[str, str]] and "
              "yielding str (chat)",
              path);
    return false;
  }
  srv.nmodels++;
  return true;
}

Model *model_find(const char *name) {
  for (int i = 0; i < srv.nmodels; i++)
    if (!strcmp(srv.models[i].name, name))
      return &srv.models[i];
  return NULL;
}

const char *model_serves(const Model *m) {
  return m->embed_fn && m->chat_fn ? "embeddings, chat" : m->embed_fn ? "embeddings" : "chat";
}

void models_close(void) {
  for (int i = 0; i < srv.nmodels; i++) {
    Lib *lib = srv.models[i].lib;
    bool first = true; /* a library shared by names is closed once */
    for (int k = 0; k < i; k++)
      first &= srv.models[k].lib != lib;
    if (first)
      lib->close(lib->m);
    js_arena_free(srv.models[i].arena);
  }
}

kiln_value *model_value(Lib *lib, const Js *v) {
  switch (v->kind) {
  case JS_NULL: return lib->none();
  case JS_BOOL: return lib->boolean(v->b);
  case JS_NUM: return v->integral ? lib->integer(v->i) : lib->floating(v->num);
  case JS_STR: return lib->str(v->str, v->len);
  case JS_ARR:
  case JS_OBJ: {
    kiln_value *c = v->kind == JS_ARR ? lib->list() : lib->dict();
    for (size_t i = 0; c && i < v->len; i++) {
      kiln_value *item = model_value(lib, v->items[i]), *key = NULL;
      int rc = -1;
      if (item && v->kind == JS_ARR)
        rc = lib->list_append(c, item);
      else if (item && (key = lib->str(v->keys[i], strlen(v->keys[i]))))
        rc = lib->dict_set(c, key, item);
      lib->release(item);
      lib->release(key);
      if (rc < 0) {
        lib->release(c);
        c = NULL;
      }
    }
    return c;
  }
  }
  return NULL;
}
