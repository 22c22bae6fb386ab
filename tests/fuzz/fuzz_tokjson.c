/* fuzz_tokjson.c — libFuzzer harness for the tokenizer.json loader
 * (runtime/tokjson.c's JSON tree, then tokenizer.c's and tokmodel.c's
 * construction of normalizers, pre-tokenizers, the model, the
 * post-processor and decoders from it). An input that loads is then used:
 * a few texts are encoded (with special tokens, and a batch padded when the
 * file enables padding) and the ids decoded back. Loading may fail (NULL
 * with a message) but never crash; a loaded tokenizer must encode and
 * decode any text without crashing.
 */
#include "tokenizer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const texts[] = {
    "Hello, world! The quick brown fox.",
    "  leading and trailing spaces  ",
    "caf\xc3\xa9 na\xc3\xafve \xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e \xf0\x9f\x98\x80 [CLS] <s> </s>",
    "",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
};
enum { NTEXTS = sizeof texts / sizeof *texts };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char err[TK_ERRLEN];
  err[0] = 0;
  Tok *t = tk_load_text((const char *)data, size, "<fuzz>", err);
  if (!t) {
    if (!err[0]) {
      fprintf(stderr, "fuzz_tokjson: tk_load_text failed without a message\n");
      abort();
    }
    return 0;
  }
  TkEncoding encs[NTEXTS];
  memset(encs, 0, sizeof encs);
  int n = 0;
  for (int i = 0; i < NTEXTS; i++) {
    if (tk_encode(t, texts[i], strlen(texts[i]), i % 2, &encs[n], err) == 0) {
      char *out = NULL;
      size_t outlen = 0;
      if (tk_decode(t, encs[n].ids, encs[n].n, i % 2, &out, &outlen, err) == 0)
        free(out);
      for (int k = 0; k < encs[n].n; k++) {
        int32_t len;
        const char *s = tk_id_to_token(t, encs[n].ids[k], &len);
        if (s)
          tk_token_to_id(t, s, (size_t)len);
      }
      n++;
    }
  }
  if (n)
    tk_pad_batch(t, encs, n, err);
  for (int i = 0; i < n; i++)
    tk_enc_free(&encs[i]);
  /* ids the vocabulary does not have decode too (skipped or an error) */
  int32_t odd[] = {-1, 0, 1, tk_vocab_size(t, 1), TK_MAX_ID, 2147483647};
  char *out = NULL;
  size_t outlen = 0;
  if (tk_decode(t, odd, (int32_t)(sizeof odd / sizeof *odd), 0, &out, &outlen, err) == 0)
    free(out);
  tk_free(t);
  return 0;
}
