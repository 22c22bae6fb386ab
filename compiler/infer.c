/* infer.c — type propagation over the SSA IR, and the op library.
 *
 * Types start at the entry (module code has no parameters; an exported
 * function's come from its annotations) and at constants, and flow forward
 * through every instruction: an operation's result type is the result of
 * the op-library row its argument types select (ops.def). A phi joins its
 * operands' types (ty_join: equal types stay, None makes Optional, other
 * mixes become a boxed variant). A call of a function of the program
 * selects — or creates and lowers — that function's specialisation for the
 * argument types at the call site, so a helper called with ints and with
 * floats becomes two C functions. Module globals get the join of every value
 * stored into them.
 *
 * All of this runs to a fixed point: return types and global types start
 * unknown and only grow (the join is monotone), so recursion and mutual
 * recursion settle. Then one checking pass reports every operation no row
 * matches, each with file:line:col and the argument types inferred.
 */
#include "kilnc.h"
#include "../runtime/rescan.h"

#include <stdlib.h>
#include <string.h>

const OpRow op_table[] = {
#define E OPF_RAISES
#define K (OPF_RAISES | OPF_CHECKED)
#define OP(callee, sig, result, cfn, flags) {callee, sig, result, cfn, flags},
#include "ops.def"
#undef OP
#undef K
#undef E
};
const int op_count = (int)countof(op_table);

const Type *type_of_code(char code) {
  switch (code) {
  case 'i': return ty_int;
  case 'f': return ty_float;
  case 'b': return ty_bool;
  case 's': return ty_str;
  case 'n':
  case '-': return ty_none;
  case 'r': return ty_range;
  case 'o': return ty_object;
  case 'y': return ty_bytes;
  case 'x': return ty_textio;
  case 'z': return ty_binio;
  case 't': return ty_ndarray;
  case 'h': return ty_dtype;
  case '[': return ty_tokenizer;
  case ']': return ty_encoding;
  default: return NULL;
  }
}

const Type *type_from_annotation(Module *m, Node *ann) {
  if (!ann)
    return NULL;
  if (ann->kind == AST_Constant && ann->Constant.value.kind == CONST_NONE)
    return ty_none;
  if (ann->kind == AST_ClassDef) { /* a TypedDict: dict[str, T] when its fields share one type T */
    const Type *t = NULL;
    NodeList body = ann->ClassDef.body;
    for (int i = 0; i < body.len; i++) {
      if (body.items[i]->kind != AST_AnnAssign)
        continue;
      const Type *u = type_from_annotation(m, body.items[i]->AnnAssign.annotation);
      if (!u || (t && t != u))
        return NULL;
      t = u;
    }
    return t ? ty_dict(ty_str, t) : NULL;
  }
  if (ann->kind == AST_Constant && ann->Constant.value.kind == CONST_STR && m) {
    /* a forward reference: "Node" */
    ClassDecl *c = module_class(m, intern(ann->Constant.value.s, ann->Constant.value.len));
    return c ? ty_class(c) : NULL;
  }
  if (ann->kind == AST_BinOp && ann->BinOp.op == BIN_BitOr) { /* T | None */
    const Type *l = type_from_annotation(m, ann->BinOp.left), *r = type_from_annotation(m, ann->BinOp.right);
    if (l && r && (l->kind == TY_NONE || r->kind == TY_NONE))
      return ty_optional(l->kind == TY_NONE ? r : l);
    return NULL;
  }
  /* np.ndarray, numpy.typing's NDArray[np.float32] (the dtype is not part
   * of kiln's static type) */
  if (ann->kind == AST_Subscript && ann->Subscript.value->kind == AST_Attribute &&
      !strcmp(ann->Subscript.value->Attribute.attr->str, "NDArray"))
    return ty_ndarray;
  if (ann->kind == AST_Attribute && !strcmp(ann->Attribute.attr->str, "ndarray"))
    return ty_ndarray;
  if (ann->kind == AST_Attribute && !strcmp(ann->Attribute.attr->str, "Tokenizer"))
    return ty_tokenizer;
  if (ann->kind == AST_Attribute && !strcmp(ann->Attribute.attr->str, "Encoding"))
    return ty_encoding;
  if (ann->kind == AST_Name && m && module_class(m, ann->Name.id))
    return ty_class(module_class(m, ann->Name.id));
  for (int i = 0; ann->kind == AST_Name && m && i < m->naliases; i++)
    if (m->alias_names[i] == ann->Name.id)
      return type_from_annotation(m, m->alias_types[i]);
  if (ann->kind == AST_Name) {
    const char *n = ann->Name.id->str;
    if (!strcmp(n, "int"))
      return ty_int;
    if (!strcmp(n, "float"))
      return ty_float;
    if (!strcmp(n, "str"))
      return ty_str;
    if (!strcmp(n, "bool"))
      return ty_bool;
    if (!strcmp(n, "Tokenizer")) /* from tokenizers import Tokenizer, Encoding */
      return ty_tokenizer;
    if (!strcmp(n, "Encoding"))
      return ty_encoding;
    return NULL;
  }
  if (ann->kind == AST_Subscript && ann->Subscript.value->kind == AST_Name) {
    const char *n = ann->Subscript.value->Name.id->str;
    Node *arg = ann->Subscript.slice;
    if ((!strcmp(n, "dict") || !strcmp(n, "Dict")) && arg->kind == AST_Tuple &&
        arg->Tuple.elts.len == 2) {
      const Type *k = type_from_annotation(m, arg->Tuple.elts.items[0]);
      const Type *v = type_from_annotation(m, arg->Tuple.elts.items[1]);
      return k && v ? ty_dict(k, v) : NULL;
    }
    if ((!strcmp(n, "tuple") || !strcmp(n, "Tuple")) && arg->kind == AST_Tuple) {
      NodeList el = arg->Tuple.elts;
      if (el.len == 2 && el.items[1]->kind == AST_Constant &&
          el.items[1]->Constant.value.kind == CONST_ELLIPSIS) { /* tuple[int, ...] */
        const Type *e = type_from_annotation(m, el.items[0]);
        return e ? ty_tuple_of(e) : NULL;
      }
      const Type *items[16];
      if (el.len > 16)
        return NULL;
      for (int i = 0; i < el.len; i++)
        if (!(items[i] = type_from_annotation(m, el.items[i])))
          return NULL;
      return ty_tuple(items, el.len);
    }
    if (!strcmp(n, "Literal")) { /* Literal["a", "b"]: the type of its constants, when they have one */
      NodeList el = arg->kind == AST_Tuple ? arg->Tuple.elts : (NodeList){&ann->Subscript.slice, 1};
      const Type *t = NULL;
      for (int i = 0; i < el.len; i++) {
        Node *x = el.items[i];
        const Type *u = x->kind != AST_Constant                       ? NULL
                        : x->Constant.value.kind == CONST_STR         ? ty_str
                        : x->Constant.value.kind == CONST_INT         ? ty_int
                        : x->Constant.value.kind == CONST_TRUE ||
                                  x->Constant.value.kind == CONST_FALSE ? ty_bool
                                                                        : NULL;
        if (!u || (t && t != u))
          return NULL;
        t = u;
      }
      return t;
    }
    if ((!strcmp(n, "Union")) && arg->kind == AST_Tuple && arg->Tuple.elts.len == 2) { /* Union[T, None] */
      const Type *l = type_from_annotation(m, arg->Tuple.elts.items[0]);
      const Type *r = type_from_annotation(m, arg->Tuple.elts.items[1]);
      if (l && r && (l->kind == TY_NONE || r->kind == TY_NONE))
        return ty_optional(l->kind == TY_NONE ? r : l);
      return NULL;
    }
    if (!strcmp(n, "Final")) /* Final[int]: an int */
      return type_from_annotation(m, arg);
    const Type *inner = type_from_annotation(m, arg);
    if (!inner)
      return NULL;
    if (!strcmp(n, "list") || !strcmp(n, "List"))
      return ty_list(inner);
    if (!strcmp(n, "set") || !strcmp(n, "Set"))
      return ty_set(inner);
    if (!strcmp(n, "frozenset") || !strcmp(n, "FrozenSet"))
      return ty_frozenset(inner);
    if (!strcmp(n, "tuple") || !strcmp(n, "Tuple"))
      return ty_tuple(&inner, 1);
    if (!strcmp(n, "Optional"))
      return ty_optional(inner);
  }
  return NULL;
}

/* How `kiln ops` shows a type code of ops.def. */
const char *op_code_name(char c) {
  switch (c) {
  case 'L': return "list";
  case 'D': return "dict";
  case 'y': return "bytes";
  case 'x': return "TextIOWrapper";
  case 't': return "ndarray";
  case 'h': return "dtype";
  case '[': return "Tokenizer";
  case ']': return "Encoding";
  case '(': return "list[int]";
  case ')': return "list[tuple[int, int]]";
  case '<': return "list[Encoding]";
  case '#': return "tuple[int, ...]";
  case '~': return "dict[str, ndarray]";
  case 'z': return "BufferedReader";
  case 'e':
  case 'E': return "item";
  case 'k': return "key";
  case 'v':
  case 'V': return "value";
  case 'M': return "same";
  case 'S': return "list[str]";
  case '&': return "list[ndarray]";
  case 'a': return "any";
  case 'O': return "object";
  case 'H': return "set|frozenset";
  case 'W': return "set";
  case 'N': return "set-of-same";
  case 'Y': return "tuple";
  case 'I': return "iterable";
  case 'J': return "iterable[int]";
  case 'j': return "iterable-of-item";
  case 'X': return "item";
  case 'Q': return "list[item]";
  case 'Z': return "set[item]";
  case 'F': return "frozenset[item]";
  case 'G': return "tuple[item,...]";
  case 'A': return "dict[pairs]";
  case 'R': return "iterator";
  case 'K': return "keys";
  case 'U': return "values";
  case 'P': return "items";
  case 'C': return "cursor";
  case 'T': return "pair";
  case 'q': return "(float,int)";
  case '+': return "...";
  case 'B': return "item|default";
  case '?': return "Optional[value]";
  case '3': return "tuple[str, str, str]";
  case '$': return "dict[str, str]";
  case 'd': return "defaultdict|Counter";
  case 'c': return "Counter";
  case 'w': return "OrderedDict";
  case 'u': return "deque";
  case '{': return "re.Pattern";
  case '}': return "Optional[re.Match]";
  case '^': return "(see re_result)";
  case 'g': return "iterable-of-key";
  case 'l': return "iterable-of-same-items";
  case '%': return "OrderedDict";
  case '1': return "iterator[int]";
  case '2': return "iterator[item]";
  case '4': return "iterator[same]";
  case '5': return "iterator[(key, iterator[item])]";
  case '6': return "iterator[tuple[item, ...]]";
  case '7': return "iterator[tuple[items...]]";
  case '8': return "iterator[(item, item)]";
  case '9': return "iterator[item of item]";
  case '!': return "iterator[tuple[items|fill...]]";
  case 'm': return "list[(key, value)]";
  case 'p': return "(key, value)";
  case '0': return "new empty";
  case '*': return "...";
  default: {
    const Type *t = type_of_code(c);
    return t ? ty_str_of(t) : "?";
  }
  }
}

void ops_print(FILE *out) {
  fprintf(out, "%-16s %-14s %-10s %-22s %s\n", "callee", "args", "result", "C", "raises");
  for (int i = 0; i < op_count; i++) {
    const OpRow *r = &op_table[i];
    Buf args = {0};
    for (const char *c = r->sig; *c; c++)
      buf_printf(&args, "%s%s", c == r->sig ? "" : ",", op_code_name(*c));
    fprintf(out, "%-16s %-14s %-10s %-22s %s\n", r->callee, args.data ? args.data : "()",
            op_code_name(r->result), r->cfn, r->flags & OPF_RAISES ? "yes" : "");
    buf_free(&args);
  }
}

typedef struct Infer {
  Arena *a;
  Module *m;
  Vec specs;            /* every IrFunc created */
  IrFunc *fn;           /* the function being propagated through */
  bool fit_all;         /* propagation has settled once: every call may fit (call_spec) */
  bool changed;
} Infer;

/* ------------------------------------------------ element type variables
 *
 * An empty container without an annotation (`xs = []`, `{}`, `set()`)
 * gets its element type from what the program later puts into it: it is
 * typed list[?1], where ?1 is a type variable (TVAR), and every op that
 * stores into a container whose element type is a variable binds it
 * (xs.append(1) binds ?1 to int). A variable's binding grows by joins, as
 * everything in propagation does, so xs.append(1); xs.append(2.5) makes a
 * list[object]. Merging two containers where one has a variable (a phi of
 * [] and [1], a global assigned both) binds it too, and two variables
 * merged become one (union-find). The site's type is rebuilt from the
 * binding on every pass; once propagation settles, variables nothing
 * bound become NoReturn (nothing is ever stored, so no item is ever read:
 * `for x in []` runs no body, `[][0]` raises) and propagation runs again. Specialisations made for a type with a variable
 * in it are left unreached, and dropped. */

typedef struct TVar {
  int parent;        /* union-find */
  const Type *bound; /* what the program stores: the join so far, or NULL */
  bool pending;      /* an argument of an op that has another argument not typed yet
                        (in the last pass): that op may still bind it */
} TVar;

static TVar *tvars;
static int ntvars, captvars;
static Infer *cur_infer;

static int tv_new(void) {
  if (ntvars == captvars) {
    captvars = captvars ? captvars * 2 : 16;
    tvars = xrealloc(tvars, (size_t)captvars * sizeof *tvars);
  }
  tvars[ntvars] = (TVar){ntvars, NULL, false};
  return ntvars++;
}

static int tv_find(int v) {
  while (tvars[v].parent != v)
    v = tvars[v].parent = tvars[tvars[v].parent].parent;
  return v;
}

static bool occurs(int v, const Type *t) {
  if (!t)
    return false;
  if (t->kind == TY_TVAR)
    return tv_find(t->var) == v;
  if (t->kind == TY_CLASS || t->kind == TY_CLASSREF)
    return false;
  for (int i = 0; i < t->nitems; i++)
    if (occurs(v, t->items[i]))
      return true;
  return occurs(v, t->elem) || occurs(v, t->key);
}

/* t with every bound variable replaced by its binding. */
static const Type *tv_resolve(const Type *t) {
  switch (t->kind) {
  case TY_TVAR: {
    int r = tv_find(t->var);
    return tvars[r].bound ? tv_resolve(tvars[r].bound) : ty_tvar(r);
  }
  case TY_LIST: return ty_list(tv_resolve(t->elem));
  case TY_SET: return ty_set(tv_resolve(t->elem));
  case TY_FROZENSET: return ty_frozenset(tv_resolve(t->elem));
  case TY_ITER: return ty_iter(tv_resolve(t->elem));
  case TY_DEQUE: return ty_deque(tv_resolve(t->elem));
  case TY_DICT: return ty_dict_of(tv_resolve(t->key), tv_resolve(t->elem), t->flavor);
  case TY_TUPLE: {
    if (t->nitems < 0)
      return ty_tuple_of(tv_resolve(t->elem));
    const Type *items[16];
    if (t->nitems > 16)
      return t;
    for (int i = 0; i < t->nitems; i++)
      items[i] = tv_resolve(t->items[i]);
    return ty_tuple(items, t->nitems);
  }
  default: return t;
  }
}

static const Type *ijoin(const Type *a, const Type *b);

/* Does t (resolved) still hold a type variable? */
enum { MAX_SPECS = 64 }; /* specialisations of one function */

static bool has_tvar(const Type *t) {
  if (!t)
    return false;
  if (t->kind == TY_TVAR)
    return true;
  if (t->kind == TY_CLASS || t->kind == TY_CLASSREF)
    return false;
  for (int i = 0; i < t->nitems; i++)
    if (has_tvar(t->items[i]))
      return true;
  return has_tvar(t->elem) || has_tvar(t->key);
}

/* Mark the variables in t (resolved) pending. */
static void tv_mark_pending(const Type *t) {
  if (!t || t->kind == TY_CLASS || t->kind == TY_CLASSREF)
    return;
  if (t->kind == TY_TVAR) {
    tvars[tv_find(t->var)].pending = true;
    return;
  }
  for (int i = 0; i < t->nitems; i++)
    tv_mark_pending(t->items[i]);
  tv_mark_pending(t->elem);
  tv_mark_pending(t->key);
}

static void tv_bind(int v, const Type *t) {
  v = tv_find(v);
  if (t->kind == TY_TVAR) {
    int w = tv_find(t->var);
    if (w == v)
      return;
    tvars[w].parent = v;
    const Type *wb = tvars[w].bound;
    if (wb)
      tv_bind(v, wb);
    if (cur_infer)
      cur_infer->changed = true;
    return;
  }
  if (occurs(v, t)) /* xs.append(xs) */
    t = ty_object;
  const Type *nb = tvars[v].bound ? ijoin(tvars[v].bound, t) : t;
  if (nb != tvars[v].bound) {
    tvars[v].bound = nb;
    if (cur_infer)
      cur_infer->changed = true;
  }
}

/* Can a and b be merged by binding variables (bind: do it)? The merged
 * type, or NULL when they differ otherwise. */
static const Type *unify(const Type *a, const Type *b, bool bind) {
  if (a == b)
    return a;
  if (a->kind == TY_TVAR || b->kind == TY_TVAR) {
    if (a->kind == TY_TVAR && bind)
      tv_bind(a->var, b);
    else if (bind)
      tv_bind(b->var, a);
    return a->kind == TY_TVAR ? b : a;
  }
  if (a->kind != b->kind)
    return NULL;
  switch (a->kind) {
  case TY_LIST:
  case TY_SET:
  case TY_FROZENSET:
  case TY_DEQUE:
  case TY_ITER: {
    const Type *e = unify(a->elem, b->elem, bind);
    if (!e)
      return NULL;
    return a->kind == TY_LIST ? ty_list(e) : a->kind == TY_SET ? ty_set(e)
           : a->kind == TY_FROZENSET ? ty_frozenset(e) : a->kind == TY_DEQUE ? ty_deque(e) : ty_iter(e);
  }
  case TY_DICT: {
    if (a->flavor != b->flavor)
      return NULL;
    const Type *k = unify(a->key, b->key, bind), *v = k ? unify(a->elem, b->elem, bind) : NULL;
    return v ? ty_dict_of(k, v, a->flavor) : NULL;
  }
  case TY_TUPLE: {
    if (a->nitems != b->nitems || a->nitems > 16)
      return NULL;
    if (a->nitems < 0) {
      const Type *e = unify(a->elem, b->elem, bind);
      return e ? ty_tuple_of(e) : NULL;
    }
    const Type *items[16];
    for (int i = 0; i < a->nitems; i++)
      if (!(items[i] = unify(a->items[i], b->items[i], bind)))
        return NULL;
    return ty_tuple(items, a->nitems);
  }
  default: return NULL;
  }
}

/* The join at merges (phis, globals, return types): ty_join, except that a
 * container with a variable element merges with one of the same kind. A
 * bare variable (an item read from an empty container) is not known yet. */
static const Type *ijoin(const Type *a, const Type *b) {
  if (a->kind == TY_TVAR)
    return b;
  if (b->kind == TY_TVAR)
    return a;
  if (a->kind == b->kind && a != b && (ty_has_tvar(a) || ty_has_tvar(b))) {
    const Type *u = unify(a, b, true);
    if (u)
      return u;
  }
  return ty_join(a, b);
}

/* Bind what the chosen row stores into a container with variables. */
static void bind_row(const OpRow *r, const Type **args, int nargs) {
  const Type *first = (r->sig[0] == 'k' || r->sig[0] == 'e') && nargs > 1 ? args[1] : args[0];
  for (int k = 0; k < nargs && r->sig[k] && r->sig[k] != '*' && r->sig[k] != '+'; k++) {
    const Type *t = args[k], *slot = NULL;
    switch (r->sig[k]) {
    case 'e': slot = first->elem; break;
    case 'k': slot = first->kind == TY_DICT ? first->key : first->elem; break;
    case 'v': slot = first->elem; break;
    case 'M': slot = first; break;
    case 'N': slot = first->elem, t = t->elem; break;
    case 'j': slot = first->elem, t = ty_iter_item(t); break;
    case 'g': slot = first->key, t = ty_iter_item(t); break;
    default: break;
    }
    if (slot && t && slot != t && (ty_has_tvar(slot) || ty_has_tvar(t)))
      unify(slot, t, true);
  }
}

/* ------------------------------------------------------------- matching */

/* Can a value of type t go where type want is expected? exact: no
 * promotion (bool → int → float); a boxed dynamic place takes anything; an
 * element type not known yet (a variable) takes anything too. */
static bool fits_type(const Type *t, const Type *want, bool exact) {
  if (t == want)
    return true;
  if (want->kind == TY_OBJECT || want->kind == TY_TVAR || want->kind == TY_NORETURN)
    return true;
  if (t->kind == TY_CLASS && want->kind == TY_CLASS) /* a subclass's instance is one of its base */
    return class_is_sub(t->cls, want->cls);
  if (want->kind == TY_OPTIONAL && t->kind == TY_CLASS && want->elem->kind == TY_CLASS)
    return class_is_sub(t->cls, want->elem->cls);
  if (want->kind == TY_OPTIONAL)
    return t == want->elem || t == ty_none;
  if (ty_has_tvar(t) || ty_has_tvar(want))
    return unify(t, want, false) != NULL;
  if (exact)
    return false;
  return (want == ty_float && (t == ty_int || t == ty_bool)) || (want == ty_int && t == ty_bool);
}

static bool is_set(const Type *t) { return t->kind == TY_SET || t->kind == TY_FROZENSET; }

static bool iterable(const Type *t) { return t->kind != TY_CURSOR && ty_iter_item(t) != NULL; }

/* Does type t fit the signature code c? exact: no promotion. first is the
 * container argument (for 'e', the list or set whose item it is). */
static bool fits(const Type *t, char c, bool exact, const Type *first) {
  switch (c) {
  case 'a': return t->kind != TY_CURSOR;
  case 'L': return t->kind == TY_LIST;
  case 'D': return t->kind == TY_DICT;
  case 'H': return is_set(t);
  case 'W': return t->kind == TY_SET;
  case 'Y': return t->kind == TY_TUPLE;
  case 'O': return t->kind == TY_OBJECT;
  case 'I': return iterable(t);
  case 'J': return iterable(t) && (ty_iter_item(t) == ty_int || ty_iter_item(t) == ty_bool);
  case 'M': return t == first || fits_type(t, first, true);
  case 'N': return is_set(t) && is_set(first) && fits_type(t->elem, first->elem, true);
  case 'j': return iterable(t) && fits_type(ty_iter_item(t), first->elem, true);
  /* no promotion into a container: a list[float] holding an int would print
   * differently from CPython's, so that is a compile error, not a conversion */
  case 'e': return (first->kind == TY_LIST || is_set(first) || first->kind == TY_DEQUE) &&
                   fits_type(t, first->elem, true);
  /* the containers of collections */
  case 'd': return t->kind == TY_DICT && t->flavor != DF_DICT && t->flavor != DF_ORDERED; /* __missing__ */
  case 'c': return t->kind == TY_DICT && t->flavor == DF_COUNTER;
  case 'w': return t->kind == TY_DICT && t->flavor == DF_ORDERED;
  case 'u': return t->kind == TY_DEQUE;
  case '{': return t->kind == TY_PATTERN;
  case '}': return t->kind == TY_MATCH || (t->kind == TY_OPTIONAL && t->elem->kind == TY_MATCH);
  case 'g': return iterable(t) && first->kind == TY_DICT && fits_type(ty_iter_item(t), first->key, true);
  case 'l': return iterable(t) && iterable(first) && fits_type(ty_iter_item(t), ty_iter_item(first), true);
  /* a dict's key or a set's item looked up: it may be promoted (1 and 1.0
   * are the same key); a dict's value is stored, so not */
  case 'k': return (first->kind == TY_DICT && fits_type(t, first->key, false)) ||
                   (is_set(first) && fits_type(t, first->elem, false));
  case 'v': return first->kind == TY_DICT && fits_type(t, first->elem, true);
  case 'o': return !ty_is_unboxed(t) && t->kind != TY_RANGE && t->kind != TY_CURSOR && t->kind != TY_TVAR;
  case 'f':
    if (t == ty_float)
      return true;
    return !exact && (t == ty_int || t == ty_bool);
  case 'i': return t == ty_int || (!exact && t == ty_bool);
  default: return t == type_of_code(c);
  }
}

static const OpRow *match(const char *callee, const Type **args, int nargs) {
  for (int pass = 0; pass < 2; pass++) {
    for (int i = 0; i < op_count; i++) {
      const OpRow *r = &op_table[i];
      if (strcmp(r->callee, callee) != 0)
        continue;
      int n = (int)strlen(r->sig);
      bool variadic = n && r->sig[n - 1] == '*';
      bool repeated = n && r->sig[n - 1] == '+'; /* "f+": any number of floats */
      if (variadic)
        n--;
      if (repeated)
        n -= 2;
      if (variadic || repeated ? nargs < n : nargs != n)
        continue;
      bool ok = true;
      for (int k = 0; k < (repeated ? nargs : n) && ok; k++)
        ok = fits(args[k], k < n ? r->sig[k] : r->sig[n], pass == 0,
                  (r->sig[0] == 'k' || r->sig[0] == 'e') && nargs > 1 ? args[1] : args[0]);
                  /* "in": the container is second */
      if (ok)
        return r;
    }
  }
  return NULL;
}

/* A builtin or method called with keywords (sorted(xs, reverse=True)):
 * the row named with them, "sorted:reverse" (keywords in the order
 * written), else a variadic row of the plain name (print's sep= and end=,
 * str.format's **kwargs). A keyword no row names is no match. */
static const OpRow *match_call(Instr *in, const char *callee, const Type **args, int nargs) {
  if (in->op != IR_BUILTIN || !in->nkw)
    return match(callee, args, nargs);
  Buf name = {0};
  buf_puts(&name, callee);
  for (int k = 0; k < in->nkw; k++)
    buf_printf(&name, "%c%s", k ? ',' : ':', in->kwnames[k]->str);
  const OpRow *r = match(name.data, args, nargs);
  buf_free(&name);
  if (!r) {
    r = match(callee, args, nargs);
    size_t n = r ? strlen(r->sig) : 0;
    if (r && (n == 0 || r->sig[n - 1] != '*'))
      r = NULL;
  }
  return r;
}

/* ------------------------------------------------------------------ re
 *
 * A pattern that is a constant (re.compile(r"(\w+)=(\d+)"), re.search(CONST,
 * s)) is scanned when compiling (runtime/rescan.c, the same code the
 * runtime uses), and its Pattern and Match types carry what that found
 * (Type.var: its number here). So findall gives list[str] or
 * list[tuple[str, str]] as the group count says, and m.group(n) is a str
 * when group n always takes part in a match, Optional[str] when it may not
 * (a group in an alternative or under ?, * or {0,n}). A pattern not known
 * when compiling (built at run time; a variable that holds two) has info
 * 0: its findall is a list[object] (each a str or a tuple), its groups
 * Optional[str]. A constant pattern that does not scan gets info 0 too:
 * the run-time error is CPython's, raised where CPython raises it. */

typedef struct ReInfo {
  const char *pat;
  size_t len;
  int flags;
  ReScan scan;
} ReInfo;

static ReInfo *re_infos;
static int nre_infos;

/* The info of constant pattern p with flags, or 0 when it does not scan. */
static int re_info(const char *p, size_t n, int flags) {
  for (int i = 0; i < nre_infos; i++)
    if (re_infos[i].len == n && re_infos[i].flags == flags && !memcmp(re_infos[i].pat, p, n))
      return re_infos[i].scan.err[0] ? 0 : i + 1;
  re_infos = xrealloc(re_infos, (size_t)(nre_infos + 1) * sizeof *re_infos);
  ReInfo *r = &re_infos[nre_infos++];
  /* a copy: the table outlives the arena the constant lives in (a process
   * that compiles twice, as the fuzz harness does, found that) */
  char *copy = xrealloc(NULL, n ? n : 1);
  memcpy(copy, p, n);
  r->pat = copy;
  r->len = n;
  r->flags = flags;
  if (re_scan(p, n, flags, &r->scan) < 0 && !r->scan.err[0])
    snprintf(r->scan.err, sizeof r->scan.err, "error");
  return r->scan.err[0] ? 0 : nre_infos;
}

/* A flags argument whose value is known: a constant, or constants or'ed. */
static bool const_int(Instr *v, int64_t *out) {
  if (v->op == IR_CONST && v->cval.kind == CONST_INT && !v->callee && !v->cls) {
    *out = v->cval.i;
    return true;
  }
  int64_t a, b;
  if (v->op == IR_BINOP && (v->sub == BIN_BitOr || v->sub == BIN_Add) && const_int(v->args[0], &a) &&
      const_int(v->args[1], &b)) {
    *out = v->sub == BIN_BitOr ? (a | b) : a + b;
    return true;
  }
  return false;
}

/* The info of re.f(pattern, ..., flags): argument 0 a constant str, the
 * flags (the last argument when given by keyword or in full) constant. */
static int re_call_info(const OpRow *r, Instr *in, int nargs) {
  Instr *p = in->args[0];
  if (p->op != IR_CONST || p->cval.kind != CONST_STR || p->callee || p->cls)
    return 0;
  static const struct {
    const char *f;
    int full;
  } full[] = {{"re.compile", 2}, {"re.search", 3}, {"re.match", 3}, {"re.fullmatch", 3}, {"re.findall", 3},
              {"re.finditer", 3}, {"re.sub", 5}, {"re.subn", 5}, {"re.split", 4}, {"._subscan", 4}};
  int64_t flags = 0;
  bool given = strstr(r->callee, "flags") != NULL;
  for (size_t i = 0; i < countof(full); i++) {
    size_t k = strlen(full[i].f);
    if (!strncmp(r->callee, full[i].f, k) && (r->callee[k] == 0 || r->callee[k] == ':') &&
        nargs - in->nkw == full[i].full)
      given = true;
  }
  if (given && !const_int(in->args[nargs - 1], &flags))
    return 0;
  return re_info(p->cval.s, p->cval.len, (int)flags);
}

/* Group g of info may be unset in a match (unknown info: it may). */
static bool re_optional(int info, int g) {
  return !info || (g > 0 && re_scan_optional(&re_infos[info - 1].scan, g));
}

/* The type of m.group(x) for argument x: a constant number or name. */
static const Type *re_group_type(int info, Instr *x) {
  int g = -1;
  if (x->op == IR_CONST && x->cval.kind == CONST_INT && !x->callee)
    g = (int)x->cval.i;
  else if (x->op == IR_CONST && x->cval.kind == CONST_STR && info) {
    ReScan *s = &re_infos[info - 1].scan;
    for (int i = 0; i < s->nnames; i++)
      if (strlen(s->names[i]) == x->cval.len && !memcmp(s->names[i], x->cval.s, x->cval.len))
        g = s->name_group[i];
  }
  return g == 0 || (g > 0 && !re_optional(info, g)) ? ty_str : ty_optional(ty_str);
}

/* What a re row marked '^' (or '{', '}') gives. */
static const Type *re_result(const OpRow *r, const Type **args, int nargs, Instr *in) {
  const char *c = r->callee;
  const Type *a0 = args[0]->kind == TY_OPTIONAL ? args[0]->elem : args[0];
  int info = a0->kind == TY_PATTERN || a0->kind == TY_MATCH ? a0->var
             : !strncmp(c, "re.", 3) || args[0] == ty_str ? re_call_info(r, in, nargs)
                                                           : 0;
  ReScan *s = info ? &re_infos[info - 1].scan : NULL;
  if (r->result == '{' || !strcmp(c, ".re"))
    return ty_pattern(info);
  if (r->result == '}')
    return ty_optional(ty_match(info));
  const char *f = strrchr(c, '.') ? strrchr(c, '.') + 1 : c;
  size_t fl = strcspn(f, ":");
  if (!strncmp(f, "findall", fl) && fl == 7) {
    if (!s)
      return ty_list(ty_object);
    if (s->groups <= 1)
      return ty_list(ty_str);
    if (s->groups > 16)
      return ty_list(ty_tuple_of(ty_str));
    const Type *items[16];
    for (int g = 0; g < s->groups; g++)
      items[g] = ty_str;
    return ty_list(ty_tuple(items, s->groups));
  }
  if ((!strncmp(f, "finditer", fl) && fl == 8) || !strcmp(c, "._subscan"))
    return ty_iter(ty_match(info));
  if ((!strncmp(f, "subn", fl) && fl == 4) || !strcmp(c, "._subnjoin"))
    return ty_tuple((const Type *[]){ty_str, ty_int}, 2);
  if (!strncmp(f, "split", fl) && fl == 5) {
    for (int g = 1; s && g <= s->groups; g++)
      if (re_optional(info, g))
        return ty_list(ty_optional(ty_str));
    return ty_list(s ? ty_str : ty_optional(ty_str));
  }
  if (!strcmp(c, ".groupindex"))
    return ty_dict(ty_str, ty_int);
  if (!strcmp(c, ".span"))
    return ty_tuple((const Type *[]){ty_int, ty_int}, 2);
  if (!strcmp(c, ".lastgroup"))
    return ty_optional(ty_str);
  if (!strcmp(c, ".group") || !strcmp(c, "[]")) {
    if (nargs == 2)
      return re_group_type(info, in->args[1]);
    const Type *items[3];
    for (int i = 1; i < nargs; i++)
      items[i - 1] = re_group_type(info, in->args[i]);
    return ty_tuple(items, nargs - 1);
  }
  /* groups(default), groupdict(default): a str default fills the unset groups */
  bool filled = nargs > 1 && args[1] == ty_str;
  if (nargs > 1 && args[1] != ty_str && args[1] != ty_none)
    return NULL;
  if (!strncmp(c, ".groups", 7)) {
    if (!s || s->groups > 16)
      return ty_tuple_of(filled ? ty_str : ty_optional(ty_str));
    const Type *items[16];
    for (int g = 1; g <= s->groups; g++)
      items[g - 1] = filled || !re_optional(info, g) ? ty_str : ty_optional(ty_str);
    return ty_tuple(items, s->groups);
  }
  if (!strncmp(c, ".groupdict", 10)) {
    bool all = s != NULL;
    for (int i = 0; s && i < s->nnames; i++)
      all = all && !re_optional(info, s->name_group[i]);
    return ty_dict(ty_str, filled || all ? ty_str : ty_optional(ty_str));
  }
  return NULL;
}

/* The result type a row gives for these arguments, or NULL when it has
 * none (dict() of items that are not pairs). */
static const char *msg(Infer *I, const char *fmt, ...);

/* t[a:b:c] of a tuple of known length: with constant bounds, the tuple of
 * the items it takes (CPython's slice arithmetic); otherwise, when every item
 * has the same type, a tuple[T, ...] of it. */
static const Type *tuple_slice_type(Infer *I, Instr *in, const Type *tup) {
  int64_t b[3], has = 0;
  int constant = in->args[4]->op == IR_CONST;
  if (constant)
    has = in->args[4]->cval.i;
  for (int i = 0; i < 3 && constant; i++) {
    const Instr *a = in->args[1 + i];
    if (!(has >> i & 1))
      b[i] = 0;
    else if (a->op == IR_CONST && a->cval.kind == CONST_INT)
      b[i] = a->cval.i;
    else
      constant = 0;
  }
  if (constant && !(has & 4 && b[2] == 0)) {
    int64_t len = tup->nitems, st = has & 4 ? b[2] : 1;
    int64_t lo = has & 1 ? b[0] : st < 0 ? INT64_MAX : 0, hi = has & 2 ? b[1] : st < 0 ? INT64_MIN : INT64_MAX;
    if (st < -INT64_MAX)
      st = -INT64_MAX;
    lo = lo < 0 ? (lo + len < 0 ? (st < 0 ? -1 : 0) : lo + len) : lo >= len ? (st < 0 ? len - 1 : len) : lo;
    hi = hi < 0 ? (hi + len < 0 ? (st < 0 ? -1 : 0) : hi + len) : hi >= len ? (st < 0 ? len - 1 : len) : hi;
    int64_t n = st < 0 ? (hi < lo ? (lo - hi - 1) / -st + 1 : 0) : (lo < hi ? (hi - lo - 1) / st + 1 : 0);
    const Type **items = arena_alloc(I->a, (size_t)(n ? n : 1) * sizeof *items);
    for (int64_t i = 0; i < n; i++)
      items[i] = tup->items[lo + i * st];
    return ty_tuple(items, (int)n);
  }
  if (!tup->nitems)
    return tup;
  const Type *one = ty_tuple_item(tup, NULL);
  if (!one)
    in->err = msg(I, "kiln cannot slice a %s with bounds that are not constants (its items' types differ)",
                  ty_str_of(tup));
  return one ? ty_tuple_of(one) : NULL;
}

/* a + b and t * n of tuples: tuples of known length (n a constant) give the
 * tuple of their items; otherwise the items must share one type T, and the
 * result is a tuple[T, ...]. */
static const Type *tuple_arith_type(Infer *I, Instr *in, const Type **args) {
  int concat = args[0]->kind == TY_TUPLE && args[1]->kind == TY_TUPLE;
  const Type *a = args[args[0]->kind == TY_TUPLE ? 0 : 1], *b = concat ? args[1] : NULL;
  const Instr *count = concat ? NULL : in->args[a == args[0] ? 1 : 0];
  int64_t times = 1;
  int known = a->nitems >= 0 && (!b || b->nitems >= 0);
  if (count)
    known = known && count->op == IR_CONST && count->cval.kind == CONST_INT;
  if (count && known)
    times = count->cval.i < 0 ? 0 : count->cval.i;
  int64_t n = known ? (int64_t)a->nitems * times + (b ? b->nitems : 0) : 0;
  const Type *one = ty_tuple_item(a, b);
  if (known && (n <= 16 || !one)) {
    const Type **items = arena_alloc(I->a, (size_t)(n ? n : 1) * sizeof *items);
    for (int64_t i = 0; i < n; i++)
      items[i] = i < a->nitems * times ? a->items[i % a->nitems] : b->items[i - a->nitems * times];
    return ty_tuple(items, (int)n);
  }
  if (one)
    return ty_tuple_of(one);
  if (a->nitems == 0 && (!b || b->nitems == 0))
    return a;
  in->err = msg(I, "kiln cannot %s a %s%s%s into a tuple of known item types (its items' types differ%s)",
                b ? "concatenate" : "repeat", ty_str_of(a), b ? " and a " : "", b ? ty_str_of(b) : "",
                b ? "" : " and the count is not a constant");
  return NULL;
}

static const Type *row_result(const OpRow *r, const Type **args, int nargs, Instr *in) {
  const Type *a0 = nargs ? args[0] : NULL;
  const Type *item = a0 ? ty_iter_item(a0) : NULL;
  switch (r->result) {
  case '^':
  case '{':
  case '}': return re_result(r, args, nargs, in);
  /* itertools (see ops.def) */
  case '1': return ty_iter(ty_int);
  case '2': return item ? ty_iter(item) : NULL;
  case '4': return ty_iter(a0);
  case '6': return item ? ty_iter(ty_tuple_of(item)) : NULL;
  case '8': return item ? ty_iter(ty_tuple((const Type *[]){item, item}, 2)) : NULL;
  case '9': return item && ty_iter_item(item) ? ty_iter(ty_iter_item(item)) : NULL;
  case '5': {
    if (!item)
      return NULL;
    if (strstr(r->callee, ":_pairs")) { /* (key, item) pairs */
      if (item->kind != TY_TUPLE || item->nitems != 2)
        return NULL;
      return ty_iter(ty_tuple((const Type *[]){item->items[0], ty_iter(item->items[1])}, 2));
    }
    return ty_iter(ty_tuple((const Type *[]){item, ty_iter(item)}, 2));
  }
  case '7':
  case '!': {
    bool fill = strstr(r->callee, ":fillvalue") != NULL, rep = strstr(r->callee, ":repeat") != NULL;
    int n = fill || rep ? nargs - 1 : nargs, times = 1;
    if (rep) { /* product(..., repeat=c): c a constant decides the tuple's length */
      Instr *c = in->args[nargs - 1];
      if (c->op != IR_CONST || c->cval.kind != CONST_INT || c->cval.i < 0 || c->cval.i * n > 16)
        return NULL;
      times = (int)c->cval.i;
    }
    const Type *items[16];
    if (n * times > 16)
      return NULL;
    for (int k = 0; k < times; k++)
      for (int i = 0; i < n; i++) {
        const Type *t = ty_iter_item(args[i]);
        if (!t)
          return NULL;
        items[k * n + i] = r->result == '!' ? ty_join(t, fill ? args[nargs - 1] : ty_none) : t;
      }
    return ty_iter(ty_tuple(items, n * times));
  }
  case 'E':
  case 'V': return a0->elem;
  case 'L':
  case 'M': return a0;
  case 'S': return ty_list(ty_str);
  case '&': return ty_list(ty_ndarray);
  /* tokenizers (runtime tokmod.c) */
  case '(': return ty_list(ty_int);
  case ')': return ty_list(ty_tuple((const Type *[]){ty_int, ty_int}, 2));
  case '<': return ty_list(ty_encoding);
  case 'X': return item;
  case 'Q': return item ? ty_list(item) : NULL;
  case 'Z': return item ? ty_set(item) : NULL;
  case 'F': return item ? ty_frozenset(item) : NULL;
  case 'G': return item ? ty_tuple_of(item) : NULL;
  case 'R': return item ? ty_iter(item) : NULL;
  case 'A':
    if (item && item->kind == TY_TUPLE && item->nitems == 2)
      return ty_dict(item->items[0], item->items[1]);
    return NULL;
  case 'K': return ty_iter(a0->key);
  case 'U': return ty_iter(a0->elem);
  case 'P': return ty_iter(ty_tuple((const Type *[]){a0->key, a0->elem}, 2));
  case 'C': return ty_cursor(a0);
  case 'T': return ty_tuple((const Type *[]){type_of_code(r->sig[0]), type_of_code(r->sig[0])}, 2);
  case 'q': return ty_tuple((const Type *[]){ty_float, ty_int}, 2);
  case 'B': return item ? ty_join(item, args[nargs - 1]) : NULL;
  case '?': return ty_join(a0->elem, ty_none);
  case '3': return ty_tuple((const Type *[]){ty_str, ty_str, ty_str}, 3);
  case '$': return ty_dict(ty_str, ty_str);
  case 'm': return ty_list(ty_tuple((const Type *[]){a0->key, a0->elem}, 2));
  case 'p': return ty_tuple((const Type *[]){a0->key, a0->elem}, 2);
  case '#': return ty_tuple_of(ty_int);
  case '~': return ty_dict(ty_str, ty_ndarray);
  case 'D': return ty_dict(a0->key, a0->elem);
  case '%':
    if (a0->kind == TY_DICT)
      return ty_dict_of(a0->key, a0->elem, DF_ORDERED);
    if (item && item->kind == TY_TUPLE && item->nitems == 2)
      return ty_dict_of(item->items[0], item->items[1], DF_ORDERED);
    return NULL;
  case 'c': return item ? ty_dict_of(item, ty_int, DF_COUNTER) : NULL;
  case 'u': return item ? ty_deque(item) : NULL;
  default: return type_of_code(r->result);
  }
}

static const char *const binop_names[] = {"+", "-", "*", "@", "/", "%", "**", "<<", ">>", "|", "^", "&", "//"};

static const char *callee_of(Instr *in) {
  static const char *const unops[] = {"~x", "not", "+x", "-x"};
  static const char *const cmps[] = {"==", "!=", "<", "<=", ">", ">=", "is", "is not", "in", "not in"};
  switch (in->op) {
  case IR_BINOP:
  case IR_INPLACE:
    /* x ** c with a constant c >= 0 stays an int; any other int ** int may
     * be a float (2 ** -1 == 0.5) */
    if (in->sub == BIN_Pow && in->args[1]->op == IR_CONST && in->args[1]->cval.kind == CONST_INT &&
        in->args[1]->cval.i >= 0)
      return "**+";
    return binop_names[in->sub];
  case IR_BUILTIN:
    /* pow(x, c) likewise */
    if (!strcmp(in->name->str, "pow") && in->nargs == 2 && !in->nkw && in->args[1]->op == IR_CONST &&
        in->args[1]->cval.kind == CONST_INT && in->args[1]->cval.i >= 0)
      return "pow+";
    return in->name->str;
  case IR_UNARYOP: return unops[in->sub];
  case IR_COMPARE: return cmps[in->sub];
  case IR_TRUTH:
  case IR_NOT: return "truth";
  default: return "?";
  }
}

/* ----------------------------------------------------------- propagation */

static const Type *const_type(Instr *in) {
  if (in->callee)
    return ty_func(in->callee);
  if (in->cls) /* a class itself: a classmethod's cls */
    return ty_classref(in->cls);
  switch (in->cval.kind) {
  case CONST_NONE: return ty_none;
  case CONST_TRUE:
  case CONST_FALSE: return ty_bool;
  case CONST_INT: return ty_int;
  case CONST_FLOAT: return ty_float;
  case CONST_STR: return ty_str;
  case CONST_BYTES: return ty_bytes;
  default: return ty_unknown; /* big ints, complex: reported by check() */
  }
}

/* f's specialisation for exactly these argument types, or NULL. */
static IrFunc *find_spec(FuncDecl *f, const Type **args, int nargs) {
  for (int i = 0; i < f->nspecs; i++) {
    IrFunc *s = f->specs[i];
    if (s->nparams == nargs && (nargs == 0 || !memcmp(s->params, args, (size_t)nargs * sizeof *args)))
      return s;
  }
  return NULL;
}

/* A C name the generated code itself uses beside functions: a local of
 * every function (kp_line, kp_ret, kp_at, kp_s12, kp_it, kp_out), a helper
 * or table (kp_not, kp_constants, kp_init, kp_exports), a type (kp_exc_*,
 * kp_FrozenInstanceError) or a module's flag (kp_m1_loaded). */
static bool cname_reserved(const char *n) {
  static const char *const names[] = {"kp_line", "kp_ret",     "kp_at",   "kp_it",      "kp_out",
                                      "kp_not",  "kp_constants", "kp_init", "kp_exports", "kp_FrozenInstanceError"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (!strcmp(n, names[i]))
      return true;
  if (!strncmp(n, "kp_exc_", 7))
    return true;
  size_t len = strlen(n), d = 4;
  if (!strncmp(n, "kp_s", 4) && len > 4 && strspn(n + 4, "0123456789") == len - 4)
    return true;
  if (!strncmp(n, "kp_m", 4)) {
    while (n[d] >= '0' && n[d] <= '9')
      d++;
    return d > 4 && !strcmp(n + d, "_loaded");
  }
  return false;
}

/* Whether a function has the C name id already; with add, take it. */
static bool cname_taken(Arena *a, Program *p, Ident *id, bool add) {
  if (add && 2 * (p->ncnames + 1) > p->capcnames) { /* grow: rehash into twice the room */
    int cap = p->capcnames ? 2 * p->capcnames : 64;
    Ident **t = arena_alloc(a, (size_t)cap * sizeof *t);
    memset(t, 0, (size_t)cap * sizeof *t);
    for (int i = 0; i < p->capcnames; i++)
      if (p->cnames[i]) {
        uint32_t j = p->cnames[i]->hash & (uint32_t)(cap - 1);
        while (t[j])
          j = (j + 1) & (uint32_t)(cap - 1);
        t[j] = p->cnames[i];
      }
    p->cnames = t, p->capcnames = cap;
  }
  if (!p->capcnames)
    return false;
  uint32_t j = id->hash & (uint32_t)(p->capcnames - 1);
  for (; p->cnames[j]; j = (j + 1) & (uint32_t)(p->capcnames - 1))
    if (p->cnames[j] == id)
      return true;
  if (add)
    p->cnames[j] = id, p->ncnames++;
  return false;
}

/* The readable C name of a specialisation, made unique: a Python name can
 * spell what another function's name, or the generated code's own, is
 * (a function `line` and the local kp_line, a method A.f and a function
 * A_f, f's second specialisation f_2 and a function f_2): a reserved name
 * becomes kp_f_NAME, and a name taken gets a suffix. */
static char *unique_cname(Arena *a, Program *p, Buf *name) {
  if (cname_reserved(name->data)) { /* kp_line -> kp_f_line, never reserved */
    Buf f = {0};
    buf_printf(&f, "kp_f_%s", name->data + 3);
    name->len = 0;
    buf_putn(name, f.data, f.len);
    buf_free(&f);
  }
  size_t base = name->len;
  for (int k = 2;; k++) {
    Ident *id = intern(name->data, name->len);
    if (!cname_taken(a, p, id, true))
      return id->str;
    name->len = base;
    buf_printf(name, "_k%d", k);
  }
}

IrFunc *func_spec(Arena *a, FuncDecl *f, const Type **args, int nargs) {
  IrFunc *found = find_spec(f, args, nargs);
  if (found)
    return found;
  const Type **params = arena_alloc(a, (size_t)(nargs + 1) * sizeof *params);
  if (nargs)
    memcpy(params, args, (size_t)nargs * sizeof *args);
  IrFunc *s = lower_func(a, f, params, nargs);
  s->ret = ty_unknown;
  f->specs = xrealloc(f->specs, (size_t)(f->nspecs + 1) * sizeof *f->specs);
  f->specs[f->nspecs++] = s;
  Buf name = {0};
  if (f->cls)
    buf_printf(&name, "kp_%s_%s%s", f->cls->cname, f->name->str, f->mkind == MK_SETTER ? "_set" : "");
  else if (f->cbase)
    buf_printf(&name, "kp_%s%s", f->mod->prefix ? f->mod->prefix : "", f->cbase);
  else
    buf_printf(&name, "kp_%s%s", f->mod->prefix ? f->mod->prefix : "",
               f->def->kind == AST_Module ? "module" : f->name->str);
  if (f->nspecs > 1)
    buf_printf(&name, "_%d", f->nspecs);
  s->cname = unique_cname(a, f->mod->program, &name);
  buf_free(&name);
  if (cur_infer) {
    vec_push(&cur_infer->specs, s);
    cur_infer->changed = true;
  }
  return s;
}

static void set_type(Infer *I, Instr *in, const Type *t) {
  if (in->type != t) {
    in->type = t;
    I->changed = true;
  }
}

/* The isinstance bit (lower.c's isinstance_names, the runtime's KR_TM_*) of
 * a type whose every value is of one builtin class, or 0 when the type
 * does not decide it (an object, an Optional, a class of the program). */
static int64_t builtin_class_bit(const Type *t) {
  switch (t->kind) {
  case TY_INT: return 1 << 0;
  case TY_BOOL: return 1 << 1;
  case TY_FLOAT: return 1 << 2;
  case TY_STR: return 1 << 3;
  case TY_LIST: return 1 << 4;
  case TY_DICT: return 1 << 5;
  case TY_TUPLE: return 1 << 6;
  case TY_SET: return 1 << 7;
  case TY_FROZENSET: return 1 << 8;
  case TY_BYTES: return 1 << 9;
  case TY_NONE: return 1 << 10;
  case TY_RANGE: return 1 << 11;
  default: return 0;
  }
}

/* x after `isinstance(x, T)` (keep) or in its else (!keep), T the builtin
 * classes of mask: a type that decides the test is kept or becomes
 * NoReturn (that side is dead: not type-checked, not emitted); an Optional
 * is its value where the test rules None out; a dynamic object tested for
 * str or bytes alone is one (both are boxed: the same pointer). Anything
 * else stays as it was: the test still runs, the ops stay dynamic. */
static const Type *narrow_builtin(const Type *t, int64_t mask, bool keep) {
  const int64_t none = 1 << 10;
  int64_t bit = builtin_class_bit(t);
  if (bit)
    return ((mask & bit) != 0) == keep ? t : ty_noreturn;
  if (t->kind == TY_OPTIONAL) {
    int64_t eb = builtin_class_bit(t->elem);
    bool has_none = mask & none, has_elem = eb && (mask & eb);
    if (keep && !has_none && (has_elem || !eb))
      return eb ? t->elem : t;
    if (!keep && has_none && !has_elem)
      return t->elem;
    return t;
  }
  if (t->kind == TY_OBJECT && keep && (mask == 1 << 3 || mask == 1 << 9))
    return mask == 1 << 3 ? ty_str : ty_bytes;
  return t;
}

/* ---------------------------------------------------------------- classes
 *
 * An instance of a class of the program has the class's type, which stands
 * for the class and its subclasses. obj.m(...) and the operators on an
 * instance (a + b is a.__add__(b)) become calls of the method the static
 * class resolves, specialised with self typed as that class, and dispatch
 * at run time to every subclass that overrides it. */

static bool is_instance_type(const Type *t) {
  return t->kind == TY_CLASS || (t->kind == TY_OPTIONAL && t->elem->kind == TY_CLASS);
}

static ClassDecl *class_of(const Type *t) {
  return t->kind == TY_CLASS ? t->cls : t->kind == TY_OPTIONAL && t->elem->kind == TY_CLASS ? t->elem->cls : NULL;
}

/* Is fn a specialisation made for a type with a variable in it? */
static bool var_spec(const IrFunc *fn) {
  for (int i = 0; i < fn->nparams; i++)
    if (has_tvar(fn->params[i]))
      return true;
  return false;
}

/* callee's specialisation for these argument types (NULL: gave up, see
 * MAX_SPECS). An argument whose type still holds a variable (a list made
 * empty and not filled yet) takes an existing specialisation it fits,
 * binding the variable, where the call recurses: a recursive call with a
 * fresh comprehension must not make a new version each time (the callee's
 * own containers would be new variables again, and recursion would never
 * settle). Recursion is a call from callee itself, or from a version made
 * for a variable (mutual recursion goes one level deeper, then fits).
 * Other calls fit only once propagation has settled with the variable
 * still free (f([]) beside f([1]): the empty list is an f's list[int]). Elsewhere the variable is left to what the program
 * stores: `f([1, 2]); f([v for v in floats()])` must not make the
 * comprehension a list[int] because its items were not typed yet when the
 * call was first reached. */
static IrFunc *call_spec(Infer *I, Instr *in, FuncDecl *callee, const Type **args, int nargs) {
  const Type *targbuf[16];
  const Type **targs = nargs > 16 ? arena_alloc(I->a, (size_t)nargs * sizeof *targs) : targbuf;
  bool free_vars = false;
  for (int i = 0; i < nargs; i++) {
    targs[i] = tv_resolve(args[i]);
    free_vars |= has_tvar(targs[i]);
  }
  bool recursive = free_vars && (I->fit_all || (I->fn && (I->fn->decl == callee || var_spec(I->fn))));
  for (int s = 0; recursive && s < callee->nspecs; s++) {
    IrFunc *sp = callee->specs[s];
    bool fits = sp->nparams == nargs;
    for (int i = 0; fits && i < nargs; i++)
      fits = !has_tvar(sp->params[i]) && unify(targs[i], sp->params[i], false);
    if (!fits)
      continue;
    for (int i = 0; i < nargs; i++)
      targs[i] = unify(targs[i], sp->params[i], true);
    break;
  }
  /* types that grow without bound (f(x) calls f([x])) would specialise
   * forever: stop at MAX_SPECS versions (check_func reports it) */
  if (!find_spec(callee, targs, nargs) && callee->nspecs >= MAX_SPECS) {
    in->sub = 1; /* gave up */
    return NULL;
  }
  return func_spec(I->a, callee, targs, nargs);
}

static const char *msg(Infer *I, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static const char *msg(Infer *I, const char *fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  return arena_strndup(I->a, buf, strlen(buf));
}

/* An instruction inserted before `at` by binding; while only checking
 * (dry), a scratch one, so a binding that fails inserts nothing. */
static Instr *bind_insert(Infer *I, IrFunc *fn, Instr *at, IrOp op, int nargs, bool dry) {
  static Instr scratch;
  static Instr *scratch_args[256];
  if (!dry)
    return ir_insert_before(I->a, fn, at, op, nargs);
  scratch = (Instr){.op = op, .args = nargs < 256 ? scratch_args : arena_alloc(I->a, (size_t)nargs * sizeof(Instr *))};
  return &scratch;
}

/* Bind a method call's arguments (in->margs: the receiver, positional
 * ones, *xs spread, then nmkw keyword ones, **d) to m's parameters, as
 * Python binds them; *args and **kwargs are packed, defaults (constants)
 * become constants before the call. False with in->err set when they do
 * not fit (or false alone: an argument's type is not known yet). */
static bool bind_args(Infer *I, IrFunc *fn, Instr *in, FuncDecl *m, bool with_self, bool dry) {
  const char *name = m->name->str;
  int self = with_self ? 1 : 0, np = m->nparams, npos = m->npos;
  int nposargs = in->nmargs - in->nmkw - 1;
  Node *fargs = m->def->FunctionDef.args;
  int nposonly = fargs->arguments.posonlyargs.len;
  /* f(*xs): xs's items, when its type is a tuple of known length; f(**d):
   * nothing, when d is a dict nothing can be in (a **kwargs packed empty) */
  int nspread = 0;
  Ident *stars = intern("**", 2);
  for (int i = 0; i < nposargs; i++) {
    Instr *a = in->margs[1 + i];
    if (a->op != IR_BUILTIN || strcmp(a->name->str, "call.star")) {
      nspread++;
      continue;
    }
    const Type *t = a->args[0]->type;
    if (t->kind == TY_UNKNOWN)
      return false; /* the next round */
    if (t->kind != TY_TUPLE || t->nitems < 0) {
      in->err = msg(I, "kiln does not support *args of type %s in a call yet (only a tuple of known length)",
                    ty_str_of(t));
      return false;
    }
    nspread += t->nitems;
  }
  for (int k = 0; k < in->nmkw; k++) {
    const Type *t = in->margs[in->nmargs - in->nmkw + k]->type;
    if (in->mkw[k] != stars)
      continue;
    if (t->kind == TY_UNKNOWN)
      return false;
    if (t->kind != TY_DICT || t->key != ty_noreturn) {
      in->err = msg(I, "kiln does not support forwarding **kwargs that may hold items yet (%s)", name);
      return false;
    }
  }
  Instr **posv = arena_alloc(I->a, (size_t)(nspread + 1) * sizeof *posv);
  nspread = 0;
  for (int i = 0; i < nposargs; i++) {
    Instr *a = in->margs[1 + i];
    if (a->op != IR_BUILTIN || strcmp(a->name->str, "call.star")) {
      posv[nspread++] = a;
      continue;
    }
    const Type *t = a->args[0]->type;
    for (int k = 0; k < t->nitems; k++) {
      Instr *it = bind_insert(I, fn, in, IR_BUILTIN, 1, dry);
      it->name = intern("tuple.item", 10);
      it->args[0] = a->args[0];
      it->sub = k;
      it->var = t->nitems;
      posv[nspread++] = it;
    }
  }
  nposargs = nspread;
  int given = nposargs + self;
  if (given > npos && m->vararg < 0) {
    in->err = msg(I, "%s() takes %d positional argument%s but %d %s given", name, npos, npos == 1 ? "" : "s",
                  given, given == 1 ? "was" : "were");
    return false;
  }
  Instr **vals = arena_alloc(I->a, (size_t)(np + 1) * sizeof *vals);
  if (self && m->mkind == MK_CLASSMETHOD) { /* obj.m(): cls is obj's class */
    const Type *rt = in->margs[0]->type;
    vals[0] = dry ? bind_insert(I, fn, in, IR_CONST, 0, dry) : ir_const_before(I->a, fn, in, (Const){.kind = CONST_NONE});
    vals[0]->cls = class_of(rt);
  } else if (self) {
    vals[0] = in->margs[0];
  }
  for (int i = 0; i < nposargs && i + self < npos; i++)
    vals[i + self] = posv[i];
  if (m->vararg >= 0) { /* *args: a tuple of the rest */
    int extra = given > npos ? given - npos : 0;
    Instr *t = bind_insert(I, fn, in, IR_BUILTIN, extra, dry);
    t->name = intern("tuple.new", 9);
    for (int i = 0; i < extra; i++)
      t->args[i] = posv[npos - self + i];
    vals[m->vararg] = t;
  }
  if (m->kwarg >= 0) { /* **kwargs: empty (keywords into it are refused below) */
    Instr *d = bind_insert(I, fn, in, IR_BUILTIN, 0, dry);
    d->name = intern("dict.new", 8);
    d->ann = ty_dict(ty_noreturn, ty_noreturn);
    vals[m->kwarg] = d;
  }
  for (int k = 0; k < in->nmkw; k++) {
    Ident *kw = in->mkw[k];
    if (kw == stars)
      continue; /* an empty **kwargs: nothing */
    int i = func_local_index(m, kw);
    if (i < nposonly || i >= np || i == m->vararg || i == m->kwarg) {
      in->err = m->kwarg >= 0
                    ? msg(I, "kiln does not support keyword arguments into **%s yet (%s() got '%s')",
                          m->locals[m->kwarg]->str, name, kw->str)
                    : msg(I, "%s() got an unexpected keyword argument '%s'", name, kw->str);
      return false;
    }
    if (vals[i]) {
      in->err = msg(I, "%s() got multiple values for argument '%s'", name, kw->str);
      return false;
    }
    vals[i] = in->margs[in->nmargs - in->nmkw + k];
  }
  NodeList defaults = fargs->arguments.defaults, kwdefaults = fargs->arguments.kw_defaults;
  for (int i = 0; i < np; i++) {
    if (vals[i])
      continue;
    Node *d = NULL;
    int kwfirst = m->vararg >= 0 ? m->vararg + 1 : npos;
    if (i < npos && i - (npos - defaults.len) >= 0)
      d = defaults.items[i - (npos - defaults.len)];
    else if (i >= kwfirst && i - kwfirst < kwdefaults.len)
      d = kwdefaults.items[i - kwfirst];
    if (!d) {
      in->err = msg(I, "%s() missing 1 required %s argument: '%s'", name,
                    i < npos ? "positional" : "keyword-only", m->locals[i]->str);
      return false;
    }
    if (self && m->fresh_defaults && d->kind == AST_Attribute && d->Attribute.value->kind == AST_Name &&
        d->Attribute.value->Name.id == m->locals[0]) {
      /* a generated method's default self.x (a NamedTuple's _replace): the receiver's field */
      Instr *g = bind_insert(I, fn, in, IR_GETATTR, 1, dry);
      g->args[0] = in->margs[0];
      g->name = d->Attribute.attr;
      vals[i] = g;
      continue;
    }
    bool neg = d->kind == AST_UnaryOp && d->UnaryOp.op == UOP_USub && d->UnaryOp.operand->kind == AST_Constant;
    Node *k = neg ? d->UnaryOp.operand : d;
    if (k->kind != AST_Constant || (neg && k->Constant.value.kind != CONST_INT &&
                                    k->Constant.value.kind != CONST_FLOAT)) {
      in->err = msg(I, "kiln does not support default values other than constants yet (%s)", name);
      return false;
    }
    Const c = k->Constant.value;
    if (neg && c.kind == CONST_INT)
      c.i = -c.i;
    else if (neg)
      c.f = -c.f;
    vals[i] = dry ? bind_insert(I, fn, in, IR_CONST, 0, dry) : ir_const_before(I->a, fn, in, c);
  }
  if (dry)
    return true;
  in->args = vals;
  in->nargs = np;
  if (!with_self && m->ncells) /* a closure: itself last, its cells passed after the arguments */
    vals[in->nargs++] = in->margs[0];
  in->callee = m;
  return true;
}

/* bind_args, checked first, then bound, so that a failure changes nothing. */
static bool bind_method(Infer *I, IrFunc *fn, Instr *in, FuncDecl *m, bool with_self) {
  return bind_args(I, fn, in, m, with_self, true) && bind_args(I, fn, in, m, with_self, false);
}

/* The subclasses of c (transitively) that define method `name` themselves,
 * most derived first. */
static void overrides(ClassDecl *c, Ident *name, FuncDecl *base, Vec *out) {
  for (int i = 0; i < c->nsubs; i++) {
    ClassDecl *s = c->subs[i];
    overrides(s, name, base, out);
    FuncDecl *sm = class_method(s, name, -1);
    if (sm && sm != base && sm->cls == s)
      vec_push(out, s);
  }
}

static void method_call(Infer *I, IrFunc *fn, Instr *in) {
  const Type *rt = in->margs[0]->type;
  if (rt->kind == TY_UNKNOWN || rt->kind == TY_TVAR || rt->kind == TY_NORETURN)
    return;
  ClassDecl *c = class_of(rt);
  bool fnval = rt->kind == TY_FUNC; /* f(args) with f a function value: a direct call of it */
  if (!c && !fnval) {
    in->err = msg(I, "kiln does not support calling '%s' on %s yet", in->name->str, ty_str_of(rt));
    return;
  }
  FuncDecl *m = fnval ? rt->func : class_method(c, in->name, -1);
  if (!m || m->mkind == MK_PROPERTY || m->mkind == MK_SETTER) {
    in->err = in->negate || !strncmp(in->name->str, "__", 2)
                  ? msg(I, "kiln: class '%s' has no method %s for this operation", c->name->str, in->name->str)
                  : msg(I, "'%s' object has no attribute '%s'", c->name->str, in->name->str);
    return;
  }
  if (m != in->callee && !bind_method(I, fn, in, m, !fnval && m->mkind != MK_STATIC))
    return;
  in->err = NULL;
  const Type *targbuf[16];
  size_t ncap = (size_t)in->nargs + (size_t)m->ncells;
  const Type **targs = ncap > 16 ? arena_alloc(I->a, ncap * sizeof *targs) : targbuf;
  int nreal = in->nargs - (fnval && m->ncells ? 1 : 0), ntargs = nreal;
  for (int i = 0; i < nreal; i++) {
    targs[i] = in->args[i]->type;
    if (targs[i]->kind == TY_UNKNOWN || targs[i]->kind == TY_TVAR || targs[i]->kind == TY_NORETURN)
      return;
  }
  if (fnval && m->ncells) { /* the cells' types, from the closure's */
    if (rt->nitems != m->ncells)
      return;
    for (int i = 0; i < m->ncells; i++)
      targs[ntargs++] = tv_resolve(rt->items[i]);
  }
  bool self = !fnval && m->mkind == MK_PLAIN;
  if (self)
    targs[0] = ty_class(c);
  IrFunc *t = call_spec(I, in, m, targs, ntargs);
  if (!t)
    return;
  in->target = t;
  const Type *ret = t->ret;
  Vec subs = {0};
  if (self)
    overrides(c, in->name, m, &subs);
  if (subs.len) {
    in->disp = arena_alloc(I->a, (size_t)subs.len * sizeof *in->disp);
    in->dispcls = arena_alloc(I->a, (size_t)subs.len * sizeof *in->dispcls);
  }
  in->ndisp = 0;
  for (int i = 0; i < subs.len; i++) {
    ClassDecl *s = subs.items[i];
    targs[0] = ty_class(s);
    IrFunc *st = call_spec(I, in, class_method(s, in->name, -1), targs, ntargs);
    if (!st)
      continue;
    in->disp[in->ndisp] = st;
    in->dispcls[in->ndisp++] = s;
    ret = ijoin(ret, st->ret);
  }
  free(subs.items);
  set_type(I, in, in->negate ? ty_bool : ret);
}

/* Turn `in` into a call of method `name` with the receiver and arguments
 * given (an operator, len(), x[k] on an instance). */
static void as_method(Instr *in, const char *name, Instr **args, int nargs, bool negate) {
  in->margs = args;
  in->nmargs = nargs;
  in->mkw = in->op == IR_BUILTIN ? in->kwnames : NULL;
  in->nmkw = in->op == IR_BUILTIN ? in->nkw : 0;
  in->name = intern(name, strlen(name));
  in->op = IR_CALL;
  in->negate = negate;
  in->callee = NULL;
  in->row = NULL;
}

static bool has_method(const Type *t, const char *name) {
  ClassDecl *c = class_of(t);
  return c && class_method(c, intern(name, strlen(name)), -1);
}

static const char *const binop_dunders[] = {"add", "sub", "mul", "matmul", "truediv", "mod", "pow",
                                            "lshift", "rshift", "or", "xor", "and", "floordiv"};

/* An operation on an instance of a class of the program becomes a call of
 * its dunder method; true when it did. */
static bool class_operator(Infer *I, Instr *in, const Type **args, int nargs) {
  if (in->op == IR_BUILTIN && nargs > 0 && args[0]->kind == TY_FUNC && !strcmp(in->name->str, ".__call__")) {
    Instr **a = arena_alloc(I->a, (size_t)(in->nargs + 1) * sizeof *a);
    memcpy(a, in->args, (size_t)in->nargs * sizeof *a);
    as_method(in, "__call__", a, in->nargs, false);
    return true;
  }
  bool c0 = nargs > 0 && is_instance_type(args[0]), c1 = nargs > 1 && is_instance_type(args[1]);
  if (!c0 && !c1)
    return false;
  Instr **a = arena_alloc(I->a, (size_t)(in->nargs + 1) * sizeof *a);
  memcpy(a, in->args, (size_t)in->nargs * sizeof *a);
  Instr *sw[2] = {nargs > 1 ? in->args[1] : NULL, in->args[0]}; /* nargs > 0: c0 or c1 */
  char name[64];
  switch (in->op) {
  case IR_BINOP:
  case IR_INPLACE: {
    const char *d = binop_dunders[in->sub];
    snprintf(name, sizeof name, "__i%s__", d);
    if (in->op == IR_INPLACE && has_method(args[0], name))
      break;
    snprintf(name, sizeof name, "__%s__", d);
    if (c0 && has_method(args[0], name))
      break;
    snprintf(name, sizeof name, "__r%s__", d);
    if (c1 && has_method(args[1], name)) {
      memcpy(a, sw, sizeof sw);
      break;
    }
    return false;
  }
  case IR_UNARYOP: {
    static const char *const un[] = {"__invert__", "", "__pos__", "__neg__"};
    snprintf(name, sizeof name, "%s", un[in->sub]);
    if (!c0 || !has_method(args[0], name))
      return false;
    break;
  }
  case IR_COMPARE: {
    static const char *const fwd[] = {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"};
    static const char *const refl[] = {"__eq__", "__ne__", "__gt__", "__ge__", "__lt__", "__le__"};
    int op = in->sub;
    if (op == CMP_In || op == CMP_NotIn) {
      if (!c1 || !has_method(args[1], "__contains__"))
        return false;
      memcpy(a, sw, sizeof sw);
      as_method(in, "__contains__", a, 2, op == CMP_NotIn);
      return true;
    }
    if (op > CMP_GtE)
      return false; /* is, is not: identity, the op library's */
    if (c0 && has_method(args[0], fwd[op])) {
      snprintf(name, sizeof name, "%s", fwd[op]);
      break;
    }
    if (c1 && has_method(args[1], refl[op])) {
      snprintf(name, sizeof name, "%s", refl[op]);
      memcpy(a, sw, sizeof sw);
      break;
    }
    if (op == CMP_NotEq && c0 && has_method(args[0], "__eq__")) {
      as_method(in, "__eq__", a, 2, true);
      return true;
    }
    if (op == CMP_NotEq && c1 && has_method(args[1], "__eq__")) {
      memcpy(a, sw, sizeof sw);
      as_method(in, "__eq__", a, 2, true);
      return true;
    }
    if (op == CMP_Eq || op == CMP_NotEq) { /* no __eq__: identity */
      in->sub = op == CMP_Eq ? CMP_Is : CMP_IsNot;
      return false;
    }
    return false;
  }
  case IR_BUILTIN: {
    const char *callee = in->name->str;
    if (!c0)
      return false;
    if (callee[0] == '.') {
      if (class_exc_root(class_of(args[0])) && !has_method(args[0], callee + 1))
        return false; /* an exception's own attribute (.args): the op library's */
      snprintf(name, sizeof name, "%s", callee + 1);
      break;
    }
    static const char *const map[][2] = {{"len", "__len__"}, {"[]", "__getitem__"}, {"[]=", "__setitem__"},
                                         {"abs", "__abs__"}, {"hash", "__hash__"}, {"iter", "__iter__"},
                                         {"next", "__next__"}, {"int", "__int__"}, {"float", "__float__"}};
    for (size_t k = 0; k < countof(map); k++)
      if (!strcmp(callee, map[k][0]) && has_method(args[0], map[k][1]) && (k < 5 || nargs == 1)) {
        as_method(in, map[k][1], a, in->nargs, false);
        return true;
      }
    return false;
  }
  default: return false;
  }
  as_method(in, name, a, in->nargs, false);
  return true;
}

/* in (an item of unpacking, p[k]) becomes a read of NamedTuple field k. */
static void namedtuple_field(Instr *in, int k) {
  in->op = IR_GETATTR;
  in->name = in->args[0]->type->cls->ntfields[k];
  in->nargs = 1;
  in->row = NULL;
}

/* The argument of builtin `callee` that it iterates, or -1. */
static int iterable_arg(const char *callee) {
  static const char *const first[] = {"iter.new", "list", "tuple", "set",   "frozenset", "sum", "sorted",
                                      "min",      "max",  "any",   "all",   "dict",      "enumerate"};
  for (size_t i = 0; i < countof(first); i++)
    if (!strcmp(callee, first[i]))
      return 0;
  return !strcmp(callee, ".join") ? 1 : -1;
}

/* Iterating over an instance of a class of the program (a for loop,
 * list(obj), sum(obj)...): the argument becomes obj.__iter__(), a method
 * call like any; when that returns an instance whose class has __next__
 * (most often self), it is wrapped as `iter.class`, an iterator object of
 * the runtime that calls __next__ until StopIteration (kr_class_iter_new).
 * A __iter__ that is a generator needs no wrapper. True when an
 * instruction was inserted before in (typed on the next round). */
static bool class_iterable(Infer *I, IrFunc *fn, Instr *in, const Type **args, int nargs) {
  int k = iterable_arg(in->name->str);
  if (k < 0 || k >= nargs || args[k]->kind != TY_CLASS)
    return false;
  Instr *x = in->args[k];
  bool from_iter = x->op == IR_CALL && !strcmp(x->name->str, "__iter__");
  const char *what = !from_iter ? "__iter__" : "__next__";
  FuncDecl *m = class_method(args[k]->cls, intern(what, strlen(what)), -1);
  if (!m || m->mkind != MK_PLAIN)
    return false;
  Instr *t = ir_insert_before(I->a, fn, in, IR_BUILTIN, 1);
  t->args[0] = x;
  t->name = intern(from_iter ? "iter.class" : ".__iter__", from_iter ? 10 : 9);
  in->args[k] = t;
  I->changed = true;
  return true;
}

static const char *const slot_names[] = {"__repr__", "__str__", "__eq__", "__hash__", "__lt__", "__le__",
                                         "__gt__", "__ge__", "__len__", "__bool__"};

/* The dunder methods the runtime calls on instances of c (print, str(),
 * == inside containers, sorting, hashing), specialised for c. */
static void class_slots(Infer *I, ClassDecl *c) {
  for (size_t i = 0; i < countof(slot_names); i++) {
    FuncDecl *m = class_method(c, intern(slot_names[i], strlen(slot_names[i])), -1);
    if (!m || m->mkind != MK_PLAIN)
      continue;
    int n = m->nparams;
    if (n != (i == 0 || i == 1 || i == 3 || i >= 8 ? 1 : 2) || m->vararg >= 0 || m->kwarg >= 0)
      continue; /* an odd signature: called directly only */
    const Type *args[2] = {ty_class(c), ty_class(c)};
    c->slots[i] = func_spec(I->a, m, args, n);
  }
}

/* The subclasses of c (transitively) with a class attribute `name` of
 * their own, most derived first. */
static void attr_overrides(ClassDecl *c, Ident *name, Vec *out) {
  for (int i = 0; i < c->nsubs; i++) {
    ClassDecl *s = c->subs[i];
    attr_overrides(s, name, out);
    for (int k = 0; k < s->nattrs; k++)
      if (s->attrs[k] == name)
        vec_push(out, s);
  }
}

static void attr_instr(Infer *I, Instr *in) {
  const Type *rt = in->args[0]->type;
  if (rt->kind == TY_UNKNOWN || rt->kind == TY_TVAR || rt->kind == TY_NORETURN)
    return;
  ClassDecl *c = class_of(rt);
  const char *x = in->name->str;
  if (in->op == IR_GETATTR &&
      (((rt->kind == TY_OBJECT || (rt->kind == TY_CLASS && class_exc_root(c))) &&
        (!strcmp(x, "args") || !strcmp(x, "__cause__") || !strcmp(x, "__context__"))) ||
       rt->kind == TY_NDARRAY || rt->kind == TY_DTYPE || rt->kind == TY_ENCODING)) {
    /* an exception's attributes, read at run time; an array's (a.shape, a.T),
     * a dtype's and a tokenizers Encoding's (enc.ids): the op library's
     * ".args", ".shape", ".ids" */
    char name[32];
    snprintf(name, sizeof name, ".%s", x);
    in->op = IR_BUILTIN;
    in->name = intern(name, strlen(name));
    I->changed = true;
    return;
  }
  const Type *rb = rt->kind == TY_OPTIONAL ? rt->elem : rt;
  if (!c && in->op == IR_GETATTR && (rb->kind == TY_PATTERN || rb->kind == TY_MATCH)) {
    /* m.string, p.pattern: the op library's ".string" */
    char name[64];
    snprintf(name, sizeof name, ".%s", x);
    in->op = IR_BUILTIN;
    in->name = intern(name, strlen(name));
    I->changed = true;
    return;
  }
  if (!c) {
    in->err = msg(I, "kiln does not support attribute '%s' of %s yet", x, ty_str_of(rt));
    return;
  }
  in->err = NULL;
  ClassDecl *owner;
  ClassField *f = class_field(c, in->name, &owner);
  bool set = in->op == IR_SETATTR;
  if (f) {
    in->field = f;
    in->cls = owner;
    if (set) {
      const Type *v = in->args[1]->type;
      if (v->kind == TY_UNKNOWN || v->kind == TY_NORETURN)
        return;
      const Type *t = tv_resolve(ijoin(f->type, v));
      if (t != f->type) {
        f->type = t;
        I->changed = true;
      }
    } else {
      set_type(I, in, tv_resolve(f->type));
    }
    return;
  }
  FuncDecl *p = class_method(c, in->name, set ? MK_SETTER : MK_PROPERTY);
  if (p && (set || !class_method(c, in->name, MK_SETTER) || class_method(c, in->name, MK_PROPERTY))) {
    const Type *args[2] = {ty_class(c), set ? in->args[1]->type : NULL};
    if (set && (args[1]->kind == TY_UNKNOWN || args[1]->kind == TY_NORETURN))
      return;
    in->target = call_spec(I, in, p, args, set ? 2 : 1);
    if (in->target && !set)
      set_type(I, in, in->target->ret);
    return;
  }
  if (set && class_method(c, in->name, MK_PROPERTY)) {
    in->err = msg(I, "property '%s' of '%s' object has no setter", x, c->name->str);
    return;
  }
  ClassDecl *o = class_attr_owner(c, in->name);
  if (o && !set) { /* a class attribute, or a subclass's of the same name */
    in->cls = o;
    const Type *t = o->mod->gtypes[module_global_index(o->mod, class_attr_global(o, in->name))];
    Vec subs = {0};
    attr_overrides(c, in->name, &subs);
    in->ndisp = subs.len;
    in->dispcls = (ClassDecl **)vec_to_arena(I->a, &subs);
    for (int i = 0; i < in->ndisp; i++) {
      ClassDecl *s = in->dispcls[i];
      t = ijoin(t, s->mod->gtypes[module_global_index(s->mod, class_attr_global(s, in->name))]);
    }
    set_type(I, in, t);
    return;
  }
  if (class_method(c, in->name, -1)) {
    in->err = msg(I, "kiln does not support methods as values yet (call %s.%s(...))", c->name->str, x);
    return;
  }
  in->err = set ? msg(I, "kiln does not support adding attribute '%s' to a '%s' object outside its "
                         "class's methods yet",
                      x, c->name->str)
                : msg(I, "'%s' object has no attribute '%s'", c->name->str, x);
}

/* An empty container's element type: its variable's binding so far
 * (in->var numbers the variables, one more than the first). */
static const Type *empty_elem(Instr *in, int which) {
  if (!in->var) {
    in->var = tv_new() + 1;
    if (!strcmp(in->name->str, "dict.new"))
      tv_new();
  }
  return tv_resolve(ty_tvar(in->var - 1 + which));
}

/* xs.append(v) where xs, made empty, was typed by what the program stored
 * in an earlier pass (list[int]) and v's type has grown since (a call
 * whose result became int | float once its callee's loop settled): the
 * empty container's variable takes v's type too, joined, so the next pass
 * types xs list[object] and the append matches. x is the container, found
 * through the phis of the loops it is carried by. */
static void widen_empty(Instr *x, const Type *t, int depth) {
  if (depth > 8 || t->kind == TY_UNKNOWN || t->kind == TY_TVAR || t->kind == TY_NORETURN)
    return;
  if (x->op == IR_PHI) {
    for (int i = 0; i < x->nargs; i++)
      if (x->args[i] != x)
        widen_empty(x->args[i], t, depth + 1);
    return;
  }
  if (x->op == IR_BUILTIN && x->var && x->nargs == 0 && !x->ann &&
      (!strcmp(x->name->str, "list.new") || !strcmp(x->name->str, "set.new")))
    tv_bind(x->var - 1, t);
}

/* The type of a display or an empty container: list.new, set.new, dict.new. */
static const Type *display_type(Instr *in, const Type **args, int nargs, bool known) {
  if (in->ann)
    return in->ann;
  const char *name = in->name->str;
  if (!strcmp(name, "dict.new")) {
    if (nargs == 0)
      return ty_dict(empty_elem(in, 0), empty_elem(in, 1));
    const Type *k = ty_unknown, *v = ty_unknown;
    for (int i = 0; i + 1 < nargs; i += 2) {
      k = ijoin(k, args[i]);
      v = ijoin(v, args[i + 1]);
    }
    return known ? ty_dict(k, v) : NULL;
  }
  const Type *elem = ty_unknown;
  if (nargs == 0)
    elem = empty_elem(in, 0);
  for (int i = 0; i < nargs; i++)
    elem = ijoin(elem, args[i]);
  if (!known || elem->kind == TY_UNKNOWN)
    return NULL;
  return !strcmp(name, "list.new") ? ty_list(elem) : ty_set(elem);
}

/* An empty container of collections: defaultdict(F) (in->sub the flavour
 * its factory gives), Counter(), OrderedDict(), deque(), deque(maxlen=n).
 * Its items are variables, as for {} and []; a defaultdict's value is what
 * its factory makes (list → list[?]). NULL: not such a call. */
static const Type *collection_type(Instr *in, const char *callee, int nargs) {
  bool dd = !strcmp(callee, "collections.defaultdict");
  bool counter = !strcmp(callee, "collections.Counter") && nargs == 0;
  bool ordered = !strcmp(callee, "collections.OrderedDict") && nargs == 0;
  bool deque = !strcmp(callee, "collections.deque") && nargs == in->nkw;
  if (!dd && !counter && !ordered && !deque)
    return NULL;
  if (!in->var) {
    in->var = tv_new() + 1;
    tv_new();
    tv_new();
  }
  const Type *v0 = tv_resolve(ty_tvar(in->var - 1)), *v1 = tv_resolve(ty_tvar(in->var)),
             *v2 = tv_resolve(ty_tvar(in->var + 1));
  if (deque)
    return ty_deque(v0);
  if (counter)
    return ty_dict_of(v0, ty_int, DF_COUNTER);
  if (ordered)
    return ty_dict_of(v0, v1, DF_ORDERED);
  const Type *val = NULL;
  switch (in->sub) {
  case DF_DD_LIST: val = ty_list(v1); break;
  case DF_DD_INT: val = ty_int; break;
  case DF_DD_FLOAT: val = ty_float; break;
  case DF_DD_STR: val = ty_str; break;
  case DF_DD_SET: val = ty_set(v1); break;
  case DF_DD_DICT: val = ty_dict(v1, v2); break;
  default: return NULL;
  }
  return ty_dict_of(v0, val, in->sub);
}


/* ---- numpy's keyword arguments (numpy.def) */

static const struct {
  const char *callee, *params;
} np_sigs[] = {
#define NP(callee, params) {callee, params},
#include "numpy.def"
#undef NP
};

/* A default of numpy.def as a constant. */
static Const np_default(Arena *a, const char *s, size_t n) {
  if (n == 4 && !strncmp(s, "None", 4))
    return (Const){.kind = CONST_NONE};
  if (n == 4 && !strncmp(s, "True", 4))
    return (Const){.kind = CONST_TRUE};
  if (n == 5 && !strncmp(s, "False", 5))
    return (Const){.kind = CONST_FALSE};
  if (n >= 2 && s[0] == '\'')
    return (Const){.kind = CONST_STR, .s = arena_strndup(a, s + 1, n - 2), .len = n - 2};
  char buf[32];
  snprintf(buf, sizeof buf, "%.*s", (int)n, s);
  if (strpbrk(buf, ".eE"))
    return (Const){.kind = CONST_FLOAT, .f = strtod(buf, NULL)};
  return (Const){.kind = CONST_INT, .i = strtoll(buf, NULL, 10)};
}

/* A call of a numpy function, or of a method of an ndarray, with keyword
 * arguments or defaults left out: bind them to the parameters numpy.def
 * lists, defaults made constants before the call, so the instruction takes
 * every parameter positionally (its op-library row's form). True when it
 * changed in; false when it is not such a call, is already bound, or does
 * not fit (in->err set). */
static bool np_bind(Infer *I, IrFunc *fn, Instr *in, const char *callee) {
  bool method = callee[0] == '.';
  /* methods: an ndarray's are listed as ".sum", a Tokenizer's as "Tokenizer.encode" */
  const char *recv = "";
  if (method && in->nargs > 0 && in->args[0]->type->kind == TY_TOKENIZER)
    recv = "Tokenizer";
  else if (method && (in->nargs == 0 || in->args[0]->type->kind != TY_NDARRAY))
    return false;
  const char *params = NULL;
  size_t rl = strlen(recv);
  for (size_t i = 0; i < countof(np_sigs) && !params; i++)
    if (!strncmp(np_sigs[i].callee, recv, rl) && !strcmp(np_sigs[i].callee + rl, callee))
      params = np_sigs[i].params;
  if (!params)
    return false;
  /* the parameters: names and defaults */
  const char *pname[16], *pdef[16];
  size_t plen[16], pdlen[16];
  int np = 0;
  for (const char *p = params; *p && np < 16;) {
    const char *end = strchr(p, ',');
    if (!end)
      end = p + strlen(p);
    const char *eq = memchr(p, '=', (size_t)(end - p));
    pname[np] = p;
    plen[np] = (size_t)((eq ? eq : end) - p);
    pdef[np] = eq ? eq + 1 : NULL;
    pdlen[np] = eq ? (size_t)(end - eq - 1) : 0;
    np++;
    p = *end ? end + 1 : end;
  }
  int self = method ? 1 : 0;
  int npos = in->nargs - in->nkw - self;
  if (!in->nkw && npos == np)
    return false; /* bound already, or written in full */
  const char *shown = method ? callee + 1 : callee;
  if (npos > np) {
    in->err = msg(I, "%s() takes at most %d positional argument%s (%d given)", shown, np, np == 1 ? "" : "s", npos);
    return false;
  }
  Instr **vals = arena_alloc(I->a, (size_t)(np + self) * sizeof *vals);
  memset(vals, 0, (size_t)(np + self) * sizeof *vals);
  for (int i = 0; i < self + npos; i++)
    vals[i] = in->args[i];
  for (int k = 0; k < in->nkw; k++) {
    const char *kw = in->kwnames[k]->str;
    int i = 0;
    while (i < np && !(strlen(kw) == plen[i] && !strncmp(kw, pname[i], plen[i])))
      i++;
    if (i == np) {
      in->err = msg(I, "%s() got an unexpected keyword argument '%s' (kiln supports: %s)", shown, kw, params);
      return false;
    }
    if (vals[self + i]) {
      in->err = msg(I, "%s() got multiple values for argument '%s'", shown, kw);
      return false;
    }
    vals[self + i] = in->args[self + npos + k];
  }
  for (int i = 0; i < np; i++) {
    if (vals[self + i])
      continue;
    if (!pdef[i]) {
      in->err = msg(I, "%s() missing required argument '%.*s'", shown, (int)plen[i], pname[i]);
      return false;
    }
    Instr *c = ir_const_before(I->a, fn, in, np_default(I->a, pdef[i], pdlen[i]));
    c->type = const_type(c);
    vals[self + i] = c;
  }
  in->args = vals;
  in->nargs = np + self;
  in->nkw = 0;
  in->kwnames = NULL;
  in->err = NULL;
  return true;
}

static void infer_instr(Infer *I, IrFunc *fn, Instr *in) {
  /* every argument's type: a display or call may have any number */
  const Type *argbuf[16];
  const Type **args = in->nargs > 16 ? arena_alloc(I->a, (size_t)in->nargs * sizeof *args) : argbuf;
  int nargs = in->nargs;
  bool known = true;
  for (int i = 0; i < nargs; i++) {
    args[i] = in->args[i]->type;
    /* a variable: not known yet; NoReturn: an item of a container that is
     * always empty, so this never runs */
    if (args[i]->kind == TY_UNKNOWN || args[i]->kind == TY_TVAR || args[i]->kind == TY_NORETURN)
      known = false;
  }
  if (!known) /* xs.append(v) with v not typed yet may still bind xs's variable */
    for (int i = 0; i < nargs; i++)
      if (args[i]->kind == TY_UNKNOWN) {
        for (int j = 0; j < nargs; j++)
          tv_mark_pending(args[j]);
        break;
      }
  switch (in->op) {
  case IR_CONST: set_type(I, in, const_type(in)); break;
  case IR_PARAM: set_type(I, in, fn->params[in->sub]); break;
  case IR_UNDEF: break;
  case IR_PHI: {
    const Type *t = ty_unknown;
    for (int i = 0; i < in->nargs; i++)
      t = ijoin(t, in->args[i]->type);
    set_type(I, in, t);
    break;
  }
  case IR_GLOBAL_GET: {
    Module *gm = in->gmod ? in->gmod : fn->decl->mod;
    int g = module_global_index(gm, in->name);
    set_type(I, in, gm->gtypes[g]);
    break;
  }
  case IR_GLOBAL_SET: {
    Module *gm = in->gmod ? in->gmod : fn->decl->mod;
    int g = module_global_index(gm, in->name);
    const Type *t = ijoin(gm->gtypes[g], args[0]);
    if (t != gm->gtypes[g]) {
      gm->gtypes[g] = t;
      I->changed = true;
    }
    break;
  }
  case IR_IMPORT:
    in->target = func_spec(I->a, in->gmod->init, NULL, 0);
    set_type(I, in, ty_none);
    break;
  case IR_CALL: {
    if (in->margs) { /* obj.m(...), an operator on an instance */
      method_call(I, fn, in);
      break;
    }
    if (!known)
      break;
    in->target = call_spec(I, in, in->callee, args, nargs);
    if (in->target)
      set_type(I, in, in->target->ret);
    break;
  }
  case IR_NEW:
    set_type(I, in, ty_class(in->cls));
    if (!in->cls->made) {
      in->cls->made = true;
      class_slots(I, in->cls);
    }
    break;
  case IR_GETATTR:
  case IR_SETATTR: attr_instr(I, in); break;
  case IR_YIELD: { /* a generator's type: an iterator of what it yields */
    set_type(I, in, ty_none);
    if (!known)
      break;
    const Type *y = tv_resolve(ijoin(fn->yields ? fn->yields : ty_unknown, args[0]));
    if (y != fn->yields || fn->ret != ty_iter(y)) {
      fn->yields = y;
      fn->ret = ty_iter(y);
      I->changed = true;
    }
    break;
  }
  case IR_RETURN: {
    if (fn->decl->generator) /* the end of the items (a value would be StopIteration's) */
      break;
    const Type *t = ijoin(fn->ret, args[0]);
    if (t != fn->ret) {
      fn->ret = t;
      I->changed = true;
    }
    break;
  }
  case IR_EXC_NEW:
  case IR_EXC_FETCH:
  case IR_EXC_BEGIN: set_type(I, in, ty_object); break;
  case IR_EXC_MATCH: set_type(I, in, ty_bool); break;
  case IR_EXC_END: set_type(I, in, ty_none); break;
  case IR_NOT:
  case IR_TRUTH:
  case IR_BINOP:
  case IR_INPLACE:
  case IR_UNARYOP:
  case IR_COMPARE:
  case IR_BUILTIN: {
    const char *callee = callee_of(in);
    if (in->op == IR_BUILTIN && np_bind(I, fn, in, callee)) { /* now positional: type it so */
      I->changed = true;
      infer_instr(I, fn, in);
      break;
    }
    if (in->op == IR_BUILTIN && (!strcmp(callee, "list.new") || !strcmp(callee, "set.new") ||
                                 !strcmp(callee, "dict.new"))) {
      /* [a, b], {a, b}, {k: v}: the join of the items' types; empty: a
       * variable, or the annotated type */
      const Type *t = display_type(in, args, nargs, known);
      if (t) {
        in->row = match(callee, args, nargs);
        set_type(I, in, t);
      }
      break;
    }
    if (in->op == IR_BUILTIN && !strcmp(callee, "closure.new")) { /* a tuple of the cells it uses */
      if (known) {
        const Type **cells = arena_alloc(I->a, (size_t)(nargs ? nargs : 1) * sizeof *cells);
        for (int i = 0; i < nargs; i++)
          cells[i] = tv_resolve(args[i]);
        in->row = match("tuple.new", args, nargs);
        set_type(I, in, ty_closure(in->callee, cells, nargs));
      }
      break;
    }
    if (in->op == IR_BUILTIN && !strncmp(callee, "collections.", 12)) {
      const Type *t = collection_type(in, callee, nargs);
      if (t) {
        if (known || !nargs)
          in->row = match_call(in, callee, args, nargs);
        set_type(I, in, t);
        break;
      }
    }
    if (in->op == IR_BUILTIN && !strcmp(callee, "tuple.new")) {
      if (known) {
        in->row = match("tuple.new", args, nargs);
        set_type(I, in, ty_tuple(args, nargs));
      }
      break;
    }
    if (in->op == IR_BUILTIN && !strcmp(callee, "tuple.item")) {
      /* unpacking: an item of a tuple of the right length (checked by check_func) */
      if (known && args[0]->kind == TY_CLASS && args[0]->cls->nntfields == in->var) {
        namedtuple_field(in, in->sub); /* a NamedTuple: its field */
        attr_instr(I, in);
      } else if (known && args[0]->kind == TY_TUPLE && args[0]->nitems == in->var) {
        in->row = match("tuple.item", args, nargs);
        set_type(I, in, args[0]->items[in->sub]);
      } else if (known && args[0]->kind == TY_OBJECT) {
        /* a variant (a tuple whose items' types merged): unpacked at run time */
        in->row = match("tuple.item?", args, nargs);
        set_type(I, in, ty_object);
      } else if (known && (args[0]->kind == TY_LIST || args[0]->kind == TY_STR ||
                           (args[0]->kind == TY_TUPLE && args[0]->nitems < 0)) &&
                 (in->row = match("unpack", args, nargs))) {
        /* a list, a str, a tuple[T, ...]: its length checked at run time */
        set_type(I, in, ty_iter_item(args[0]));
      } else {
        in->row = NULL; /* the argument's type changed: never keep a stale row */
      }
      break;
    }
    if (!known)
      break;
    if (in->op == IR_BUILTIN && !strcmp(callee, "isinstance.class")) {
      set_type(I, in, ty_bool);
      break;
    }
    if (in->op == IR_BUILTIN && !strcmp(callee, "cast.class")) { /* after an isinstance test */
      const Type *t = args[0];
      ClassDecl *was = class_of(t);
      set_type(I, in, ty_is_unboxed(t) ? ty_noreturn
                      : was && class_is_sub(was, in->cls) ? (t->kind == TY_OPTIONAL ? t->elem : t)
                                                           : ty_class(in->cls));
      break;
    }
    if (in->op == IR_BUILTIN && (!strcmp(callee, "cast.type") || !strcmp(callee, "cast.nottype"))) {
      set_type(I, in, narrow_builtin(args[0], in->sub, callee[5] == 't'));
      break;
    }
    if (in->op == IR_BUILTIN && !strcmp(callee, "cast.some")) { /* after `is not None`: the value */
      set_type(I, in, args[0]->kind == TY_OPTIONAL ? args[0]->elem : args[0]->kind == TY_NONE ? ty_noreturn : args[0]);
      break;
    }
    if (in->op == IR_BUILTIN && !strcmp(callee, "call.star")) { /* f(*xs): spread by bind_method */
      set_type(I, in, args[0]);
      break;
    }
    if (in->op == IR_BUILTIN && !strcmp(callee, "iter.class")) { /* obj.__next__() until StopIteration */
      FuncDecl *m = args[0]->kind == TY_CLASS ? class_method(args[0]->cls, intern("__next__", 8), -1) : NULL;
      if (m && m->nparams == 1 && m->vararg < 0 && m->kwarg < 0 && !m->generator) {
        const Type *self[1] = {ty_class(args[0]->cls)};
        in->target = func_spec(I->a, m, self, 1);
        const Type *r = in->target->ret;
        /* what a KrVal slot can carry: a scalar, or an object */
        if (r && r->kind != TY_NONE && r->kind != TY_UNKNOWN && r->kind != TY_NORETURN && r->kind != TY_RANGE &&
            r->kind != TY_CURSOR && r->kind != TY_TVAR && r->kind != TY_CLASSREF && !(r->kind == TY_FUNC && !r->nitems))
          set_type(I, in, ty_iter(r));
      }
      break;
    }
    if (in->op == IR_BUILTIN && class_iterable(I, fn, in, args, nargs))
      break;
    if (in->op == IR_BUILTIN && !strcmp(callee, "[]") && args[0]->kind == TY_CLASS && args[0]->cls->nntfields &&
        in->args[1]->op == IR_CONST && in->args[1]->cval.kind == CONST_INT) {
      /* p[k], k a constant: a NamedTuple's field, with its own type */
      int64_t k = in->args[1]->cval.i;
      if (k < 0)
        k += args[0]->cls->nntfields;
      if (k >= 0 && k < args[0]->cls->nntfields) {
        namedtuple_field(in, (int)k);
        attr_instr(I, in);
        break;
      }
    }
    if (class_operator(I, in, args, nargs)) { /* now a method call */
      method_call(I, fn, in);
      break;
    }
    const Type **margs = args;
    const Type *cur_args[1];
    if (nargs > 0 && args[0]->kind == TY_CURSOR && !strncmp(callee, "iter.", 5)) {
      /* iter.next/iter.item: the row of the iterable the cursor walks */
      cur_args[0] = args[0]->elem;
      margs = cur_args;
    }
    const OpRow *row = NULL;
    if (in->op == IR_INPLACE) { /* xs += ys: the in-place row (list.extend), else xs = xs + ys */
      char name[8];
      snprintf(name, sizeof name, "%s=", binop_names[in->sub]);
      row = match(name, args, nargs);
    }
    if (!row)
      row = match_call(in, callee, margs, nargs);
    const Type *t = row ? (in->op == IR_NOT ? ty_bool : row_result(row, args, nargs, in)) : NULL;
    if (t && row->result == 'X' && !strcmp(callee, "[]") && args[0]->kind == TY_TUPLE &&
        args[0]->nitems > 0 && in->args[1]->op == IR_CONST && in->args[1]->cval.kind == CONST_INT) {
      /* t[2]: that item's own type */
      int64_t k = in->args[1]->cval.i;
      if (k < 0)
        k += args[0]->nitems;
      if (k >= 0 && k < args[0]->nitems)
        t = args[0]->items[k];
    }
    if (t && !strcmp(callee, "[:]") && args[0]->kind == TY_TUPLE && args[0]->nitems >= 0)
      t = tuple_slice_type(I, in, args[0]);
    else if (t && nargs == 2 && !strncmp(row->cfn, "kr_tuple_", 9) &&
             (!strcmp(callee, "+") || !strcmp(callee, "*")))
      t = tuple_arith_type(I, in, args);
    if (!t) {
      in->row = NULL;
      if (nargs == 2 && (!strcmp(callee, ".append") || !strcmp(callee, ".add")))
        widen_empty(in->args[0], args[1], 0);
      break;
    }
    if (margs == args)
      bind_row(row, args, nargs);
    in->row = row;
    set_type(I, in, t);
    break;
  }
  default: break;
  }
}

static void infer_func(Infer *I, IrFunc *fn) {
  I->fn = fn;
  for (int b = 0; b < fn->nblocks; b++) {
    Block *blk = fn->blocks[b];
    for (int i = 0; i < blk->ninstrs; i++)
      infer_instr(I, fn, blk->instrs[i]);
  }
}

/* ---------------------------------------------------------------- checks */

static int nerrors;

static void type_error(Source *src, uint32_t off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static Vec reported; /* "path:off:message" of each error printed: one report for several specialisations */

static void type_error(Source *src, uint32_t off, const char *fmt, ...) {
  Diag d;
  va_list ap;
  va_start(ap, fmt);
  diag_make(&d, src, off, ERR_SYNTAX, fmt, ap);
  va_end(ap);
  Buf key = {0};
  buf_printf(&key, "%s:%u:%s", src->path, off, d.msg);
  for (int i = 0; i < reported.len; i++)
    if (!strcmp(reported.items[i], key.data)) {
      buf_free(&key);
      return;
    }
  vec_push(&reported, key.data);
  diag_print(stderr, &d);
  nerrors++;
}

static void check_func(Infer *I, IrFunc *fn) {
  Source *src = fn->decl->mod->src;
  for (int b = 0; b < fn->nblocks; b++) {
    Block *blk = fn->blocks[b];
    for (int i = 0; i < blk->ninstrs; i++) {
      Instr *in = blk->instrs[i];
      if (in->op == IR_BUILTIN && !strcmp(in->name->str, "list.new") && in->ann &&
          in->type->kind == TY_LIST) {
        for (int k = 0; k < in->nargs; k++)
          if (!fits_type(in->args[k]->type, in->type->elem, false))
            type_error(src, in->args[k]->off, "a %s item in a list annotated %s",
                       ty_str_of(in->args[k]->type), ty_str_of(in->type));
      }
      if (in->op == IR_CONST && in->type->kind == TY_UNKNOWN) {
        type_error(src, in->off, "kiln does not support %s constants yet",
                   in->cval.kind == CONST_BIGINT ? "integer constants beyond 64 bits (int)"
                                                 : "complex");
        continue;
      }
      if (in->err) {
        type_error(src, in->off, "%s", in->err);
        continue;
      }
      if (in->op == IR_CALL && in->sub == 1 && !in->target) {
        Buf sig = {0};
        for (int k = 0; k < in->nargs; k++)
          buf_printf(&sig, "%s%s", k ? ", " : "", ty_str_of(in->args[k]->type));
        type_error(src, in->off,
                   "kiln stops specialising %s() at %d versions: its argument types keep changing "
                   "(here: %s(%.100s%s)); annotate a variable to fix them",
                   in->callee->name->str, MAX_SPECS, in->callee->name->str, sig.data ? sig.data : "",
                   sig.len > 100 ? "..." : "");
        buf_free(&sig);
        continue;
      }
      if (in->op == IR_CALL && !in->target && in->type->kind == TY_UNKNOWN) {
        /* every argument typed, and still no version of the callee: a call
         * inference could not resolve must not compile to nothing */
        bool typed = true;
        for (int k = 0; k < in->nargs; k++)
          typed &= in->args[k]->type->kind != TY_UNKNOWN && in->args[k]->type->kind != TY_TVAR &&
                   in->args[k]->type->kind != TY_NORETURN;
        if (typed) {
          type_error(src, in->off, "kiln could not resolve this call of '%s' (its arguments' types are known)",
                     in->name ? in->name->str : in->callee ? in->callee->name->str : "?");
          continue;
        }
      }
      bool needs_row = in->op == IR_BINOP || in->op == IR_UNARYOP || in->op == IR_COMPARE ||
                       in->op == IR_BUILTIN || in->op == IR_TRUTH || in->op == IR_NOT ||
                       in->op == IR_INPLACE;
      if (!needs_row || in->row ||
          (in->op == IR_BUILTIN &&
           (!strcmp(in->name->str, "isinstance.class") || !strcmp(in->name->str, "cast.class") ||
            !strcmp(in->name->str, "cast.some") || !strcmp(in->name->str, "cast.type") ||
            !strcmp(in->name->str, "cast.nottype"))))
        continue;
      bool known = true;
      for (int k = 0; k < in->nargs; k++)
        known &= in->args[k]->type->kind != TY_UNKNOWN && in->args[k]->type->kind != TY_TVAR &&
                 in->args[k]->type->kind != TY_NORETURN;
      if (!known)
        continue; /* an earlier error, or dead code */
      Buf sig = {0};
      for (int k = 0; k < in->nargs; k++) {
        int kw = k - (in->nargs - in->nkw); /* keyword arguments come last, named */
        buf_printf(&sig, "%s%s%s%s", k ? ", " : "", kw >= 0 ? in->kwnames[kw]->str : "", kw >= 0 ? "=" : "",
                   ty_str_of(in->args[k]->type));
      }
      const char *callee = callee_of(in);
      if (!strcmp(callee, "tuple.item")) {
        if (in->sub == 0) {
          const Type *t = in->args[0]->type;
          if (t->kind == TY_TUPLE)
            type_error(src, in->off, "%s values to unpack (expected %d, got %d)",
                       t->nitems > in->var ? "too many" : "not enough", in->var, t->nitems);
          else
            type_error(src, in->off, "kiln does not support unpacking %s yet", ty_str_of(t));
        }
      } else if (!strcmp(callee, "iter.new"))
        type_error(src, in->off, "kiln does not support iterating over %s yet",
                   ty_str_of(in->args[0]->type));
      else if (!strncmp(callee, "iter.", 5))
        ; /* reported with iter.new */
      else if (!strcmp(callee, "call.star"))
        ; /* its items are the call's arguments: reported with the call */
      else if (in->op == IR_BUILTIN && !strcmp(callee, ".__call__"))
        type_error(src, in->off, "kiln does not support calling a value of type %s yet",
                   ty_str_of(in->args[0]->type));
      else if (in->op == IR_BUILTIN && callee[0] == '.')
        type_error(src, in->off, "kiln has no method %s for %s (no op-library row '%s(%s)')",
                   callee + 1, ty_str_of(in->args[0]->type), callee, sig.data ? sig.data : "");
      else if (in->op == IR_BUILTIN)
        type_error(src, in->off, "kiln does not support %s(%s) yet (no op-library row)", callee,
                   sig.data ? sig.data : "");
      else
        type_error(src, in->off, "kiln does not support '%s' on (%s) yet (no op-library row)",
                   callee, sig.data ? sig.data : "");
      buf_free(&sig);
    }
  }
  (void)I;
}

/* Keep the specialisations reached from the roots by calls: those made
 * while an element type was still a variable are not. */
static void mark_reached(IrFunc *fn) {
  if (fn->typed)
    return;
  fn->typed = true; /* set again for every kept one below */
  for (int b = 0; b < fn->nblocks; b++)
    for (int i = 0; i < fn->blocks[b]->ninstrs; i++) {
      Instr *in = fn->blocks[b]->instrs[i];
      if ((in->op == IR_CALL || in->op == IR_IMPORT || in->op == IR_GETATTR || in->op == IR_SETATTR ||
           in->op == IR_BUILTIN) &&
          in->target)
        mark_reached(in->target);
      for (int k = 0; in->disp && k < in->ndisp; k++) /* a method's overrides */
        mark_reached(in->disp[k]);
      if (in->op == IR_NEW)
        for (size_t k = 0; k < countof(in->cls->slots); k++)
          if (in->cls->slots[k])
            mark_reached(in->cls->slots[k]);
    }
}

static void prune_specs(Infer *I, IrFunc *entry, IrFunc **exports, int nexports) {
  mark_reached(entry);
  for (int i = 0; i < nexports; i++)
    mark_reached(exports[i]);
  int n = 0;
  for (int i = 0; i < I->specs.len; i++) {
    IrFunc *fn = I->specs.items[i];
    if (fn->typed)
      I->specs.items[n++] = fn;
  }
  I->specs.len = n;
  for (int mi = 0; mi < I->m->program->nmods; mi++)
  for (int f = 0; f < I->m->program->mods[mi]->nfuncs + I->m->program->mods[mi]->nmethods +
                          I->m->program->mods[mi]->ninner; f++) {
    Module *dm = I->m->program->mods[mi];
    FuncDecl *d = f < dm->nfuncs                   ? dm->funcs[f]
                  : f < dm->nfuncs + dm->nmethods ? dm->methods[f - dm->nfuncs]
                                                  : dm->inner[f - dm->nfuncs - dm->nmethods];
    int k = 0;
    for (int i = 0; i < d->nspecs; i++)
      if (d->specs[i]->typed)
        d->specs[k++] = d->specs[i];
    d->nspecs = k;
  }
}

static int infer_run(Arena *a, Module *m, IrFunc *entry, IrFunc **exports, int nexports);

/* A diagnostic that longjmps out of type propagation leaves cur_infer
 * pointing at infer_run's dead frame: it is cleared on the way out, so a
 * process that compiles again (the fuzz harness; func_spec pushed onto the
 * dead frame) starts clean. */
int infer_program(Arena *a, Module *m, IrFunc *entry, IrFunc **exports, int nexports) {
  jmp_buf jb;
  jmp_buf *volatile outer = diag_jmp;
  if (setjmp(jb)) {
    cur_infer = NULL;
    diag_jmp = outer;
    longjmp(*outer, 1);
  }
  diag_jmp = &jb;
  int r = infer_run(a, m, entry, exports, nexports);
  diag_jmp = outer;
  return r;
}

static int infer_run(Arena *a, Module *m, IrFunc *entry, IrFunc **exports, int nexports) {
  Infer I = {.a = a, .m = m};
  for (int mi = 0; mi < m->program->nmods; mi++) {
    Module *gm = m->program->mods[mi];
    gm->gtypes = arena_alloc(a, (size_t)(gm->nglobals + 1) * sizeof *gm->gtypes);
    for (int g = 0; g < gm->nglobals; g++)
      gm->gtypes[g] = ty_unknown;
    for (int c = 0; c < gm->nclasses; c++) {
      ClassDecl *cd = gm->classes[c];
      for (int f = 0; f < cd->nfields; f++)
        cd->fields[f].type = ty_unknown;
      cd->made = false;
      memset(cd->slots, 0, sizeof cd->slots);
    }
  }
  cur_infer = &I;
  entry->ret = ty_unknown;
  vec_push(&I.specs, entry);
  for (int i = 0; i < nexports; i++)
    vec_push(&I.specs, exports[i]);
  ntvars = 0;
  for (;;) {
    do {
      I.changed = false;
      for (int v = 0; v < ntvars; v++)
        tvars[v].pending = false;
      for (int i = 0; i < I.specs.len; i++)
        infer_func(&I, I.specs.items[i]);
    } while (I.changed);
    if (!I.fit_all) { /* settled: now calls with a variable left may take an existing version */
      I.fit_all = true;
      continue;
    }
    /* element types nothing bound: the containers stay empty. A variable
     * that an op not typed yet may still bind waits (`xs.append(min(set(),
     * default=1))`: the set's variable first, then min is typed, then the
     * append binds xs's), unless every unbound variable waits. */
    bool more = false;
    for (int pass = 0; pass < 2 && !more; pass++)
      for (int v = 0; v < ntvars; v++)
        if (tv_find(v) == v && !tvars[v].bound && (pass == 1 || !tvars[v].pending)) {
          tvars[v].bound = ty_noreturn;
          more = true;
        }
    if (!more)
      break;
  }
  for (int mi = 0; mi < m->program->nmods; mi++) /* fields: their final types */
    for (int c = 0; c < m->program->mods[mi]->nclasses; c++) {
      ClassDecl *cd = m->program->mods[mi]->classes[c];
      for (int f = 0; f < cd->nfields; f++)
        cd->fields[f].type = tv_resolve(cd->fields[f].type);
    }
  cur_infer = NULL;
  prune_specs(&I, entry, exports, nexports);
  nerrors = 0;
  for (int i = 0; i < I.specs.len; i++) {
    IrFunc *fn = I.specs.items[i];
    check_func(&I, fn);
    fn->typed = true;
    if (fn->decl->generator && fn->ret->kind == TY_UNKNOWN) /* yields nothing: an empty iterator */
      fn->ret = ty_iter(ty_noreturn), fn->yields = ty_noreturn;
    if (fn->ret->kind == TY_UNKNOWN) /* never returns normally */
      fn->ret = ty_noreturn;
  }
  free(I.specs.items);
  return nerrors;
}
