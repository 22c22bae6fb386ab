/* serve.h — the internal header of `kiln serve` (serve/), a section per
 * file: a JSON reader and writer for request and response bodies (json.c),
 * the libraries and what they serve (models.c), the HTTP server with its
 * job queue and worker pool (serve.c), the OpenAI-shaped endpoints
 * (openai.c).
 * Nothing here is part of the compiler or of a compiled library's ABI; the
 * server reaches libraries only through include/kiln.h, by dlopen. */
#ifndef KILN_SERVE_H
#define KILN_SERVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- json.c: a JSON document parsed into one arena ---- */

typedef enum { JS_NULL, JS_BOOL, JS_NUM, JS_STR, JS_ARR, JS_OBJ } JsKind;

typedef struct Js Js;
struct Js {
  JsKind kind;
  bool b;        /* JS_BOOL */
  bool integral; /* JS_NUM written without fraction or exponent, and fits int64 */
  int64_t i;     /* JS_NUM when integral */
  double num;    /* JS_NUM */
  char *str;     /* JS_STR: UTF-8, NUL-terminated (may hold NULs: use len) */
  size_t len;    /* JS_STR: bytes; JS_ARR, JS_OBJ: items */
  Js **items;    /* JS_ARR items, JS_OBJ values */
  char **keys;   /* JS_OBJ keys, NUL-terminated */
};

/* Blocks of memory freed together. */
typedef struct JsArena JsArena;
JsArena *js_arena_new(void);
void js_arena_free(JsArena *a);
void *js_alloc(JsArena *a, size_t n);

/* Parse text; NULL on malformed JSON (or invalid UTF-8, or a lone
 * surrogate escape) with a message in err. */
Js *js_parse(JsArena *a, const char *text, size_t len, char *err, size_t errlen);
/* The value of key in an object, NULL when absent or obj is no object. */
Js *js_get(const Js *obj, const char *key);

/* A growing byte buffer, the writer of every response. */
typedef struct {
  char *data;
  size_t len, cap;
} SBuf;
void sb_put(SBuf *b, const void *p, size_t n);
void sb_puts(SBuf *b, const char *s);
void sb_printf(SBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_json_str(SBuf *b, const char *s, size_t n); /* a quoted, escaped JSON string (bytes that are not UTF-8: U+FFFD) */
void sb_json_double(SBuf *b, double d);             /* json.dumps's spelling (repr) */
void sb_base64(SBuf *b, const unsigned char *p, size_t n);
void sb_free(SBuf *b);

/* ---- models.c: the libraries and what they serve ---- */

#include "../include/kiln.h"

#include <microhttpd.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/types.h>
#include <time.h>

/* A loaded library: include/kiln.h's functions looked up by dlsym. */
typedef struct Lib {
  const char *path;
  void *dl;
  kiln_module *m;
  bool busy; /* a thread is calling it (guarded by the job queue's lock) */
  atomic_llong call_ns; /* a moving average of an embedding call's time; 0: none yet */
  __typeof__(kiln_manifest) *manifest;
  __typeof__(kiln_open) *open;
  __typeof__(kiln_close) *close;
  __typeof__(kiln_call) *call;
  __typeof__(kiln_call_stream) *call_stream;
  __typeof__(kiln_stream_next) *stream_next;
  __typeof__(kiln_stream_close) *stream_close;
  __typeof__(kiln_error_type) *error_type;
  __typeof__(kiln_error_message) *error_message;
  __typeof__(kiln_error_traceback) *error_traceback;
  __typeof__(kiln_error_free) *error_free;
  __typeof__(kiln_free) *free;
  __typeof__(kiln_none) *none;
  __typeof__(kiln_bool) *boolean;
  __typeof__(kiln_int) *integer;
  __typeof__(kiln_float) *floating;
  __typeof__(kiln_str) *str;
  __typeof__(kiln_list) *list;
  __typeof__(kiln_dict) *dict;
  __typeof__(kiln_list_append) *list_append;
  __typeof__(kiln_dict_set) *dict_set;
  __typeof__(kiln_kind_of) *kind_of;
  __typeof__(kiln_as_str) *as_str;
  __typeof__(kiln_as_int) *as_int;
  __typeof__(kiln_to_json) *to_json;
  __typeof__(kiln_release) *release;
} Lib;

/* How a parameter of the chat function gets its value. */
typedef enum { ARG_MESSAGES, ARG_MAX_TOKENS, ARG_TEMPERATURE, ARG_STOP, ARG_DEFAULT } ArgRole;

typedef struct Model {
  const char *name; /* the model id */
  Lib *lib;
  const char *embed_fn; /* NULL when it serves no embeddings */
  const char *chat_fn;  /* NULL when it serves no chat */
  int chat_nargs;
  ArgRole chat_roles[16];
  Js *chat_defaults[16]; /* ARG_DEFAULT's values, from the manifest */
  bool chat_stops;       /* the function takes the stop strings itself */
  const char *tokens_fn; /* prompt_tokens(messages) -> int, when exported: real usage */
  const char *count_fn;  /* else count_tokens(text) -> int, summed over the contents */
  JsArena *arena;        /* the manifest's tree */
} Model;

bool model_add(const char *spec); /* NAME=LIB.so; false (and a message) on error */
Model *model_find(const char *name);
const char *model_serves(const Model *m); /* "embeddings", "chat", "embeddings, chat" */
void models_close(void);
/* A JSON value as a library's value (NULL when memory runs out). */
kiln_value *model_value(Lib *lib, const Js *v);

/* ---- serve.c: requests, jobs, the HTTP side ---- */

enum { MAX_BATCH_INPUTS = 2048 };
/* An embedding call whose average time is under this runs in the HTTP
 * thread when its library is idle: two thread hand-offs cost more. */
enum { INLINE_MAX_NS = 100000 };

typedef enum { JOB_EMBED, JOB_CHAT, JOB_STREAM } JobKind;
typedef struct Req Req;

typedef struct Job {
  JobKind kind;
  Model *model;
  Lib *lib;
  Req *req;
  struct Job *next; /* the queue; a batch of embedding jobs */
  /* embeddings */
  Js **inputs;
  size_t ninputs;
  bool base64;
  int64_t dimensions; /* 0: the model's own */
  double *vecs;       /* ninputs x dim, from embed_run */
  size_t dim;
  int status;         /* embed_run's failure: an HTTP status, 0 when fine */
  SBuf error;         /* and its JSON body */
  /* chat */
  Js *messages;
  int64_t max_tokens;
  double temperature;  /* 1.0, OpenAI's default, unless the request names one */
  bool temperature_set;
  bool include_usage;
  kiln_stream *stream;
  int64_t ntokens, prompt_tokens;
  /* stop strings (the request's `stop`): passed to a function that takes
   * them, else cut here: acc is the text so far, acc[:sent] sent */
  const char *stops[4];
  size_t stop_lens[4];
  int nstops;
  SBuf acc;
  size_t sent;
  bool stopped; /* a stop string ended the reply */
} Job;

typedef enum { REQ_NEW, REQ_ROUTED, REQ_ANSWERED } ReqState;

struct Req {
  pthread_mutex_t mu; /* guards state..closed between MHD's threads and the workers */
  atomic_int refs;    /* MHD's, a queued job's, a stream response's */
  struct MHD_Connection *conn;
  SBuf body;    /* the request body */
  bool too_big; /* past --max-body: 413 */
  JsArena *arena;
  ReqState state;
  int status;    /* a worker's answer */
  SBuf out;      /* its body, or a stream's SSE text not yet sent */
  size_t out_pos;
  bool finished;  /* the stream has ended */
  bool suspended; /* the connection waits for the worker */
  bool closed;    /* MHD is done with the connection */
  bool inline_call; /* answered in the HTTP thread: nothing to resume */
  time_t created;
  char id[48];
  Job job;
};

typedef struct Server {
  Model models[64];
  int nmodels;
  const char *api_key; /* NULL: no auth */
  size_t max_body;
  int max_queue; /* --queue */
  time_t started;
} Server;
extern Server srv;

int serve_main(int argc, char **argv);
void req_unref(Req *r);
void req_answer(Req *r, int status, SBuf *body);
void req_stream_push(Req *r, const SBuf *text, bool finished);
void job_push(Job *j);
bool queue_full(void); /* the queue holds --queue jobs: refuse new requests */
/* Mark lib busy for a call in the HTTP thread, when it is idle and no job
 * waits for it; lib_idle gives it back. */
bool lib_claim(Lib *lib);
void lib_idle(Lib *lib);
int queue_answer(struct MHD_Connection *conn, Req *r); /* r's answer, now */
int queue_json(struct MHD_Connection *conn, int status, SBuf *body);
int queue_error(struct MHD_Connection *conn, int status, const char *type, const char *param,
                const char *code, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
int queue_stream(struct MHD_Connection *conn, Req *r);

/* ---- openai.c: the endpoints ---- */

/* {"error": {"message", "type", "param", "code"}}: OpenAI's error shape. */
void error_json(SBuf *b, const char *msg, const char *type, const char *param, const char *code);
/* A request whose headers and body are in, authorised: answer it or queue a job. */
int route(struct MHD_Connection *conn, Req *r, const char *url, const char *method);
void embed_run(Job *batch);    /* one native call for the batch; the library is busy */
void embed_answer(Job *batch); /* each request's response */
void chat_run(Job *j);         /* a whole completion */
bool stream_step(Job *j);      /* one item of a stream; false at its end */

/* A command line error with its diagnostic code (compiler/errors.c,
 * errors.def): "WHO: error[K0506]: MESSAGE" on stderr. */
void cli_error(const char *who, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
