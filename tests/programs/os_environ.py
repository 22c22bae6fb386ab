# os.environ and os.getenv: get with and without a default, membership,
# indexing, the variables this test runner is sure to set (PATH), a dict
# built from it; then the uncaught KeyError of a missing variable.
import os
from os import environ, getenv

print("PATH" in os.environ, "KILN_NO_SUCH_VAR" in os.environ, "KILN_NO_SUCH_VAR" not in environ)
print(os.environ.get("KILN_NO_SUCH_VAR"), os.environ.get("KILN_NO_SUCH_VAR", "default"))
print(os.getenv("KILN_NO_SUCH_VAR"), os.getenv("KILN_NO_SUCH_VAR", "fallback"), getenv("NOPE_2", "x"))
print(os.environ["PATH"] == os.getenv("PATH", ""), len(os.environ["PATH"]) > 0)
home = os.environ.get("HOME", "/")
print(home.startswith("/"), os.getenv("PATH") is not None)
n = 0
for k in os.environ:
    if k == "PATH":
        n += 1
print(n, len(os.environ) > 0, all(isinstance(v, str) for v in os.environ.values()))


def setting(name: str, default: int) -> int:
    v = os.environ.get(name, "")
    if v == "":
        return default
    return int(v)


print(setting("KILN_WORKERS_UNSET", 4))
try:
    print(os.environ["KILN_NO_SUCH_VAR"])
except KeyError as e:
    print("KeyError:", e)
print(os.environ["NOPE"])
