# \N{...} escapes: names from UnicodeData.txt in any letter case, name
# aliases (NameAliases.txt), and the algorithmic names of CJK ideographs
# and Hangul syllables, which UnicodeData.txt lists only as ranges.
a = "\N{LATIN SMALL LETTER E WITH ACUTE}\N{EURO SIGN}\N{GREEK SMALL LETTER ALPHA}"
b = "\N{em dash}\N{Snowman}\N{bullet}"
c = "\N{SPACE}\N{NO-BREAK SPACE}\N{LINE FEED}"
d = "\N{NBSP}\N{LF}\N{BYTE ORDER MARK}\N{ZWJ}"
e = "\N{CJK UNIFIED IDEOGRAPH-4E00}\N{CJK UNIFIED IDEOGRAPH-9FA5}"
f = "\N{HANGUL SYLLABLE GA}\N{HANGUL SYLLABLE HIH}"
g = "\N{GRINNING FACE}\N{MATHEMATICAL BOLD CAPITAL A}"
h = f"\N{BULLET} {a}"
i = "\N{LATIN CAPITAL LETTER A}" "\N{DIGIT ONE}"
