"""95% confidence intervals for few deals as for many: of a mean (Student's
t) and of a rate (Wilson's score interval).

A mean over ``n`` deals whose spread is measured from the same deals is
uncertain by more than the normal law's 1.96 standard errors when ``n`` is
small: the 97.5% quantile of Student's t with ``n - 1`` degrees of freedom
(12.7 for two deals, 2.09 for twenty-one) takes its place. A rate of 0 or
100% is not certain either: Wilson's interval, unlike the normal one, keeps
a width at the ends (3 deals in 3 leave 43.9% to 100%). One deal gives no
interval at all (None): nothing measures its spread; nor do fewer than
:data:`LEAST_EQUAL` deals that all come to the same value (two deals of +3
chips each are no sign that every deal gives +3: their spread of zero is
luck as likely as a law). From that many equal deals on, the interval is the
value alone: a rule that gives every deal the same chips.

    >>> [round(x, 4) for x in mean_interval(2, 4, 10)]  # deals of 1 and 3 chips: 2, give or take 12.7
    [-10.7062, 14.7062]
    >>> mean_interval(1, 5, 25) is None
    True
    >>> [round(x, 4) for x in rate_interval(3, 3)]
    [0.4385, 1.0]
"""

from __future__ import annotations

import math

__all__ = ["t_quantile", "mean_interval", "rate_interval", "no_interval_words", "Z95", "LEAST_EQUAL"]

#: The fewest deals of one same value that give an interval (of no width): the
#: usual least sample for Student's t, whose spread fewer equal deals cannot show.
LEAST_EQUAL = 30

#: The 97.5% quantile of the normal law.
Z95 = 1.959963984540054

# The 97.5% quantiles of Student's t for 1 to 30 degrees of freedom (from its
# distribution function, to six decimals); beyond, a Cornish-Fisher series
# in 1/df comes within 1e-6 of them.
_T975 = (
    12.706205,
    4.302653,
    3.182446,
    2.776445,
    2.570582,
    2.446912,
    2.364624,
    2.306004,
    2.262157,
    2.228139,
    2.200985,
    2.178813,
    2.160369,
    2.144787,
    2.131450,
    2.119905,
    2.109816,
    2.100922,
    2.093024,
    2.085963,
    2.079614,
    2.073873,
    2.068658,
    2.063899,
    2.059539,
    2.055529,
    2.051831,
    2.048407,
    2.045230,
    2.042272,
)


def t_quantile(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (at least 1):
    a 95% interval is this many standard errors either side of the mean.

    >>> t_quantile(1), t_quantile(30), round(t_quantile(100), 4), round(t_quantile(10**9), 4)
    (12.706205, 2.042272, 1.984, 1.96)
    """
    if df < 1:
        raise ValueError(f"Student's t needs at least 1 degree of freedom, not {df}")
    if df <= len(_T975):
        return _T975[df - 1]
    z = Z95
    terms = (
        (z**3 + z) / 4,
        (5 * z**5 + 16 * z**3 + 3 * z) / 96,
        (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
        (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160,
    )
    return z + sum(g / df ** (k + 1) for k, g in enumerate(terms))


def mean_interval(n: int, total: float, squares: float) -> tuple[float, float] | None:
    """The 95% interval of the mean of ``n`` values from their sum and sum of
    squares (Student's t); None for fewer than two values. Equal values give an
    interval of no width from :data:`LEAST_EQUAL` of them (nothing in the deals
    varies), and none from fewer.

    >>> mean_interval(30, 60, 120)  # thirty deals of 2 chips
    (2.0, 2.0)
    >>> mean_interval(3, 6, 12) is None  # three deals of 2 chips: too few to say nothing varies
    True
    """
    if n < 2:
        return None
    mean = total / n
    if squares * n == total * total:  # every value the same (exact for whole numbers): no rounding noise
        return (mean, mean) if n >= LEAST_EQUAL else None
    variance = max((squares - total * total / n) / (n - 1), 0.0)
    half = t_quantile(n - 1) * math.sqrt(variance / n)
    return mean - half, mean + half


def rate_interval(count: int, of: int) -> tuple[float, float] | None:
    """The 95% interval of a rate, ``count`` of ``of`` deals, as fractions
    (Wilson's score interval); None for fewer than two deals.

    >>> [round(x, 4) for x in rate_interval(0, 200)]  # none in 200: up to 1.88%
    [0.0, 0.0188]
    >>> rate_interval(0, 1000)[0], rate_interval(1000, 1000)[1]
    (0.0, 1.0)
    >>> rate_interval(1, 1) is None
    True
    """
    if of < 2:
        return None
    p, z2 = count / of, Z95 * Z95
    centre = (p + z2 / (2 * of)) / (1 + z2 / of)
    half = Z95 * math.sqrt(p * (1 - p) / of + z2 / (4 * of * of)) / (1 + z2 / of)
    # none or every deal: the end at 0 or 1 is exact (the sum above leaves rounding dust)
    low = 0.0 if count == 0 else max(centre - half, 0.0)
    high = 1.0 if count == of else min(centre + half, 1.0)
    return low, high


def no_interval_words(n: int, unit: str = "deal") -> str:
    """Why a mean of ``n`` values has no interval: one value, or too few equal ones.

    >>> no_interval_words(1), no_interval_words(3, "hand")
    ('1 deal', '3 equal hands')
    """
    return f"1 {unit}" if n <= 1 else f"{n:,} equal {unit}s"
