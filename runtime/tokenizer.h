/* tokenizer.h — Hugging Face tokenizer.json, natively (internal header of
 * the runtime: tokjson.c, tokenizer.c, toksplit.c, tokmodel.c, tokmod.c and the unit
 * driver include it; generated code does not).
 *
 * The pipeline is the tokenizers library's: added tokens are split off the
 * raw text first; each remaining segment is normalized (every byte of the
 * normalized text remembers the original bytes it came from), split by the
 * pre-tokenizer into pieces, and each piece is cut into tokens by the model
 * (BPE, WordPiece, Unigram); the post-processor adds special tokens; then
 * truncation and padding. Offsets are in code points of the original text,
 * as the Python and Node bindings report them. Decoding maps ids back to
 * token strings and runs the decoder chain.
 *
 * This layer is plain C on malloc (through tk_malloc, below; no runtime
 * objects), so the unit driver can test it alone; tokmod.c wraps it as the
 * `tokenizers` module's Tokenizer and Encoding objects. A tokenizer is read-only after loading
 * but for BPE's cache of merged words (lock-free, one seqlock per slot:
 * tokmodel.c), so threads may encode with one tokenizer at once. */
#ifndef KILN_TOKENIZER_H
#define KILN_TOKENIZER_H

#include <stddef.h>
#include <stdint.h>

#define TK_ERRLEN 512

/* Every block of this layer comes from these (and goes back to free). In
 * the runtime (tokmod.c) they count against the allocation-failure hook of
 * the out-of-memory tests, which makes them return NULL, and a failure is
 * reported as "out of memory" (tokmod.c raises MemoryError for it); the
 * unit driver, which links this layer alone, defines them as malloc's. */
void *tk_malloc(size_t n);
void *tk_calloc(size_t n, size_t size);
void *tk_realloc(void *p, size_t n);
#define TK_MAX_ID (1 << 24) /* ids, padding lengths: larger ones are refused (no unbounded allocation) */

/* ---- tokjson.c: a JSON tree in one arena ---- */
typedef enum { TJ_NULL, TJ_BOOL, TJ_NUM, TJ_STR, TJ_ARR, TJ_OBJ } TjType;
typedef struct TjNode { /* 24 bytes: a big file has millions */
  TjType type;
  int32_t len;             /* string bytes, or number of items */
  union {
    double num;            /* TJ_NUM; TJ_BOOL: 0 or 1 */
    const char *str;       /* TJ_STR: UTF-8, NUL-terminated */
    struct {
      struct TjNode **items; /* TJ_ARR, TJ_OBJ: the values; NULL when left as text (len > 0) */
      union {
        const char **keys;   /* TJ_OBJ: the keys */
        const struct TjText *text; /* where a container left as text lies */
      };
    };
  };
} TjNode;
typedef struct TjText TjText; /* where a container left as text lies (tokjson.c) */
typedef struct TjArena TjArena;
/* Parses text; on error returns NULL with a message in err (TK_ERRLEN bytes). */
TjNode *tj_parse(const char *text, size_t len, TjArena **arena, char *err);
/* Where the values of model.vocab (0) and model.merges (1) lie in the text
 * (byte offsets, -1: absent). tj_parse_spans notes them when skip is 0,
 * and leaves them as text when they are arrays or objects (checked and
 * packed, items NULL: read them with tj_items_next);
 * when skip is 1 it jumps over them (each a TJ_NULL in the tree): the
 * model cached from this same text (tokcache.c) stands for them. */
typedef struct TjSkip { int64_t start[2], end[2]; int skip; } TjSkip;
TjNode *tj_parse_spans(const char *text, size_t len, TjArena **arena, char *err, TjSkip *spans);
TjNode *tj_get(const TjNode *obj, const char *key); /* NULL if absent or not an object */
void tj_free(TjArena *a);
/* A container's items a window at a time, built or left as text: up to want
 * items per call (0 at the end, -1 with a message in err); each window's
 * nodes and strings last until the next call. */
typedef struct TjItems TjItems;
TjItems *tj_items(const TjNode *container, char *err);
int32_t tj_items_next(TjItems *w, int32_t want, TjNode ***items, const char ***keys, char *err);
void tj_items_free(TjItems *w);

/* ---- tokenizer.c ---- */
typedef struct Tok Tok;

/* One encoded sequence. Arrays of n items; tokens are ids' strings
 * (tk_id_to_token). Offsets are code points of the input text; special
 * tokens the post-processor adds and padding have (0, 0). */
typedef struct TkEncoding {
  int32_t n, cap;
  int32_t *ids, *type_ids, *attention_mask, *special_tokens_mask;
  int64_t *starts, *ends;
} TkEncoding;

/* Loads a tokenizer.json file. NULL on failure, with "PATH: problem" in err. */
Tok *tk_load(const char *path, char *err);
Tok *tk_load_text(const char *text, size_t len, const char *name, char *err);
void tk_free(Tok *t);

/* Encodes text (UTF-8, len bytes). Returns 0, or -1 with a message in err
 * (invalid UTF-8, out of memory). Truncation applies; padding applies when
 * a fixed length is set (tk_pad_batch pads to the longest). */
int tk_encode(const Tok *t, const char *text, size_t len, int add_special, TkEncoding *out, char *err);
void tk_enc_free(TkEncoding *e);
/* Pads a batch as the tokenizer's padding settings say (nothing if off). */
int tk_pad_batch(const Tok *t, TkEncoding *encs, int32_t n, char *err);

/* Decodes ids into a malloc'd UTF-8 string (*out, *outlen). Ids out of
 * range are an error (-1, message in err). */
int tk_decode(const Tok *t, const int32_t *ids, int32_t n, int skip_special, char **out, size_t *outlen, char *err);

const char *tk_id_to_token(const Tok *t, int32_t id, int32_t *len); /* NULL if none */
int32_t tk_token_to_id(const Tok *t, const char *s, size_t len);   /* -1 if none */
int32_t tk_vocab_size(const Tok *t, int with_added);

/* Settings (the Python API's enable_padding / enable_truncation). */
typedef struct TkPadding {
  int on;
  int left;             /* direction "left" */
  int32_t pad_id, pad_type_id;
  int32_t length;       /* > 0: pad every encoding to it; 0: the batch's longest */
  int32_t multiple_of;  /* 0: none */
} TkPadding;
typedef struct TkTruncation {
  int on;
  int left;             /* direction "left" */
  int32_t max_length;
} TkTruncation;
void tk_set_padding(Tok *t, const TkPadding *p);
void tk_set_truncation(Tok *t, const TkTruncation *tr);
TkPadding tk_get_padding(const Tok *t);

/* ---- toksplit.c: the well-known split patterns without a regex engine ---- */
typedef enum { TS_NONE, TS_GPT2, TS_LLAMA3, TS_QWEN2 } TkSplitKind;
/* Which hand-written matcher has exactly this regex source (TS_NONE: PCRE2's job). */
TkSplitKind ts_recognize(const char *re, size_t len);
/* The end of the match that starts at i < len of valid UTF-8 s (the
 * patterns match at every position, so their matches tile the text). */
int32_t ts_match(TkSplitKind k, const char *s, int32_t len, int32_t i);

/* ---- tokmodel.c: vocabularies and models ---- */
/* A string -> int32 hash table (open addressing; keys copied into a pool). */
typedef struct StrMap {
  uint32_t *slots;  /* index+1 into ents, 0 empty */
  uint32_t mask;
  struct { uint32_t hash; int32_t len, val; int64_t off; } *ents;
  int32_t n, cap;
  char *pool;
  int64_t pool_len, pool_cap;
} StrMap;
int sm_put(StrMap *m, const char *s, int32_t len, int32_t val); /* 0, 1 if present (value replaced), -1 OOM */
int32_t sm_get(const StrMap *m, const char *s, int32_t len);     /* -1 if absent */
const char *sm_key(const StrMap *m, int32_t i, int32_t *len);
void sm_free(StrMap *m);
uint32_t tk_hash(const char *s, int32_t len);

typedef enum { TM_BPE, TM_WORDPIECE, TM_UNIGRAM, TM_WORDLEVEL } TkModelKind;

/* A token the model produced: id and the byte range [start, end) of the piece. */
typedef struct TkTok { int32_t id, start, end; } TkTok;
typedef struct TkToks { TkTok *v; int32_t n, cap; } TkToks;
int tk_toks_push(TkToks *o, int32_t id, int32_t start, int32_t end);

typedef struct TkModel TkModel;
/* Builds the model from tokenizer.json's "model" object; NULL with err set. */
TkModel *tm_load(const TjNode *m, char *err);
void tm_free(TkModel *m);
TkModelKind tm_kind(const TkModel *m);
/* Tokenizes one piece (bytes s[0..len)), appending to out. -1 on OOM. */
int tm_tokenize(const TkModel *m, const char *s, int32_t len, TkToks *out);
int32_t tm_token_to_id(const TkModel *m, const char *s, int32_t len);
const char *tm_id_to_token(const TkModel *m, int32_t id, int32_t *len);
int32_t tm_vocab_size(const TkModel *m);
int32_t tm_nid(const TkModel *m); /* largest id + 1 */
const char *tm_unk_token(const TkModel *m);       /* WordPiece's continuing prefix etc. for decoders */
const char *tm_subword_prefix(const TkModel *m); /* "##" for WordPiece, NULL otherwise */

/* The model as one block of memory (tokcache.c keeps it on disk): the
 * image's size, writing it into a buffer of that size, and a model that
 * uses an image in place (it owns the mapping base..base+maplen and unmaps
 * it when freed). NULL with err set if the image does not hold together. */
size_t tm_image_size(const TkModel *m);
void tm_image_write(const TkModel *m, char *out);
TkModel *tm_image_open(char *img, size_t n, void *base, size_t maplen, char *err);

/* ---- tokcache.c: built models kept on disk between runs ----
 * Keyed by a hash of the whole tokenizer.json text, so an edited file is
 * never served a stale model; only texts of TC_MIN_LEN bytes or more (below
 * that, building is quick). The folder is $KILN_CACHE_DIR (empty: no
 * cache), else $XDG_CACHE_HOME/kiln, else ~/.cache/kiln. */
#define TC_MIN_LEN (1 << 20)
uint64_t tc_hash(const char *s, size_t len);
/* The model cached for this text (and the spans to skip), or NULL. */
TkModel *tc_load(size_t len, uint64_t hash, TjSkip *spans);
/* Writes the cache entry for a model just built from this text (errors are ignored). */
void tc_save(const TkModel *m, size_t len, uint64_t hash, const TjSkip *spans);

#endif
