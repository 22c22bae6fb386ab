/* fuzz_serve.c — libFuzzer harness for kiln serve's request handling
 * (serve/openai.c's route: the request body's JSON parser in serve/json.c,
 * then the validation of /v1/embeddings and /v1/chat/completions requests
 * and the jobs they make), driven without sockets or libmicrohttpd.
 *
 * This file stands in for serve.c and models.c: the queue_* functions
 * capture the response instead of handing it to MHD, job_push takes the job
 * a valid request makes, and two models are served, "emb" (embeddings) and
 * "chat" (chat, its parameters messages, max_tokens and temperature). The
 * first byte of an input picks the method and URL, the rest is the body.
 * Every request must get exactly one answer: a response whose body is a
 * JSON object (an error in OpenAI's shape for a status of 400 and up), or a
 * queued job that holds what the request asked for.
 */
#include "../../serve/serve.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

Server srv;

static int answers;   /* responses queued for the request */
static Job *queued;   /* the job it made */
static bool full;     /* queue_full's answer: the server is overloaded */

static void check_body(int status, const SBuf *body) {
  JsArena *a = js_arena_new();
  char err[160];
  Js *v = js_parse(a, body->data ? body->data : "", body->len, err, sizeof err);
  if (!v || v->kind != JS_OBJ) {
    fprintf(stderr, "fuzz_serve: a %d response whose body is not a JSON object: %.*s\n", status, (int)body->len,
            body->data);
    abort();
  }
  if (status >= 400) {
    Js *e = js_get(v, "error"), *msg = js_get(e, "message");
    if (!e || !msg || msg->kind != JS_STR || !js_get(e, "type")) {
      fprintf(stderr, "fuzz_serve: a %d response not in OpenAI's error shape: %.*s\n", status, (int)body->len,
              body->data);
      abort();
    }
  }
  if (status == 503 && !full)
    abort();
  js_arena_free(a);
}

int queue_json(struct MHD_Connection *conn, int status, SBuf *body) {
  check_body(status, body);
  answers++;
  sb_free(body);
  return MHD_YES;
}

int queue_error(struct MHD_Connection *conn, int status, const char *type, const char *param, const char *code,
                const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  SBuf b = {0};
  error_json(&b, msg, type, param, code);
  return queue_json(conn, status, &b);
}

int queue_answer(struct MHD_Connection *conn, Req *r) { abort(); } /* only for inline calls: none here */

int queue_stream(struct MHD_Connection *conn, Req *r) {
  answers++;
  atomic_fetch_add(&r->refs, 1);
  return MHD_YES;
}

void job_push(Job *j) {
  if (queued)
    abort();
  queued = j;
}

bool queue_full(void) { return full; }
bool lib_claim(Lib *lib) { return false; }
void lib_idle(Lib *lib) {}
void req_answer(Req *r, int status, SBuf *body) { abort(); }
void req_stream_push(Req *r, const SBuf *text, bool finished) { abort(); }
void req_unref(Req *r) { atomic_fetch_sub(&r->refs, 1); }
kiln_value *model_value(Lib *lib, const Js *v) { abort(); }

void MHD_suspend_connection(struct MHD_Connection *connection) {}
void MHD_resume_connection(struct MHD_Connection *connection) {}

static Lib lib;
static Model models[2] = {
    {.name = "emb", .lib = &lib, .embed_fn = "embed"},
    {.name = "chat", .lib = &lib, .chat_fn = "chat", .chat_nargs = 3,
     .chat_roles = {ARG_MESSAGES, ARG_MAX_TOKENS, ARG_TEMPERATURE}},
};

Model *model_find(const char *name) {
  for (int i = 0; i < 2; i++)
    if (!strcmp(models[i].name, name))
      return &models[i];
  return NULL;
}

static const char *const routes[][2] = {
    {"POST", "/v1/embeddings"}, {"POST", "/v1/chat/completions"}, {"GET", "/v1/models"},
    {"GET", "/v1/models/emb"},  {"GET", "/v1/models/nope"},       {"GET", "/v1/embeddings"},
    {"POST", "/v1/nothing"},
};
enum { NROUTES = sizeof routes / sizeof *routes };

/* What a queued job must hold. */
static void check_job(const Job *j, bool stream_route) {
  if (j->kind == JOB_EMBED) {
    if (!j->ninputs || j->ninputs > MAX_BATCH_INPUTS || j->model != &models[0])
      abort();
    for (size_t i = 0; i < j->ninputs; i++)
      if (j->inputs[i]->kind != JS_STR || j->inputs[i]->len == 0)
        abort();
  } else {
    if (j->model != &models[1] || !j->messages || j->messages->kind != JS_ARR || !j->messages->len ||
        j->max_tokens < 1 || !(j->temperature >= 0 && j->temperature <= 2))
      abort();
    for (size_t i = 0; i < j->messages->len; i++) {
      Js *m = j->messages->items[i];
      if (js_get(m, "role")->kind != JS_STR || js_get(m, "content")->kind != JS_STR)
        abort();
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!srv.nmodels) {
    srv.nmodels = 2;
    memcpy(srv.models, models, sizeof models);
    srv.max_queue = 64;
  }
  if (size == 0)
    return 0;
  full = (data[0] & 0x80) != 0;
  const char *const *rt = routes[(data[0] & 0x7f) % NROUTES];
  Req *r = calloc(1, sizeof *r);
  pthread_mutex_init(&r->mu, NULL);
  atomic_init(&r->refs, 1);
  sb_put(&r->body, data + 1, size - 1);
  answers = 0;
  queued = NULL;
  route(NULL, r, rt[1], rt[0]);
  if (answers + (queued && queued->kind != JOB_STREAM) != 1) {
    fprintf(stderr, "fuzz_serve: %s %s got %d responses and %s job\n", rt[0], rt[1], answers, queued ? "a" : "no");
    abort();
  }
  if (queued)
    check_job(queued, false);
  sb_free(&r->body);
  sb_free(&r->out);
  js_arena_free(r->arena);
  pthread_mutex_destroy(&r->mu);
  free(r);
  return 0;
}
