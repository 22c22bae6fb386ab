"""scripts/progress.py — progress of long work on stderr, for kiln's scripts.

On a terminal, a bar redrawn in place (at most ten times a second):

    glove: converting [###########.........]  55%  187,813/341,479 words

Elsewhere (a log, CI), plain lines, one each tenth of the way, so a log stays short:

    glove: converting 10% (34,148/341,479 words)

KILN_PROGRESS=bar or KILN_PROGRESS=lines forces one form. Standard library only.

    p = Progress("glove: converting", len(words), "words")
    for i, w in enumerate(words):
        ...
        p.update(i + 1)
    p.done()
"""
import os
import sys
import time

WIDTH = 20


class Progress:
    def __init__(self, label, total, unit="", stream=None):
        self.label, self.total, self.unit = label, max(int(total), 0), unit
        self.stream = stream or sys.stderr
        mode = os.environ.get("KILN_PROGRESS", "")
        isatty = getattr(self.stream, "isatty", lambda: False)()
        self.bar = mode == "bar" or (mode != "lines" and isatty)
        self.count, self.tenth, self.drawn, self.finished = 0, 0, 0.0, False

    def _counts(self):
        unit = f" {self.unit}" if self.unit else ""
        return f"{self.count:,}/{self.total:,}{unit}"

    def update(self, count):
        self.count = min(count, self.total)
        pct = 100 * self.count // self.total if self.total else 100
        if self.bar:
            now = time.monotonic()
            if now - self.drawn >= 0.1 or self.count == self.total:
                fill = WIDTH * pct // 100
                self.stream.write(f"\r{self.label} [{'#' * fill}{'.' * (WIDTH - fill)}] {pct:3d}%  {self._counts()}")
                self.stream.flush()
                self.drawn = now
        else:
            while self.tenth < 10 and pct >= 10 * (self.tenth + 1):
                self.tenth += 1
                self.stream.write(f"{self.label} {10 * self.tenth}% ({self._counts()})\n")
                self.stream.flush()

    def done(self):
        if self.finished:
            return
        self.finished = True
        self.update(self.total)
        if self.bar:
            self.stream.write("\n")
            self.stream.flush()
