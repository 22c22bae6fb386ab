# re: a constant pattern is scanned when compiling, so findall's items and
# m.group(n)'s type follow its groups (a group that may be unset is
# Optional[str]); a pattern known only at run time gives list[object].
# expect: builtin re.findall v2, v0 : list[tuple[str, str]]
# expect: builtin re.findall v4, v0 : list[str]
# expect: builtin .match v7, v0 : Optional[re.Match]
# expect: builtin .group v8, v11 : str
# expect: builtin .group v8, v13 : Optional[str]
# expect: builtin .groups v8 : tuple[str, Optional[str], Optional[str]]
# expect: builtin .groupdict v8 : dict[str, Optional[str]]
# expect: builtin re.findall v1, v0 : list[object]
# expect: builtin re.split v25, v0 : list[Optional[str]]
import re


def f(s: str, dyn: str) -> None:
    kv = re.findall(r"(\w+)=(\d+)", s)
    words = re.findall(r"\w+", s)
    p = re.compile(r"(?P<k>\w+)(:(?P<v>\d+))?")
    m = p.match(s)
    if m:
        print(m.group(1), m.group("v"), m.groups(), m.groupdict())
    print(kv, words, re.findall(dyn, s), re.split(r"(,)|;", s))


f("a=1", "x")
