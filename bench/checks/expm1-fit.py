# The coefficients of src/exec/targets/wasm-simd/tanh.ts's expm1 polynomial: a Chebyshev fit (near
# minimax) of expm1(r)/r on |r| <= ln2/2 (widened by 0.05% for the reduction's rounding), degree 10,
# in 50-digit arithmetic; then the worst relative error of r * p(r) against expm1(r) with the
# coefficients rounded to doubles, over 4001 points. Needs python3-mpmath:
# `python3 bench/checks/expm1-fit.py`. bench/checks/tanh-exhaustive.ts checks the kernel built on it.
import mpmath as mp

mp.mp.dps = 50
h = mp.log(2) / 2 * mp.mpf('1.0005')
DEGREE = 10


def g(r):
    return mp.expm1(r) / r if r != 0 else mp.mpf(1)


poly, err = mp.chebyfit(g, [-h, h], DEGREE + 1, error=True)
coefs = [float(c) for c in reversed(poly)]  # c_0 ... c_DEGREE
worst = mp.mpf(0)
for i in range(4001):
    r = -h + 2 * h * i / 4000
    if r == 0:
        continue
    p = sum(mp.mpf(c) * r**k for k, c in enumerate(coefs))
    worst = max(worst, abs(p * r - mp.expm1(r)) / abs(mp.expm1(r)))
print('coefficients c_0..c_%d:' % DEGREE)
print(', '.join(repr(c) for c in coefs))
print('fit error %.3g; worst relative error with double coefficients %.3g (2^%.1f)' % (float(err), float(worst), float(mp.log(worst, 2))))
