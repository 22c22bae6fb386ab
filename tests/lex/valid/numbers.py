a = [0, 00, 0_0, 0x_1f, 0XAB_cd, 0o17, 0O_7, 0b1_0, 0B0, 1_000_000, 123]
b = [0.0, 1., .5, 1e5, 1E-5, 1e+5, 1_0.0_1e1_0, 09.5, 09e1, 09j, 0j, 1J, 1.5j, .5e3j, 5.j]
c = [1if x else 2, 1 if 1else 2, 0x1for x in y, 1or 2, 1and 2, 1in x, 1is 1, 1not in x]
d = [1 .real, 0x1.real, 1..real, 1e5j.imag, 0o7.real, 0b1.real]
