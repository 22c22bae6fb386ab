/* tokmod.h — the `tokenizers` module for compiled code (tokmod.c): Hugging
 * Face's Tokenizer and Encoding over runtime/tokenizer.c. Part of the
 * public header (kilnrt.h includes it). Errors are raised as the Python
 * package raises them: a plain Exception with the library's message
 * ("PATH: problem" for a file that cannot be loaded). */
#ifndef KILNRT_TOKMOD_H
#define KILNRT_TOKMOD_H

extern const KrType kr_Tokenizer_type, kr_Encoding_type;

KrObj *kr_tok_from_str(KrObj *json);                                    /* Tokenizer.from_str(json) */
KrObj *kr_tok_from_file(KrObj *path);                                  /* Tokenizer.from_file(path) */
KrObj *kr_tok_encode(KrObj *tok, KrObj *text, bool add_special);      /* an Encoding */
KrObj *kr_tok_encode_batch(KrObj *tok, KrObj *texts, bool add_special); /* list[Encoding], padded if enabled */
KrObj *kr_tok_decode(KrObj *tok, KrObj *ids, bool skip_special);      /* str */
KrObj *kr_tok_decode_batch(KrObj *tok, KrObj *seqs, bool skip_special); /* list[str] */
KrObj *kr_tok_token_to_id(KrObj *tok, KrObj *token);                  /* int or None */
KrObj *kr_tok_id_to_token(KrObj *tok, int64_t id);                    /* str or None */
int64_t kr_tok_vocab_size(KrObj *tok, bool with_added);
int kr_tok_enable_padding(KrObj *tok, KrObj *direction, int64_t pad_id, int64_t pad_type_id, KrObj *pad_token,
                          KrObj *length, KrObj *multiple_of);
int kr_tok_enable_truncation(KrObj *tok, int64_t max_length, int64_t stride, KrObj *strategy, KrObj *direction);
int kr_tok_no_padding(KrObj *tok);
int kr_tok_no_truncation(KrObj *tok);

/* Encoding's attributes: new lists */
KrObj *kr_tok_enc_ids(KrObj *enc);
KrObj *kr_tok_enc_type_ids(KrObj *enc);
KrObj *kr_tok_enc_attention_mask(KrObj *enc);
KrObj *kr_tok_enc_special_tokens_mask(KrObj *enc);
KrObj *kr_tok_enc_tokens(KrObj *enc);
KrObj *kr_tok_enc_offsets(KrObj *enc);
int64_t kr_tok_enc_len(KrObj *enc);

#endif
