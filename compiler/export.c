/* export.c — what a library exports (kiln compile), and its manifest.
 *
 * A library exports the module's public annotated functions: every
 * top-level def whose name does not start with '_' and whose parameters all
 * carry annotations kiln knows. Each gets one specialisation, for the types
 * its annotations name, typed as a further root of type propagation; a
 * public function that cannot be exported (no annotations, *args, a default
 * that is not a constant) gets a note, so nothing disappears silently.
 * After type propagation every parameter and the return type must have a
 * form on the ABI (include/kiln.h): the scalars, str, bytes, and lists,
 * sets, tuples, dicts and Optionals of them, and numpy arrays.
 */
#include "kilnc.h"

#include <string.h>

/* s as a JSON string: quotes, escapes; lone surrogates (WTF-8) as \uXXXX. */
void json_string(Buf *b, const char *s, size_t n) {
  buf_putc(b, '"');
  for (size_t i = 0; i < n;) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\') {
      buf_putc(b, '\\');
      buf_putc(b, c);
      i++;
    } else if (c < 0x20) {
      const char *esc = c == '\n' ? "\\n" : c == '\t' ? "\\t" : c == '\r' ? "\\r" : NULL;
      if (esc)
        buf_puts(b, esc);
      else
        buf_printf(b, "\\u%04x", c);
      i++;
    } else if (c < 0x80) {
      buf_putc(b, c);
      i++;
    } else {
      uint32_t cp;
      int len = utf8_decode(s + i, n - i, &cp);
      if (len == 0) { /* not UTF-8: cannot happen for decoded source */
        i++;
        continue;
      }
      if (cp >= 0xD800 && cp <= 0xDFFF)
        buf_printf(b, "\\u%04x", cp);
      else
        buf_putn(b, s + i, (size_t)len);
      i += (size_t)len;
    }
  }
  buf_putc(b, '"');
}

static bool abi_type(const Type *t) {
  switch (t->kind) {
  case TY_INT:
  case TY_FLOAT:
  case TY_BOOL:
  case TY_NONE:
  case TY_STR:
  case TY_BYTES:
  case TY_OBJECT:
  case TY_NDARRAY: /* as memory: kiln_array, kiln_array_data */
  case TY_NORETURN: return true;
  case TY_LIST:
  case TY_SET:
  case TY_ITER: /* a generator: its items stream */
  case TY_OPTIONAL: return abi_type(t->elem);
  case TY_DICT: return abi_type(t->key) && abi_type(t->elem);
  case TY_TUPLE:
    for (int i = 0; i < t->nitems; i++)
      if (!abi_type(t->items[i]))
        return false;
    return true;
  default: return false;
  }
}

/* A default value as JSON: a constant, or minus a numeric constant. false
 * when it has no JSON form. */
static bool default_json(Buf *b, Node *e) {
  bool neg = false;
  if (e->kind == AST_UnaryOp && e->UnaryOp.op == UOP_USub && e->UnaryOp.operand->kind == AST_Constant) {
    neg = true;
    e = e->UnaryOp.operand;
  }
  if (e->kind != AST_Constant)
    return false;
  Const c = e->Constant.value;
  if (neg && c.kind != CONST_INT && c.kind != CONST_FLOAT)
    return false;
  switch (c.kind) {
  case CONST_NONE: buf_puts(b, "null"); return true;
  case CONST_TRUE: buf_puts(b, "true"); return true;
  case CONST_FALSE: buf_puts(b, "false"); return true;
  case CONST_INT: buf_printf(b, "%s%lld", neg ? "-" : "", (long long)c.i); return true;
  case CONST_FLOAT: {
    if (c.f != c.f) {
      buf_puts(b, "NaN");
      return true;
    }
    if (c.f > 1.7976931348623157e308) {
      buf_puts(b, neg ? "-Infinity" : "Infinity");
      return true;
    }
    char digits[32];
    kr_dtoa_repr(c.f, digits, true);
    buf_printf(b, "%s%s", neg ? "-" : "", digits);
    return true;
  }
  case CONST_STR: json_string(b, c.s, c.len); return true;
  default: return false;
  }
}

static void note_not_exported(Source *src, FuncDecl *f, const char *why) {
  int line, col;
  source_pos(src, f->def->off, &line, &col);
  fprintf(stderr, "%s:%d:%d: note: '%s' is not exported: %s\n", src->path, line, col, f->name->str,
          why);
}

int export_collect(Arena *a, Module *m, IrFunc ***out) {
  Vec ex = {0};
  for (int i = 0; i < m->nfuncs; i++) {
    FuncDecl *f = m->funcs[i];
    Node *def = f->def;
    if (f->name->str[0] == '_')
      continue;
    const char *why = NULL;
    Node *args = def->FunctionDef.args;
    if (def->FunctionDef.decorator_list.len)
      why = "decorated functions are not exported yet";
    else if (args->arguments.vararg || args->arguments.kwarg || args->arguments.kwonlyargs.len)
      why = "*args, **kwargs and keyword-only parameters have no ABI form yet";
    const Type **types = arena_alloc(a, (size_t)(f->nparams + 1) * sizeof *types);
    NodeList params = args->arguments.args, posonly = args->arguments.posonlyargs;
    for (int p = 0; !why && p < f->nparams; p++) {
      Node *arg = p < posonly.len ? posonly.items[p] : params.items[p - posonly.len];
      types[p] = type_from_annotation(m, arg->arg.annotation);
      if (!types[p] || !abi_type(types[p]))
        why = arg->arg.annotation ? "a parameter's annotation names a type kiln cannot pass yet"
                                  : "a parameter has no annotation";
    }
    NodeList defaults = args->arguments.defaults;
    for (int d = 0; !why && d < defaults.len; d++) {
      Buf tmp = {0};
      if (!default_json(&tmp, defaults.items[d]))
        why = "a default value is not a constant";
      buf_free(&tmp);
    }
    if (why) {
      note_not_exported(m->src, f, why);
      continue;
    }
    vec_push(&ex, func_spec(a, f, types, f->nparams));
  }
  int n = ex.len;
  *out = (IrFunc **)vec_to_arena(a, &ex);
  return n;
}

int export_check(Module *m, IrFunc **ex, int n) {
  int errors = 0;
  for (int i = 0; i < n; i++) {
    IrFunc *fn = ex[i];
    if (abi_type(fn->ret))
      continue;
    int line, col;
    source_pos(m->src, fn->decl->def->off, &line, &col);
    char msg[512];
    snprintf(msg, sizeof msg, "cannot export '%s': it returns %s, which has no form on the C ABI",
             fn->decl->name->str, ty_str_of(fn->ret));
    fprintf(stderr, "%s:%d:%d: error[%s]: %s\n", m->src->path, line, col, diag_code(msg, false), msg);
    errors++;
  }
  return errors;
}

/* The docstring of a def: its first statement, when that is a str constant. */
static Node *docstring(Node *def) {
  NodeList body = def->FunctionDef.body;
  if (!body.len || body.items[0]->kind != AST_Expr)
    return NULL;
  Node *v = body.items[0]->Expr.value;
  return v->kind == AST_Constant && v->Constant.value.kind == CONST_STR ? v : NULL;
}

void export_param_default(Buf *b, FuncDecl *f, int p) {
  NodeList defaults = f->def->FunctionDef.args->arguments.defaults;
  int d = p - (f->nparams - defaults.len);
  if (d >= 0)
    default_json(b, defaults.items[d]);
}

void export_manifest(Buf *b, Module *m, IrFunc **ex, int n) {
  buf_puts(b, "{\"module\": ");
  json_string(b, m->name->str, m->name->len);
  buf_printf(b, ", \"kiln\": \"%s\", \"abi\": 2, \"functions\": [", KILN_VERSION); /* KILN_ABI_VERSION */
  for (int i = 0; i < n; i++) {
    IrFunc *fn = ex[i];
    FuncDecl *f = fn->decl;
    buf_puts(b, i ? ", {\"name\": " : "{\"name\": ");
    json_string(b, f->name->str, f->name->len);
    Node *doc = docstring(f->def);
    if (doc) {
      buf_puts(b, ", \"doc\": ");
      json_string(b, doc->Constant.value.s, doc->Constant.value.len);
    }
    buf_puts(b, ", \"params\": [");
    int nrequired = f->nparams - f->def->FunctionDef.args->arguments.defaults.len;
    for (int p = 0; p < f->nparams; p++) {
      buf_puts(b, p ? ", {\"name\": " : "{\"name\": ");
      json_string(b, f->locals[p]->str, f->locals[p]->len);
      const char *ty = ty_str_of(fn->params[p]);
      buf_puts(b, ", \"type\": ");
      json_string(b, ty, strlen(ty));
      if (p >= nrequired) {
        buf_puts(b, ", \"default\": ");
        export_param_default(b, f, p);
      }
      buf_putc(b, '}');
    }
    bool stream = fn->ret->kind == TY_ITER; /* a generator: "returns" is the type of its items */
    const Type *rt = stream ? fn->ret->elem : fn->ret;
    const char *ret = ty_str_of(rt->kind == TY_NORETURN ? ty_none : rt);
    buf_puts(b, "], \"returns\": ");
    json_string(b, ret, strlen(ret));
    buf_printf(b, ", \"streams\": %s}", stream ? "true" : "false");
  }
  buf_puts(b, "]}");
}
