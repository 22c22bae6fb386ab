# os.path: posixpath's string functions on many inputs (join, split,
# basename, dirname, splitext, normpath, isabs, abspath of absolute paths,
# expanduser), reached as os.path, through import os.path, as a from-import
# of the submodule and of its functions; os.sep and friends.
import os
import os.path
import os.path as osp
from os import path
from os.path import join, splitext as split_ext

cases = ["", "/", "//", "///", "a", "a/", "a/b", "/a/b/", "a//b", "./a/../b", "/a/./b/..",
         "../../x", "/../x", "file.tar.gz", ".bashrc", "..", "a/.hidden", "a/b.c/d",
         "a.b/c", "x/y.", "//a//b//", "é/ü.txt"]
for p in cases:
    print(repr(p), os.path.basename(p), os.path.dirname(p), os.path.split(p), split_ext(p),
          osp.normpath(p), path.isabs(p))

print(join("a", "b", "c"), join("a/", "b"), join("a", "/b", "c"), join("", "x"), join("a", ""),
      os.path.join("/usr", "lib", "python3"), os.path.join("x"))
print(os.path.abspath("/a/b/../c"), os.path.abspath("/"), os.path.abspath("//x/./y"))
print(os.path.abspath("rel") == os.path.join(os.getcwd(), "rel"))
print(os.path.expanduser("/no/tilde"), os.path.expanduser("~") == os.environ.get("HOME", ""),
      os.path.expanduser("~/x").endswith("/x"), os.path.expanduser("~nosuchuser_kiln/x"))
print(os.sep, os.curdir, os.pardir, os.name, repr(os.linesep), os.path.sep)
