# __file__: the source's absolute path, as `python3 FILE.py` sets it, so a
# program finds the files beside it.
import os

print(os.path.basename(__file__), os.path.isabs(__file__))
here = os.path.dirname(__file__)
print(here == os.path.dirname(os.path.abspath(__file__)), os.path.isdir(here))
with open(os.path.join(here, "dunder_file.py")) as f:
    print(f.readline().rstrip())
print(__name__)
