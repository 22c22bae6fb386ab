"""Docstrings and bare expression statements: a module docstring, function
and class docstrings, bytes and f-strings in docstring position, constants as
statements."""

'not a docstring, just an expression statement'


def f():
    "single-quoted docstring"


def g():
    b"bytes in docstring position"


def h():
    f"f-string in docstring position {f}"


def i():
    r"""raw docstring \n"""
    pass


class C:
    '''class docstring'''

    x = 1
    """attribute docstring"""


1
1.5
...
None
