#!/usr/bin/env python3
"""The docs' commands, run: every shell block of README.md and docs/guide/*.md.

A page's fenced blocks run in order, in one fresh temporary folder per page,
under bash (-e -o pipefail), with the repository's bin/ first on PATH and
KILN_HOME set to the repository. The conventions (docs/guide/README.md says
the same for writers):

  ```sh        commands; the block fails when one exits non-zero.
  ```console   `$ command` lines (a line ending in `\\` continues), each
               followed by the output it prints (stdout and stderr as a
               terminal interleaves them). Each command runs as a terminal
               runs it (no -e): it fails when its exit status is not 0, and
               when its output does not match line for line (trailing spaces
               ignored); a line `...` stands for any number of lines.
  <!-- doc-test: file PATH -->   on the line before any fenced block: the
               block's text is written to PATH in the page's folder (that is
               how a page's example files reach its commands).
  <!-- doc-test: skip REASON -->  on the line before a sh/console block: not
               run; the reason is required (long set-up, a network, ...).

Other fences (```python, ```c, ```js, ```text, ...) are illustration unless a
file directive names them. Ports 8000-8099 written in commands, files and
outputs (`--port 8000`, `localhost:8000`) are moved to free ports, the same
one for the same number within a page, so pages run beside other tests.
Processes a block leaves in the background (`kiln serve ... &`) are killed
when its page ends.

    python3 tests/unit/test_docs.py [-v] [-k PAGE]

Relative Markdown links must point at files that exist (links into
docs/reference/, which `kiln ops --markdown` and friends generate, once that
folder exists). The last line is 'N passed, N failed': one test per block,
and one per page for its links.
"""
import argparse
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BLOCK_TIMEOUT = 300

FENCE_RE = re.compile(r"^(\s*)(`{3,})\s*([\w+-]*)\s*$")
DIRECTIVE_RE = re.compile(r"^\s*<!--\s*doc-test:\s*(\w+)\s*(.*?)\s*-->\s*$")
PORT_RE = re.compile(r"(?<=[:= ])(80\d\d)\b")


class Block:
    def __init__(self, page, line, lang, text, directive):
        self.page, self.line, self.lang, self.text = page, line, lang, text
        self.directive = directive  # (word, argument) or None

    def name(self):
        return f"{os.path.relpath(self.page, ROOT)}:{self.line}"


def pages():
    out = [os.path.join(ROOT, "README.md")]
    guide = os.path.join(ROOT, "docs/guide")
    if os.path.isdir(guide):
        out += [os.path.join(guide, f) for f in sorted(os.listdir(guide)) if f.endswith(".md")]
    return out


def blocks_of(page):
    """The fenced blocks of a Markdown file, each with the directive on the line before it."""
    with open(page, encoding="utf-8") as f:
        lines = f.read().split("\n")
    out, i, prev = [], 0, None
    while i < len(lines):
        m = FENCE_RE.match(lines[i])
        if not m:
            if lines[i].strip():
                d = DIRECTIVE_RE.match(lines[i])
                prev = (d.group(1), d.group(2)) if d else None
            i += 1
            continue
        indent, fence, lang = m.group(1), m.group(2), m.group(3)
        start, body = i + 1, []
        i += 1
        while i < len(lines) and lines[i].strip() != fence:
            body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
            i += 1
        out.append(Block(page, start, lang, "\n".join(body) + "\n", prev))
        prev = None
        i += 1
    return out


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def console_parts(text):
    """[(command, [expected output lines])] of a console block."""
    parts, cur = [], None
    lines = text.rstrip("\n").split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("$ "):
            cmd = line[2:]
            while cmd.endswith("\\") and i + 1 < len(lines):
                i += 1
                cmd += "\n" + lines[i]
            cur = (cmd, [])
            parts.append(cur)
        elif cur is not None:
            cur[1].append(line.rstrip())
        i += 1
    return parts


def output_matches(want, got):
    """want's lines against got's; a `...` line matches any run of lines."""
    def match(wi, gi):
        if wi == len(want):
            return gi == len(got)
        if want[wi].strip() == "...":
            return any(match(wi + 1, g) for g in range(gi, len(got) + 1))
        return gi < len(got) and want[wi] == got[gi] and match(wi + 1, gi + 1)
    return match(0, 0)


class Page:
    """One page's folder, ports and background process groups."""

    def __init__(self, page):
        self.dir = tempfile.mkdtemp(prefix="kiln-docs-")
        self.ports = {}
        self.groups = []
        self.env = dict(os.environ)
        self.env.pop("KILN_CFLAGS", None)  # served libraries are dlopen()ed by unsanitized hosts
        self.env["PATH"] = os.path.join(ROOT, "bin") + os.pathsep + self.env.get("PATH", "")
        self.env["KILN_HOME"] = ROOT

    def ports_in(self, text):
        def sub(m):
            n = m.group(1)
            if n not in self.ports:
                self.ports[n] = str(free_port())
            return self.ports[n]
        return PORT_RE.sub(sub, text)

    def write(self, path, text):
        full = os.path.join(self.dir, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as f:
            f.write(self.ports_in(text))

    def run(self, script, strict=True):
        """(exit status, output) of a bash script run in the page's folder, stdout
        and stderr interleaved as a terminal shows them. Output goes to a file,
        not a pipe, so a server left running in the background does not hold us."""
        with tempfile.TemporaryFile() as out:
            argv = ["bash", "-e", "-o", "pipefail", "-c", script] if strict else ["bash", "-c", script]
            p = subprocess.Popen(argv, cwd=self.dir, env=self.env,
                                 stdin=subprocess.DEVNULL, stdout=out, stderr=out, start_new_session=True)
            self.groups.append(p.pid)
            try:
                rc = p.wait(timeout=BLOCK_TIMEOUT)
            except subprocess.TimeoutExpired:
                rc = "timeout"
            out.seek(0)
            return rc, out.read().decode("utf-8", "replace")

    def close(self):
        for g in self.groups:
            try:
                os.killpg(g, signal.SIGTERM)
            except ProcessLookupError:
                pass
        shutil.rmtree(self.dir, ignore_errors=True)


LINK_RE = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def dangling_links(path):
    """Relative links of a page whose target does not exist. docs/reference/ is
    generated by another part of the project (kiln ops --markdown, ...): links
    into it are checked once that folder exists."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    bad = []
    for target in LINK_RE.findall(text):
        if re.match(r"[a-z]+:", target):  # http:, https:, mailto:
            continue
        full = os.path.normpath(os.path.join(os.path.dirname(path), target))
        ref = os.path.join(ROOT, "docs/reference")
        if full.startswith(ref + os.sep) and not os.path.isdir(ref):
            continue
        if not os.path.exists(full):
            bad.append(target)
    return bad


def run_block(page, b):
    """None when the block passes, else the lines that say why."""
    if b.lang == "sh":
        rc, out = page.run(page.ports_in(b.text))
        if rc != 0:
            return [f"exit status {rc}"] + out.rstrip().split("\n")[-20:]
        return None
    for cmd, want in console_parts(b.text):
        rc, out = page.run(page.ports_in(cmd), strict=False)
        got = [l.rstrip() for l in out.rstrip("\n").split("\n")] if out else []
        want = [page.ports_in(l) for l in want]
        while want and want[-1] == "":
            want.pop()
        if rc != 0:
            return [f"$ {cmd}", f"exit status {rc}"] + got[-20:]
        if not output_matches(want, got):
            return [f"$ {cmd}", "output differs; the page shows:"] + ["  " + l for l in want] + \
                   ["it printed:"] + ["  " + l for l in got]
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("-k", help="only pages whose path contains this")
    opts = ap.parse_args()
    if not os.path.exists(os.path.join(ROOT, "bin/kiln")):
        print("no bin/kiln: run make first")
        print("0 passed, 1 failed")
        return 1
    passed = failed = skipped = 0
    for path in pages():
        if opts.k and opts.k not in os.path.relpath(path, ROOT):
            continue
        bad = dangling_links(path)
        if bad:
            failed += 1
            print(f"FAIL {os.path.relpath(path, ROOT)}: links to nothing: {', '.join(bad)}")
        else:
            passed += 1
        page = Page(path)
        try:
            for b in blocks_of(path):
                word, arg = b.directive or (None, "")
                if word == "file":
                    page.write(arg, b.text)
                    continue
                if b.lang not in ("sh", "console"):
                    continue
                if word == "skip":
                    if not arg:
                        failed += 1
                        print(f"FAIL {b.name()}: a skip needs a reason")
                    else:
                        skipped += 1
                        if opts.verbose:
                            print(f"skip {b.name()}: {arg}")
                    continue
                if word is not None:
                    failed += 1
                    print(f"FAIL {b.name()}: unknown directive {word!r}")
                    continue
                why = run_block(page, b)
                if why is None:
                    passed += 1
                    if opts.verbose:
                        print(f"ok   {b.name()}")
                else:
                    failed += 1
                    print(f"FAIL {b.name()}")
                    for line in why:
                        print("     " + line)
        finally:
            page.close()
    print(f"({skipped} blocks skipped, each with its reason in the page)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
