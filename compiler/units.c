/* units.c — which C file each function of a program goes into.
 *
 * The C compiler's time grows with the C it optimises, and one C file
 * keeps one core busy. A large program's C is therefore cut into units
 * that the driver compiles in parallel and links: each function either
 * lives in one unit (external linkage, hidden) or, when it is small, is
 * copied, static, into every unit that calls it. The copies keep what
 * gcc inlines where it matters: a small function called in a hot loop is
 * inlined whichever unit the loop is in, as in one file. A large function
 * is called across units at the cost of a call, which gcc would mostly not
 * have inlined anyway (its growth limits stop it; build300's main kept
 * its large callees out of line).
 *
 * The plan: the large functions, largest first, each go to the unit with
 * the least C so far, counting the small functions each unit then needs;
 * unit 0 also holds what only one unit may hold (the class types, main or
 * the library's tables, passed as `roots`) and the functions they reach. A
 * program under two units' worth of C stays one unit, exactly as before.
 */
#include "kilnc.h"

#include <stdlib.h>
#include <string.h>

/* A unit's worth of C: below twice this, one unit. The C compiler spends
 * about 1.1 s on build300's 100 KB of C (-O2 -g1, a quiet core), so a
 * program splits where one unit would take about a second, and the
 * 0.05 s each unit spends starting and reading the runtime's header is
 * small beside what it saves. KILN_UNIT_MIN (bytes) sets it for tests,
 * which split small programs to check that every construct links across
 * units. A smaller program stays one unit: shared module globals cost
 * run time (scheduler, forced into two units: +7% instructions, its hot
 * loops reloading globals after every runtime call, which gcc keeps in
 * registers when they are static to the one unit). */
static size_t unit_min(void) {
  const char *e = getenv("KILN_UNIT_MIN");
  long v = e && *e ? strtol(e, NULL, 10) : 0;
  return v > 0 ? (size_t)v : 48 * 1024;
}

/* A function with at least this much C lives in one unit; a smaller one
 * is copied into each unit that calls it. The small helpers gcc inlines
 * into loops (spectral_norm's a_entry, raytrace's Vec methods, a
 * scheduler's queue operations) are 1-4 KB of C. A smaller unit_min
 * (tests) copies less, in proportion. */
static size_t copy_max(size_t per) { return per / 12 < 4096 ? per / 12 : 4096; }

typedef struct Names {
  char *const *names;
  int *order; /* function indices sorted by name, for bsearch */
  int n;
} Names;

static const Names *sort_names; /* qsort's comparator has no context argument */

static int by_name(const void *a, const void *b) {
  return strcmp(sort_names->names[*(const int *)a], sort_names->names[*(const int *)b]);
}

/* The function named s[0..n), or -1. */
static int find_name(const Names *nm, const char *s, size_t n) {
  int lo = 0, hi = nm->n - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    const char *x = nm->names[nm->order[mid]];
    int c = strncmp(x, s, n);
    if (c == 0 && x[n])
      c = 1;
    if (c == 0)
      return nm->order[mid];
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  return -1;
}

/* The functions whose names occur as identifiers in the C text t (outside
 * literals and comments): what t calls or takes the address of, each once, into
 * out (room for every function). A local that happens to share a name only
 * adds a reference, which is harmless. Returns how many. */
static int scan_refs(const Names *nm, const Buf *t, uint8_t *seen, int *out) {
  const char *s = t->data ? t->data : "";
  size_t n = t->len;
  int k = 0;
  for (size_t i = 0, j; i < n; i = j) {
    bool ident;
    j = c_token_end(s, n, i, &ident);
    int f = ident && s[i] == 'k' && (i == 0 || s[i - 1] != '.') ? find_name(nm, s + i, j - i) : -1;
    if (f >= 0 && !seen[f]) {
      seen[f] = 1;
      out[k++] = f;
    }
  }
  for (int j = 0; j < k; j++)
    seen[out[j]] = 0;
  return k;
}

/* What units_plan works on: per function its C's size, whether it may be
 * copied, and the functions it references. */
typedef struct Graph {
  const Buf *texts;
  const bool *copied;
  int **refs;
  int *nrefs;
} Graph;

/* Put function f into unit u (in: that unit's row of UnitPlan.in) with the
 * small functions it reaches through small functions; returns the C added. */
static size_t take(const Graph *g, uint8_t *in, int f) {
  if (in[f])
    return 0;
  in[f] = 1;
  size_t added = g->texts[f].len;
  for (int i = 0; i < g->nrefs[f]; i++)
    if (g->copied[g->refs[f][i]])
      added += take(g, in, g->refs[f][i]);
  return added;
}

void units_plan(UnitPlan *up, int max_units, int nfuncs, char *const *names, const Buf *texts, const bool *single,
                const Buf *roots) {
  int nf = nfuncs > 0 ? nfuncs : 0;
  size_t total = roots->len;
  for (int f = 0; f < nf; f++)
    total += texts[f].len;
  size_t per = unit_min();
  int n = total / per > (size_t)max_units ? max_units : (int)(total / per);
  n = n < 2 ? 1 : n;
  up->n = n;
  up->home = xmalloc(((size_t)nf + 1) * sizeof *up->home);
  up->in = xmalloc((size_t)n * (size_t)nf + 1);
  memset(up->in, 0, (size_t)n * (size_t)nf + 1);
  for (int f = 0; f < nf; f++)
    up->home[f] = 0, up->in[f] = 1;
  if (n == 1)
    return;
  memset(up->in, 0, (size_t)nf);

  /* who references whom */
  Names nm = {names, xmalloc(((size_t)nf + 1) * sizeof(int)), nf};
  for (int f = 0; f < nf; f++)
    nm.order[f] = f;
  sort_names = &nm;
  qsort(nm.order, (size_t)nf, sizeof(int), by_name);
  uint8_t *seen = xmalloc((size_t)nf + 1);
  memset(seen, 0, (size_t)nf + 1);
  int *found = xmalloc(((size_t)nf + 1) * sizeof *found);
  bool *copied = xmalloc(((size_t)nf + 1) * sizeof *copied);
  Graph g = {texts, copied, xmalloc(((size_t)nf + 1) * sizeof *g.refs), xmalloc(((size_t)nf + 1) * sizeof *g.nrefs)};
  for (int f = 0; f < nf; f++) {
    copied[f] = !single[f] && texts[f].len < copy_max(per);
    g.nrefs[f] = scan_refs(&nm, &texts[f], seen, found);
    g.refs[f] = xmalloc(((size_t)g.nrefs[f] + 1) * sizeof **g.refs);
    memcpy(g.refs[f], found, (size_t)g.nrefs[f] * sizeof *found);
  }

  /* unit 0: the roots and the small functions they reach */
  size_t *load = xmalloc((size_t)n * sizeof *load);
  memset(load, 0, (size_t)n * sizeof *load);
  load[0] = roots->len;
  int nroots = scan_refs(&nm, roots, seen, found);
  for (int i = 0; i < nroots; i++)
    if (copied[found[i]])
      load[0] += take(&g, up->in, found[i]);

  /* the large functions, largest first, each where the least C is */
  int nbig = 0;
  for (int f = 0; f < nf; f++) {
    up->home[f] = -1;
    if (!copied[f])
      found[nbig++] = f;
  }
  for (int i = 1; i < nbig; i++) /* insertion sort, stable: the same program gives the same plan */
    for (int j = i; j > 0 && texts[found[j]].len > texts[found[j - 1]].len; j--) {
      int t = found[j];
      found[j] = found[j - 1];
      found[j - 1] = t;
    }
  for (int i = 0; i < nbig; i++) {
    int u = 0;
    for (int k = 1; k < n; k++)
      if (load[k] < load[u])
        u = k;
    up->home[found[i]] = u;
    load[u] += take(&g, up->in + (size_t)u * nf, found[i]);
  }
  /* a unit without a large function of its own is not worth a compiler
   * (too few large functions): one unit then */
  for (int k = 1; k < n; k++) {
    bool own = false;
    for (int f = 0; f < nf; f++)
      own |= up->home[f] == k;
    if (!own) {
      up->n = 1;
      for (int f = 0; f < nf; f++)
        up->home[f] = 0, up->in[f] = 1;
      break;
    }
  }

  free(nm.order);
  free(seen);
  free(found);
  free(copied);
  for (int f = 0; f < nf; f++)
    free(g.refs[f]);
  free(g.refs);
  free(g.nrefs);
  free(load);
}

void units_free(UnitPlan *up) {
  free(up->home);
  free(up->in);
  memset(up, 0, sizeof *up);
}
