# An infix calculator: tokenizer plus recursive-descent parser/evaluator with
# precedence (+ - < * / % < unary < **, right-assoc), variables, and errors.
class CalcError(Exception):
    pass


def tokenize(s: str) -> list[str]:
    toks: list[str] = []
    i = 0
    while i < len(s):
        c = s[i]
        if c.isspace():
            i += 1
        elif c.isdigit() or c == ".":
            j = i
            while j < len(s) and (s[j].isdigit() or s[j] == "."):
                j += 1
            toks.append(s[i:j])
            i = j
        elif c.isalpha():
            j = i
            while j < len(s) and s[j].isalnum():
                j += 1
            toks.append(s[i:j])
            i = j
        elif s[i:i + 2] == "**":
            toks.append("**")
            i += 2
        elif c in "+-*/%()=":
            toks.append(c)
            i += 1
        else:
            raise CalcError(f"bad character {c!r}")
    return toks


toks: list[str] = []
pos = 0
variables: dict[str, float] = {"pi": 3.141592653589793}


def peek() -> str:
    return toks[pos] if pos < len(toks) else ""


def take() -> str:
    global pos
    t = peek()
    if t == "":
        raise CalcError("unexpected end of input")
    pos += 1
    return t


def expr() -> float:
    v = term()
    while peek() in ("+", "-"):
        op = take()
        rhs = term()
        v = v + rhs if op == "+" else v - rhs
    return v


def term() -> float:
    v = unary()
    while peek() in ("*", "/", "%"):
        op = take()
        rhs = unary()
        if op == "*":
            v *= rhs
        elif rhs == 0:
            raise CalcError("division by zero")
        elif op == "/":
            v /= rhs
        else:
            v %= rhs
    return v


def unary() -> float:
    if peek() == "-":
        take()
        return -unary()
    if peek() == "+":
        take()
        return unary()
    return power()


def power() -> float:
    base = atom()
    if peek() == "**":
        take()
        return base ** unary()
    return base


def atom() -> float:
    t = take()
    if t == "(":
        v = expr()
        if take() != ")":
            raise CalcError("expected )")
        return v
    if t[0].isdigit() or t[0] == ".":
        return float(t)
    if t[0].isalpha():
        if t not in variables:
            raise CalcError(f"unknown variable {t}")
        return variables[t]
    raise CalcError(f"unexpected token {t!r}")


def evaluate(line: str) -> float:
    global toks, pos
    toks = tokenize(line)
    pos = 0
    target = ""
    if len(toks) > 2 and toks[1] == "=" and toks[0][0].isalpha():
        target = toks[0]
        pos = 2
    v = expr()
    if pos != len(toks):
        raise CalcError(f"trailing input at token {pos}: {toks[pos]!r}")
    if target:
        variables[target] = v
    return v


lines = ["1 + 2 * 3", "(1 + 2) * 3", "2 ** 3 ** 2", "-2 ** 2", "10 / 4 - 7 % 3",
         "r = 2.5", "area = pi * r ** 2", "area / (r * r)", "x = -(-3) + +4", "x * 1.5e0",
         "7 / (3 - 3)", "2 * (3 + 4", "4 $ 4", "y + 1", "3 4", ".5 + .25", "100 % 7 % 3"]
for line in lines:
    try:
        v = evaluate(line)
        print(f"{line:<22} => {v!r}")
    except CalcError as e:
        print(f"{line:<22} !! {e}")
    except ValueError as e:
        print(f"{line:<22} !! bad number: {e}")
print(sorted(variables.items()))
print(tokenize("a1=(b2**3)-4.25"))
