# math's one-argument float functions at special and edge values: results bit for bit
# (repr), and ValueError / OverflowError with CPython's messages.
import math

VALS: list[float] = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 10.0, 0.1, -0.1, 1e-300, -1e-300, 5e-324, -5e-324, 2.2250738585072014e-308, 1e308, -1e308, 1.7976931348623157e+308, 709.0, 710.0, -745.0, -746.0, 1e-20, 1e-21, 171.0, 171.7, 172.0, -171.5, -0.5, -1.5, -2.5, 0.9999999999999999, 1.0000000000000002, 23.0, 24.0, 30.0, -30.0, 140.5, 150.0, 200.5, -200.5, 1e16, -1e16, 3.141592653589793, 1.5707963267948966, 100.0, -100.0, 0.7, 6.0, 5.5, float('inf'), float('-inf'), float('nan')]

for x in VALS:
    try:
        print('sqrt', x, math.sqrt(x))
    except ValueError as e:
        print('sqrt', x, 'ValueError', e)
    except OverflowError as e:
        print('sqrt', x, 'OverflowError', e)

for x in VALS:
    try:
        print('exp', x, math.exp(x))
    except ValueError as e:
        print('exp', x, 'ValueError', e)
    except OverflowError as e:
        print('exp', x, 'OverflowError', e)

for x in VALS:
    try:
        print('exp2', x, math.exp2(x))
    except ValueError as e:
        print('exp2', x, 'ValueError', e)
    except OverflowError as e:
        print('exp2', x, 'OverflowError', e)

for x in VALS:
    try:
        print('expm1', x, math.expm1(x))
    except ValueError as e:
        print('expm1', x, 'ValueError', e)
    except OverflowError as e:
        print('expm1', x, 'OverflowError', e)

for x in VALS:
    try:
        print('log', x, math.log(x))
    except ValueError as e:
        print('log', x, 'ValueError', e)
    except OverflowError as e:
        print('log', x, 'OverflowError', e)

for x in VALS:
    try:
        print('log2', x, math.log2(x))
    except ValueError as e:
        print('log2', x, 'ValueError', e)
    except OverflowError as e:
        print('log2', x, 'OverflowError', e)

for x in VALS:
    try:
        print('log10', x, math.log10(x))
    except ValueError as e:
        print('log10', x, 'ValueError', e)
    except OverflowError as e:
        print('log10', x, 'OverflowError', e)

for x in VALS:
    try:
        print('log1p', x, math.log1p(x))
    except ValueError as e:
        print('log1p', x, 'ValueError', e)
    except OverflowError as e:
        print('log1p', x, 'OverflowError', e)

for x in VALS:
    try:
        print('sin', x, math.sin(x))
    except ValueError as e:
        print('sin', x, 'ValueError', e)
    except OverflowError as e:
        print('sin', x, 'OverflowError', e)

for x in VALS:
    try:
        print('cos', x, math.cos(x))
    except ValueError as e:
        print('cos', x, 'ValueError', e)
    except OverflowError as e:
        print('cos', x, 'OverflowError', e)

for x in VALS:
    try:
        print('tan', x, math.tan(x))
    except ValueError as e:
        print('tan', x, 'ValueError', e)
    except OverflowError as e:
        print('tan', x, 'OverflowError', e)

for x in VALS:
    try:
        print('asin', x, math.asin(x))
    except ValueError as e:
        print('asin', x, 'ValueError', e)
    except OverflowError as e:
        print('asin', x, 'OverflowError', e)

for x in VALS:
    try:
        print('acos', x, math.acos(x))
    except ValueError as e:
        print('acos', x, 'ValueError', e)
    except OverflowError as e:
        print('acos', x, 'OverflowError', e)

for x in VALS:
    try:
        print('atan', x, math.atan(x))
    except ValueError as e:
        print('atan', x, 'ValueError', e)
    except OverflowError as e:
        print('atan', x, 'OverflowError', e)

for x in VALS:
    try:
        print('sinh', x, math.sinh(x))
    except ValueError as e:
        print('sinh', x, 'ValueError', e)
    except OverflowError as e:
        print('sinh', x, 'OverflowError', e)

for x in VALS:
    try:
        print('cosh', x, math.cosh(x))
    except ValueError as e:
        print('cosh', x, 'ValueError', e)
    except OverflowError as e:
        print('cosh', x, 'OverflowError', e)

for x in VALS:
    try:
        print('tanh', x, math.tanh(x))
    except ValueError as e:
        print('tanh', x, 'ValueError', e)
    except OverflowError as e:
        print('tanh', x, 'OverflowError', e)

for x in VALS:
    try:
        print('asinh', x, math.asinh(x))
    except ValueError as e:
        print('asinh', x, 'ValueError', e)
    except OverflowError as e:
        print('asinh', x, 'OverflowError', e)

for x in VALS:
    try:
        print('acosh', x, math.acosh(x))
    except ValueError as e:
        print('acosh', x, 'ValueError', e)
    except OverflowError as e:
        print('acosh', x, 'OverflowError', e)

for x in VALS:
    try:
        print('atanh', x, math.atanh(x))
    except ValueError as e:
        print('atanh', x, 'ValueError', e)
    except OverflowError as e:
        print('atanh', x, 'OverflowError', e)

for x in VALS:
    try:
        print('erf', x, math.erf(x))
    except ValueError as e:
        print('erf', x, 'ValueError', e)
    except OverflowError as e:
        print('erf', x, 'OverflowError', e)

for x in VALS:
    try:
        print('erfc', x, math.erfc(x))
    except ValueError as e:
        print('erfc', x, 'ValueError', e)
    except OverflowError as e:
        print('erfc', x, 'OverflowError', e)

for x in VALS:
    try:
        print('gamma', x, math.gamma(x))
    except ValueError as e:
        print('gamma', x, 'ValueError', e)
    except OverflowError as e:
        print('gamma', x, 'OverflowError', e)

for x in VALS:
    try:
        print('lgamma', x, math.lgamma(x))
    except ValueError as e:
        print('lgamma', x, 'ValueError', e)
    except OverflowError as e:
        print('lgamma', x, 'OverflowError', e)

for x in VALS:
    try:
        print('cbrt', x, math.cbrt(x))
    except ValueError as e:
        print('cbrt', x, 'ValueError', e)
    except OverflowError as e:
        print('cbrt', x, 'OverflowError', e)

for x in VALS:
    try:
        print('fabs', x, math.fabs(x))
    except ValueError as e:
        print('fabs', x, 'ValueError', e)
    except OverflowError as e:
        print('fabs', x, 'OverflowError', e)

for x in VALS:
    try:
        print('degrees', x, math.degrees(x))
    except ValueError as e:
        print('degrees', x, 'ValueError', e)
    except OverflowError as e:
        print('degrees', x, 'OverflowError', e)

for x in VALS:
    try:
        print('radians', x, math.radians(x))
    except ValueError as e:
        print('radians', x, 'ValueError', e)
    except OverflowError as e:
        print('radians', x, 'OverflowError', e)

for x in VALS:
    try:
        print('ulp', x, math.ulp(x))
    except ValueError as e:
        print('ulp', x, 'ValueError', e)
    except OverflowError as e:
        print('ulp', x, 'OverflowError', e)

