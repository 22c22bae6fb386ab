# match/case with every pattern kind: literal values, singletons, captures,
# wildcard, value (dotted) patterns, sequences (list and tuple forms, star),
# mappings (with **rest), class patterns (positional and keyword), or-patterns,
# as-patterns, groups, guards, negative and complex literals, strings.
import enum


class Color(enum.Enum):
    RED = 1


def describe(command):
    match command:
        case 0 | 1 | -1:
            return "small"
        case 1.5 | -2.5e3 | 3j | 1 + 2j | -1 - 2j:
            return "number"
        case "go" | b"bytes" | "implicit" "concat":
            return "literal"
        case None:
            return "none"
        case True | False:
            return "bool"
        case Color.RED:
            return "value pattern"
        case [] | ():
            return "empty sequence"
        case [x]:
            return x
        case [x, y, *rest]:
            return rest
        case (first, *_, last):
            return first, last
        case [*_]:
            return "any sequence"
        case x, y:
            return "open tuple"
        case {"action": action, "target": [*targets]}:
            return action, targets
        case {1: _, "k": 2, **rest}:
            return rest
        case {}:
            return "any mapping"
        case Point(x=0, y=0):
            return "origin"
        case Point(1, y=2):
            return "mixed"
        case Point():
            return "a point"
        case int(n) if n > 100:
            return "big"
        case str() as s:
            return s
        case [Point(x=0) as p, (1 | 2) as q] if p and q:
            return p, q
        case (x):
            return "group"
        case _:
            return "wildcard"


match = case = _ = 1  # soft keywords are ordinary names elsewhere
match (match):
    case case:
        pass
match [1, 2]:
    case [a, b] if (c := a + b) > 2:
        print(c)
match x, *y:
    case _:
        pass
