# math's one-argument float functions at special and edge values, then at
# pseudo-random ones: results bit for bit (repr), and ValueError /
# OverflowError with CPython's messages. Each function is passed as a
# lambda, so check() is specialised for it.
import math

SPECIAL: list[float] = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 10.0, 0.1, -0.1, 1e-300, -1e-300, 5e-324, -5e-324, 2.2250738585072014e-308, 1e308, -1e308, 1.7976931348623157e+308, 709.0, 710.0, -745.0, -746.0, 1e-20, 1e-21, 171.0, 171.7, 172.0, -171.5, -0.5, -1.5, -2.5, 0.9999999999999999, 1.0000000000000002, 23.0, 24.0, 30.0, -30.0, 140.5, 150.0, 200.5, -200.5, 1e16, -1e16, 3.141592653589793, 1.5707963267948966, 100.0, -100.0, 0.7, 6.0, 5.5, float('inf'), float('-inf'), float('nan')]

RANDOM: list[float] = [-3.523344703336752, -6.9830165215099615, 3.0186894607970753, -8.551274266649145, 0.7176400861337839, -2.6862216617482897, -8.840021504505863, 0.1487146637884056, -9.250086831160303, -1.3270863267522834, -8.602891528507621, -8.185739733122698, -1.5096162171497198, 6.537042493440762, -7.523960777007089, -5.535220707859709, 2.5486644481117864, 8.954178849140114, 1.5420589723499738, -2.066390506984397, 9.525102111858402, -9.068346387644874, 7.1693691809735896, -4.207814273366475, -7.114898332851249, -7.644155238432633, -3.830363517961313, 6.322527182400627, -6.38547240152125, 1.6320032732493246, 2.7782693785236816, -2.552049145485375, 0.9548893141911563, -8.744220500533537, -8.807976600675346, -5.880825743613469, 3.6079994636357178, -1.4481538866119426, -3.7170565924641696, 1.7112372701527754, -28.089374177534808, -120.13980188179059, 176.6276889134947, 119.39666023774276, -153.54209356670827, 44.65422615520259, 15.117902286870844, 225.0824973440573, 137.66717366353055, -127.23734106588807, 288.10490849554924, -229.16053304702274, -49.12630692886367, 154.2845577391496, -208.80927920369714, -6.622139714516663, -276.4756457715374, 100.92951392063713, 158.74251972768786, 43.81556416643036, 142201919.85376886, 14935001.922428012, 154.61884928743513, 0.07092442295337244, 5072799.897707885, 7.310937780591358e-06, 6.08135650300751e-14, 2.4981062517150967e-06, 4.5617765271696326e-08, 2.3023970020687125e-13, 4.504587811337234e-12, 2076308.0139554462, 2.2551125300072546e-06, 6.731551381550589e-19, 5.227167324930781e-07, 1.9273889053756955e-08, 63.285785922013176, 1.917249112552961e-13, 3.216928542006971e-05, 4.014572831660919, -4.941366862121725, -0.2152523923414579, -9.152213317150434e-05, -0.05068455332330895, -0.23501720436244664, -0.004646239602813671, -3.1555072567008917, -0.03853376424753339, -0.2649187097290904, -0.5682536593712544]


def check(name: str, f, vals: list[float]) -> None:
    for x in vals:
        try:
            print(name, x, f(x))
        except ValueError as e:
            print(name, x, 'ValueError', e)
        except OverflowError as e:
            print(name, x, 'OverflowError', e)


def run(vals: list[float]) -> None:
    check('sqrt', lambda x: math.sqrt(x), vals)
    check('exp', lambda x: math.exp(x), vals)
    check('exp2', lambda x: math.exp2(x), vals)
    check('expm1', lambda x: math.expm1(x), vals)
    check('log', lambda x: math.log(x), vals)
    check('log2', lambda x: math.log2(x), vals)
    check('log10', lambda x: math.log10(x), vals)
    check('log1p', lambda x: math.log1p(x), vals)
    check('sin', lambda x: math.sin(x), vals)
    check('cos', lambda x: math.cos(x), vals)
    check('tan', lambda x: math.tan(x), vals)
    check('asin', lambda x: math.asin(x), vals)
    check('acos', lambda x: math.acos(x), vals)
    check('atan', lambda x: math.atan(x), vals)
    check('sinh', lambda x: math.sinh(x), vals)
    check('cosh', lambda x: math.cosh(x), vals)
    check('tanh', lambda x: math.tanh(x), vals)
    check('asinh', lambda x: math.asinh(x), vals)
    check('acosh', lambda x: math.acosh(x), vals)
    check('atanh', lambda x: math.atanh(x), vals)
    check('erf', lambda x: math.erf(x), vals)
    check('erfc', lambda x: math.erfc(x), vals)
    check('gamma', lambda x: math.gamma(x), vals)
    check('lgamma', lambda x: math.lgamma(x), vals)
    check('cbrt', lambda x: math.cbrt(x), vals)
    check('fabs', lambda x: math.fabs(x), vals)
    check('degrees', lambda x: math.degrees(x), vals)
    check('radians', lambda x: math.radians(x), vals)
    check('ulp', lambda x: math.ulp(x), vals)


run(SPECIAL)
run(RANDOM)
