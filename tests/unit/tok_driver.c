/* tok_driver.c — runs runtime/tokenizer.c alone, for test_tokenizers.py.
 *
 *   tok_driver TOKENIZER.json INPUTS.json [add_special]
 *       INPUTS.json is a JSON list of strings; prints one JSON line per
 *       string: {"ids": [...], "offsets": [[s, e], ...], "tokens": [...], "decoded": "...",
 *       "decoded_skip": "..."} or {"error": "..."}
 *   tok_driver --bench TOKENIZER.json INPUTS.json ROUNDS
 *       encodes every input ROUNDS times; prints tokens, seconds, tokens/s
 *   tok_driver --load TOKENIZER.json
 *       loads it; prints "ok" and the load time, or the error (exit 1) */
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

int main(int argc, char **argv) {
  char err[TK_ERRLEN];
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
