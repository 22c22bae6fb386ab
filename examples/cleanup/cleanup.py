"""Clean up scraped text with `re`: strip HTML tags and entities, mask URLs,
e-mail addresses and phone numbers, straighten typographic quotes, squeeze
whitespace, drop empty and repeated lines; then the most common words.

    python3 examples/cleanup/cleanup.py FILE
    bash examples/cleanup/run.sh [FILE]     the same, compiled by kiln (FILE: sample.txt)
"""
import re
import sys
from collections import Counter

TAG = re.compile(r"<[^>]+>")
ENTITY = re.compile(r"&(amp|lt|gt|quot|#39|nbsp);")
ENTITIES = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "#39": "'", "nbsp": " "}
URL = re.compile(r"https?://[^\s<>\"]+")
EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
PHONE = re.compile(r"(?<!\w)\+?\d[\d (). -]{6,}\d\b")
QUOTES = {"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'", "\u2013": "-", "\u2014": "-"}
WORD = re.compile(r"[a-z][a-z'-]+")


def clean_line(line: str) -> str:
    """One line of text, cleaned."""
    line = TAG.sub(" ", line)
    line = ENTITY.sub(lambda m: ENTITIES[m.group(1)], line)
    line = URL.sub("<url>", line)
    line = EMAIL.sub("<email>", line)
    line = PHONE.sub("<phone>", line)
    for fancy, plain in QUOTES.items():
        line = line.replace(fancy, plain)
    return re.sub(r"\s+", " ", line).strip()


def clean(text: str) -> list[str]:
    """The cleaned lines of text, without empty lines and repeats (case-insensitive)."""
    seen: set[str] = set()
    out: list[str] = []
    for raw in text.splitlines():
        line = clean_line(raw)
        key = line.lower()
        if line and key not in seen:
            seen.add(key)
            out.append(line)
    return out


def top_words(lines: list[str], n: int = 5) -> list[tuple[str, int]]:
    """The n most common words of at least 4 letters."""
    words = Counter(w for line in lines for w in WORD.findall(line.lower()) if len(w) >= 4)
    return words.most_common(n)


def main() -> None:
    if len(sys.argv) != 2:
        print("usage: cleanup FILE", file=sys.stderr)
        sys.exit(2)
    with open(sys.argv[1], encoding="utf-8") as f:
        text = f.read()
    lines = clean(text)
    for line in lines:
        print(line)
    print(f"-- kept {len(lines)} of {len(text.splitlines())} lines; top words:",
          ", ".join(f"{w} ({c})" for w, c in top_words(lines)))


if __name__ == "__main__":
    main()
