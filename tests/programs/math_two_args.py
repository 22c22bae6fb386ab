# math's two-argument float functions over pairs of special values: results bit for bit,
# errors with CPython's messages.
import math

VALS: list[float] = [0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, 3.0, -3.0, 10.0, 1e308, 5e-324, 2.5, -2.5, 1e-300, 7.0, float('inf'), float('-inf'), float('nan'), 1.5, -0.5]

for x in VALS:
    for y in VALS:
        try:
            print('atan2', x, y, math.atan2(x, y))
        except ValueError as e:
            print('atan2', x, y, 'ValueError', e)
        except OverflowError as e:
            print('atan2', x, y, 'OverflowError', e)
        except ZeroDivisionError as e:
            print('atan2', x, y, 'ZeroDivisionError', e)

for x in VALS:
    for y in VALS:
        try:
            print('pow', x, y, math.pow(x, y))
        except ValueError as e:
            print('pow', x, y, 'ValueError', e)
        except OverflowError as e:
            print('pow', x, y, 'OverflowError', e)
        except ZeroDivisionError as e:
            print('pow', x, y, 'ZeroDivisionError', e)

for x in VALS:
    for y in VALS:
        try:
            print('fmod', x, y, math.fmod(x, y))
        except ValueError as e:
            print('fmod', x, y, 'ValueError', e)
        except OverflowError as e:
            print('fmod', x, y, 'OverflowError', e)
        except ZeroDivisionError as e:
            print('fmod', x, y, 'ZeroDivisionError', e)

for x in VALS:
    for y in VALS:
        try:
            print('remainder', x, y, math.remainder(x, y))
        except ValueError as e:
            print('remainder', x, y, 'ValueError', e)
        except OverflowError as e:
            print('remainder', x, y, 'OverflowError', e)
        except ZeroDivisionError as e:
            print('remainder', x, y, 'ZeroDivisionError', e)

for x in VALS:
    for y in VALS:
        try:
            print('copysign', x, y, math.copysign(x, y))
        except ValueError as e:
            print('copysign', x, y, 'ValueError', e)
        except OverflowError as e:
            print('copysign', x, y, 'OverflowError', e)
        except ZeroDivisionError as e:
            print('copysign', x, y, 'ZeroDivisionError', e)

for x in VALS:
    for y in VALS:
        try:
            print('nextafter', x, y, math.nextafter(x, y))
        except ValueError as e:
            print('nextafter', x, y, 'ValueError', e)
        except OverflowError as e:
            print('nextafter', x, y, 'OverflowError', e)
        except ZeroDivisionError as e:
            print('nextafter', x, y, 'ZeroDivisionError', e)

for x in VALS:
    for y in VALS:
        try:
            print('log', x, y, math.log(x, y))
        except ValueError as e:
            print('log', x, y, 'ValueError', e)
        except OverflowError as e:
            print('log', x, y, 'OverflowError', e)
        except ZeroDivisionError as e:
            print('log', x, y, 'ZeroDivisionError', e)

for x in VALS:
    for y in VALS:
        try:
            print('hypot', x, y, math.hypot(x, y))
        except ValueError as e:
            print('hypot', x, y, 'ValueError', e)
        except OverflowError as e:
            print('hypot', x, y, 'OverflowError', e)
        except ZeroDivisionError as e:
            print('hypot', x, y, 'ZeroDivisionError', e)

