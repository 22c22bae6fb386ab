/* openai.c — the endpoints of `kiln serve`, shaped like OpenAI's API: what
 * a request may hold (anything else is a 400 in OpenAI's error shape, with
 * the offending parameter named), the native calls a worker makes, and the
 * JSON and server-sent events written back.
 *
 * Choices where OpenAI's API leaves room:
 *   - `dimensions` (embeddings): 1..the model's own size; the vector is cut
 *     to its first `dimensions` values and scaled back to unit length, as
 *     OpenAI does for its text-embedding-3 models (and as Matryoshka models
 *     are trained for). More than the model's size is a 400.
 *   - `encoding_format: "base64"`: the float32 little-endian bytes of the
 *     vector, as OpenAI sends them (the official SDKs ask for this by default
 *     and decode it into a Float32Array); "float": JSON numbers, the
 *     function's doubles printed as repr prints them.
 *   - usage: a library that exports prompt_tokens(messages) -> int gives
 *     the prompt's real token count (or count_tokens(text) -> int, summed
 *     over the messages' contents); otherwise the server has no tokenizer
 *     to ask, and prompt tokens are whitespace-separated words of the input
 *     (an estimate); completion tokens are the items the generator yielded,
 *     exactly. `max_tokens` stops the generator after that many items
 *     (finish_reason "length").
 *   - `stop` (a string or up to 4 non-empty strings): a chat function with
 *     a stop parameter gets them and ends its reply itself; for any other
 *     the server cuts the reply before the first stop string the joined
 *     text contains (finish_reason "stop") and stops the generator. While
 *     streaming, text that could be the start of a stop string is held back
 *     until it is not, so no chunk ever carries part of one.
 *   - Token-id inputs to embeddings (arrays of ints) are a 400: the server
 *     has no vocabulary to map them back to text.
 */
#include "serve.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void error_json(SBuf *b, const char *msg, const char *type, const char *param, const char *code) {
  sb_puts(b, "{\"error\":{\"message\":");
  sb_json_str(b, msg, strlen(msg));
  sb_puts(b, ",\"type\":");
  sb_json_str(b, type, strlen(type));
  sb_puts(b, ",\"param\":");
  if (param)
    sb_json_str(b, param, strlen(param));
  else
    sb_puts(b, "null");
  sb_puts(b, ",\"code\":");
  if (code)
    sb_json_str(b, code, strlen(code));
  else
    sb_puts(b, "null");
  sb_puts(b, "}}");
}

static int bad_request(struct MHD_Connection *conn, const char *param, const char *msg) {
  return queue_error(conn, 400, "invalid_request_error", param, NULL, "%s", msg);
}

/* Words of a text: the usage estimate. */
static int64_t count_words(const char *s, size_t n) {
  int64_t words = 0;
  bool in = false;
  for (size_t i = 0; i < n; i++) {
    bool space = s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r' || s[i] == '\f' || s[i] == '\v';
    words += !space && !in;
    in = !space;
  }
  return words;
}

static void new_id(Req *r, const char *prefix) {
  static atomic_ulong counter;
  unsigned long n = atomic_fetch_add(&counter, 1);
  snprintf(r->id, sizeof r->id, "%s%lx%08lx", prefix, (unsigned long)srv.started, n);
}

/* The model a request names, or a 400/404 queued (NULL). */
static int overloaded(struct MHD_Connection *conn) {
  return queue_error(conn, 503, "server_error", NULL, "overloaded",
                     "The server is overloaded: %d requests are waiting. Retry later.", srv.max_queue);
}

static Model *request_model(struct MHD_Connection *conn, Js *body, bool chat, int *rc) {
  Js *model = js_get(body, "model");
  if (!model || model->kind != JS_STR) {
    *rc = bad_request(conn, "model", model ? "'model' must be a string." : "you must provide a model parameter");
    return NULL;
  }
  Model *m = model_find(model->str);
  if (!m || !(chat ? m->chat_fn : m->embed_fn)) {
    if (m) /* OpenAI answers a chat model asked for embeddings (and vice versa) with a 400 */
      *rc = queue_error(conn, 400, "invalid_request_error", "model", NULL,
                        "The model `%s` does not support %s.", m->name, chat ? "chat completions" : "embeddings");
    else
      *rc = queue_error(conn, 404, "invalid_request_error", NULL, "model_not_found",
                        "The model `%s` does not exist or you do not have access to it.", model->str);
    return NULL;
  }
  return m;
}

/* ---- /v1/embeddings ---- */

static int embeddings(struct MHD_Connection *conn, Req *r, Js *body) {
  int rc;
  Model *m = request_model(conn, body, false, &rc);
  if (!m)
    return rc;
  Job *j = &r->job;
  Js *input = js_get(body, "input");
  if (!input)
    return bad_request(conn, "input", "you must provide an input parameter");
  if (input->kind == JS_STR) {
    j->inputs = js_alloc(r->arena, sizeof(Js *));
    j->inputs[0] = input;
    j->ninputs = 1;
  } else if (input->kind == JS_ARR) {
    if (input->len == 0)
      return bad_request(conn, "input", "'$.input' is invalid: an empty list of inputs.");
    if (input->len > MAX_BATCH_INPUTS)
      return queue_error(conn, 400, "invalid_request_error", "input", NULL,
                         "'$.input' is invalid: at most %d inputs per request.", MAX_BATCH_INPUTS);
    for (size_t i = 0; i < input->len; i++)
      if (input->items[i]->kind != JS_STR)
        return bad_request(conn, "input",
                           input->items[i]->kind == JS_NUM || input->items[i]->kind == JS_ARR
                               ? "token-id inputs are not supported: send the input as text."
                               : "'$.input' is invalid: each input must be a string.");
    j->inputs = input->items;
    j->ninputs = input->len;
  } else {
    return bad_request(conn, "input", "'$.input' is invalid: a string or a list of strings is expected.");
  }
  for (size_t i = 0; i < j->ninputs; i++)
    if (j->inputs[i]->len == 0)
      return bad_request(conn, "input", "'$.input' is invalid: inputs must be non-empty strings.");
  Js *fmt = js_get(body, "encoding_format");
  if (fmt && fmt->kind != JS_NULL) {
    if (fmt->kind != JS_STR || (strcmp(fmt->str, "float") && strcmp(fmt->str, "base64")))
      return bad_request(conn, "encoding_format",
                         "'encoding_format' must be one of 'float' or 'base64'.");
    j->base64 = !strcmp(fmt->str, "base64");
  }
  Js *dims = js_get(body, "dimensions");
  if (dims && dims->kind != JS_NULL) {
    if (dims->kind != JS_NUM || !dims->integral || dims->i < 1)
      return bad_request(conn, "dimensions", "'dimensions' must be an integer of at least 1.");
    j->dimensions = dims->i;
  }
  if (queue_full())
    return overloaded(conn);
  j->kind = JOB_EMBED;
  j->model = m;
  j->lib = m->lib;
  j->req = r;
  long long avg = atomic_load(&m->lib->call_ns);
  if (avg && avg < INLINE_MAX_NS && lib_claim(m->lib)) { /* fast, and idle: call it here */
    r->inline_call = true;
    embed_run(j);
    lib_idle(m->lib);
    embed_answer(j);
    return queue_answer(conn, r);
  }
  /* the worker may answer before this returns: the request's lock keeps
   * its resume after this suspend */
  pthread_mutex_lock(&r->mu);
  MHD_suspend_connection(conn);
  job_push(j);
  pthread_mutex_unlock(&r->mu);
  return MHD_YES;
}

/* A Python exception as a 500 (its traceback goes to the server's log). */
static void native_error(Job *j, kiln_error *err, const char *fn) {
  Lib *lib = j->lib;
  char msg[1024];
  if (err) {
    fprintf(stderr, "kiln serve: %s.%s raised:\n%s", j->model->name, fn, lib->error_traceback(err));
    snprintf(msg, sizeof msg, "%s: %s", lib->error_type(err), lib->error_message(err));
    lib->error_free(err);
  } else {
    snprintf(msg, sizeof msg, "MemoryError");
  }
  j->status = 500;
  sb_free(&j->error);
  error_json(&j->error, msg, "server_error", NULL, NULL);
}

static void fail_job(Job *j, int status, const char *param, const char *msg) {
  j->status = status;
  sb_free(&j->error);
  error_json(&j->error, msg, status >= 500 ? "server_error" : "invalid_request_error", param, NULL);
}

/* The function's result as rows of numbers, split over the batch's jobs. */
static void take_rows(Job *batch, size_t total, Js *res) {
  char msg[256];
  if (!res || res->kind != JS_ARR || res->len != total) {
    snprintf(msg, sizeof msg, "the embedding function returned %s for %zu inputs",
             res && res->kind == JS_ARR ? "a different number of rows" : "no list of rows", total);
    for (Job *j = batch; j; j = j->next)
      fail_job(j, 500, NULL, msg);
    return;
  }
  size_t dim = res->items[0]->kind == JS_ARR ? res->items[0]->len : 0, row = 0;
  for (size_t i = 0; i < total; i++) {
    Js *v = res->items[i];
    bool ok = v->kind == JS_ARR && v->len == dim && dim > 0;
    for (size_t k = 0; ok && k < dim; k++)
      ok = v->items[k]->kind == JS_NUM;
    if (!ok) {
      for (Job *j = batch; j; j = j->next)
        fail_job(j, 500, NULL, "the embedding function returned rows that are not all float vectors of one size");
      return;
    }
  }
  for (Job *j = batch; j; j = j->next) {
    j->dim = dim;
    j->vecs = malloc(j->ninputs * dim * sizeof(double));
    for (size_t i = 0; i < j->ninputs; i++, row++)
      for (size_t k = 0; k < dim; k++)
        j->vecs[i * dim + k] = res->items[row]->items[k]->num;
  }
}

void embed_run(Job *batch) {
  Lib *lib = batch->lib;
  const char *fn = batch->model->embed_fn;
  kiln_value *texts = lib->list();
  size_t total = 0;
  for (Job *j = batch; j; j = j->next)
    for (size_t i = 0; i < j->ninputs; i++, total++) {
      kiln_value *s = lib->str(j->inputs[i]->str, j->inputs[i]->len);
      lib->list_append(texts, s);
      lib->release(s);
    }
  kiln_value *res = NULL;
  kiln_error *err = NULL;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  int rc = lib->call(lib->m, fn, &texts, 1, &res, &err);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  long long ns = (t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec) + 1;
  long long avg = atomic_load(&lib->call_ns);
  atomic_store(&lib->call_ns, avg ? (avg * 7 + ns) / 8 : ns);
  lib->release(texts);
  if (rc != 0 && batch->next) { /* one request's bad input must not fail the others */
    if (err)
      lib->error_free(err);
    for (Job *j = batch, *next; j; j = next) {
      next = j->next;
      j->next = NULL;
      embed_run(j);
      j->next = next;
    }
    return;
  }
  if (rc != 0) {
    native_error(batch, err, fn);
    return;
  }
  char *json = lib->to_json(res, &err);
  lib->release(res);
  if (!json) {
    native_error(batch, err, fn);
    return;
  }
  JsArena *a = js_arena_new();
  char perr[128];
  take_rows(batch, total, js_parse(a, json, strlen(json), perr, sizeof perr));
  js_arena_free(a);
  lib->free(json);
}

void embed_answer(Job *batch) {
  for (Job *j = batch, *next; j; j = next) {
    next = j->next; /* j's request may be gone once answered */
    j->next = NULL;
    SBuf b = {0};
    if (!j->status && j->dimensions && (size_t)j->dimensions > j->dim) {
      char msg[256];
      snprintf(msg, sizeof msg, "'dimensions' is %lld, but model `%s` makes vectors of %zu.",
               (long long)j->dimensions, j->model->name, j->dim);
      fail_job(j, 400, "dimensions", msg);
    }
    if (j->status) {
      Req *r = j->req;
      int status = j->status;
      b = j->error;
      j->error = (SBuf){0};
      req_answer(r, status, &b);
      continue;
    }
    size_t dim = j->dim, out_dim = j->dimensions ? (size_t)j->dimensions : dim;
    int64_t words = 0;
    float *f32 = j->base64 ? malloc(out_dim * sizeof(float)) : NULL;
    sb_puts(&b, "{\"object\":\"list\",\"data\":[");
    for (size_t i = 0; i < j->ninputs; i++) {
      double *v = j->vecs + i * dim, scale = 1.0;
      if (out_dim != dim) { /* truncate, then back to unit length */
        double ss = 0;
        for (size_t k = 0; k < out_dim; k++)
          ss += v[k] * v[k];
        scale = ss > 0 ? 1.0 / sqrt(ss) : 1.0;
      }
      words += count_words(j->inputs[i]->str, j->inputs[i]->len);
      sb_printf(&b, "%s{\"object\":\"embedding\",\"index\":%zu,\"embedding\":", i ? "," : "", i);
      if (f32) {
        for (size_t k = 0; k < out_dim; k++)
          f32[k] = (float)(v[k] * scale); /* x86-64 and arm64 are little-endian */
        sb_puts(&b, "\"");
        sb_base64(&b, (const unsigned char *)f32, out_dim * sizeof(float));
        sb_puts(&b, "\"}");
      } else {
        sb_puts(&b, "[");
        for (size_t k = 0; k < out_dim; k++) {
          if (k)
            sb_puts(&b, ",");
          sb_json_double(&b, v[k] * scale);
        }
        sb_puts(&b, "]}");
      }
    }
    free(f32);
    sb_puts(&b, "],\"model\":");
    sb_json_str(&b, j->model->name, strlen(j->model->name));
    sb_printf(&b, ",\"usage\":{\"prompt_tokens\":%lld,\"total_tokens\":%lld}}", (long long)words,
              (long long)words);
    req_answer(j->req, 200, &b);
  }
}

/* ---- /v1/chat/completions ---- */

static int chat(struct MHD_Connection *conn, Req *r, Js *body) {
  int rc;
  Model *m = request_model(conn, body, true, &rc);
  if (!m)
    return rc;
  Job *j = &r->job;
  Js *msgs = js_get(body, "messages");
  if (!msgs || msgs->kind != JS_ARR || msgs->len == 0)
    return bad_request(conn, "messages", msgs ? "'messages' must be a non-empty list of messages."
                                              : "you must provide a messages parameter");
  /* each message as {"role": str, "content": str}: content parts of type
   * "text" are joined, as a text-only model reads them */
  Js *norm = js_alloc(r->arena, sizeof(Js));
  *norm = (Js){.kind = JS_ARR, .len = msgs->len, .items = js_alloc(r->arena, msgs->len * sizeof(Js *))};
  int64_t words = 0;
  for (size_t i = 0; i < msgs->len; i++) {
    Js *msg = msgs->items[i], *role = js_get(msg, "role"), *content = js_get(msg, "content");
    char prole[64], param[64];
    snprintf(prole, sizeof prole, "messages.[%zu].role", i);
    snprintf(param, sizeof param, "messages.[%zu].content", i);
    if (msg->kind != JS_OBJ || !role || role->kind != JS_STR)
      return bad_request(conn, prole, "Each message must be an object with a 'role' string.");
    static const char *roles[] = {"system", "developer", "user", "assistant", "tool", "function"};
    bool known = false;
    for (size_t k = 0; k < sizeof roles / sizeof *roles; k++)
      known |= !strcmp(role->str, roles[k]);
    if (!known)
      return queue_error(conn, 400, "invalid_request_error", prole, NULL,
                         "Invalid value: '%s'. Supported values are: 'system', 'developer', 'user', "
                         "'assistant', 'tool' and 'function'.", role->str);
    SBuf text = {0};
    if (content && content->kind == JS_STR) {
      sb_put(&text, content->str, content->len);
    } else if (content && content->kind == JS_ARR) {
      for (size_t k = 0; k < content->len; k++) {
        Js *part = content->items[k], *type = js_get(part, "type"), *t = js_get(part, "text");
        if (!type || type->kind != JS_STR || strcmp(type->str, "text") || !t || t->kind != JS_STR) {
          sb_free(&text);
          return bad_request(conn, param, "Only text content parts ({\"type\": \"text\", \"text\": ...}) are supported.");
        }
        sb_put(&text, t->str, t->len);
      }
    } else if (content && content->kind != JS_NULL) {
      return bad_request(conn, param, "'content' must be a string or a list of text parts.");
    }
    Js *nm = js_alloc(r->arena, sizeof(Js));
    *nm = (Js){.kind = JS_OBJ, .len = 2, .items = js_alloc(r->arena, 2 * sizeof(Js *)),
               .keys = js_alloc(r->arena, 2 * sizeof(char *))};
    nm->keys[0] = "role";
    nm->keys[1] = "content";
    nm->items[0] = role;
    Js *c = js_alloc(r->arena, sizeof(Js));
    *c = (Js){.kind = JS_STR, .len = text.len, .str = js_alloc(r->arena, text.len + 1)};
    if (text.len)
      memcpy(c->str, text.data, text.len);
    c->str[text.len] = 0;
    sb_free(&text);
    nm->items[1] = c;
    norm->items[i] = nm;
    words += count_words(c->str, c->len);
  }
  j->messages = norm;
  j->prompt_tokens = words;
  j->max_tokens = INT64_MAX;
  Js *mt = js_get(body, "max_completion_tokens");
  const char *mt_name = "max_completion_tokens";
  if (!mt || mt->kind == JS_NULL)
    mt = js_get(body, "max_tokens"), mt_name = "max_tokens";
  if (mt && mt->kind != JS_NULL) {
    if (mt->kind != JS_NUM || !mt->integral || mt->i < 1)
      return queue_error(conn, 400, "invalid_request_error", mt_name, NULL,
                         "'%s' must be an integer of at least 1.", mt_name);
    j->max_tokens = mt->i;
  }
  j->temperature = 1.0;
  Js *temp = js_get(body, "temperature");
  if (temp && temp->kind != JS_NULL) {
    if (temp->kind != JS_NUM || temp->num < 0 || temp->num > 2)
      return bad_request(conn, "temperature", "'temperature' must be a number from 0 to 2.");
    j->temperature = temp->num;
    j->temperature_set = true;
  }
  Js *stop = js_get(body, "stop");
  if (stop && stop->kind != JS_NULL) {
    Js **items = stop->kind == JS_ARR ? stop->items : &stop;
    size_t count = stop->kind == JS_ARR ? stop->len : 1;
    if ((stop->kind != JS_STR && stop->kind != JS_ARR) || count > 4)
      return bad_request(conn, "stop", "'stop' must be a string or a list of at most 4 strings.");
    for (size_t i = 0; i < count; i++) {
      if (items[i]->kind != JS_STR || items[i]->len == 0)
        return bad_request(conn, "stop", "'stop' must hold non-empty strings.");
      j->stops[j->nstops] = items[i]->str;
      j->stop_lens[j->nstops++] = items[i]->len;
    }
  }
  Js *n = js_get(body, "n");
  if (n && n->kind != JS_NULL && !(n->kind == JS_NUM && n->integral && n->i == 1))
    return bad_request(conn, "n", "'n' must be 1: one completion per request.");
  bool stream = false;
  Js *st = js_get(body, "stream");
  if (st && st->kind != JS_NULL) {
    if (st->kind != JS_BOOL)
      return bad_request(conn, "stream", "'stream' must be a boolean.");
    stream = st->b;
  }
  Js *so = js_get(body, "stream_options");
  if (so && so->kind != JS_NULL) {
    if (!stream)
      return bad_request(conn, "stream_options", "The 'stream_options' parameter is only allowed when 'stream' is enabled.");
    Js *iu = js_get(so, "include_usage");
    j->include_usage = iu && iu->kind == JS_BOOL && iu->b;
  }
  if (queue_full())
    return overloaded(conn);
  j->model = m;
  j->lib = m->lib;
  j->req = r;
  new_id(r, "chatcmpl-");
  if (!stream) {
    j->kind = JOB_CHAT;
    pthread_mutex_lock(&r->mu);
    MHD_suspend_connection(conn);
    job_push(j);
    pthread_mutex_unlock(&r->mu);
    return MHD_YES;
  }
  j->kind = JOB_STREAM;
  /* the first chunk names the role, as OpenAI's does */
  sb_puts(&r->out, "data: {\"id\":\"");
  sb_puts(&r->out, r->id);
  sb_printf(&r->out, "\",\"object\":\"chat.completion.chunk\",\"created\":%lld,\"model\":", (long long)r->created);
  sb_json_str(&r->out, m->name, strlen(m->name));
  sb_puts(&r->out, ",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},"
                   "\"logprobs\":null,\"finish_reason\":null}]}\n\n");
  atomic_fetch_add(&r->refs, 1); /* the job's */
  int qrc = queue_stream(conn, r);
  job_push(j);
  return qrc;
}

/* Start the generator; 0, or -1 with the job's error set. */
static int chat_start(Job *j) {
  Lib *lib = j->lib;
  Model *m = j->model;
  kiln_value *args[16] = {0};
  int rc = 0;
  for (int i = 0; i < m->chat_nargs && rc == 0; i++) {
    switch (m->chat_roles[i]) {
    case ARG_MESSAGES: args[i] = model_value(lib, j->messages); break;
    case ARG_MAX_TOKENS: args[i] = lib->integer(j->max_tokens == INT64_MAX && m->chat_defaults[i] &&
                                                        m->chat_defaults[i]->kind == JS_NUM
                                                    ? m->chat_defaults[i]->i
                                                    : j->max_tokens);
      break;
    case ARG_TEMPERATURE: /* the function's own default when the request names none */
      args[i] = !j->temperature_set && m->chat_defaults[i] ? model_value(lib, m->chat_defaults[i])
                                                            : lib->floating(j->temperature);
      break;
    case ARG_STOP:
      if (j->nstops == 0) {
        args[i] = model_value(lib, m->chat_defaults[i]);
        break;
      }
      args[i] = lib->list();
      for (int k = 0; k < j->nstops && args[i]; k++) {
        kiln_value *s = lib->str(j->stops[k], j->stop_lens[k]);
        if (!s || lib->list_append(args[i], s) < 0) {
          lib->release(args[i]);
          args[i] = NULL;
        }
        lib->release(s);
      }
      break;
    case ARG_DEFAULT: args[i] = model_value(lib, m->chat_defaults[i]); break;
    }
    if (!args[i])
      rc = -1;
  }
  kiln_error *err = NULL;
  if (rc == 0 && (m->tokens_fn || m->count_fn)) { /* the real prompt usage */
    const char *fn = m->tokens_fn ? m->tokens_fn : m->count_fn;
    int64_t total = 0;
    for (size_t i = 0; rc == 0 && i < (m->tokens_fn ? 1 : j->messages->len); i++) {
      Js *content = m->tokens_fn ? NULL : j->messages->items[i]->items[1];
      kiln_value *arg = content ? lib->str(content->str, content->len) : args[0], *count = NULL;
      rc = arg ? lib->call(lib->m, fn, &arg, 1, &count, &err) : -1;
      if (content)
        lib->release(arg);
      total += rc == 0 ? lib->as_int(count) : 0;
      lib->release(count);
    }
    if (rc != 0) {
      for (int i = 0; i < m->chat_nargs; i++)
        lib->release(args[i]);
      native_error(j, err, fn);
      return -1;
    }
    j->prompt_tokens = total;
  }
  if (rc == 0)
    rc = lib->call_stream(lib->m, m->chat_fn, args, (size_t)m->chat_nargs, &j->stream, &err);
  for (int i = 0; i < m->chat_nargs; i++)
    lib->release(args[i]);
  if (rc != 0)
    native_error(j, err, m->chat_fn);
  return rc;
}

/* The next item: 1 with its text appended to out, 0 at the end, -1 on error. */
static int chat_next(Job *j, SBuf *out) {
  Lib *lib = j->lib;
  kiln_value *item = NULL;
  kiln_error *err = NULL;
  int rc = lib->stream_next(j->stream, &item, &err);
  if (rc < 0) {
    native_error(j, err, j->model->chat_fn);
    return -1;
  }
  if (rc == 0)
    return 0;
  size_t len;
  const char *s = lib->kind_of(item) == KILN_STR ? lib->as_str(item, &len) : NULL;
  if (s)
    sb_put(out, s, len);
  lib->release(item);
  if (!s) {
    fail_job(j, 500, NULL, "the chat function yielded something other than a str");
    return -1;
  }
  j->ntokens++;
  return 1;
}

/* Stop strings cut here (the function does not take them). */
static bool cuts_here(const Job *j) { return j->nstops > 0 && !j->model->chat_stops; }

/* How many bytes at the end of text could begin a stop string. */
static size_t held_back(const Job *j, const char *text, size_t n) {
  size_t best = 0;
  for (int k = 0; k < j->nstops; k++)
    for (size_t len = j->stop_lens[k] - 1 < n ? j->stop_lens[k] - 1 : n; len > best; len--)
      if (!memcmp(text + n - len, j->stops[k], len)) {
        best = len;
        break;
      }
  return best;
}

/* A generated piece: what of it may be sent now goes to out. The text
 * before sent holds no stop string and no start of one (held_back saw to
 * it), so a stop string found now begins at sent or after. */
static void stop_filter(Job *j, const SBuf *piece, SBuf *out) {
  if (!cuts_here(j)) {
    sb_put(out, piece->data ? piece->data : "", piece->len);
    return;
  }
  sb_put(&j->acc, piece->data ? piece->data : "", piece->len);
  const char *text = j->acc.data;
  size_t len = j->acc.len, cut = len;
  if (len == 0)
    return;
  for (int k = 0; k < j->nstops; k++) {
    const char *at = memmem(text + j->sent, len - j->sent, j->stops[k], j->stop_lens[k]);
    if (at && (size_t)(at - text) < cut)
      cut = (size_t)(at - text);
  }
  if (cut < len)
    j->stopped = true;
  else
    cut = len - held_back(j, text, len);
  if (cut > j->sent) {
    sb_put(out, text + j->sent, cut - j->sent);
    j->sent = cut;
  }
}

/* The generator ended: the text held back was no stop string after all. */
static void stop_flush(Job *j, SBuf *out) {
  if (cuts_here(j) && !j->stopped && j->acc.len > j->sent) {
    sb_put(out, j->acc.data + j->sent, j->acc.len - j->sent);
    j->sent = j->acc.len;
  }
}

/* One more piece through the stop filter: 1, 0 at the end, -1 on error. */
static int chat_piece(Job *j, SBuf *out) {
  SBuf piece = {0};
  int k = chat_next(j, &piece);
  if (k > 0)
    stop_filter(j, &piece, out);
  sb_free(&piece);
  return k;
}

static const char *finish_reason(const Job *j) {
  return !j->stopped && j->ntokens >= j->max_tokens ? "length" : "stop";
}

static void usage_json(SBuf *b, const Job *j) {
  sb_printf(b, "\"usage\":{\"prompt_tokens\":%lld,\"completion_tokens\":%lld,\"total_tokens\":%lld}",
            (long long)j->prompt_tokens, (long long)j->ntokens, (long long)(j->prompt_tokens + j->ntokens));
}

void chat_run(Job *j) {
  Req *r = j->req;
  SBuf text = {0}, b = {0};
  int rc = chat_start(j);
  while (rc == 0 && !j->stopped && j->ntokens < j->max_tokens) {
    int k = chat_piece(j, &text);
    if (k <= 0) {
      rc = k;
      break;
    }
  }
  if (rc == 0)
    stop_flush(j, &text);
  if (j->stream) {
    j->lib->stream_close(j->stream);
    j->stream = NULL;
  }
  if (rc < 0) {
    sb_free(&text);
    int status = j->status;
    b = j->error;
    j->error = (SBuf){0};
    req_answer(r, status, &b);
    return;
  }
  sb_puts(&b, "{\"id\":\"");
  sb_puts(&b, r->id);
  sb_printf(&b, "\",\"object\":\"chat.completion\",\"created\":%lld,\"model\":", (long long)r->created);
  sb_json_str(&b, j->model->name, strlen(j->model->name));
  sb_puts(&b, ",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":");
  sb_json_str(&b, text.data ? text.data : "", text.len);
  sb_printf(&b, ",\"refusal\":null,\"annotations\":[]},\"logprobs\":null,\"finish_reason\":\"%s\"}],",
            finish_reason(j));
  usage_json(&b, j);
  sb_puts(&b, ",\"system_fingerprint\":null}");
  sb_free(&text);
  req_answer(r, 200, &b);
}

static void chunk_head(SBuf *b, const Req *r) {
  sb_puts(b, "data: {\"id\":\"");
  sb_puts(b, r->id);
  sb_printf(b, "\",\"object\":\"chat.completion.chunk\",\"created\":%lld,\"model\":", (long long)r->created);
  sb_json_str(b, r->job.model->name, strlen(r->job.model->name));
}

bool stream_step(Job *j) {
  Req *r = j->req;
  pthread_mutex_lock(&r->mu);
  bool closed = r->closed;
  pthread_mutex_unlock(&r->mu);
  if (closed) /* the client went away: stop generating */
    return false;
  SBuf b = {0}, text = {0};
  int k;
  if (!j->stream && chat_start(j) < 0)
    k = -1;
  else if (j->stopped || j->ntokens >= j->max_tokens)
    k = 0;
  else
    k = chat_piece(j, &text);
  if (k < 0) { /* the SDKs raise an APIError for an event carrying "error" */
    sb_puts(&b, "data: ");
    sb_put(&b, j->error.data, j->error.len);
    sb_puts(&b, "\n\ndata: [DONE]\n\n");
    req_stream_push(r, &b, true);
    sb_free(&b);
    sb_free(&text);
    return false;
  }
  if (k > 0 && !j->stopped && text.len == 0 && cuts_here(j)) /* all of it held back */
    return true;
  if (k == 0)
    stop_flush(j, &text);
  if (text.len || (k > 0 && !cuts_here(j))) {
    chunk_head(&b, r);
    sb_puts(&b, ",\"choices\":[{\"index\":0,\"delta\":{\"content\":");
    sb_json_str(&b, text.data ? text.data : "", text.len);
    sb_puts(&b, "},\"logprobs\":null,\"finish_reason\":null}]}\n\n");
  }
  sb_free(&text);
  if (k > 0 && !j->stopped) {
    req_stream_push(r, &b, false);
    sb_free(&b);
    return true;
  }
  if (j->stream) { /* the end: no more of the generator */
    j->lib->stream_close(j->stream);
    j->stream = NULL;
  }
  chunk_head(&b, r);
  sb_printf(&b, ",\"choices\":[{\"index\":0,\"delta\":{},\"logprobs\":null,\"finish_reason\":\"%s\"}]}\n\n",
            finish_reason(j));
  if (j->include_usage) {
    chunk_head(&b, r);
    sb_puts(&b, ",\"choices\":[],");
    usage_json(&b, j);
    sb_puts(&b, "}\n\n");
  }
  sb_puts(&b, "data: [DONE]\n\n");
  req_stream_push(r, &b, true);
  sb_free(&b);
  return false;
}

/* ---- /v1/models ---- */

static void model_json(SBuf *b, const Model *m) {
  sb_puts(b, "{\"id\":");
  sb_json_str(b, m->name, strlen(m->name));
  sb_printf(b, ",\"object\":\"model\",\"created\":%lld,\"owned_by\":\"kiln\"}", (long long)srv.started);
}

int route(struct MHD_Connection *conn, Req *r, const char *url, const char *method) {
  bool get = !strcmp(method, "GET"), post = !strcmp(method, "POST");
  if (!strcmp(url, "/v1/models") && get) {
    SBuf b = {0};
    sb_puts(&b, "{\"object\":\"list\",\"data\":[");
    for (int i = 0; i < srv.nmodels; i++) {
      if (i)
        sb_puts(&b, ",");
      model_json(&b, &srv.models[i]);
    }
    sb_puts(&b, "]}");
    return queue_json(conn, 200, &b);
  }
  if (!strncmp(url, "/v1/models/", 11) && get) {
    Model *m = model_find(url + 11);
    if (!m)
      return queue_error(conn, 404, "invalid_request_error", "model", "model_not_found",
                         "The model `%s` does not exist or you do not have access to it.", url + 11);
    SBuf b = {0};
    model_json(&b, m);
    return queue_json(conn, 200, &b);
  }
  bool emb = !strcmp(url, "/v1/embeddings"), cc = !strcmp(url, "/v1/chat/completions");
  if (!(emb || cc) || !post)
    return queue_error(conn, (emb || cc) ? 405 : 404, "invalid_request_error", NULL,
                       (emb || cc) ? "method_not_supported" : "unknown_url", "%s %s: %s", method, url,
                       (emb || cc) ? "only POST is supported." : "unknown request URL.");
  if (!(r->arena = js_arena_new()))
    return MHD_NO;
  char err[160], msg[256];
  Js *body = js_parse(r->arena, r->body.data ? r->body.data : "", r->body.len, err, sizeof err);
  if (!body) {
    snprintf(msg, sizeof msg, "We could not parse the JSON body of your request (%s).", err);
    return bad_request(conn, NULL, msg);
  }
  if (body->kind != JS_OBJ)
    return bad_request(conn, NULL, "The request body must be a JSON object.");
  return emb ? embeddings(conn, r, body) : chat(conn, r, body);
}
