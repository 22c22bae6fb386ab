# coding=utf-8
# An explicit UTF-8 declaration (utf-8, utf8, UTF-8 all name it).
s = "é€😀"
