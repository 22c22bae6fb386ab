/* tokmod.c — the `tokenizers` module in compiled code: Tokenizer and
 * Encoding objects over tokenizer.c (tokmod.h lists what generated code
 * calls; compiler/ops.def and numpy.def map the Python API onto it).
 *
 * A Tokenizer owns its loaded Tok and its padding/truncation settings. An
 * Encoding keeps its arrays and a reference to the Tokenizer, whose
 * vocabulary gives `tokens`; the attribute reads make new lists each time,
 * as the Python binding does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kilnrt.h"
#include "tokenizer.h"

void *tk_malloc(size_t n) { return kr_alloc_fails() ? NULL : malloc(n); }
void *tk_calloc(size_t n, size_t size) { return kr_alloc_fails() ? NULL : calloc(n, size); }
void *tk_realloc(void *p, size_t n) { return kr_alloc_fails() ? NULL : realloc(p, n); }

/* The tokenizer's error err as the exception: MemoryError where it ran out
 * of memory (its messages end so), else Exception, as the tokenizers
 * package raises. NULL. */
static void *tk_raise(const char *err) {
  size_t n = strlen(err), k = strlen("out of memory");
  if (n >= k && !strcmp(err + n - k, "out of memory"))
    return kr_raise(&kr_MemoryError_type, NULL);
  return kr_raise(&kr_Exception_type, "%s", err);
}

typedef struct KrTokenizer {
  KrObj h;
  Tok *tok;
} KrTokenizer;

typedef struct KrEncoding {
  KrObj h;
  KrObj *tok; /* the Tokenizer (a reference) */
  TkEncoding e;
} KrEncoding;

static void tokenizer_dealloc(KrObj *o) {
  tk_free(((KrTokenizer *)o)->tok);
  kr_free(o);
}

static void encoding_dealloc(KrObj *o) {
  KrEncoding *e = (KrEncoding *)o;
  tk_enc_free(&e->e);
  kr_decref(e->tok);
  kr_free(o);
}

static KrObj *encoding_repr(KrObj *o) {
  char buf[160];
  snprintf(buf, sizeof buf,
           "Encoding(num_tokens=%d, attributes=[ids, type_ids, tokens, offsets, attention_mask, special_tokens_mask, overflowing])",
           ((KrEncoding *)o)->e.n);
  return kr_str_new(buf, (int64_t)strlen(buf));
}

static int64_t encoding_len(KrObj *o) { return ((KrEncoding *)o)->e.n; }

const KrType kr_Tokenizer_type = {.name = "Tokenizer", .size = sizeof(KrTokenizer), .dealloc = tokenizer_dealloc};
const KrType kr_Encoding_type = {.name = "Encoding", .size = sizeof(KrEncoding), .dealloc = encoding_dealloc,
                                 .repr = encoding_repr, .len = encoding_len};

#define TOK(o) (((KrTokenizer *)(o))->tok)
#define ENC(o) (&((KrEncoding *)(o))->e)

KrObj *kr_tok_from_str(KrObj *json) {
  char err[TK_ERRLEN + 64];
  Tok *t = tk_load_text(kr_str_data(json), (size_t)kr_str_bytes(json), "<string>", err);
  if (!t)
    return tk_raise(err);
  KrTokenizer *o = (KrTokenizer *)kr_obj_new(&kr_Tokenizer_type, sizeof(KrTokenizer));
  if (!o) {
    tk_free(t);
    return NULL;
  }
  o->tok = t;
  return &o->h;
}

KrObj *kr_tok_from_file(KrObj *path) {
  char err[TK_ERRLEN + 64];
  if (memchr(kr_str_data(path), 0, (size_t)kr_str_bytes(path)))
    return kr_raise(&kr_ValueError_type, "embedded null byte");
  Tok *t = tk_load(kr_str_data(path), err);
  if (!t)
    return tk_raise(err);
  KrTokenizer *o = (KrTokenizer *)kr_obj_new(&kr_Tokenizer_type, sizeof(KrTokenizer));
  if (!o) {
    tk_free(t);
    return NULL;
  }
  o->tok = t;
  return &o->h;
}

static KrObj *wrap(KrObj *tok, TkEncoding *e) {
  KrEncoding *o = (KrEncoding *)kr_obj_new(&kr_Encoding_type, sizeof(KrEncoding));
  if (!o) {
    tk_enc_free(e);
    return NULL;
  }
  kr_incref(tok);
  o->tok = tok, o->e = *e;
  return &o->h;
}

KrObj *kr_tok_encode(KrObj *tok, KrObj *text, bool add_special) {
  char err[TK_ERRLEN];
  TkEncoding e;
  if (tk_encode(TOK(tok), kr_str_data(text), (size_t)kr_str_bytes(text), add_special, &e, err) < 0)
    return tk_raise(err);
  return wrap(tok, &e);
}

KrObj *kr_tok_encode_batch(KrObj *tok, KrObj *texts, bool add_special) {
  KrList *l = KR_LIST(texts);
  int64_t n = l->len;
  TkEncoding *encs = kr_alloc(sizeof(TkEncoding) * (size_t)(n ? n : 1));
  if (!encs)
    return NULL;
  char err[TK_ERRLEN];
  int64_t done = 0;
  KrObj *out = NULL;
  for (; done < n; done++) {
    KrObj *s = l->kind == KR_OBJ ? l->items[done].o : NULL;
    if (!s || s->type != &kr_str_type) {
      kr_raise(&kr_TypeError_type, "TextEncodeInput must be Union[TextInputSequence, Tuple[InputSequence, InputSequence]]");
      goto fail;
    }
    if (tk_encode(TOK(tok), kr_str_data(s), (size_t)kr_str_bytes(s), add_special, &encs[done], err) < 0) {
      tk_raise(err);
      goto fail;
    }
  }
  if (tk_pad_batch(TOK(tok), encs, (int32_t)n, err) < 0) {
    kr_raise(&kr_MemoryError_type, NULL);
    goto fail;
  }
  out = kr_list_new(KR_OBJ, n);
  if (!out)
    goto fail;
  for (int64_t i = 0; i < n; i++) {
    KrObj *e = wrap(tok, &encs[i]);
    if (!e) {
      for (int64_t k = i + 1; k < n; k++) tk_enc_free(&encs[k]);
      kr_decref(out);
      kr_free(encs);
      return NULL;
    }
    KR_LIST(out)->items[KR_LIST(out)->len++].o = e;
  }
  kr_free(encs);
  return out;
fail:
  for (int64_t k = 0; k < done; k++) tk_enc_free(&encs[k]);
  kr_free(encs);
  return NULL;
}

/* a list of ints as int32 ids (kr_alloc'ed) */
static int32_t *ids_of(KrObj *list, int32_t *n) {
  KrList *l = KR_LIST(list);
  int32_t *ids = kr_alloc(sizeof(int32_t) * (size_t)(l->len ? l->len : 1));
  if (!ids)
    return NULL;
  for (int64_t i = 0; i < l->len; i++) {
    int64_t v;
    if (l->kind == KR_INT) v = l->items[i].i;
    else if (l->kind == KR_BOOL) v = l->items[i].b;
    else if (l->kind == KR_OBJ && l->items[i].o->type == &kr_int_type) v = ((KrInt *)l->items[i].o)->v;
    else {
      kr_free(ids);
      return kr_raise(&kr_TypeError_type, "argument 'ids': 'list' object cannot be interpreted as a list of int");
    }
    if (v < 0 || v > INT32_MAX) {
      kr_free(ids);
      return kr_raise(&kr_OverflowError_type, "can't convert negative int to unsigned");
    }
    ids[i] = (int32_t)v;
  }
  *n = (int32_t)l->len;
  return ids;
}

KrObj *kr_tok_decode(KrObj *tok, KrObj *list, bool skip_special) {
  int32_t n = 0;
  int32_t *ids = ids_of(list, &n);
  if (!ids)
    return NULL;
  char err[TK_ERRLEN], *s;
  size_t sl;
  int rc = tk_decode(TOK(tok), ids, n, skip_special, &s, &sl, err);
  kr_free(ids);
  if (rc < 0)
    return tk_raise(err);
  KrObj *r = kr_str_new(s, (int64_t)sl);
  free(s);
  return r;
}

KrObj *kr_tok_decode_batch(KrObj *tok, KrObj *seqs, bool skip_special) {
  KrList *l = KR_LIST(seqs);
  KrObj *out = kr_list_new(KR_OBJ, l->len);
  if (!out)
    return NULL;
  for (int64_t i = 0; i < l->len; i++) {
    KrObj *ids = l->kind == KR_OBJ ? l->items[i].o : NULL;
    if (!ids || ids->type != &kr_list_type) {
      kr_decref(out);
      return kr_raise(&kr_TypeError_type, "argument 'sequences': expected a list of lists of int");
    }
    KrObj *s = kr_tok_decode(tok, ids, skip_special);
    if (!s) {
      kr_decref(out);
      return NULL;
    }
    KR_LIST(out)->items[KR_LIST(out)->len++].o = s;
  }
  return out;
}

KrObj *kr_tok_token_to_id(KrObj *tok, KrObj *token) {
  int32_t id = tk_token_to_id(TOK(tok), kr_str_data(token), (size_t)kr_str_bytes(token));
  if (id < 0) {
    kr_incref(kr_None);
    return kr_None;
  }
  return kr_int_box(id);
}

KrObj *kr_tok_id_to_token(KrObj *tok, int64_t id) {
  int32_t len;
  const char *s = id >= 0 && id <= INT32_MAX ? tk_id_to_token(TOK(tok), (int32_t)id, &len) : NULL;
  if (!s) {
    kr_incref(kr_None);
    return kr_None;
  }
  return kr_str_new(s, len);
}

int64_t kr_tok_vocab_size(KrObj *tok, bool with_added) { return tk_vocab_size(TOK(tok), with_added); }

static bool str_is(KrObj *s, const char *w) {
  return kr_str_bytes(s) == (int64_t)strlen(w) && !memcmp(kr_str_data(s), w, strlen(w));
}

int kr_tok_enable_padding(KrObj *tok, KrObj *direction, int64_t pad_id, int64_t pad_type_id, KrObj *pad_token,
                          KrObj *length, KrObj *multiple_of) {
  TkPadding p = {.on = 1, .pad_id = (int32_t)pad_id, .pad_type_id = (int32_t)pad_type_id};
  if (str_is(direction, "left")) p.left = 1;
  else if (!str_is(direction, "right")) {
    kr_raise(&kr_ValueError_type, "Unknown `direction`: `%S`", direction);
    return -1;
  }
  /* the pad token names the id when it is in the vocabulary, as the library's padding does not: it takes pad_id */
  (void)pad_token;
  if (length != kr_None) {
    if (length->type != &kr_int_type) {
      kr_raise(&kr_TypeError_type, "argument 'length': expected an int or None");
      return -1;
    }
    int64_t v = ((KrInt *)length)->v;
    if (v < 0 || v > TK_MAX_ID) {
      kr_raise(&kr_ValueError_type, "padding length out of range: %lld", (long long)v);
      return -1;
    }
    p.length = (int32_t)v;
  }
  if (multiple_of != kr_None) {
    if (multiple_of->type != &kr_int_type) {
      kr_raise(&kr_TypeError_type, "argument 'pad_to_multiple_of': expected an int or None");
      return -1;
    }
    int64_t v = ((KrInt *)multiple_of)->v;
    if (v < 0 || v > TK_MAX_ID) {
      kr_raise(&kr_ValueError_type, "pad_to_multiple_of out of range: %lld", (long long)v);
      return -1;
    }
    p.multiple_of = (int32_t)v;
  }
  tk_set_padding(TOK(tok), &p);
  return 0;
}

int kr_tok_enable_truncation(KrObj *tok, int64_t max_length, int64_t stride, KrObj *strategy, KrObj *direction) {
  TkTruncation t = {.on = 1, .max_length = max_length < 0 ? 0 : max_length > INT32_MAX ? INT32_MAX : (int32_t)max_length};
  if (str_is(direction, "left")) t.left = 1;
  else if (!str_is(direction, "right")) {
    kr_raise(&kr_ValueError_type, "Unknown `direction`: `%S`", direction);
    return -1;
  }
  (void)stride, (void)strategy; /* one sequence: longest_first is only_first; no overflow kept */
  tk_set_truncation(TOK(tok), &t);
  return 0;
}

int kr_tok_no_padding(KrObj *tok) {
  TkPadding p = {0};
  tk_set_padding(TOK(tok), &p);
  return 0;
}

int kr_tok_no_truncation(KrObj *tok) {
  TkTruncation t = {0};
  tk_set_truncation(TOK(tok), &t);
  return 0;
}

static KrObj *int_list(const int32_t *v, int32_t n) {
  KrObj *l = kr_list_new(KR_INT, n);
  if (!l)
    return NULL;
  for (int32_t i = 0; i < n; i++) KR_LIST(l)->items[i].i = v[i];
  KR_LIST(l)->len = n;
  return l;
}

KrObj *kr_tok_enc_ids(KrObj *enc) { return int_list(ENC(enc)->ids, ENC(enc)->n); }
KrObj *kr_tok_enc_type_ids(KrObj *enc) { return int_list(ENC(enc)->type_ids, ENC(enc)->n); }
KrObj *kr_tok_enc_attention_mask(KrObj *enc) { return int_list(ENC(enc)->attention_mask, ENC(enc)->n); }
KrObj *kr_tok_enc_special_tokens_mask(KrObj *enc) { return int_list(ENC(enc)->special_tokens_mask, ENC(enc)->n); }
int64_t kr_tok_enc_len(KrObj *enc) { return ENC(enc)->n; }

KrObj *kr_tok_enc_tokens(KrObj *enc) {
  TkEncoding *e = ENC(enc);
  KrObj *l = kr_list_new(KR_OBJ, e->n);
  if (!l)
    return NULL;
  for (int32_t i = 0; i < e->n; i++) {
    int32_t len = 0;
    const char *s = tk_id_to_token(TOK(((KrEncoding *)enc)->tok), e->ids[i], &len);
    KrObj *t = kr_str_new(s ? s : "", s ? len : 0);
    if (!t) {
      kr_decref(l);
      return NULL;
    }
    KR_LIST(l)->items[KR_LIST(l)->len++].o = t;
  }
  return l;
}

KrObj *kr_tok_enc_offsets(KrObj *enc) {
  TkEncoding *e = ENC(enc);
  KrObj *l = kr_list_new(KR_OBJ, e->n);
  if (!l)
    return NULL;
  for (int32_t i = 0; i < e->n; i++) {
    KrObj *t = kr_tuple_pair((KrVal){.i = e->starts[i]}, KR_INT, (KrVal){.i = e->ends[i]}, KR_INT);
    if (!t) {
      kr_decref(l);
      return NULL;
    }
    KR_LIST(l)->items[KR_LIST(l)->len++].o = t;
  }
  return l;
}
