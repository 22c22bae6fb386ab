# match, case and _ are soft keywords: names everywhere but at the start of a
# match statement or a case clause. Lines that look like match statements but
# are expressions or assignments.
match = 1
case = 2
_ = 3
match.attr = 4
match[0] = 5
match(x)
match(x).y = 1
match, case = case, match
print(match, case, _)
match * 2
match - 1
match: int = 1
case: str
def match(case, _=1): return case
class case: pass
import match
from match import case as _
match [a]:
    case [_]:
        pass
match -x:
    case _:
        pass
match {1: 2}:
    case {1: _}:
        pass
match not_a_keyword:
    case match:
        pass
