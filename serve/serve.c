/* serve.c — `kiln serve NAME=LIB.so ...`: an OpenAI-compatible HTTP server
 * over compiled libraries (libmicrohttpd).
 *
 * Each NAME=LIB.so is dlopen()ed and opened once; what it serves follows
 * from its manifest (models.c picks the functions). The design:
 *
 *   - libmicrohttpd's own thread pool (one thread per core, epoll) does all
 *     network I/O and never runs compiled code. A request that needs a
 *     library is validated there (openai.c), becomes a Job on one queue,
 *     and its connection is suspended.
 *   - A worker pool (one thread per core) takes jobs off the queue. A
 *     library serialises calls with its own lock, so a library that is busy
 *     is skipped: its embedding jobs pile up meanwhile, and the next worker
 *     to take one takes all of them, concatenated into one native call
 *     (concurrent requests batched), then splits the rows back.
 *   - A worker writes the answer into the request and resumes its
 *     connection; MHD calls the handler again, which queues the response.
 *   - Except: an embedding function whose calls average under
 *     INLINE_MAX_NS runs in the HTTP thread when its library is idle and
 *     no job waits for it (the hand-offs would cost more than the call).
 *   - A streaming chat is a job that pulls one item from the generator per
 *     turn and goes back to the end of the queue, so streams and embedding
 *     batches interleave on the workers. Its SSE response is read by MHD
 *     from a buffer; when the buffer is empty the reader suspends the
 *     connection and the next item resumes it.
 *   - SIGTERM/SIGINT: stop accepting, answer new requests on open
 *     connections with 503, let the requests in flight finish (up to a
 *     grace period), then stop.
 */
#include "serve.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

Server srv;

/* ---- requests ---- */

static Req *req_new(struct MHD_Connection *conn) {
  Req *r = calloc(1, sizeof *r);
  if (!r)
    return NULL;
  pthread_mutex_init(&r->mu, NULL);
  atomic_init(&r->refs, 1); /* MHD's, given back when the request completes */
  r->conn = conn;
  r->created = time(NULL);
  return r;
}

void req_unref(Req *r) {
  if (atomic_fetch_sub(&r->refs, 1) != 1)
    return;
  if (r->job.stream)
    r->job.lib->stream_close(r->job.stream);
  free(r->job.vecs);
  sb_free(&r->job.acc);
  sb_free(&r->body);
  sb_free(&r->out);
  js_arena_free(r->arena);
  pthread_mutex_destroy(&r->mu);
  free(r);
}

/* A worker's answer to a suspended request: the handler queues it when MHD
 * calls it again. Takes ownership of body. */
void req_answer(Req *r, int status, SBuf *body) {
  pthread_mutex_lock(&r->mu);
  r->status = status;
  sb_free(&r->out);
  r->out = *body;
  *body = (SBuf){0};
  r->state = REQ_ANSWERED;
  if (!r->closed && !r->inline_call)
    MHD_resume_connection(r->conn);
  pthread_mutex_unlock(&r->mu);
}

/* More of a stream's SSE text; finished marks its end. */
void req_stream_push(Req *r, const SBuf *text, bool finished) {
  pthread_mutex_lock(&r->mu);
  if (text)
    sb_put(&r->out, text->data, text->len);
  r->finished |= finished;
  if (r->suspended && !r->closed) {
    r->suspended = false;
    MHD_resume_connection(r->conn);
  }
  pthread_mutex_unlock(&r->mu);
}

/* MHD reads a stream's body from here. */
static ssize_t stream_reader(void *cls, uint64_t pos, char *buf, size_t max) {
  Req *r = cls;
  pthread_mutex_lock(&r->mu);
  ssize_t n = 0;
  if (r->out_pos < r->out.len) {
    size_t k = r->out.len - r->out_pos;
    if (k > max)
      k = max;
    memcpy(buf, r->out.data + r->out_pos, k);
    r->out_pos += k;
    if (r->out_pos == r->out.len)
      r->out_pos = r->out.len = 0;
    n = (ssize_t)k;
  } else if (r->finished) {
    n = MHD_CONTENT_READER_END_OF_STREAM;
  } else { /* nothing yet: park the connection until the worker pushes */
    r->suspended = true;
    MHD_suspend_connection(r->conn);
  }
  pthread_mutex_unlock(&r->mu);
  return n;
}

static void stream_free(void *cls) { req_unref(cls); }

/* ---- the job queue and the workers ---- */

static struct {
  pthread_mutex_t mu;
  pthread_cond_t cv;
  Job *head, *tail;
  atomic_int len; /* jobs waiting: requests over --queue are refused (503) */
  bool stop;
} q = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, NULL, 0, false};

bool queue_full(void) { return atomic_load(&q.len) >= srv.max_queue; }

void job_push(Job *j) {
  pthread_mutex_lock(&q.mu);
  j->next = NULL;
  if (q.tail)
    q.tail->next = j;
  else
    q.head = j;
  q.tail = j;
  atomic_fetch_add(&q.len, 1);
  if (!j->lib->busy) /* else the worker that makes it idle wakes one */
    pthread_cond_signal(&q.cv);
  pthread_mutex_unlock(&q.mu);
}

/* Unlink j from the queue (q.mu held); prev is its predecessor or NULL. */
static void unlink_job(Job *prev, Job *j) {
  if (prev)
    prev->next = j->next;
  else
    q.head = j->next;
  if (q.tail == j)
    q.tail = prev;
  j->next = NULL;
  atomic_fetch_sub(&q.len, 1);
}

/* Take the first job whose library is idle, and with an embedding job every
 * queued embedding job for the same model (up to a batch's worth of inputs),
 * chained through next. NULL when the workers stop. */
static Job *take_jobs(void) {
  pthread_mutex_lock(&q.mu);
  for (;;) {
    Job *prev = NULL, *j = q.head;
    while (j && j->lib->busy)
      prev = j, j = j->next;
    if (j) {
      j->lib->busy = true;
      unlink_job(prev, j);
      if (j->kind == JOB_EMBED) {
        size_t inputs = j->ninputs;
        Job *last = j, *p = prev, *k = prev ? prev->next : q.head;
        while (k && inputs < MAX_BATCH_INPUTS) {
          Job *next = k->next;
          if (k->kind == JOB_EMBED && k->model == j->model && inputs + k->ninputs <= MAX_BATCH_INPUTS) {
            unlink_job(p, k);
            last->next = k;
            last = k;
            inputs += k->ninputs;
          } else {
            p = k;
          }
          k = next;
        }
      }
      pthread_mutex_unlock(&q.mu);
      return j;
    }
    if (q.stop) {
      pthread_mutex_unlock(&q.mu);
      return NULL;
    }
    pthread_cond_wait(&q.cv, &q.mu);
  }
}

bool lib_claim(Lib *lib) {
  pthread_mutex_lock(&q.mu);
  bool ok = !lib->busy;
  for (Job *j = q.head; ok && j; j = j->next)
    ok = j->lib != lib;
  lib->busy |= ok;
  pthread_mutex_unlock(&q.mu);
  return ok;
}

void lib_idle(Lib *lib) {
  pthread_mutex_lock(&q.mu);
  lib->busy = false;
  for (Job *j = q.head; j; j = j->next)
    if (j->lib == lib) { /* one worker for the jobs that waited: a wake-up per batch */
      pthread_cond_signal(&q.cv);
      break;
    }
  pthread_mutex_unlock(&q.mu);
}

static void *worker(void *arg) {
  Job *j;
  while ((j = take_jobs())) {
    Lib *lib = j->lib;
    switch (j->kind) {
    case JOB_EMBED:
      embed_run(j);   /* the native call, with the library busy */
      lib_idle(lib);
      embed_answer(j); /* each request's response, in parallel with the next batch */
      break;
    case JOB_CHAT:
      chat_run(j);
      lib_idle(lib);
      break;
    case JOB_STREAM: {
      bool more = stream_step(j);
      lib_idle(lib);
      if (more)
        job_push(j);
      else
        req_unref(j->req);
      break;
    }
    }
  }
  return NULL;
}

/* ---- HTTP ---- */

static atomic_int inflight;
static atomic_bool draining;

int queue_json(struct MHD_Connection *conn, int status, SBuf *body) {
  struct MHD_Response *resp =
      MHD_create_response_from_buffer(body->len, body->data, MHD_RESPMEM_MUST_FREE);
  *body = (SBuf){0};
  if (!resp)
    return MHD_NO;
  MHD_add_response_header(resp, "Content-Type", "application/json");
  if (status == 503) /* overloaded: when to try again, as OpenAI's and vLLM's 503s say */
    MHD_add_response_header(resp, "Retry-After", "1");
  if (atomic_load(&draining))
    MHD_add_response_header(resp, "Connection", "close");
  int rc = MHD_queue_response(conn, (unsigned)status, resp);
  MHD_destroy_response(resp);
  return rc;
}

int queue_error(struct MHD_Connection *conn, int status, const char *type, const char *param,
                const char *code, const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  SBuf b = {0};
  error_json(&b, msg, type, param, code);
  return queue_json(conn, status, &b);
}

int queue_answer(struct MHD_Connection *conn, Req *r) {
  pthread_mutex_lock(&r->mu);
  SBuf body = r->out;
  r->out = (SBuf){0};
  int status = r->status;
  pthread_mutex_unlock(&r->mu);
  return queue_json(conn, status, &body);
}

/* The SSE response of a streaming chat: MHD pulls it from r->out. */
int queue_stream(struct MHD_Connection *conn, Req *r) {
  atomic_fetch_add(&r->refs, 1); /* the response's, given back by stream_free */
  struct MHD_Response *resp =
      MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 16384, stream_reader, r, stream_free);
  if (!resp) {
    req_unref(r);
    return MHD_NO;
  }
  MHD_add_response_header(resp, "Content-Type", "text/event-stream");
  MHD_add_response_header(resp, "Cache-Control", "no-cache");
  int rc = MHD_queue_response(conn, 200, resp);
  MHD_destroy_response(resp);
  return rc;
}

/* Constant-time comparison, so the key cannot be guessed byte by byte. */
static bool same_key(const char *a, const char *b) {
  size_t na = strlen(a), nb = strlen(b);
  unsigned char d = na != nb;
  for (size_t i = 0; i < na; i++)
    d |= (unsigned char)(a[i] ^ b[i % (nb ? nb : 1)]);
  return d == 0;
}

static enum MHD_Result handler(void *cls, struct MHD_Connection *conn, const char *url, const char *method,
                   const char *version, const char *upload, size_t *upload_size, void **con_cls) {
  Req *r = *con_cls;
  if (!r) { /* the headers are in; the body (if any) follows */
    if (!(r = req_new(conn)))
      return MHD_NO;
    *con_cls = r;
    atomic_fetch_add(&inflight, 1);
    const char *cl = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Content-Length");
    if (cl && strtoull(cl, NULL, 10) > srv.max_body) { /* refused before it is read */
      r->too_big = true;
      r->state = REQ_ROUTED;
      return queue_error(conn, 413, "invalid_request_error", NULL, "request_too_large",
                         "Request body too large: the limit is %zu bytes.", srv.max_body);
    }
    return MHD_YES;
  }
  if (*upload_size) {
    if (r->state != REQ_NEW) { /* answered already (413): the rest is dropped */
      *upload_size = 0;
      return MHD_YES;
    }
    if (!r->too_big && r->body.len + *upload_size <= srv.max_body)
      sb_put(&r->body, upload, *upload_size);
    else
      r->too_big = true;
    *upload_size = 0;
    return MHD_YES;
  }
  if (r->state == REQ_ANSWERED) /* a worker's answer, after the resume */
    return queue_answer(conn, r);
  if (r->state != REQ_NEW)
    return MHD_YES;
  r->state = REQ_ROUTED;
  if (atomic_load(&draining))
    return queue_error(conn, 503, "server_error", NULL, NULL, "The server is shutting down.");
  if (r->too_big)
    return queue_error(conn, 413, "invalid_request_error", NULL, "request_too_large",
                       "Request body too large: the limit is %zu bytes.", srv.max_body);
  if (!strcmp(url, "/health") || !strcmp(url, "/v1/health")) {
    SBuf b = {0};
    sb_puts(&b, "{\"status\":\"ok\"}");
    return queue_json(conn, 200, &b);
  }
  if (srv.api_key) {
    const char *auth = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Authorization");
    if (!auth || strncasecmp(auth, "Bearer ", 7))
      return queue_error(conn, 401, "invalid_request_error", NULL, NULL,
                         "You didn't provide an API key. You need to provide your API key in an "
                         "Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).");
    const char *key = auth + 7;
    while (*key == ' ')
      key++;
    if (!same_key(key, srv.api_key))
      return queue_error(conn, 401, "invalid_request_error", NULL, "invalid_api_key",
                         "Incorrect API key provided.");
  }
  return route(conn, r, url, method);
}

static void completed(void *cls, struct MHD_Connection *conn, void **con_cls,
                      enum MHD_RequestTerminationCode toe) {
  Req *r = *con_cls;
  if (!r)
    return;
  *con_cls = NULL;
  pthread_mutex_lock(&r->mu);
  r->closed = true; /* a stream still running stops at its next turn */
  pthread_mutex_unlock(&r->mu);
  req_unref(r);
  atomic_fetch_sub(&inflight, 1);
}

/* ---- the command ---- */

static const char usage[] =
    "usage: kiln serve NAME=LIB.so ... [--port N] [--host ADDR] [--api-key KEY]\n"
    "\n"
    "An OpenAI-compatible HTTP server over libraries compiled by kiln compile.\n"
    "Each NAME is a model id. A library serves embeddings when it exports a\n"
    "function taking list[str] and returning list[list[float]], and chat\n"
    "completions when it exports a generator taking list[dict[str, str]]\n"
    "(the messages; parameters named max_tokens and temperature get the\n"
    "request's values) and yielding str.\n"
    "\n"
    "endpoints: POST /v1/embeddings, POST /v1/chat/completions (stream too),\n"
    "           GET /v1/models, GET /v1/models/NAME, GET /health\n"
    "\n"
    "options:\n"
    "  --port N          TCP port (default 8000; 0 picks a free one)\n"
    "  --host ADDR       address to listen on (default 127.0.0.1)\n"
    "  --api-key KEY     require Authorization: Bearer KEY (not on /health);\n"
    "                    without it, the environment's KILN_API_KEY if set (a key\n"
    "                    in the environment does not show in ps)\n"
    "  --threads N       HTTP threads and workers, each (default: the cores)\n"
    "  --max-body BYTES  largest request body (default 16777216; larger: 413)\n"
    "  --queue N         requests waiting for a worker before new ones get 503\n"
    "                    (default 4096)\n"
    "  --grace SECONDS   on SIGTERM, how long requests in flight may finish (default 30)\n";

/* Connections the kernel accepted on the listening socket that MHD never
 * took: closing the socket would reset them, so a client that sent its
 * request there would see it cut off. Each gets a 503 instead (its request
 * is read and dropped after the answer, so closing does not reset it). */
static void refuse_backlog(MHD_socket ls) {
#define REFUSED_BODY \
  "{\"error\":{\"message\":\"The server is shutting down.\",\"type\":\"server_error\",\"param\":null,\"code\":null}}"
  _Static_assert(sizeof REFUSED_BODY - 1 == 99, "Content-Length below");
  static const char resp[] = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
                             "Retry-After: 1\r\nConnection: close\r\nContent-Length: 99\r\n\r\n" REFUSED_BODY;
  int fds[256];
  int n = 0;
  fcntl(ls, F_SETFL, fcntl(ls, F_GETFL) | O_NONBLOCK);
  for (int fd; n < 256 && (fd = accept4(ls, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC)) >= 0;)
    fds[n++] = fd;
  close(ls); /* at once: later connections are refused, not queued and then reset */
  for (int i = 0; i < n; i++) {
    ssize_t w = send(fds[i], resp, sizeof resp - 1, MSG_NOSIGNAL);
    (void)w;
    shutdown(fds[i], SHUT_WR);
  }
  /* read what the clients send until they close, for up to a second */
  struct pollfd pf[256];
  for (int i = 0; i < n; i++)
    pf[i] = (struct pollfd){.fd = fds[i], .events = POLLIN};
  struct timespec t0;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int open = n; open > 0;) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    long left = 1000 - ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000);
    if (left <= 0 || poll(pf, (nfds_t)n, (int)left) <= 0)
      break;
    char buf[4096];
    for (int i = 0; i < n; i++)
      if (pf[i].fd >= 0 && pf[i].revents && recv(pf[i].fd, buf, sizeof buf, 0) <= 0) {
        close(pf[i].fd);
        pf[i].fd = -1;
        open--;
      }
  }
  for (int i = 0; i < n; i++)
    if (pf[i].fd >= 0)
      close(pf[i].fd);
}

static bool parse_uint(const char *s, unsigned long long max, unsigned long long *out) {
  char *end;
  if (!s || !*s || *s == '-')
    return false;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (*end || errno || v > max)
    return false;
  *out = v;
  return true;
}

int serve_main(int argc, char **argv) {
  const char *host = "127.0.0.1";
  unsigned long long port = 8000, threads = 0, max_body = 16u << 20, grace = 30, max_queue = 4096;
  srv.max_body = (size_t)max_body;
  const char *env_key = getenv("KILN_API_KEY");
  if (env_key && *env_key)
    srv.api_key = env_key;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
    bool ok = true;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      fputs(usage, stdout);
      return 0;
    } else if (!strcmp(a, "--port"))
      ok = parse_uint(val, 65535, &port), i++;
    else if (!strcmp(a, "--host"))
      ok = val != NULL, host = val, i++;
    else if (!strcmp(a, "--api-key"))
      ok = val && *val, srv.api_key = val, i++;
    else if (!strcmp(a, "--threads"))
      ok = parse_uint(val, 256, &threads) && threads > 0, i++;
    else if (!strcmp(a, "--max-body"))
      ok = parse_uint(val, 1ull << 32, &max_body) && max_body > 0, i++;
    else if (!strcmp(a, "--queue"))
      ok = parse_uint(val, 1u << 20, &max_queue) && max_queue > 0, i++;
    else if (!strcmp(a, "--grace"))
      ok = parse_uint(val, 86400, &grace), i++;
    else if (a[0] == '-') {
      cli_error("kiln serve", "unknown option '%s'", a);
      fputs(usage, stderr);
      return 2;
    } else if (!model_add(a))
      return 1;
    if (!ok) {
      cli_error("kiln serve", "bad value for %s: '%s'", a, val ? val : "");
      return 2;
    }
  }
  srv.max_body = (size_t)max_body;
  srv.max_queue = (int)max_queue;
  if (srv.nmodels == 0) {
    fputs(usage, stderr);
    return 2;
  }
  if (!threads) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    threads = n > 0 ? (unsigned long long)n : 1;
  }

  struct sockaddr_in a4 = {0};
  struct sockaddr_in6 a6 = {0};
  struct sockaddr *addr;
  unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | MHD_ALLOW_SUSPEND_RESUME |
                   MHD_USE_ITC;
  if (inet_pton(AF_INET, host, &a4.sin_addr) == 1) {
    a4.sin_family = AF_INET;
    a4.sin_port = htons((uint16_t)port);
    addr = (struct sockaddr *)&a4;
  } else if (inet_pton(AF_INET6, host, &a6.sin6_addr) == 1) {
    a6.sin6_family = AF_INET6;
    a6.sin6_port = htons((uint16_t)port);
    addr = (struct sockaddr *)&a6;
    flags |= MHD_USE_IPv6;
  } else {
    cli_error("kiln serve", "--host wants an IPv4 or IPv6 address, not '%s'", host);
    return 2;
  }

  /* SIGTERM and SIGINT are taken by sigwait below, in this thread only;
   * a client that goes away must not kill the server with SIGPIPE */
  sigset_t sigs;
  sigemptyset(&sigs);
  sigaddset(&sigs, SIGTERM);
  sigaddset(&sigs, SIGINT);
  pthread_sigmask(SIG_BLOCK, &sigs, NULL);
  signal(SIGPIPE, SIG_IGN);

  srv.started = time(NULL);
  pthread_t *workers = calloc(threads, sizeof *workers);
  for (unsigned long long i = 0; i < threads; i++)
    pthread_create(&workers[i], NULL, worker, NULL);

  struct MHD_Daemon *d = MHD_start_daemon(
      flags, 0, NULL, NULL, handler, NULL, MHD_OPTION_SOCK_ADDR, addr,
      MHD_OPTION_THREAD_POOL_SIZE, (unsigned)threads, MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
      MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)120, MHD_OPTION_CONNECTION_LIMIT, (unsigned)4096,
      MHD_OPTION_LISTEN_BACKLOG_SIZE, (unsigned)1024, MHD_OPTION_END);
  if (!d) {
    cli_error("kiln serve", "cannot listen on %s port %llu: %s", host, port,
              errno ? strerror(errno) : "libmicrohttpd failed to start");
    return 1;
  }
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
  unsigned bound = info ? info->port : (unsigned)port;
  fprintf(stderr, "kiln serve: %d model%s (", srv.nmodels, srv.nmodels == 1 ? "" : "s");
  for (int i = 0; i < srv.nmodels; i++)
    fprintf(stderr, "%s%s: %s", i ? ", " : "", srv.models[i].name, model_serves(&srv.models[i]));
  fprintf(stderr, "), %llu threads\n", threads);
  fprintf(stderr, "kiln serve: listening on http://%s%s%s:%u\n", addr->sa_family == AF_INET6 ? "[" : "",
          host, addr->sa_family == AF_INET6 ? "]" : "", bound);
  fflush(stderr);

  int sig;
  sigwait(&sigs, &sig);
  fprintf(stderr, "kiln serve: %s: finishing %d request%s in flight\n", sig == SIGTERM ? "SIGTERM" : "SIGINT",
          atomic_load(&inflight), atomic_load(&inflight) == 1 ? "" : "s");
  atomic_store(&draining, true);
  MHD_socket ls = MHD_quiesce_daemon(d); /* no new connections */
  if (ls != MHD_INVALID_SOCKET)
    refuse_backlog(ls);
  /* in flight: requests MHD has read the headers of. A connection it has
   * just accepted may not have got that far yet: inflight must stay 0 for
   * a few ticks before the daemon (and such a connection) is stopped. */
  struct timespec tick = {0, 10 * 1000 * 1000};
  for (unsigned long long waited = 0, quiet = 0; quiet < 5 && waited < grace * 100; waited++) {
    quiet = atomic_load(&inflight) > 0 ? 0 : quiet + 1;
    nanosleep(&tick, NULL);
  }
  if (atomic_load(&inflight) > 0) { /* suspended connections cannot be stopped cleanly */
    fprintf(stderr, "kiln serve: %d request%s still running after %llu s; exiting\n",
            atomic_load(&inflight), atomic_load(&inflight) == 1 ? "" : "s", grace);
    _exit(1);
  }
  MHD_stop_daemon(d);
  pthread_mutex_lock(&q.mu);
  q.stop = true;
  pthread_cond_broadcast(&q.cv);
  pthread_mutex_unlock(&q.mu);
  for (unsigned long long i = 0; i < threads; i++)
    pthread_join(workers[i], NULL);
  free(workers);
  models_close();
  fprintf(stderr, "kiln serve: stopped\n");
  return 0;
}
