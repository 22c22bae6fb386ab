/* randommod.c — the module random, as CPython 3.11's random.py and
 * _randommodule.c compute it, so a seeded program gives the same numbers.
 *
 * The generator is the Mersenne Twister MT19937 (Matsumoto and Nishimura's
 * reference algorithm, which CPython uses unchanged), one per process like
 * the Random instance behind CPython's module functions. seed(n) feeds
 * init_by_array the 32-bit words of |n|, least significant first;
 * random() takes 27 and 26 bits of two outputs ((a * 2**26 + b) / 2**53);
 * _randbelow(n) draws bit_length(n) bits until the value is below n; and
 * the functions above it (randrange, choice, shuffle, sample, gauss) call
 * it, and random(), exactly as random.py does, in the same order. */
#include "kilnrt.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { MT_N = 624, MT_M = 397 };

static struct {
  uint32_t mt[MT_N];
  int index;
  bool seeded;
  bool has_gauss; /* gauss() keeps its second value for the next call */
  double gauss_next;
} R;

static void init_genrand(uint32_t s) {
  R.mt[0] = s;
  for (int i = 1; i < MT_N; i++)
    R.mt[i] = 1812433253U * (R.mt[i - 1] ^ (R.mt[i - 1] >> 30)) + (uint32_t)i;
  R.index = MT_N;
}

static void init_by_array(const uint32_t *key, size_t len) {
  init_genrand(19650218U);
  size_t i = 1, j = 0;
  for (size_t k = MT_N > len ? MT_N : len; k; k--) {
    R.mt[i] = (R.mt[i] ^ ((R.mt[i - 1] ^ (R.mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
    i++, j++;
    if (i >= MT_N) {
      R.mt[0] = R.mt[MT_N - 1];
      i = 1;
    }
    if (j >= len)
      j = 0;
  }
  for (size_t k = MT_N - 1; k; k--) {
    R.mt[i] = (R.mt[i] ^ ((R.mt[i - 1] ^ (R.mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
    if (++i >= MT_N) {
      R.mt[0] = R.mt[MT_N - 1];
      i = 1;
    }
  }
  R.mt[0] = 0x80000000U; /* a nonzero initial state */
  R.seeded = true;
  R.has_gauss = false;
}

static uint32_t genrand(void) {
  static const uint32_t mag01[2] = {0, 0x9908b0dfU};
  if (!R.seeded)
    kr_random_seed_none();
  if (R.index >= MT_N) {
    uint32_t y;
    int k;
    for (k = 0; k < MT_N - MT_M; k++) {
      y = (R.mt[k] & 0x80000000U) | (R.mt[k + 1] & 0x7fffffffU);
      R.mt[k] = R.mt[k + MT_M] ^ (y >> 1) ^ mag01[y & 1];
    }
    for (; k < MT_N - 1; k++) {
      y = (R.mt[k] & 0x80000000U) | (R.mt[k + 1] & 0x7fffffffU);
      R.mt[k] = R.mt[k + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 1];
    }
    y = (R.mt[MT_N - 1] & 0x80000000U) | (R.mt[0] & 0x7fffffffU);
    R.mt[MT_N - 1] = R.mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 1];
    R.index = 0;
  }
  uint32_t y = R.mt[R.index++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680U;
  y ^= (y << 15) & 0xefc60000U;
  y ^= y >> 18;
  return y;
}

/* ---- seeding */

void kr_random_seed(int64_t n) {
  uint64_t u = n < 0 ? 0 - (uint64_t)n : (uint64_t)n; /* CPython seeds with abs(n) */
  uint32_t key[2] = {(uint32_t)u, (uint32_t)(u >> 32)};
  init_by_array(key, key[1] ? 2 : 1);
}

void kr_random_seed_none(void) {
  uint32_t key[MT_N];
  FILE *f = fopen("/dev/urandom", "rb");
  size_t got = f ? fread(key, sizeof key[0], MT_N, f) : 0;
  if (f)
    fclose(f);
  if (got < MT_N) { /* no urandom: the time and the process id, as CPython falls back to */
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    key[0] = (uint32_t)ts.tv_sec, key[1] = (uint32_t)ts.tv_nsec, key[2] = (uint32_t)getpid();
    got = 3;
  }
  init_by_array(key, got);
}

void kr_random_seed_auto(void) { kr_random_seed_none(); }

/* ---- the primitives */

double kr_random_random(void) {
  uint32_t a = genrand() >> 5, b = genrand() >> 6;
  return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

/* getrandbits(k) for 0 <= k <= 64: whole 32-bit words, least significant
 * first, the last one's low bits dropped. */
static uint64_t randbits(int k) {
  if (k == 0)
    return 0;
  if (k <= 32)
    return genrand() >> (32 - k);
  uint64_t lo = genrand();
  uint64_t hi = genrand() >> (64 - k);
  return lo | hi << 32;
}

int64_t kr_random_getrandbits(int64_t k) {
  if (k < 0) {
    kr_raise(&kr_ValueError_type, "number of bits must be non-negative");
    return -1;
  }
  if (k > 63) {
    kr_raise(&kr_OverflowError_type, "getrandbits(%lld) does not fit in kiln's 64-bit int", (long long)k);
    return -1;
  }
  return (int64_t)randbits((int)k);
}

/* _randbelow(n), n > 0: bit_length(n) bits until below n. */
static uint64_t randbelow(uint64_t n) {
  int k = 64 - __builtin_clzll(n);
  uint64_t r = randbits(k);
  while (r >= n)
    r = randbits(k);
  return r;
}

/* ---- integers */

/* A 128-bit int as Python prints it. */
static const char *i128_str(__int128 v, char buf[48]) {
  unsigned __int128 u = v < 0 ? -(unsigned __int128)v : (unsigned __int128)v;
  char *p = buf + 47;
  *p = 0;
  do {
    *--p = (char)('0' + (int)(u % 10));
    u /= 10;
  } while (u);
  if (v < 0)
    *--p = '-';
  return p;
}

/* Python's floor division of 128-bit ints. */
static __int128 floordiv(__int128 a, __int128 b) {
  __int128 q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    q--;
  return q;
}

/* randrange(start, stop, step) as random.py computes it (stop may be
 * INT64_MAX + 1: randint's b + 1). */
static int64_t randrange(__int128 start, __int128 stop, __int128 step) {
  __int128 width = stop - start;
  if (step == 1) {
    if (width > 0)
      return (int64_t)(start + (__int128)randbelow((uint64_t)width));
    char a[48], b[48], c[48];
    kr_raise(&kr_ValueError_type, "empty range for randrange() (%s, %s, %s)", i128_str(start, a),
             i128_str(stop, b), i128_str(width, c));
    return -1;
  }
  __int128 n;
  if (step > 0)
    n = floordiv(width + step - 1, step);
  else if (step < 0)
    n = floordiv(width + step + 1, step);
  else {
    kr_raise(&kr_ValueError_type, "zero step for randrange()");
    return -1;
  }
  if (n <= 0) {
    kr_raise(&kr_ValueError_type, "empty range for randrange()");
    return -1;
  }
  return (int64_t)(start + step * (__int128)randbelow((uint64_t)n));
}

int64_t kr_random_randrange1(int64_t stop) {
  if (stop > 0)
    return (int64_t)randbelow((uint64_t)stop);
  kr_raise(&kr_ValueError_type, "empty range for randrange()");
  return -1;
}

int64_t kr_random_randrange2(int64_t start, int64_t stop) { return randrange(start, stop, 1); }
int64_t kr_random_randrange(int64_t start, int64_t stop, int64_t step) { return randrange(start, stop, step); }
int64_t kr_random_randint(int64_t a, int64_t b) { return randrange(a, (__int128)b + 1, 1); }

/* ---- sequences */

static bool nonempty(int64_t n) {
  if (n == 0)
    kr_raise(&kr_IndexError_type, "Cannot choose from an empty sequence");
  return n != 0;
}

KrVal kr_random_choice_list(KrObj *l) {
  if (!nonempty(kr_list_len(l)))
    return (KrVal){0};
  return kr_list_getitem(l, (int64_t)randbelow((uint64_t)kr_list_len(l)));
}

KrObj *kr_random_choice_str(KrObj *s) {
  int64_t n = kr_str_len(s);
  return nonempty(n) ? kr_str_getitem(s, (int64_t)randbelow((uint64_t)n)) : NULL;
}

KrVal kr_random_choice_tuple(KrObj *t, ValKind kind) {
  int64_t n = kr_tuple_len(t);
  if (!nonempty(n))
    return (KrVal){0};
  return kr_tuple_item_as(t, (int64_t)randbelow((uint64_t)n), kind);
}

void kr_random_shuffle(KrObj *o) {
  KrList *l = KR_LIST(o);
  for (int64_t i = l->len - 1; i > 0; i--) {
    int64_t j = (int64_t)randbelow((uint64_t)i + 1);
    KrVal t = l->items[i];
    l->items[i] = l->items[j];
    l->items[j] = t;
  }
}

/* sample(population, k): a pool of the population when it is small next to
 * the set of k picks CPython would keep, else picks redrawn until new. */
KrObj *kr_random_sample(KrObj *o, int64_t k) {
  KrList *l = KR_LIST(o);
  int64_t n = l->len;
  if (k < 0 || k > n)
    return kr_raise(&kr_ValueError_type, "Sample larger than population or is negative");
  int64_t setsize = 21;
  if (k > 5) {
    double e = ceil(log((double)(k * 3)) / log(4.0));
    setsize += e < 31 ? (int64_t)1 << (2 * (int)e) : INT64_MAX / 2;
  }
  KrVal *picked = kr_alloc((size_t)(k ? k : 1) * sizeof *picked);
  if (!picked)
    return NULL;
  if (n <= setsize) {
    KrVal *pool = kr_alloc((size_t)(n ? n : 1) * sizeof *pool);
    if (!pool) {
      kr_free(picked);
      return NULL;
    }
    memcpy(pool, l->items, (size_t)n * sizeof *pool);
    for (int64_t i = 0; i < k; i++) {
      int64_t j = (int64_t)randbelow((uint64_t)(n - i));
      picked[i] = pool[j];
      pool[j] = pool[n - i - 1];
    }
    kr_free(pool);
  } else {
    uint8_t *selected = kr_alloc((size_t)n);
    if (!selected) {
      kr_free(picked);
      return NULL;
    }
    for (int64_t i = 0; i < k; i++) {
      int64_t j = (int64_t)randbelow((uint64_t)n);
      while (selected[j])
        j = (int64_t)randbelow((uint64_t)n);
      selected[j] = 1;
      picked[i] = l->items[j];
    }
    kr_free(selected);
  }
  KrObj *r = kr_list_from(l->kind, picked, k);
  kr_free(picked);
  return r;
}

/* ---- floats */

double kr_random_uniform(double a, double b) { return a + (b - a) * kr_random_random(); }

double kr_random_gauss(double mu, double sigma) {
  double z = R.gauss_next;
  bool had = R.has_gauss;
  R.has_gauss = false;
  if (!had) {
    double x2pi = kr_random_random() * (2.0 * 3.141592653589793);
    double g2rad = sqrt(-2.0 * log(1.0 - kr_random_random()));
    z = cos(x2pi) * g2rad;
    R.gauss_next = sin(x2pi) * g2rad;
    R.has_gauss = true;
  }
  return mu + z * sigma;
}

double kr_random_gauss1(double mu) { return kr_random_gauss(mu, 1.0); }
double kr_random_gauss0(void) { return kr_random_gauss(0.0, 1.0); }
