#!/usr/bin/env python3
"""Independent reference values for src/arena/sprt.rs (run: python3 this-file).

Written separately from the Rust code: expands the pentanomial counts into a
list of pair scores k/4 and uses statistics.fmean / statistics.pvariance, sums
the normal log-density differences term by term for the LLR (with zero cells
set to 1e-3 pairs, fishtest's regularization), maps mu +- z*sigma/sqrt(N)
through -400*log10(1/s - 1) for the 95% interval, and math.erfc for the LOS.
"""
import math, statistics

Z = 1.959963984540054
score = lambda e: 1 / (1 + 10 ** (-e / 400))
elo = lambda p: -400 * math.log10(1 / p - 1)

def estimate(penta):
    xs = [k / 4 for k, n in enumerate(penta) for _ in range(n)]
    mu, var = statistics.fmean(xs), statistics.pvariance(xs)
    se = math.sqrt(var / len(xs))
    return dict(mu=mu, var=var, elo=elo(mu),
                err=(elo(mu + Z * se) - elo(mu - Z * se)) / 2,
                los=0.5 * math.erfc(-(mu - 0.5) / se / math.sqrt(2)))

def llr(penta, elo0, elo1):
    c = [n if n else 1e-3 for n in penta]
    xs = [k / 4 for k in range(5)]
    n = sum(c)
    mu = sum(c[k] * xs[k] for k in range(5)) / n
    var = sum(c[k] * (xs[k] - mu) ** 2 for k in range(5)) / n
    s0, s1 = score(elo0), score(elo1)
    return sum(c[k] * ((xs[k] - s0) ** 2 - (xs[k] - s1) ** 2) / (2 * var) for k in range(5))

for p in ([3, 20, 45, 25, 7], [10, 30, 50, 28, 12], [0, 1, 2, 1, 0]):
    print(p, estimate(p), "llr(0,5) =", repr(llr(p, 0, 5)))
print("llr(-3,1) [10,30,50,28,12] =", repr(llr([10, 30, 50, 28, 12], -3, 1)))
for p in ([5, 10, 40, 60, 35], [35, 60, 40, 10, 5], [0, 0, 3, 0, 0], [20, 0, 0, 0, 0]):
    print("llr(0,5)", p, "=", repr(llr(p, 0, 5)))
a, b = 0.05, 0.05
print("bounds", math.log(b / (1 - a)), math.log((1 - b) / a))
print("bounds a=0.1 b=0.05", math.log(0.05 / 0.9), math.log(0.95 / 0.1))
