/* kilnrt.h — libkilnrt's public header: everything generated C calls.
 *
 * The runtime that kiln-compiled programs link statically. Design:
 *
 * Values. Typed code keeps int (int64_t), float (double), bool (bool) and
 * None (nothing) unboxed; everything else is a pointer to a reference-
 * counted object (KrObj *). A container does not box what it holds: its
 * items are KrVal slots (8 bytes: an int, a float, a bool or an object
 * pointer) and the container records the ValKind of its items, so a
 * list[float] is an array of doubles, and repr/eq/hash of any container can
 * still walk it. Where the compiler cannot know the type statically
 * (variants, Optional of a boxed type, json) the value is a boxed object
 * whose KrType is its runtime tag; ints and floats box as KrInt / KrFloat.
 *
 * Ownership. Every function that returns a KrObj * returns a new reference
 * unless its comment says "borrowed". Arguments are borrowed. Objects with
 * rc < 0 are immortal (None, True, False, small ints, interned constants):
 * incref/decref leave them alone, so module-level constants can be shared by
 * threads without atomics.
 *
 * Errors. A failing function sets the thread's pending exception (kr_exc)
 * and returns its error value: NULL for pointers, -1 for int results that
 * are statuses, and anything for unboxed results, where the caller checks
 * kr_failed(). Nothing longjmps and nothing exits: an uncaught exception
 * reaches the top (main or the C ABI), which reports it.
 *
 * Memory. All allocation goes through kr_alloc, the one hook that tests can
 * count and make fail (every failure becomes MemoryError); small blocks come
 * from per-thread free lists (alloc.c).
 *
 * Names: kr_<module>_<verb> for functions generated code calls; Kr<Name>
 * for types. Generated code uses the prefix kp_ for its own symbols.
 */
#ifndef KILNRT_H
#define KILNRT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define KR_LIKELY(x) __builtin_expect(!!(x), 1)
#define KR_UNLIKELY(x) __builtin_expect(!!(x), 0)

typedef struct KrType KrType;
typedef struct KrObj KrObj;
struct KrIter; /* containers.h */

struct KrObj {
  intptr_t rc;        /* reference count; < 0: immortal */
  const KrType *type; /* the runtime type: the tag of a dynamic value */
};

/* What a KrVal slot holds. */
typedef enum ValKind {
  KR_OBJ,   /* o: a KrObj * (owned by the slot) */
  KR_INT,   /* i */
  KR_FLOAT, /* f */
  KR_BOOL,  /* b */
} ValKind;

typedef union KrVal {
  int64_t i;
  double f;
  bool b;
  KrObj *o;
} KrVal;

/* ------------------------------------------------------------- object.c */

/* The type object: a vtable of the operations the runtime dispatches on
 * dynamic values. A NULL slot means the operation is not supported (the
 * caller raises CPython's TypeError), with two defaults: no str slot means
 * str() is repr(), and no hash slot means identity hashing when eq is NULL
 * too (object's default) but "unhashable type" when eq is set (as a class
 * that defines __eq__ and not __hash__). */
struct KrType {
  const char *name;     /* Python's name: "str", "list", "ValueError" */
  const char *module;   /* the module of a type a program defines ("__main__"); NULL: built in */
  const KrType *base;   /* the base class (exceptions, user classes), or NULL */
  const KrType *base2;  /* a second base of a built-in exception, or NULL (numpy's
                           AxisError: a ValueError and an IndexError) */
  size_t size;          /* bytes of a fixed-size instance (0: variable) */
  void (*dealloc)(KrObj *self);             /* release what self owns, then kr_free it; NULL: just kr_free */
  KrObj *(*repr)(KrObj *self);              /* a new str; NULL: <name object at 0x...> */
  KrObj *(*str)(KrObj *self);               /* a new str; NULL slot: use repr */
  int64_t (*hash)(KrObj *self);             /* -1 with kr_exc set on error (unhashable) */
  int (*eq)(KrObj *self, KrObj *other);     /* 1, 0, or -1 on error; NULL: identity */
  int (*cmp)(KrObj *self, KrObj *other, int op); /* rich compare for < <= > >=: 1, 0, -1 error;
                                                    -2: not supported for these types */
  int64_t (*len)(KrObj *self);              /* -1 on error */
  int (*truth)(KrObj *self);                /* 1, 0, -1; NULL slot: len, else true */
  /* Set up it (a KrIter, containers.h) to iterate self, for a type the
   * core iterator does not know (ndarray): 0, or -1 + exception. */
  int (*iter)(struct KrIter *it, KrObj *self, bool reverse);
  /* The name of self's type where it varies by instance (a numpy scalar's
   * is its dtype's: float32); NULL: name. */
  const char *(*name_of)(KrObj *self);
  /* self[key] and self[key] = value for a type the dynamic operations do
   * not know (ndarray): a new reference / 0, or NULL / -1 + exception. */
  KrObj *(*getitem)(KrObj *self, KrObj *key);
  int (*setitem)(KrObj *self, KrObj *key, KrObj *value);
};

/* Rich-comparison ops for KrType.cmp and kr_val_cmp. */
enum { KR_LT, KR_LE, KR_GT, KR_GE, KR_EQ, KR_NE };

/* The runtime's hot accessors (reference counts, list items, loop cursors,
 * the int operators) are always inlined: gcc stops inlining plain `inline`
 * functions into a large function, which generated functions often are
 * (a program's main with its callees inlined), and then pays a call for
 * three instructions. */
#define KR_INLINE static inline __attribute__((always_inline))

/* The runtime's thread-local state (kr_exc, kr_rec, the allocation
 * counters) is hidden and, in position-independent code, local-dynamic: the
 * runtime is linked statically into every program and library, so generated
 * code and the runtime always sit in the same module. In a shared library
 * that makes a function call __tls_get_addr once for the module's block and
 * reach each variable at a fixed offset, instead of one call per access
 * (global-dynamic, gcc's choice for any extern thread-local under -fPIC,
 * which the linker cannot relax in a shared object): every kr_failed() check
 * was such a call. In an executable the linker relaxes either to local-exec. */
#if defined(__ELF__) && defined(__PIC__) && !defined(__PIE__)
#define KR_TLS_HIDDEN __attribute__((visibility("hidden"), tls_model("local-dynamic")))
#elif defined(__ELF__)
#define KR_TLS_HIDDEN __attribute__((visibility("hidden")))
#else
#define KR_TLS_HIDDEN
#endif
/* The same for the runtime's few other globals that generated code reads. */
#if defined(__ELF__)
#define KR_HIDDEN __attribute__((visibility("hidden")))
#else
#define KR_HIDDEN
#endif

KR_INLINE void *kr_alloc(size_t n);    /* zeroed; NULL + MemoryError on failure */
void *kr_realloc(void *p, size_t n);   /* NULL + MemoryError on failure (p untouched); p NULL: kr_alloc */
KR_INLINE void kr_free(void *p);       /* NULL is fine */
KR_INLINE KrObj *kr_obj_new(const KrType *t, size_t size); /* header set, rc 1, rest zeroed; NULL + MemoryError */
/* kr_obj_new without the zeroing: for an object its maker fills before
 * anything reads it (a str's text, an instance whose __init__ sets every
 * field first thing). */
KR_INLINE KrObj *kr_obj_new_uninit(const KrType *t, size_t size);
void kr_dealloc(KrObj *o);             /* rc reached 0: the type's dealloc, or kr_free */

/* The allocation hook for tests: count allocations, fail the nth. The
 * counters are per thread (tests run one thread; a threaded host pays no
 * atomics); an object freed by another thread than made it moves a count. */
extern KR_TLS_HIDDEN _Thread_local int64_t kr_alloc_count;   /* kr_alloc/kr_realloc calls so far */
extern KR_TLS_HIDDEN _Thread_local int64_t kr_alloc_fail_at; /* when kr_alloc_count reaches it, fail (0: never) */
extern KR_TLS_HIDDEN _Thread_local int64_t kr_live_objects;  /* objects allocated and not yet freed (immortal ones excluded) */
extern KR_TLS_HIDDEN _Thread_local int64_t kr_live_blocks;   /* kr_alloc blocks not yet freed, objects included */
bool kr_alloc_fails(void); /* a plain-C layer's malloc (the tokenizer's): counted like kr_alloc's; true: fail it */

/* The allocator's common case, inline (alloc.c has the rest and the
 * design): a block of up to KR_SMALL_MAX bytes is popped from this
 * thread's free list of its 16-byte size class, and a block freed goes on
 * the list of the class its page has in the page map (a byte per 64 KiB
 * page; 0 for a block that is not the pool's). Whatever else (a list that
 * is empty, a large block, a failure to inject, the pool off under a
 * sanitizer, where every list stays empty and every page reads 0) is a
 * call; the counts are kept alike on both paths. */
#define KR_SMALL_MAX 512
#define KR_PAGE_SHIFT 16
extern KR_TLS_HIDDEN _Thread_local void *kr_free_list[KR_SMALL_MAX / 16 + 1]; /* by class; [0] unused */
extern KR_HIDDEN uint8_t *kr_page_map[1 << 16]; /* leaf[a >> 16 & 0xffff] of kr_page_map[a >> 32]: page a's class */
void *kr_alloc_counted(size_t n, bool zero); /* the rest of kr_alloc, once kr_alloc_count is counted */
void kr_free_large(void *p);                 /* the rest of kr_free: a block not in a small page */

KR_INLINE unsigned kr_size_class(size_t n) { return n ? (unsigned)((n + 15) >> 4) : 1; }

KR_INLINE void *kr_alloc_block(size_t n, bool zero) {
  int64_t k = ++kr_alloc_count;
  if (n <= KR_SMALL_MAX) {
    unsigned c = kr_size_class(n);
    void **b = (void **)kr_free_list[c];
    if (KR_LIKELY(b != NULL && k != kr_alloc_fail_at)) {
      kr_free_list[c] = *b;
      kr_live_blocks++;
      if (zero) /* c 16-byte units, 16-aligned: stores, no call of memset */
        for (uint64_t *w = (uint64_t *)b, *e = w + 2 * c; w < e; w += 2)
          w[0] = w[1] = 0;
      return b;
    }
  }
  return kr_alloc_counted(n, zero);
}

KR_INLINE void *kr_alloc(size_t n) { return kr_alloc_block(n, true); }

KR_INLINE void kr_free(void *p) {
  if (!p)
    return;
  uint64_t a = (uint64_t)(uintptr_t)p;
  uint8_t *leaf = a >> 48 ? NULL : __atomic_load_n(&kr_page_map[a >> 32], __ATOMIC_ACQUIRE);
  unsigned c = leaf ? __atomic_load_n(&leaf[(a >> KR_PAGE_SHIFT) & 0xffff], __ATOMIC_RELAXED) : 0;
  if (KR_LIKELY(c != 0)) {
    *(void **)p = kr_free_list[c];
    kr_free_list[c] = p;
    kr_live_blocks--;
    return;
  }
  kr_free_large(p);
}

/* The header of an object in a block of kr_alloc_block; NULL passes. */
KR_INLINE KrObj *kr_obj_init(void *block, const KrType *t) {
  KrObj *o = (KrObj *)block;
  if (!o)
    return NULL;
  o->rc = 1;
  o->type = t;
  kr_live_objects++;
  return o;
}
KR_INLINE KrObj *kr_obj_new(const KrType *t, size_t size) { return kr_obj_init(kr_alloc_block(size, true), t); }
KR_INLINE KrObj *kr_obj_new_uninit(const KrType *t, size_t size) { return kr_obj_init(kr_alloc_block(size, false), t); }

KR_INLINE void kr_incref(KrObj *o) {
  if (o->rc >= 0)
    o->rc++;
}
KR_INLINE void kr_decref(KrObj *o) {
  if (o->rc > 0 && --o->rc == 0)
    kr_dealloc(o);
}
KR_INLINE void kr_xincref(KrObj *o) {
  if (o)
    kr_incref(o);
}
KR_INLINE void kr_xdecref(KrObj *o) {
  if (o)
    kr_decref(o);
}
/* The exit of a generated function with many boxed locals: they live in
 * one struct of KrObj * (emit.c, kl), released here in one call. */
void kr_release_locals(KrObj **v, int64_t n);
/* Make o immortal (a constant shared for the rest of the run): it leaves
 * kr_live_objects and is never freed. */
void kr_obj_immortalize(KrObj *o);

/* The singletons and the boxes of the unboxed types. */
extern KrObj kr_None_obj, kr_True_obj, kr_False_obj;
#define kr_None (&kr_None_obj)
#define kr_True (&kr_True_obj)
#define kr_False (&kr_False_obj)
typedef struct KrInt {
  KrObj h;
  int64_t v;
} KrInt;
typedef struct KrFloat {
  KrObj h;
  double v;
} KrFloat;
extern const KrType kr_NoneType, kr_bool_type, kr_int_type, kr_float_type;
KrObj *kr_int_box(int64_t v);   /* small ints (-5..256) are immortal and shared */
KrObj *kr_float_box(double v); /* a new float box */
static inline KrObj *kr_bool_box(bool b) { return b ? kr_True : kr_False; }
/* isinstance(o, t): o's type is t or a subclass of t (bool is an int).
 * Inline, since compiled code dispatches a method call on it (emit.c): the
 * walk up single bases is a few loads; a type with a second base (a few
 * built-in exceptions) takes the general walk. */
bool kr_subtype_slow(const KrType *u, const KrType *t);
KR_INLINE bool kr_isinstance(const KrObj *o, const KrType *t) {
  for (const KrType *u = o->type; u; u = u->base) {
    if (u == t)
      return true;
    if (KR_UNLIKELY(u->base2 != NULL))
      return kr_subtype_slow(u, t);
  }
  return false;
}
const char *kr_type_name(KrVal v, ValKind k);  /* "int", "float", "bool", or the object's type name */

/* KrVal of a given kind: boxing, ownership and the generic operations that
 * containers use on their items (repr of a list[float] calls
 * kr_val_repr(item, KR_FLOAT)). A KR_OBJ value that is an int, float or
 * bool box behaves exactly as the unboxed value. */
KrObj *kr_val_box(KrVal v, ValKind k);          /* new reference */
KrVal kr_val_unbox(KrObj *o, ValKind k);        /* o holds a value of kind k (a bool or int box gives a float too) */
KR_INLINE void kr_val_incref(KrVal v, ValKind k) {
  if (k == KR_OBJ)
    kr_incref(v.o);
}
KR_INLINE void kr_val_decref(KrVal v, ValKind k) {
  if (k == KR_OBJ)
    kr_decref(v.o);
}
KrObj *kr_val_repr(KrVal v, ValKind k);         /* repr(v): a new str */
KrObj *kr_val_str(KrVal v, ValKind k);          /* str(v) */
KrObj *kr_val_ascii(KrVal v, ValKind k);        /* ascii(v): repr with non-ASCII escaped */
int64_t kr_val_hash(KrVal v, ValKind k);        /* hash(v) as CPython computes it; -1 + exc */
/* a == b as Python's == computes it: 1 == 1.0 == True, nan != nan (a
 * container's membership test checks identity first itself). */
int kr_val_eq(KrVal a, ValKind ka, KrVal b, ValKind kb);           /* 1/0, -1 error */
int kr_val_cmp(KrVal a, ValKind ka, KrVal b, ValKind kb, int op);  /* 1/0, -1 error (TypeError) */
int kr_val_truth(KrVal v, ValKind k);           /* bool(v): 1/0, -1 error */

/* Dynamic objects (variants): the same operations on boxed values. */
KrObj *kr_obj_repr(KrObj *o); /* repr(o) */
KrObj *kr_obj_str(KrObj *o); /* str(o) */
int64_t kr_obj_hash(KrObj *o); /* hash(o); -1 + TypeError if unhashable */
int kr_obj_eq(KrObj *a, KrObj *b); /* a == b: 1/0, -1 error */
int kr_obj_cmp(KrObj *a, KrObj *b, int op); /* a < b etc. (KR_LT..KR_NE): 1/0, -1 TypeError */
int kr_obj_truth(KrObj *o); /* bool(o): 1/0, -1 error */

/* CPython's hash of an int and of a float (x mod 2^61-1; -1 becomes -2).
 * A nan hashes as its box's address in CPython; unboxed here it hashes 0. */
int64_t kr_hash_int(int64_t v); /* hash(int) */
int64_t kr_hash_float(double v); /* hash(float); 0 for a nan */

/* ---------------------------------------------------------------- exc.c */

/* The pending exception of this thread, or NULL. */
extern KR_TLS_HIDDEN _Thread_local KrObj *kr_exc;
#define kr_failed() KR_UNLIKELY(kr_exc != NULL)

/* Recursion. Every compiled function's prologue calls kr_enter() and its
 * one exit kr_leave(), so this thread's depth counts compiled frames, as
 * CPython counts Python frames; past the limit (CPython's default 1000) or
 * when the C stack has less than a margin left (a host thread with a small
 * stack), kr_enter raises RecursionError("maximum recursion depth
 * exceeded") and returns -1. The fast path is an increment, a compare and
 * a stack-pointer compare on this thread's KrRec; `limit` starts at 0, so
 * a thread's first call takes the slow path, which finds its stack. */
typedef struct KrRec {
  int64_t depth;      /* compiled frames active on this thread */
  int64_t limit;      /* raise past this depth (0: not set up yet) */
  uintptr_t stack_lo; /* raise when a frame starts below this address */
  uintptr_t base, top; /* the thread's own stack: a frame outside it runs on a stack the host
                          switched to (koffi does), where only the depth limit applies */
} KrRec;
extern KR_TLS_HIDDEN _Thread_local KrRec kr_rec;
int kr_enter_slow(void);
#if defined(__x86_64__)
#define KR_STACK_POINTER(sp) __asm__("movq %%rsp, %0" : "=r"(sp))
#elif defined(__aarch64__)
#define KR_STACK_POINTER(sp) __asm__("mov %0, sp" : "=r"(sp))
#else
#define KR_STACK_POINTER(sp) ((sp) = (uintptr_t)__builtin_frame_address(0))
#endif
/* kr_enter names kr_rec rather than going through a pointer to it: with
 * -fsanitize=undefined, gcc 12 checks such a pointer for null with
 * `addq kr_rec@gottpoff(%rip), %reg; je`, and the linker rewrites that add
 * into a lea (the x86-64 TLS IE->LE relaxation), which sets no flags, so the
 * check branches on stale flags and reports a null KrRec that is not there
 * (docs/reliability.md). A variable named directly gets no null check. */
__attribute__((always_inline)) static inline int kr_enter(void) {
  uintptr_t sp;
  KR_STACK_POINTER(sp);
  if (KR_UNLIKELY(++kr_rec.depth > kr_rec.limit || sp < kr_rec.stack_lo))
    return kr_enter_slow();
  return 0;
}
#define kr_leave() ((void)kr_rec.depth--)
extern int64_t kr_recursion_limit; /* sys.getrecursionlimit() */

/* An exception instance: its type, args, cause, context, and the
 * traceback frames collected while it unwinds. args is a plain array of
 * boxed values (the runtime's core does not depend on tuple); e.args is
 * built from it on demand. */
typedef struct KrTbFrame {
  const char *file; /* Python file */
  const char *func; /* function name, "<module>" at module level */
  int line;
} KrTbFrame;

typedef struct KrExc {
  KrObj h;
  int64_t nargs;    /* len(e.args) */
  int64_t nheld;    /* items in args: nargs, or more (OSError keeps its filename args after e.args) */
  KrObj **args;     /* nheld owned references; NULL when nheld is 0 */
  KrObj *cause;     /* __cause__ or NULL */
  KrObj *context;   /* __context__ or NULL */
  bool suppress_context; /* set by raise ... from ... */
  int ntb, captb;
  KrTbFrame *tb;    /* in unwinding order: the raising function first, <module> last */
} KrExc;

/* The built-in exception types: CPython 3.11's hierarchy (less the
 * exception groups), each after its base, listed in exceptions.def, which
 * the compiler reads too. */
#define EXC(name, base) extern const KrType kr_##name##_type;
#include "exceptions.def"
#undef EXC

/* Raise: set kr_exc to a new instance of t whose one arg is the formatted
 * message (printf-style; %S formats a KrObj * with str(), %R with repr();
 * fmt NULL: no args). The exception being handled, if any, becomes its
 * __context__. Always returns NULL so callers can `return kr_raise(...)`. */
void *kr_raise(const KrType *t, const char *fmt, ...);
void *kr_raise_args(const KrType *t, KrObj **args, int64_t n); /* raise t(*args); args borrowed */
void *kr_raise_obj(KrObj *exc);               /* raise an instance (steals it) */
/* raise t(msg) with CPython's suggestion ("Did you mean: 'hint'?"), which
 * the traceback prints after the message but str(e) leaves out. */
void *kr_raise_hint(const KrType *t, const char *msg, const char *hint);
void *kr_raise_from(KrObj *exc, KrObj *cause); /* raise ... from ...; steals both (cause may be NULL: from None) */
void *kr_exc_reraise(void);                   /* bare `raise` in an except block: the handled exception again */
KrObj *kr_exc_new(const KrType *t, KrObj **args, int64_t n); /* t(*args), not raised; args borrowed */
KrObj *kr_exc_newf(const KrType *t, const char *fmt, ...);   /* t(message), not raised */
KrObj *kr_exc_fetch(void);                     /* take the pending exception (new ref) and clear it */
bool kr_exc_matches(const KrType *t);          /* is the pending exception a t? */
void kr_exc_clear(void); /* drop the pending exception, if any */
KrObj *kr_exc_arg(KrObj *exc, int64_t i);      /* args[i] (borrowed), None when absent */
void kr_exc_dealloc(KrObj *exc);               /* the exception types' dealloc (a subclass's calls it last) */

/* The exception being handled (sys.exception()): generated code calls
 * begin when it enters an except block (or a finally block run for an
 * exception) and end with what begin returned when it leaves; a raise in
 * between chains the handled exception as __context__. */
KrObj *kr_exc_begin_handling(KrObj *exc);      /* exc borrowed; returns the previous one for end */
void kr_exc_end_handling(KrObj *prev); /* leaving the except block: prev is what begin returned */
KrObj *kr_exc_handling(void);                  /* the one being handled (borrowed), or NULL */

/* Record a traceback frame on the pending exception as it unwinds through
 * a Python function (generated code calls it at its error exit; a bare
 * `raise` does not, as in CPython). */
void kr_tb_add(const char *file, const char *func, int line);
/* Give the report the program's source text, so it prints each frame's
 * line under it as CPython does (text must live for the whole run). */
void kr_tb_set_source(const char *file, const char *text);
/* Print the pending exception as CPython does for an uncaught one
 * ("Traceback (most recent call last):" ... "ValueError: msg") to stderr,
 * with its chain of causes and contexts, and clear it. Returns the exit
 * status: 1, or for SystemExit its code (None: 0; an int: it; else the
 * code is printed and 1). Flushes stdout first. */
int kr_exc_report(void);
/* What kr_exc_report prints for exc (its traceback and chain), as a
 * malloc'ed string (free it), or NULL when memory runs out. */
char *kr_exc_format(KrObj *exc);
KrObj *kr_exc_str(KrObj *exc);   /* str(exc); the exception types' str slot (a subclass's too) */
KrObj *kr_exc_repr(KrObj *exc);  /* repr(exc): ValueError('msg'); their repr slot */

/* ---------------------------------------------------- str.c, unicode.c */

/* str: UTF-8 text (WTF-8: lone surrogates allowed, each encoded on its own
 * in 3 bytes, as CPython's str can hold them), indexed by code point. An
 * ascii str indexes in O(1); a longer non-ascii one carries a sparse index
 * (the byte offset of every KR_STR_STRIDE-th code point), so indexing costs
 * at most KR_STR_STRIDE steps; and any non-ascii str remembers the last code
 * point it found, so `for i in range(len(s)): s[i]` steps from there. */
#define KR_STR_STRIDE 32
typedef struct KrStr {
  KrObj h;
  int64_t len;     /* bytes */
  int64_t nchars;  /* code points */
  int64_t hash;    /* -1: not computed yet */
  bool ascii;      /* every code point < 0x80 */
  uint32_t cursor; /* non-ascii: the last code point kr_str_offset found (index < 2^24), index << 8 | its byte offset from its stride's start; 0 at first */
  const int64_t *index; /* non-ascii with nchars > KR_STR_STRIDE: offsets of code points 0, S, 2S...; else NULL */
  char data[];     /* len bytes, then a NUL (then the index, in the same block) */
} KrStr;
extern const KrType kr_str_type;
KrObj *kr_str_new(const char *utf8, int64_t len);     /* copies valid WTF-8; len in bytes */
KrObj *kr_str_from_cstr(const char *s); /* a str of a NUL-terminated UTF-8 string */
/* A str built by generated code for a constant: immortal, never freed. */
KrObj *kr_str_const(const char *utf8, int64_t len);
KR_INLINE const char *kr_str_data(KrObj *s) { return ((KrStr *)s)->data; }
KR_INLINE int64_t kr_str_bytes(KrObj *s) { return ((KrStr *)s)->len; }
KR_INLINE int64_t kr_str_len(KrObj *s) { return ((KrStr *)s)->nchars; } /* len(): code points */
KrObj *kr_str_empty(void);                            /* '' (immortal) */
KrObj *kr_str_chr(int64_t cp);                        /* chr(): ValueError chr() arg not in range(0x110000) */
/* The one-character ASCII strs, immortal and shared (a slot is NULL only if
 * memory ran out at start-up): s[i], iteration and chr() of ASCII text
 * allocate nothing. */
extern KrObj *kr_str_ascii_chars[128];
int64_t kr_str_ord_slow(KrObj *s);
KR_INLINE int64_t kr_str_ord(KrObj *s) {              /* ord(): TypeError unless one character */
  const KrStr *t = (const KrStr *)s;
  if (KR_LIKELY(t->nchars == 1 && t->ascii))
    return (unsigned char)t->data[0];
  return kr_str_ord_slow(s);
}
KrObj *kr_str_concat(KrObj *a, KrObj *b); /* a + b */
KrObj *kr_str_concat_n(int64_t n, KrObj *const *parts); /* a + b + c ...: one str, as the chain of + makes */
/* The same where parts[0] is *pa, a str the caller owns and reads nowhere
 * after (`s += t`, `s = s + t + u` in a loop): when *pa holds its only
 * reference and the result is ASCII or short (no index to rebuild), the
 * text grows in place, as CPython appends, and *pa is taken (set NULL);
 * else kr_str_concat_n, *pa untouched. NULL + MemoryError: *pa untouched. */
KrObj *kr_str_append_n(KrObj **pa, int64_t n, KrObj *const *parts);
KrObj *kr_str_repeat(KrObj *s, int64_t n); /* s * n (n <= 0: '') */
KrObj *kr_str_getitem_slow(KrObj *s, int64_t i);
KR_INLINE KrObj *kr_str_getitem(KrObj *s, int64_t i) { /* IndexError: string index out of range */
  const KrStr *t = (const KrStr *)s;
  int64_t j = i < 0 ? i + t->nchars : i;
  if (KR_LIKELY(t->ascii && (uint64_t)j < (uint64_t)t->nchars)) {
    KrObj *c = kr_str_ascii_chars[(unsigned char)t->data[j]];
    if (KR_LIKELY(c != NULL))
      return c; /* immortal: no reference to take */
  }
  return kr_str_getitem_slow(s, i);
}
KrObj *kr_str_slice(KrObj *s, int64_t start, int64_t stop, int64_t step, int has);
                                                      /* has: bit 0 start, 1 stop, 2 step given */
/* for ch in s: the character at byte offset *pos (advanced past it), or
 * NULL at the end (kr_exc not set) or on MemoryError (kr_exc set). */
KrObj *kr_str_next(KrObj *s, int64_t *pos);
/* The n bytes at a and b are equal. Up to 16 bytes are compared inline,
 * with two loads from each side that may overlap (short strs are the dict
 * keys), not with a call of memcmp. */
static inline bool kr_mem_eq(const char *a, const char *b, size_t n) {
  if (n > 16)
    return __builtin_memcmp(a, b, n) == 0;
  if (n >= 8) {
    uint64_t a0, b0, a1, b1;
    __builtin_memcpy(&a0, a, 8), __builtin_memcpy(&b0, b, 8);
    __builtin_memcpy(&a1, a + n - 8, 8), __builtin_memcpy(&b1, b + n - 8, 8);
    return ((a0 ^ b0) | (a1 ^ b1)) == 0;
  }
  if (n >= 4) {
    uint32_t a0, b0, a1, b1;
    __builtin_memcpy(&a0, a, 4), __builtin_memcpy(&b0, b, 4);
    __builtin_memcpy(&a1, a + n - 4, 4), __builtin_memcpy(&b1, b + n - 4, 4);
    return ((a0 ^ b0) | (a1 ^ b1)) == 0;
  }
  return n == 0 || (a[0] == b[0] && a[n >> 1] == b[n >> 1] && a[n - 1] == b[n - 1]);
}
/* a == b for two strs: 1/0. Inline, as dict and set probes and generated
 * code compare strs at a high rate: identity, then the length and first
 * byte, then the cached hashes when both are known, then the bytes. */
KR_INLINE int kr_str_eq(KrObj *a, KrObj *b) {
  if (a == b)
    return 1;
  const KrStr *x = (const KrStr *)a, *y = (const KrStr *)b;
  if (x->len != y->len || x->data[0] != y->data[0]) /* data[0] is the NUL of an empty str */
    return 0;
  int64_t hx = __atomic_load_n(&x->hash, __ATOMIC_RELAXED), hy = __atomic_load_n(&y->hash, __ATOMIC_RELAXED);
  if (hx != -1 && hy != -1 && hx != hy)
    return 0;
  return kr_mem_eq(x->data, y->data, (size_t)x->len);
}
int kr_str_cmp(KrObj *a, KrObj *b);                   /* <0, 0, >0 by code point */
int kr_str_contains(KrObj *s, KrObj *sub);            /* sub in s */
int64_t kr_str_hash(KrObj *s);                        /* a 64-bit hash of the bytes, never -1 */
/* hash(s) with the cached value read inline: computed once per str. */
static inline int64_t kr_str_hash_cached(KrObj *s) {
  int64_t h = __atomic_load_n(&((KrStr *)s)->hash, __ATOMIC_RELAXED);
  return h != -1 ? h : kr_str_hash(s);
}
KrObj *kr_str_repr(KrObj *s);                         /* repr(s): quotes and escapes as CPython */
KrObj *kr_str_ascii(KrObj *s);                        /* ascii(s) */
/* The first run of lone surrogates, which UTF-8 cannot encode: 0 and *start,
 * *end (code point positions) set, or -1 when there is none. */
int kr_str_find_surrogates(KrObj *s, int64_t *start, int64_t *end);
/* Raise CPython's UnicodeEncodeError for s's first surrogates ("'utf-8'
 * codec can't encode character '\ud800' in position 0: surrogates not
 * allowed"); str.encode() and print() use it. Returns NULL. */
void *kr_str_raise_encode_error(KrObj *s);

/* A str under construction: append, then finish (or discard). After an
 * allocation failure the builder ignores appends and finish returns NULL
 * with MemoryError pending. */
typedef struct KrBuf {
  KrStr *s;        /* the block being filled (header not valid yet), or NULL */
  int64_t len;     /* bytes written */
  int64_t cap;     /* bytes s->data can hold, less the NUL */
  bool failed;
  bool ascii;      /* every byte written is below 0x80, so finish needs no scan (dropping
                      bytes from the end keeps it true) */
} KrBuf;
void kr_buf_init(KrBuf *b, int64_t cap_hint); /* an empty builder, room for cap_hint bytes */
int kr_buf_put(KrBuf *b, const char *p, int64_t n);   /* 0, or -1 (MemoryError) */
int kr_buf_putc(KrBuf *b, char c);                    /* one byte */
int kr_buf_putcp(KrBuf *b, uint32_t cp);              /* one code point as WTF-8 */
int kr_buf_puts(KrBuf *b, KrObj *str);                /* a str's text */
int kr_buf_fill(KrBuf *b, uint32_t cp, int64_t n);    /* cp n times */
int kr_buf_printf(KrBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3))); /* printf-style text */
KrObj *kr_buf_finish(KrBuf *b);                       /* the str; the builder is spent */
void kr_buf_discard(KrBuf *b); /* give up: free what was built */

/* ------------------------------------------------------ strmethods.c */

/* str's methods, CPython's behaviour and messages. Conventions: optional
 * str arguments are NULL when absent (or None); start/end take a `has`
 * mask as kr_str_slice does (bit 0 start, bit 1 end given); functions
 * returning several strs store new references in out-params; errors as
 * everywhere (NULL, -1 with kr_exc set). Predicates return 1 or 0. */
KrObj *kr_str_capitalize(KrObj *s); /* s.capitalize() */
KrObj *kr_str_casefold(KrObj *s); /* s.casefold() */
KrObj *kr_str_center(KrObj *s, int64_t width, KrObj *fill); /* fill: one character, NULL ' ' */
KrObj *kr_str_ljust(KrObj *s, int64_t width, KrObj *fill); /* s.ljust(width, fill) */
KrObj *kr_str_rjust(KrObj *s, int64_t width, KrObj *fill); /* s.rjust(width, fill) */
KrObj *kr_str_zfill(KrObj *s, int64_t width); /* s.zfill(width) */
int64_t kr_str_count(KrObj *s, KrObj *sub, int64_t start, int64_t end, int has); /* s.count(sub, start, end) */
int64_t kr_str_find(KrObj *s, KrObj *sub, int64_t start, int64_t end, int has);   /* -1: absent */
int64_t kr_str_rfind(KrObj *s, KrObj *sub, int64_t start, int64_t end, int has); /* s.rfind(sub, start, end) */
int64_t kr_str_index(KrObj *s, KrObj *sub, int64_t start, int64_t end, int has);  /* ValueError: substring not found */
int64_t kr_str_rindex(KrObj *s, KrObj *sub, int64_t start, int64_t end, int has); /* s.rindex(...): ValueError */
/* s.startswith(prefix) for one prefix (n 1) or a tuple of them (n items). */
int kr_str_startswith(KrObj *s, KrObj **prefixes, int64_t n, int64_t start, int64_t end, int has);
int kr_str_endswith(KrObj *s, KrObj **suffixes, int64_t n, int64_t start, int64_t end, int has); /* s.endswith(...) */
KrObj *kr_str_expandtabs(KrObj *s, int64_t tabsize); /* s.expandtabs(tabsize) */
KrObj *kr_str_join(KrObj *sep, KrObj **items, int64_t n);   /* TypeError for an item not a str */
KrObj *kr_str_lower(KrObj *s); /* s.lower() (final sigma aware) */
KrObj *kr_str_upper(KrObj *s); /* s.upper() ('ß' -> 'SS') */
KrObj *kr_str_swapcase(KrObj *s); /* s.swapcase() */
KrObj *kr_str_title(KrObj *s); /* s.title() */
KrObj *kr_str_strip(KrObj *s, KrObj *chars);    /* chars NULL: whitespace */
KrObj *kr_str_lstrip(KrObj *s, KrObj *chars); /* s.lstrip(chars) */
KrObj *kr_str_rstrip(KrObj *s, KrObj *chars); /* s.rstrip(chars) */
int kr_str_partition(KrObj *s, KrObj *sep, KrObj *out[3]);  /* 0, -1 (ValueError: empty separator) */
int kr_str_rpartition(KrObj *s, KrObj *sep, KrObj *out[3]); /* s.rpartition(sep) */
KrObj *kr_str_removeprefix(KrObj *s, KrObj *prefix); /* s.removeprefix(prefix) */
KrObj *kr_str_removesuffix(KrObj *s, KrObj *suffix); /* s.removesuffix(suffix) */
KrObj *kr_str_replace(KrObj *s, KrObj *old, KrObj *new_, int64_t count); /* count < 0: all */
/* split/rsplit/splitlines: the parts as a kr_alloc'ed array of new
 * references in *out (the caller takes the items and kr_frees the array);
 * returns their number, or -1. sep NULL: runs of whitespace. */
int64_t kr_str_split(KrObj *s, KrObj *sep, int64_t maxsplit, KrObj ***out);
int64_t kr_str_rsplit(KrObj *s, KrObj *sep, int64_t maxsplit, KrObj ***out); /* s.rsplit(sep, maxsplit) */
int64_t kr_str_splitlines(KrObj *s, bool keepends, KrObj ***out); /* s.splitlines(keepends) */
int kr_str_isalnum(KrObj *s); /* s.isalnum() */
int kr_str_isalpha(KrObj *s); /* s.isalpha() */
int kr_str_isascii(KrObj *s); /* s.isascii() */
int kr_str_isdecimal(KrObj *s); /* s.isdecimal() */
int kr_str_isdigit(KrObj *s); /* s.isdigit() */
int kr_str_isidentifier(KrObj *s); /* s.isidentifier() */
int kr_str_islower(KrObj *s); /* s.islower() */
int kr_str_isnumeric(KrObj *s); /* s.isnumeric() */
int kr_str_isprintable(KrObj *s); /* s.isprintable() */
int kr_str_isspace(KrObj *s); /* s.isspace() */
int kr_str_istitle(KrObj *s); /* s.istitle() */
int kr_str_isupper(KrObj *s); /* s.isupper() */

/* ------------------------------------------ format.c, print.c, dtoa.c */

/* CPython's repr/str of the unboxed types, and the format-spec mini-language
 * of format() and f-strings (the compiler calls kr_format_* for each
 * {value:spec} field, after !r/!s/!a conversions, and joins the pieces). */
KrObj *kr_int_repr(int64_t v); /* repr(int) */
KrObj *kr_float_repr(double v);   /* shortest round-trip, as repr(float); str() is the same */
KrObj *kr_bool_repr(bool v); /* 'True' / 'False' (immortal) */
KrObj *kr_format_int(int64_t v, KrObj *spec);    /* format(v, spec) */
KrObj *kr_format_float(double v, KrObj *spec); /* format(float, spec) */
KrObj *kr_format_bool(bool v, KrObj *spec);      /* '' → 'True'; else as the int */
KrObj *kr_format_str(KrObj *s, KrObj *spec); /* format(str, spec) */
KrObj *kr_format_obj(KrObj *o, KrObj *spec);     /* dynamic: dispatch on o's type */
KrObj *kr_format_val(KrVal v, ValKind k, KrObj *spec);     /* format(v, spec) for a value of kind k */

/* printf-style formatting: fmt % x. When x is a tuple, args holds its n
 * items; any other x is args[0] with n = -1 (CPython treats the two
 * differently: '%s' % () fails, '%s' % [] does not). When x is a mapping
 * in CPython's sense (anything with __getitem__ but a tuple or a str: a
 * dict, but also a list or bytes), map is given: it looks up %(key)s (a
 * new reference, or NULL with KeyError/TypeError set), and unused
 * arguments are then no error. */
typedef struct KrArg {
  KrVal v;
  ValKind k;
} KrArg;
typedef KrObj *(*KrMapLookup)(void *ctx, KrObj *key);
KrObj *kr_str_mod(KrObj *fmt, const KrArg *args, int64_t n, KrMapLookup map, void *ctx);
/* fmt.format(*args, **kwargs): args holds the positional values, kwnames
 * and kwargs the keyword ones (kwnames are distinct str objects). A new
 * str, or NULL with kr_exc set; CPython 3.11's results and errors, except
 * that `.name` in a field knows only the data attributes of the numbers
 * (real, imag; numerator, denominator of int and bool): any other name
 * raises AttributeError. */
KrObj *kr_str_format(KrObj *fmt, const KrArg *args, int64_t n, KrObj *const *kwnames, const KrArg *kwargs,
                     int64_t nkw);
/* fmt.format_map(mapping) for a dict mapping: {name} is mapping[name]
 * (another object is subscripted as CPython would, with its errors). */
KrObj *kr_str_format_map(KrObj *fmt, KrObj *dict);

/* print(*args, sep=' ', end='\n', file=stdout|stderr, flush=False):
 * items are str objects already (the generated code calls str() on each);
 * sep and end NULL: the defaults. stdout is buffered (a large buffer,
 * flushed at exit, before anything goes to stderr, and on flush); stderr
 * is not. A lone surrogate raises UnicodeEncodeError on stdout and prints
 * as \udxxx on stderr (CPython's backslashreplace there). */
int kr_print(KrObj **items, int64_t n, KrObj *sep, KrObj *end, int to_stderr, bool flush);
int kr_write(KrObj *s, int to_stderr);           /* sys.stdout.write(s) / sys.stderr.write(s) */
void kr_flush_stdout(void); /* write out what stdout holds */

/* Float digits, shared with the compiler (compiler/repr.c links dtoa.c
 * for the constants `kiln ast` prints): dtoa.c. */
/* The shortest decimal that reads back as |d| (finite): its digits (no
 * trailing zeros, NUL-terminated) and the decimal point's position
 * (value = 0.digits × 10^decpt). Returns the number of digits. */
int kr_dtoa_shortest(double d, char digits[24], int *decpt);
/* repr(d) into out (at least 32 bytes), NUL-terminated; add_dot0: '1.0'
 * (float) rather than '1' (complex parts). Returns the length. */
int kr_dtoa_repr(double d, char out[32], bool add_dot0);

/* ------------------------------------------------------------- abi.c */
/* A compiled library (kiln compile): the generated code defines
 * kr_library, the table of the functions it exports, and abi.c implements
 * include/kiln.h over it. Types are spelled as Python spells them
 * ("list[int]", "Optional[str]", "dict[str, float]"). */
typedef struct KrExport {
  const char *name;
  int nparams, nrequired;        /* parameters; those without a default come first */
  const char *const *params;     /* their names */
  const char *const *types;      /* their types */
  const char *const *defaults;   /* the defaults of the last nparams - nrequired, as JSON */
  const char *ret;               /* the return type */
  /* Call with every argument converted to its parameter's type (args[i] of
   * the KrVal field the type needs; borrowed). A new boxed result, or NULL
   * with kr_exc set. */
  KrObj *(*call)(const KrVal *args);
  int stream;                    /* a generator function: call returns the generator (an
                                    iterator object); ret is the type of its items */
} KrExport;
typedef struct KrLibrary {
  const char *module;    /* the module's name: the file's stem */
  const char *manifest;  /* kiln_manifest()'s JSON */
  void (*init)(void);    /* runs the module code; kr_exc set if it raised */
  const KrExport *funcs;
  int nfuncs;
} KrLibrary;
/* Weak: only a library defines it. PE/COFF (Windows) has no weak
 * references that a later definition satisfies; there abi.c, which alone
 * uses it, is linked into libraries only (nothing else refers to it). */
#if defined(_WIN32)
extern const KrLibrary kr_library;
#else
extern const KrLibrary kr_library __attribute__((weak));
#endif

#include "containers.h"
#include "json.h"
#include "mathmod.h"
#include "stdmods.h"
#include "collsmods.h"
#include "ops.h"
#include "remod.h"

/* ---------------------------------------------------------------- file.c */

/* open(path, mode): a text file (TextIOWrapper) or, with 'b' in mode, a
 * binary one (BufferedReader); both are iterators over their lines. */
extern const KrType kr_textio_type, kr_bufferedio_type, kr_UnsupportedOperation_type;
KrObj *kr_open(KrObj *path, KrObj *mode);  /* FileNotFoundError: [Errno 2] No such file or directory: 'x' */
KrObj *kr_file_read(KrObj *f);             /* f.read(): the rest, str or bytes */
KrObj *kr_file_read_n(KrObj *f, int64_t n); /* f.read(n): n code points (text) or bytes; n < 0: the rest */
KrObj *kr_file_readline(KrObj *f);         /* f.readline(): "" at the end */
KrObj *kr_file_readlines(KrObj *f);        /* f.readlines() */
int64_t kr_file_write(KrObj *f, KrObj *s); /* f.write(s): code points or bytes written; -1 on error */
void kr_file_close(KrObj *f);              /* f.close(); closing twice is fine */
KrObj *kr_file_enter(KrObj *f);            /* with f: f itself (ValueError if closed) */
void kr_print_file(KrObj *f, int64_t n, const KrVal *vals, const uint8_t *kinds, KrObj *sep,
                   KrObj *end);            /* print(..., file=f) */
#define KR_FILE_EXIT(f, a, b, c) ((void)(a), (void)(b), (void)(c), kr_file_close(f))

/* bytes ops of the op library */
#define KR_BYTES_EQ(a, b) (kr_bytes_eq(a, b) == 1)
#define KR_BYTES_NE(a, b) (kr_bytes_eq(a, b) != 1)
#define KR_BYTES_TRUTH(b) (kr_bytes_len(b) != 0)
#define KR_BYTES_DECODE(b) kr_bytes_decode(b, NULL, NULL)
#define KR_BYTES_DECODE_AS(b, enc) kr_bytes_decode(b, kr_str_data(enc), NULL)
KrObj *kr_str_encode(KrObj *s, const char *encoding); /* str.encode(): utf-8, ascii, latin-1 */
#define KR_STR_ENCODE(s) kr_str_encode(s, NULL)
#define KR_STR_ENCODE_AS(s, enc) kr_str_encode(s, kr_str_data(enc))

/* --------------------------------------------------------------- embed.c */

#include "embed.h" /* files compiled into the program (kiln compile --embed) */
KrObj *kr_embed_listdir(const char *path); /* the names in an embedded folder; NULL if not one */

/* ------------------------------------------------------------- dynamic.c */

/* Operations on dynamic values (variants, what json.loads returns): what
 * CPython does for the runtime type, its TypeError otherwise. */
KrObj *kr_obj_getitem(KrObj *o, KrObj *key);             /* o[key] */
KrObj *kr_obj_getslice(KrObj *o, int64_t start, int64_t stop, int64_t step, int64_t has); /* o[a:b:c] */
int kr_obj_setitem(KrObj *o, KrObj *key, KrObj *value);  /* o[key] = value; -1 on error */
int64_t kr_obj_to_int(KrObj *o);                         /* int(o) */
double kr_obj_to_float(KrObj *o);                        /* float(o) */
KrObj *kr_obj_get(KrObj *o, KrObj *key, KrObj *dflt);    /* o.get(key, dflt) of a dict */
KrObj *kr_obj_get_none(KrObj *o, KrObj *key);            /* o.get(key) */
KrObj *kr_obj_keys(KrObj *o);                            /* o.keys(), o.values(), o.items() of a dict */
KrObj *kr_obj_values(KrObj *o);
KrObj *kr_obj_items(KrObj *o);
/* the json module */
KrObj *kr_json_dumps_kw(KrObj *o, KrObj *indent, KrObj *sort_keys, KrObj *ensure_ascii, KrObj *item_sep,
                        KrObj *key_sep);                 /* json.dumps(o, ...): None for an option not given */
KrObj *kr_json_load(KrObj *f);                           /* json.load(f) */
void kr_json_dump_kw(KrObj *o, KrObj *f, KrObj *indent, KrObj *sort_keys, KrObj *ensure_ascii,
                     KrObj *item_sep, KrObj *key_sep);   /* json.dump(o, f, ...) */

/* closures' cells (dynamic.c): a list of one item, empty while unbound */
KrVal kr_cell_get(KrObj *cell, KrObj *name);      /* NameError: cannot access free variable 'x' ... */
KrVal kr_cell_getlocal(KrObj *cell, KrObj *name); /* UnboundLocalError: cannot access local variable 'x' ... */
int kr_cell_set(KrObj *cell, KrVal v);

/* unpacking and match statements (dynamic.c) */
void kr_unpack_atleast(int64_t n, int64_t want);
bool kr_match_seq(KrObj *o);
bool kr_match_map(KrObj *o);
bool kr_match_bool(KrObj *o, bool v);

/* type(x).__name__; an exception's args, __cause__, __context__ (dynamic.c) */
KrObj *kr_typename(KrObj *o);
KrObj *kr_exc_args(KrObj *o);
int kr_exc_init_args(KrObj *self, KrObj *tuple); /* Exception.__init__(self, *tuple) */
KrObj *kr_exc_cause(KrObj *o);
KrObj *kr_exc_context(KrObj *o);

#include "ndarray.h" /* numpy's ndarray: the functions generated code calls */
#include "tokmod.h"  /* tokenizers: Tokenizer and Encoding */

#endif
