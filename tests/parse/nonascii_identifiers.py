# Non-ASCII identifiers (PEP 3131). Names are NFKC-normalised: the ﬁ
# ligature becomes "fi", fullwidth letters become ASCII, the micro sign
# becomes Greek mu, a decomposed e + combining acute becomes é.
ﬁle = 1
ＸＹ = 2
print(ＸＹ, XY)
µ = 3
été = 4
ℌ = 5
ª = 6
αβγ = "greek"
变量 = "cjk"
переменная = "cyrillic"
_é = 7
x·y = 8
obj.ﬁeld = 9
f(ﬁeld=10)
def ﬁnd(ａrg, *, kéy=1): return ａrg
class Çlass: pass
import ﬁle as ｆ
from möd import näme
match µ:
    case {"k": ﬁrst, **rést}:
        pass
print(f"{ﬁle} {ＸＹ!r}")
éé = lambda à: à
global_Ⅰ = 11
