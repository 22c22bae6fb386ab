/* stdmods.h — the modules kiln provides besides math and json: random,
 * time, os and os.path, sys (compiler/modules.def lists them; the op
 * library's "module.function" rows call these). Part of the public header:
 * kilnrt.h includes it. Each gives CPython 3.11's results and errors. */
#ifndef KILNRT_STDMODS_H
#define KILNRT_STDMODS_H

/* ---- random (randommod.c): one Mersenne Twister for the process, as
 * CPython's module functions share one Random instance. Seeded from
 * /dev/urandom at first use unless the program seeds it; seed(n) gives
 * CPython's sequence for the same n. Not locked: a compiled library's calls
 * are serialised already. */
void kr_random_seed(int64_t n);
void kr_random_seed_none(void);   /* seed(None): from the OS's entropy */
void kr_random_seed_auto(void);   /* seed() */
double kr_random_random(void);
int64_t kr_random_getrandbits(int64_t k);          /* OverflowError past 63 bits */
int64_t kr_random_randrange1(int64_t stop);
int64_t kr_random_randrange2(int64_t start, int64_t stop);
int64_t kr_random_randrange(int64_t start, int64_t stop, int64_t step);
int64_t kr_random_randint(int64_t a, int64_t b);
KrVal kr_random_choice_list(KrObj *l);             /* IndexError on an empty list */
KrObj *kr_random_choice_str(KrObj *s);
KrVal kr_random_choice_tuple(KrObj *t, ValKind kind);
void kr_random_shuffle(KrObj *l);
KrObj *kr_random_sample(KrObj *l, int64_t k);
double kr_random_uniform(double a, double b);
double kr_random_gauss(double mu, double sigma);
double kr_random_gauss1(double mu);
double kr_random_gauss0(void);

/* ---- time (timemod.c) */
double kr_time_time(void);
int64_t kr_time_time_ns(void);
double kr_time_perf_counter(void);
int64_t kr_time_perf_counter_ns(void);
double kr_time_monotonic(void);
int64_t kr_time_monotonic_ns(void);
double kr_time_process_time(void);
void kr_time_sleep(double secs);                   /* ValueError for a negative or NaN length */

/* ---- os, os.path (osmod.c). Paths are strs; the file system's bytes
 * are decoded as UTF-8 with surrogateescape, as CPython does. */
KrObj *kr_os_environ(void);                        /* dict[str, str], made once */
KrObj *kr_os_getcwd(void);
KrObj *kr_os_listdir(KrObj *path);                 /* OSError subclasses as CPython */
KrObj *kr_os_listdir_cwd(void);
int64_t kr_os_getpid(void);
void kr_os_remove(KrObj *path);
void kr_os_mkdir(KrObj *path);                     /* mode 0o777 */
void kr_os_rmdir(KrObj *path);
KrObj *kr_os_path_join(KrObj *a, int n, KrObj *const *rest);
bool kr_os_path_exists(KrObj *p);
bool kr_os_path_isfile(KrObj *p);
bool kr_os_path_isdir(KrObj *p);
bool kr_os_path_isabs(KrObj *p);
int64_t kr_os_path_getsize(KrObj *p);
KrObj *kr_os_path_basename(KrObj *p);
KrObj *kr_os_path_dirname(KrObj *p);
KrObj *kr_os_path_split(KrObj *p);                 /* (head, tail) */
KrObj *kr_os_path_splitext(KrObj *p);              /* (root, ext) */
KrObj *kr_os_path_normpath(KrObj *p);
KrObj *kr_os_path_abspath(KrObj *p);
KrObj *kr_os_path_expanduser(KrObj *p);

/* ---- sys (sysmod.c). sys.argv is the executable's argv as the shell gave
 * it (argv[0] is the executable's path, where CPython's is the script's),
 * so len(sys.argv) and sys.argv[1:] are what `python3 prog.py ARGS` gives.
 * The streams are text files (file.c): sys.stdout.write() goes through
 * print()'s buffer, so the two interleave as written. */
void kr_sys_set_argv(int argc, char **argv);       /* kr_init calls it */
KrObj *kr_sys_argv(void);
KrObj *kr_sys_stdin(void);
KrObj *kr_sys_stdout(void);
KrObj *kr_sys_stderr(void);
KrObj *kr_file_std(int fd);                        /* the stream of fd 0, 1 or 2 (immortal) */
void kr_file_flush(KrObj *f);

#endif
