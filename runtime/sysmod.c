/* sysmod.c — the module sys: argv and the standard streams (the streams
 * themselves are text files of file.c). sys.exit() is lowered by the
 * compiler to raising SystemExit; sys.maxsize and sys.platform are
 * constants (compiler/modules.def). */
#include "kilnrt.h"

static int sys_argc;
static char **sys_argv;

void kr_sys_set_argv(int argc, char **argv) {
  sys_argc = argc;
  sys_argv = argv;
}

/* sys.argv: made at first use, immortal (a program may change it, as in
 * CPython). A library has no argv of its own: [''] as an embedded CPython. */
KrObj *kr_sys_argv(void) {
  static KrObj *argv;
  if (!argv) {
    KrObj *l = kr_list_new(KR_OBJ, sys_argc ? sys_argc : 1);
    for (int i = 0; l && i < (sys_argv ? sys_argc : 1); i++) {
      KrObj *s = sys_argv ? kr_str_from_cstr(sys_argv[i]) : kr_str_empty();
      if (!s || kr_list_append(l, (KrVal){.o = s}) < 0) {
        kr_xdecref(s);
        kr_decref(l);
        return NULL;
      }
      kr_decref(s);
    }
    if (!l)
      return NULL;
    kr_obj_immortalize(l);
    argv = l;
  }
  return argv;
}

KrObj *kr_sys_stdin(void) { return kr_file_std(0); }
KrObj *kr_sys_stdout(void) { return kr_file_std(1); }
KrObj *kr_sys_stderr(void) { return kr_file_std(2); }
