# f-strings: conversions, format specs with nested replacement fields, the
# `=` specifier, doubled braces, nested quotes, triple-quoted and multi-line
# expressions, raw f-strings, concatenation with plain strings, empty parts.
name, width, prec, value = "kiln", 10, 3, 3.14159
items = {"a": 1}

a = f"hello {name}"
b = f"{name!r} {name!s} {name!a}"
c = f"{value:.2f} {value:>{width}.{prec}f} {value:{width}}"
d = f"{{literal}} {{{name}}} }}{{"
e = f"{name=} {value = :.1f} {name=!r:>20}"
g = f'{items["a"]} {"nested"!r} {"x" if value else "y"}'
h = f"""{name}
multi {value:
>10}
line"""
i = f"""{
    name
}""" if False else f'''{
name!r}'''
j = rf"\d+{name}\n" + fr"\w{value}" + Rf"{width}\t" + fR"x" + Fr"y" + FR"z"
k = f"a" "b" f"{name}" "c" f"" ""
l = "plain" f"{name}" 'single'
m = f"{value:{'>' if width else '<'}{width}}"
n = f"{lambda_ if (lambda_ := 1) else 0}"
o = f"{(lambda x: x * 2)(3)}"
p = f"{[x for x in range(3)]} {({1: 2})} {(1, 2)}"
q = f"{name:%Y-%m-%d %H:%M}"
r = f"{value!r:^{width}}|{width:#x}|{width:08b}"
s = f"{3.14:.{prec}}"
t = f"{'a' 'b'}"
u = f"{name}" f"{value}" f"{width}"
v = f"\N{BULLET} {name} \x41 \u00e9 \t"
w = f"{ name }{ value :>5}"
x = f"{name}{{"
y = f"{'{'}{'}'}"
z = f"{f'{name}'}" + f'{f"{value}"}' + f"""{f'{width}'}"""
