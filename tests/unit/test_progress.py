"""scripts/progress.py and the GloVe conversion's progress.

Not a terminal: ten plain lines, one each tenth, the last at 100% with the counts.
A terminal (a real pty): a bar redrawn in place with \\r, ending at 100% and a newline.
KILN_PROGRESS forces either form. scripts/glove_model.py's convert() on synthetic
words (some without a vector) keeps exactly the words with one, in order, their first
`dim` values, and reports its progress.
"""
import io
import os
import pty
import random
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from progress import Progress  # noqa: E402
import glove_model  # noqa: E402

failed = 0


def check(name, ok, detail=""):
    global failed
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else ": " + repr(detail)[-1500:]))
    failed += not ok


os.environ.pop("KILN_PROGRESS", None)
out = io.StringIO()
p = Progress("job", 1234, "items", out)
for i in range(1, 1235):
    p.update(i)
p.done()
lines = out.getvalue().splitlines()
check("plain: ten lines", len(lines) == 10, lines)
check("plain: each tenth in order", [int(re.match(r"job (\d+)% \(", l).group(1)) for l in lines] ==
      list(range(10, 101, 10)), lines)
check("plain: the last has the counts", lines[-1] == "job 100% (1,234/1,234 items)", lines[-1])
check("plain: no carriage return", "\r" not in out.getvalue())

master, slave = pty.openpty()
tty = os.fdopen(slave, "w")
p = Progress("job", 50, "items", tty)
for i in range(1, 51):
    p.update(i)
p.done()
tty.close()
got = b""
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:
        break
    if not chunk:
        break
    got += chunk
os.close(master)
text = got.decode()
check("terminal: a bar redrawn with \\r", text.startswith("\rjob [") and "#" * 20 in text, text)
check("terminal: ends at 100% and a newline",
      re.search(r"\] 100%  50/50 items\r?\n$", text) is not None, text)

os.environ["KILN_PROGRESS"] = "bar"
out = io.StringIO()
p = Progress("x", 3, "", out)
p.done()
check("KILN_PROGRESS=bar forces the bar", out.getvalue().startswith("\rx [") and out.getvalue().endswith("\n"),
      out.getvalue())
os.environ["KILN_PROGRESS"] = "lines"
out = io.StringIO()
out.isatty = lambda: True
p = Progress("x", 3, "", out)
p.done()
check("KILN_PROGRESS=lines forces lines on a terminal", out.getvalue().splitlines()[-1] == "x 100% (3/3)",
      out.getvalue())
del os.environ["KILN_PROGRESS"]

rng = random.Random(7)
dim = 4
words = [f"w{i}" for i in range(20000)]
vectors = {w: [rng.uniform(-1, 1) for _ in range(dim)] + [1.0, float(i)] for i, w in enumerate(words) if i % 7}
out = io.StringIO()
vocab, data = glove_model.convert(words, vectors, dim, out)
want = [w for w in words if w in vectors]
check("convert keeps the words with a vector, in order", vocab == want, (len(vocab), len(want)))
check("convert keeps the first dim values", len(data) == dim * len(want) and all(
    abs(data[k * dim + j] - vectors[want[k]][j]) < 1e-6 for k in (0, len(want) // 2, len(want) - 1)
    for j in range(dim)))
glines = out.getvalue().splitlines()
check("convert reports progress", len(glines) == 10 and glines[-1] == "glove: converting 100% (20,000/20,000 words)",
      glines)

print(f"{'FAILED' if failed else 'passed'}: test_progress")
sys.exit(1 if failed else 0)
