/* fuzz_file.h — for the loader harnesses (safetensors, GGUF), which read
 * files: the input written to this process's own file under /tmp, whose
 * path, as a kiln str made once, is returned for the loader (fuzz_path
 * holds it as text, for unlink). */
#ifndef KILN_FUZZ_FILE_H
#define KILN_FUZZ_FILE_H

#include "kilnrt.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char fuzz_path[96];

static KrObj *fuzz_input_file(const char *name, const uint8_t *data, size_t size) {
  static KrObj *path_obj;
  if (!path_obj) {
    snprintf(fuzz_path, sizeof fuzz_path, "/tmp/kiln-fuzz-%d-%s", (int)getpid(), name);
    path_obj = kr_str_from_cstr(fuzz_path);
  }
  FILE *f = fopen(fuzz_path, "wb");
  if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
    perror(fuzz_path);
    abort();
  }
  return path_obj;
}

#endif
