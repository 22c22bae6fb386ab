# A tiny Lisp: a reader producing a flat token list and an evaluator that walks
# it by position: integers, define (values and functions), if, arithmetic,
# comparison, user functions with a local scope dict, and error reporting.
class LispError(Exception):
    pass


def read_tokens(src: str) -> list[str]:
    return src.replace("(", " ( ").replace(")", " ) ").split()


env: dict[str, int] = {"ten": 10}
funcs: dict[str, tuple[list[str], list[str]]] = {}


def skip(toks: list[str], i: int) -> int:
    if toks[i] != "(":
        return i + 1
    depth = 0
    while i < len(toks):
        if toks[i] == "(":
            depth += 1
        elif toks[i] == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise LispError("unbalanced parentheses")


def eval_at(toks: list[str], i: int, scope: dict[str, int], depth: int) -> tuple[int, int]:
    if depth > 60:
        raise LispError("too deep")
    t = toks[i]
    if t == ")":
        raise LispError("unexpected )")
    if t != "(":
        if t.lstrip("-").isdigit():
            return int(t), i + 1
        if t in scope:
            return scope[t], i + 1
        if t in env:
            return env[t], i + 1
        raise LispError("unbound symbol " + t)
    op = toks[i + 1]
    j = i + 2
    if op == "define":
        name = toks[j]
        if name == "(":
            name = toks[j + 1]
            params: list[str] = []
            k = j + 2
            while toks[k] != ")":
                params.append(toks[k])
                k += 1
            body_end = skip(toks, k + 1)
            funcs[name] = (params, toks[k + 1:body_end])
            return len(params), body_end + 1
        v, j = eval_at(toks, j + 1, scope, depth + 1)
        env[name] = v
        return v, j + 1
    if op == "if":
        c, j = eval_at(toks, j, scope, depth + 1)
        if c != 0:
            v, j = eval_at(toks, j, scope, depth + 1)
            j = skip(toks, j)
        else:
            j = skip(toks, j)
            v, j = eval_at(toks, j, scope, depth + 1)
        return v, j + 1
    args: list[int] = []
    while toks[j] != ")":
        v, j = eval_at(toks, j, scope, depth + 1)
        args.append(v)
    j += 1
    if op == "+":
        return sum(args), j
    if op == "*":
        p = 1
        for a in args:
            p *= a
        return p, j
    if op == "-":
        return (args[0] - sum(args[1:]) if len(args) > 1 else -args[0]), j
    if op == "<":
        return int(args[0] < args[1]), j
    if op == "=":
        return int(args[0] == args[1]), j
    if op == "mod":
        return args[0] % args[1], j
    if op in funcs:
        params, body = funcs[op]
        if len(params) != len(args):
            raise LispError(f"{op} takes {len(params)} args, got {len(args)}")
        local: dict[str, int] = dict(zip(params, args))
        v, _ = eval_at(body, 0, local, depth + 1)
        return v, j
    raise LispError("unknown operator " + op)


def run(src: str) -> int:
    toks = read_tokens(src)
    v, end = eval_at(toks, 0, {}, 0)
    if end != len(toks):
        raise LispError(f"extra tokens after position {end}")
    return v


programs = [
    "(+ 1 2 3)", "(* 2 (- 10 4) 3)", "(- 5)", "(define x (* ten ten))", "(+ x 1)",
    "(if (< x 50) 1 2)", "(define (sq n) (* n n))", "(sq 12)",
    "(define (fact n) (if (< n 2) 1 (* n (fact (- n 1)))))", "(fact 10)",
    "(define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))", "(fib 15)",
    "(define (gcd a b) (if (= b 0) a (gcd b (mod a b))))", "(gcd 1071 462)",
    "(sq 1 2)", "(nope 1)", "(+ y 1)", "(+ 1 2) 3", "(define (loop n) (loop n))", "(loop 1)", "(+ 1 (* 2 3)", ")",
]
for src in programs:
    try:
        print(f"{src} => {run(src)}")
    except LispError as e:
        print(f"{src} !! {e}")
    except IndexError:
        print(f"{src} !! unexpected end of input")
print("env:", env)
print("functions:", sorted(funcs))
print("fact body:", " ".join(funcs["fact"][1]))
