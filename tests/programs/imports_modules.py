# Imports of the program's own files: a module, names from it, a package with
# an __init__.py and a relative import inside it; module state shared by all
# importers; an exception class defined in another module.
import mods.textutil as tu
from mods.textutil import words, longest, TextError, SEPARATOR
from mods.geometry.shapes import circle_area, square_area
from mods.geometry import UNITS

print("main:", __name__)
ws = words("The quick brown fox jumps over the lazy dog.")
print(ws)
print(longest(ws), tu.longest(tu.words("a bb ccc")), tu.calls)
print(SEPARATOR.join([f"{circle_area(1.5):.4f}", f"{square_area(2.5)}", UNITS]))
try:
    longest([])
except TextError as e:
    print("caught", repr(e))
try:
    tu.longest([])
except ValueError as e:
    print("a TextError is a ValueError:", e)
tu.calls = 100
words("one more")
print(tu.SEPARATOR.strip(), tu.calls)
raise tu.TextError("escaped", 2)
