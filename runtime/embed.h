/* embed.h — files compiled into the program (embed.c), for generated code
 * and for the runtime's file readers (which do not all include kilnrt.h). */
#ifndef KILN_EMBED_H
#define KILN_EMBED_H

#include <stdbool.h>

/* A file compiled into the program (kiln compile --embed): its normalised
 * path and its bytes [data, end), 64-byte aligned, read-only. Generated code
 * registers its table from a constructor; the file functions look paths up
 * here before the file system. */
typedef struct KrEmbedFile {
  const char *path;
  const unsigned char *data, *end;
} KrEmbedFile;
void kr_embed_register(const KrEmbedFile *table, int n, const char *default_model_dir);
const KrEmbedFile *kr_embed_find(const char *path); /* NULL: not embedded */
bool kr_embed_isdir(const char *path);              /* a folder some embedded file is under */
const char *kr_embed_model_dir(void);               /* KILN_MODEL_DIR's default, or NULL */

#endif
