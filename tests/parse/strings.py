# String and bytes literals: every prefix, quote style, escape kind, raw
# strings, implicit concatenation, line continuation inside strings, and the
# characters repr() escapes.
s1 = 'single' + "double" + '''triple single''' + """triple double"""
s2 = r'raw\n' + R"RAW\t" + u'unicode' + U"UNICODE"
s3 = b'bytes' + B"BYTES" + br'\x00' + Br"a" + bR'b' + BR"c" + rb'd' + rB"e" + Rb'f' + RB"g"
s4 = "\a\b\f\n\r\t\v\\\'\"\0\7\77\177\x41\x7f\xff\u00e9\u20ac\U0001F600\U00010000"
s5 = b"\a\b\f\n\r\t\v\\\'\"\0\7\377\x00\x80\xff"
s6 = "\N{LATIN SMALL LETTER E WITH ACUTE}\N{EM DASH}\N{SNOWMAN}"
s7 = "it's" + 'say "hi"' + 'both \' and "' + "both ' and \""
s8 = "unknown escapes stay: \d \w \q \%"
s9 = b"unknown bytes escapes stay: \d \u1234 \N{X}"
s10 = "line one \
line two"
s11 = """first
second\
 joined
third"""
s12 = "implicit" " concatenation" 'of' """many""" '''parts'''
s13 = b"bytes" b' concat'
s14 = "non-printable: \x00\x01\x1f\x7f\x80\x9f\xa0\xad \u200b\u2028\ufeff\ufffe"
s15 = "printable non-ASCII: é ñ ü ß 中文 日本語 한국어 αβγ кириллица 😀 🎉"
s16 = "lone surrogates: \ud800 \udfff \udc80"
s17 = "max: \U0010ffff, combining: e\u0301, rtl: \u202e"
s18 = ""
s19 = b""
s20 = r"\"" + r'\'' + r"a\
b"
s21 = '\'' + "\"" + '"' + "'"
s22 = "tab	inside"
s23 = """ends with quote\""""
s24 = '''it's'''
s25 = "\x00" * 3
s26 = "backslash at end \\"
s27 = "\101\102\103"
s28 = "\1234"
s29 = ("parenthesized "
       "implicit "
       "concatenation")
