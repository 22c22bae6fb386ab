# str.split and str.rsplit with sep=None given, maxsplit as a keyword or
# positional after None, sep as a keyword; splitlines(keepends).
line = "  key = value = more  "
print(line.split(maxsplit=1), line.rsplit(maxsplit=1), line.split(None, 1), line.rsplit(None, 0))
print(line.split("=", maxsplit=1), line.rsplit("=", maxsplit=1), line.split(sep="="), line.split(None))
print(line.rsplit(sep=" ", maxsplit=2), line.split(sep=None, maxsplit=2), "".split(maxsplit=3), "a b".rsplit(sep=None))
path = "models/gemma/tokenizer.json"
stem, ext = path.rsplit(".", maxsplit=1)
folder, name = stem.rsplit("/", 1)
print(stem, ext, folder, name)
text = "first\nsecond\r\nthird\n"
print(text.splitlines(), text.splitlines(True), text.splitlines(keepends=True), text.splitlines(keepends=False))
