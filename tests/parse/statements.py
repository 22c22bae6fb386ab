# Simple and compound statements: assignment forms, augmented assignment with
# every operator, annotated assignment (simple and not), del, pass, break,
# continue, return, imports in every form, if/elif/else, while/for with else,
# with (several items, parenthesized), semicolons, one-line compound bodies.
import os
import os.path
import os.path as osp, sys as system
from os import path
from os import (path as p, sep,)
from os.path import *
from . import sibling
from .. import parent as par
from .pkg.mod import name
from ... import deep
from .... import deeper

x = 1
x = y = z = 0
x: int
x: int = 1
(x): int = 1
obj.attr: str = "a"
obj[0]: list[int] = []
x += 1; x -= 1; x *= 2; x /= 2; x //= 2; x %= 3; x **= 2
x @= m; x &= 1; x |= 2; x ^= 3; x <<= 1; x >>= 1
obj.attr += 1
obj[i] -= 1

if a: pass
elif b: pass
elif c:
    pass
else: pass

while True:
    if x: break
    if y: continue
else:
    pass

for i in range(10):
    pass
else:
    pass

for i, in []: pass
for x in 1, 2, 3: pass
for x in *a, *b: pass

with open("a") as f, open("b") as g:
    pass
with (open("a") as f, open("b") as g):
    pass
with (open("a"), open("b")):
    pass
with (yield):
    pass
with a, b as (c, d), e as [f, g], h as i.j, k as l[0]:
    pass

def f():
    return
def g(): return 1; pass
class E: pass

if x:
    pass
    # a comment at the end of a block
# a comment at column 0 inside nothing

del x
del (x)
del [x, y]
pass; pass;
