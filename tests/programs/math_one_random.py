# math's one-argument float functions at pseudo-random values: results bit for bit.
import math

VALS: list[float] = [-3.523344703336752, -6.9830165215099615, 3.0186894607970753, -8.551274266649145, 0.7176400861337839, -2.6862216617482897, -8.840021504505863, 0.1487146637884056, -9.250086831160303, -1.3270863267522834, -8.602891528507621, -8.185739733122698, -1.5096162171497198, 6.537042493440762, -7.523960777007089, -5.535220707859709, 2.5486644481117864, 8.954178849140114, 1.5420589723499738, -2.066390506984397, 9.525102111858402, -9.068346387644874, 7.1693691809735896, -4.207814273366475, -7.114898332851249, -7.644155238432633, -3.830363517961313, 6.322527182400627, -6.38547240152125, 1.6320032732493246, 2.7782693785236816, -2.552049145485375, 0.9548893141911563, -8.744220500533537, -8.807976600675346, -5.880825743613469, 3.6079994636357178, -1.4481538866119426, -3.7170565924641696, 1.7112372701527754, -28.089374177534808, -120.13980188179059, 176.6276889134947, 119.39666023774276, -153.54209356670827, 44.65422615520259, 15.117902286870844, 225.0824973440573, 137.66717366353055, -127.23734106588807, 288.10490849554924, -229.16053304702274, -49.12630692886367, 154.2845577391496, -208.80927920369714, -6.622139714516663, -276.4756457715374, 100.92951392063713, 158.74251972768786, 43.81556416643036, 142201919.85376886, 14935001.922428012, 154.61884928743513, 0.07092442295337244, 5072799.897707885, 7.310937780591358e-06, 6.08135650300751e-14, 2.4981062517150967e-06, 4.5617765271696326e-08, 2.3023970020687125e-13, 4.504587811337234e-12, 2076308.0139554462, 2.2551125300072546e-06, 6.731551381550589e-19, 5.227167324930781e-07, 1.9273889053756955e-08, 63.285785922013176, 1.917249112552961e-13, 3.216928542006971e-05, 4.014572831660919, -4.941366862121725, -0.2152523923414579, -9.152213317150434e-05, -0.05068455332330895, -0.23501720436244664, -0.004646239602813671, -3.1555072567008917, -0.03853376424753339, -0.2649187097290904, -0.5682536593712544]

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

