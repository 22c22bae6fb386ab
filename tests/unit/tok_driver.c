/* tok_driver.c — runs runtime/tokenizer.c alone, for test_tokenizers.py.
 *
 *   tok_driver TOKENIZER.json INPUTS.json [add_special]
 *       INPUTS.json is a JSON list of strings; prints one JSON line per
 *       string: {"ids": [...], "offsets": [[s, e], ...], "tokens": [...], "decoded": "...",
 *       "decoded_skip": "..."} or {"error": "..."}
 *   tok_driver --bench TOKENIZER.json INPUTS.json ROUNDS
 *       encodes every input ROUNDS times; prints tokens, seconds, tokens/s
 *   tok_driver --load TOKENIZER.json
 *       loads it; prints "ok" and the load time, or the error (exit 1)
 *   tok_driver --threads N TOKENIZER.json INPUTS.json
 *       encodes every input once alone, then from N threads at once, each
 *       twice over in its own order (BPE's word cache is shared); prints
 *       "ok T encodings" if every encoding's ids and offsets match the
 *       lone ones, else the first difference (exit 1). Built with TSan by
 *       test_tokenizers.py.
 *   tok_driver --splitcheck N SEED
 *       the hand-written matchers of the GPT-2, Llama 3 and Qwen 2 split
 *       patterns (runtime/toksplit.c) against PCRE2 running the same
 *       pattern (written as (?:PATTERN), which toksplit.c does not
 *       recognise): every code point in a dozen contexts, then N random
 *       strings; a WordLevel model with only [UNK] makes each piece one
 *       token, so the offsets are the splits. Prints one JSON line per
 *       pattern: {"pattern", "codepoints", "random", "mismatched_cps" (up
 *       to 10,000), "n_mismatched_cps", "bad_random" (up to 20 strings)} */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tokenizer.h"
#include "embed.h"

/* The driver links the tokenizer's files without the rest of the runtime:
 * no program is compiled here, so nothing is embedded (runtime/embed.c). */
const KrEmbedFile *kr_embed_find(const char *path) {
  (void)path;
  return NULL;
}

/* Nor the allocation-failure hook: the tokenizer's allocations are malloc's. */
void *tk_malloc(size_t n) { return malloc(n); }
void *tk_calloc(size_t n, size_t size) { return calloc(n, size); }
void *tk_realloc(void *p, size_t n) { return realloc(p, n); }

static char *slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long l = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *b = malloc((size_t)l + 1);
  if (!b || fread(b, 1, (size_t)l, f) != (size_t)l) exit(2);
  fclose(f);
  *n = (size_t)l;
  return b;
}

static void put_json_str(const char *s, size_t n) {
  putchar('"');
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\') printf("\\%c", c);
    else if (c < 0x20) printf("\\u%04x", c);
    else putchar(c);
  }
  putchar('"');
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- --threads ---- */

typedef struct ThreadJob {
  Tok *t;
  TjNode *in;
  TkEncoding *ref;
  int id, bad;
  long done;
} ThreadJob;

static void *thread_run(void *arg) {
  ThreadJob *j = arg;
  char err[TK_ERRLEN];
  int32_t n = j->in->len;
  for (int pass = 0; pass < 2; pass++)
    for (int32_t q = 0; q < n && !j->bad; q++) {
      int32_t i = (int32_t)(((int64_t)q * (2 * j->id + 1) + j->id * 7 + pass) % n); /* each thread its own order */
      TkEncoding e;
      if (tk_encode(j->t, j->in->items[i]->str, (size_t)j->in->items[i]->len, 1, &e, err) < 0) { j->bad = 1; break; }
      TkEncoding *r = &j->ref[i];
      int same = e.n == r->n;
      for (int32_t k = 0; same && k < e.n; k++)
        same = e.ids[k] == r->ids[k] && e.starts[k] == r->starts[k] && e.ends[k] == r->ends[k];
      if (!same) {
        fprintf(stderr, "thread %d: input %d encodes differently\n", j->id, i);
        j->bad = 1;
      }
      tk_enc_free(&e);
      j->done++;
    }
  return NULL;
}

static int threads_check(int nthreads, const char *tok, const char *inputs) {
  char err[TK_ERRLEN];
  Tok *t = tk_load(tok, err);
  if (!t) { printf("%s\n", err); return 1; }
  size_t n;
  char *text = slurp(inputs, &n);
  TjArena *ar;
  TjNode *in = text ? tj_parse(text, n, &ar, err) : NULL;
  if (!in || in->type != TJ_ARR || in->len == 0) { fprintf(stderr, "bad inputs\n"); return 2; }
  TkEncoding *ref = calloc((size_t)in->len, sizeof *ref);
  for (int32_t i = 0; i < in->len; i++)
    if (tk_encode(t, in->items[i]->str, (size_t)in->items[i]->len, 1, &ref[i], err) < 0) { fprintf(stderr, "%s\n", err); return 1; }
  pthread_t th[64];
  ThreadJob jobs[64];
  if (nthreads > 64) nthreads = 64;
  for (int k = 0; k < nthreads; k++) {
    jobs[k] = (ThreadJob){t, in, ref, k, 0, 0};
    pthread_create(&th[k], NULL, thread_run, &jobs[k]);
  }
  long total = 0;
  int bad = 0;
  for (int k = 0; k < nthreads; k++) {
    pthread_join(th[k], NULL);
    total += jobs[k].done;
    bad |= jobs[k].bad;
  }
  if (!bad) printf("ok %ld encodings\n", total);
  for (int32_t i = 0; i < in->len; i++) tk_enc_free(&ref[i]);
  free(ref);
  tj_free(ar);
  free(text);
  tk_free(t);
  return bad;
}

/* ---- --splitcheck ---- */

static const char *const split_patterns[][2] = {
    {"gpt2", "'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+"},
    {"llama3", "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|"
               "\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+"},
    {"qwen2", "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|"
              "\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+"},
};

/* A tokenizer that splits with the pattern and makes each piece one [UNK]. */
static Tok *split_tok(const char *re, int wrap) {
  char json[1024], err[TK_ERRLEN], re_json[512];
  size_t n = 0;
  for (const char *p = re; *p && n + 2 < sizeof re_json; p++) { /* JSON-escape: \ and " */
    if (*p == '\\' || *p == '"') re_json[n++] = '\\';
    re_json[n++] = *p;
  }
  re_json[n] = 0;
  snprintf(json, sizeof json,
           "{\"model\": {\"type\": \"WordLevel\", \"vocab\": {\"[UNK]\": 0}, \"unk_token\": \"[UNK]\"}, "
           "\"pre_tokenizer\": {\"type\": \"Split\", \"pattern\": {\"Regex\": \"%s%s%s\"}, "
           "\"behavior\": \"Isolated\", \"invert\": false}}",
           wrap ? "(?:" : "", re_json, wrap ? ")" : "");
  Tok *t = tk_load_text(json, strlen(json), "<splitcheck>", err);
  if (!t) { fprintf(stderr, "%s\n", err); exit(2); }
  return t;
}

/* Do both split s[0..n) alike? */
static int same_split(Tok *a, Tok *b, const char *s, size_t n) {
  TkEncoding x, y;
  char err[TK_ERRLEN];
  if (tk_encode(a, s, n, 0, &x, err) < 0 || tk_encode(b, s, n, 0, &y, err) < 0) { fprintf(stderr, "%s\n", err); exit(2); }
  int same = x.n == y.n;
  for (int32_t i = 0; same && i < x.n; i++) same = x.starts[i] == y.starts[i] && x.ends[i] == y.ends[i];
  tk_enc_free(&x), tk_enc_free(&y);
  return same;
}

/* Each code point in these contexts ('@' stands for it). */
static const char *const contexts[] = {"@", " @", "a@a", "1@1", "'@", "'@e", "'l@", "@@ x", "!@!", " @@\n",
                                       "\n@  x", "@'s@", "  @", "@\r\n", "\t@1", "@1234"};

static size_t put_cp_contexts(char *o, int32_t c) {
  char u[4];
  size_t ul = 0, n = 0;
  if (c < 0x80) u[ul++] = (char)c;
  else if (c < 0x800) u[ul++] = (char)(0xC0 | c >> 6), u[ul++] = (char)(0x80 | (c & 63));
  else if (c < 0x10000) u[ul++] = (char)(0xE0 | c >> 12), u[ul++] = (char)(0x80 | (c >> 6 & 63)), u[ul++] = (char)(0x80 | (c & 63));
  else u[ul++] = (char)(0xF0 | c >> 18), u[ul++] = (char)(0x80 | (c >> 12 & 63)), u[ul++] = (char)(0x80 | (c >> 6 & 63)), u[ul++] = (char)(0x80 | (c & 63));
  for (size_t k = 0; k < sizeof contexts / sizeof *contexts; k++)
    for (const char *p = contexts[k]; *p; p++) {
      if (*p == '@') memcpy(o + n, u, ul), n += ul;
      else o[n++] = *p;
    }
  return n;
}

static const char *const rand_atoms[] = {
    " ", " ", " ", "  ", "\t", "\n", "\r", "\r\n", "\v", "\f", "'", "'", "s", "S", "t", "T", "r", "R", "e", "E",
    "v", "V", "l", "L", "m", "M", "d", "D", "x", "q", "1", "2", "9", "!", ".", ",", "-", "\"", "\xc3\xa9",
    "\xc5\xbf", "\xc2\xa0", "\xe2\x80\xa8", "\xe1\xa0\x8e", "\xe3\x80\x80", "\xd9\xa3",
    "\xe2\x85\xab", "\xc2\xbd", "\xcc\x81", "\xf0\x9f\x98\x80", "\xe4\xb8\x80", "\xc2\x85", "\xef\xbb\xbf",
    "\xe2\x80\x8b", "\xe2\x80\x83", "_", "@", "\x01", "\xe2\x84\xaa", "\xcf\x89", "\xf0\x90\x8d\x88"};

static int splitcheck(long nrand, unsigned seed) {
  int bad_any = 0;
  char *buf = malloc(1 << 16);
  for (size_t k = 0; k < sizeof split_patterns / sizeof *split_patterns; k++) {
    Tok *hand = split_tok(split_patterns[k][1], 0), *pcre = split_tok(split_patterns[k][1], 1);
    static int32_t mism[10000];
    long nmism = 0, ncp = 0, nbad = 0;
    /* every code point, 64 at a time; a block that differs is checked one by one */
    for (int32_t c0 = 0; c0 < 0x110000; c0 += 64) {
      size_t n = 0;
      for (int32_t c = c0; c < c0 + 64; c++)
        if (c < 0xD800 || c > 0xDFFF) n += put_cp_contexts(buf + n, c);
      if (same_split(hand, pcre, buf, n)) continue;
      for (int32_t c = c0; c < c0 + 64; c++) {
        if (c >= 0xD800 && c <= 0xDFFF) continue;
        size_t m = put_cp_contexts(buf, c);
        if (!same_split(hand, pcre, buf, m)) {
          if (nmism < 10000) mism[nmism] = c;
          nmism++;
        }
      }
    }
    for (int32_t c = 0; c < 0x110000; c++) ncp += c < 0xD800 || c > 0xDFFF;
    printf("{\"pattern\": \"%s\", \"codepoints\": %ld, \"random\": %ld, \"n_mismatched_cps\": %ld, \"mismatched_cps\": [",
           split_patterns[k][0], ncp, nrand, nmism);
    for (long i = 0; i < nmism && i < 10000; i++) printf("%s%d", i ? ", " : "", mism[i]);
    printf("], \"bad_random\": [");
    srand(seed + (unsigned)k);
    for (long r = 0; r < nrand; r++) {
      size_t n = 0;
      int len = rand() % 40;
      for (int q = 0; q < len; q++) {
        const char *a = rand_atoms[rand() % (int)(sizeof rand_atoms / sizeof *rand_atoms)];
        size_t al = strlen(a);
        memcpy(buf + n, a, al), n += al;
      }
      if (!same_split(hand, pcre, buf, n)) {
        if (nbad < 20) printf("%s", nbad ? ", " : ""), put_json_str(buf, n);
        nbad++;
      }
    }
    printf("], \"n_bad_random\": %ld}\n", nbad);
    bad_any |= nmism || nbad;
    tk_free(hand), tk_free(pcre);
  }
  free(buf);
  return bad_any;
}

int main(int argc, char **argv) {
  char err[TK_ERRLEN];
  if (argc >= 5 && !strcmp(argv[1], "--threads"))
    return threads_check(atoi(argv[2]), argv[3], argv[4]);
  if (argc >= 2 && !strcmp(argv[1], "--splitcheck"))
    return splitcheck(argc > 2 ? atol(argv[2]) : 10000, argc > 3 ? (unsigned)atol(argv[3]) : 1);
  if (argc >= 3 && !strcmp(argv[1], "--load")) {
    double t0 = now();
    Tok *t = tk_load(argv[2], err);
    if (!t) { printf("%s\n", err); return 1; }
    printf("ok %.1f ms\n", (now() - t0) * 1e3);
    tk_free(t);
    return 0;
  }
  int bench = argc >= 2 && !strcmp(argv[1], "--bench");
  if (bench) argv++, argc--;
  if (argc < 3) { fprintf(stderr, "usage: tok_driver [--bench] TOKENIZER.json INPUTS.json [N]\n"); return 2; }
  double t0 = now();
  Tok *t = tk_load(argv[1], err);
  if (!t) { printf("%s\n", err); return 1; }
  double tload = now() - t0;
  size_t n;
  char *in = slurp(argv[2], &n);
  TjArena *ar;
  TjNode *root = in ? tj_parse(in, n, &ar, err) : NULL;
  if (!root || root->type != TJ_ARR) { fprintf(stderr, "bad inputs: %s\n", err); return 2; }
  int add_special = argc > 3 && !bench ? atoi(argv[3]) : 1;
  if (bench) {
    int rounds = argc > 3 ? atoi(argv[3]) : 1;
    long long ntok = 0;
    double t1 = now();
    for (int r = 0; r < rounds; r++)
      for (int32_t i = 0; i < root->len; i++) {
        TkEncoding e;
        if (tk_encode(t, root->items[i]->str, (size_t)root->items[i]->len, 1, &e, err) < 0) { fprintf(stderr, "%s\n", err); return 1; }
        ntok += e.n;
        tk_enc_free(&e);
      }
    double dt = now() - t1;
    printf("{\"load_ms\": %.1f, \"tokens\": %lld, \"seconds\": %.4f, \"tokens_per_s\": %.0f}\n", tload * 1e3, ntok, dt, ntok / dt);
    return 0;
  }
  for (int32_t i = 0; i < root->len; i++) {
    TjNode *s = root->items[i];
    TkEncoding e;
    if (tk_encode(t, s->str, (size_t)s->len, add_special, &e, err) < 0) {
      printf("{\"error\": ");
      put_json_str(err, strlen(err));
      printf("}\n");
      continue;
    }
    printf("{\"ids\": [");
    for (int32_t k = 0; k < e.n; k++) printf("%s%d", k ? ", " : "", e.ids[k]);
    printf("], \"offsets\": [");
    for (int32_t k = 0; k < e.n; k++) printf("%s[%lld, %lld]", k ? ", " : "", (long long)e.starts[k], (long long)e.ends[k]);
    printf("], \"tokens\": [");
    for (int32_t k = 0; k < e.n; k++) {
      int32_t tl = 0;
      const char *ts = tk_id_to_token(t, e.ids[k], &tl);
      if (k) printf(", ");
      put_json_str(ts ? ts : "", ts ? (size_t)tl : 0);
    }
    printf("], \"decoded\": ");
    char *d;
    size_t dl;
    if (tk_decode(t, e.ids, e.n, 0, &d, &dl, err) == 0) put_json_str(d, dl), free(d);
    printf(", \"decoded_skip\": ");
    if (tk_decode(t, e.ids, e.n, 1, &d, &dl, err) == 0) put_json_str(d, dl), free(d);
    printf("}\n");
    tk_enc_free(&e);
  }
  tj_free(ar);
  free(in);
  tk_free(t);
  return 0;
}
