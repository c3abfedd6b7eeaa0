"""The exact house edge of Mississippi Stud's rule-of-thumb strategy (the Wizard of Odds'),
counted over every deal by a program written apart from studrules: its own five-card
classifier, its own reading of the strategy's text, no studrules import.

Cards 0..51: rank = c // 4 + 2 (2..14, the ace 14), suit = c % 4. Every one of the
1,326 x 50 x 49 x 48 = 155,937,600 deals (two hole cards, then the three community
cards in order) is played out; each wager is paid by the standard pay table. Run it
with `python tests/data/counts/mississippi_basic_count.py` (about a quarter of an hour);
on 2 December 2026 it printed

    deals 155937600 house edge 4.92866890345882 % exact 7685648 / 155937600

which tests/test_mississippi_basic.py holds studrules' `analyze` to.
"""

import itertools
import sys

PAY = {"royal": 500, "sf": 100, "quads": 40, "fh": 10, "flush": 6, "straight": 4, "trips": 3, "twopair": 2}


def rank(c):
    return c // 4 + 2


def suit(c):
    return c % 4


def payout(cards):
    rs = sorted((rank(c) for c in cards), reverse=True)
    counts = sorted(((rs.count(r), r) for r in set(rs)), reverse=True)
    flush = len({suit(c) for c in cards}) == 1
    u = sorted(set(rs))
    straight = len(u) == 5 and (u[4] - u[0] == 4 or u == [2, 3, 4, 5, 14])
    if straight and flush:
        return PAY["royal"] if u[0] == 10 else PAY["sf"]
    if counts[0][0] == 4:
        return PAY["quads"]
    if counts[0][0] == 3 and counts[1][0] == 2:
        return PAY["fh"]
    if flush:
        return PAY["flush"]
    if straight:
        return PAY["straight"]
    if counts[0][0] == 3:
        return PAY["trips"]
    if counts[0][0] == 2 and counts[1][0] == 2:
        return PAY["twopair"]
    if counts[0][0] == 2:
        r = counts[0][1]
        return 1 if r >= 11 else (0 if r >= 6 else -1)
    return -1


def points(cards):
    return sum(2 if rank(c) >= 11 else 1 if rank(c) >= 6 else 0 for c in cards)


def mids(cards):
    return sum(1 for c in cards if 6 <= rank(c) <= 10)


def highs(cards):
    return sum(1 for c in cards if rank(c) >= 11)


def suited(cards):
    return len({suit(c) for c in cards}) == 1


def has_pair(cards):
    return len({rank(c) for c in cards}) < len(cards)


def made(cards):
    rs = [rank(c) for c in cards]
    groups = sorted((rs.count(r), r) for r in set(rs))
    pairs = [r for n, r in groups if n >= 2]
    return any(n >= 3 for n, _ in groups) or len(pairs) >= 2 or (pairs and max(pairs) >= 6)


def gaps(cards):
    """Fewest gaps of the distinct ranks as a straight draw, ace high or low; None if they cannot be in one straight."""
    rs = {rank(c) for c in cards}
    if len(rs) < len(cards):
        return None
    best = None
    for ranks in (rs, {1 if r == 14 else r for r in rs}):
        span = max(ranks) - min(ranks) + 1
        if span <= 5:
            g = span - len(ranks)
            best = g if best is None else min(best, g)
    return best


def lowest_in_run(cards):
    rs = sorted(rank(c) for c in cards)
    return rs[0]


def d2(cards):
    a, b = cards
    if rank(a) == rank(b):
        return 3
    if points(cards) >= 2:
        return 1
    if suited(cards) and {rank(a), rank(b)} == {5, 6}:
        return 1
    return 0


def d3(cards):
    if made(cards):
        return 3
    g = gaps(cards)
    if suited(cards):
        if all(rank(c) >= 10 for c in cards):
            return 3  # royal flush draw
        if g == 0 and lowest_in_run(cards) >= 5:
            return 3  # 5-6-7 or higher
        if g == 1 and highs(cards) >= 1:
            return 3
        if g == 2 and highs(cards) >= 2:
            return 3
        return 1  # any other three suited
    if has_pair(cards):
        return 1  # low pair
    if points(cards) >= 3:
        return 1
    if g == 0 and lowest_in_run(cards) >= 4:
        return 1
    if g == 1 and mids(cards) >= 2:
        return 1
    return 0


def d4(cards, wagered):
    if made(cards):
        return 3
    if suited(cards):
        return 3
    g = gaps(cards)
    rs = sorted(rank(c) for c in cards)
    outside = g == 0 and rs[-1] != 14  # four in a row, open at both ends (not A-K-Q-J, not A-2-3-4)
    if outside and rs[-1] >= 8:
        return 3
    if g is not None:
        return 1  # any other straight draw
    if has_pair(cards):
        return 1
    if points(cards) >= 4:
        return 1
    if mids(cards) >= 3 and wagered in (5, 7):
        return 1  # an earlier 3x: 1 + 3 + 1 or 1 + 3 + 3
    return 0


def main():
    total = 0
    deals = 0
    deck = range(52)
    # first two cards: enumerate all 1326 (exact, no isomorphism shortcuts)
    for n, hole in enumerate(itertools.combinations(deck, 2)):
        r1 = d2(hole)
        rest = [c for c in deck if c not in hole]
        sub = 0
        if r1 == 0:
            sub = -1 * 50 * 49 * 48
        else:
            for c3 in rest:
                three = hole + (c3,)
                r2 = d3(three)
                if r2 == 0:
                    sub += -(1 + r1) * 49 * 48
                    continue
                rest3 = [c for c in rest if c != c3]
                for c4 in rest3:
                    four = three + (c4,)
                    r3 = d4(four, 1 + r1 + r2)
                    w = 1 + r1 + r2 + r3
                    if r3 == 0:
                        sub += -(1 + r1 + r2) * 48
                        continue
                    for c5 in rest3:
                        if c5 == c4:
                            continue
                        sub += w * payout(four + (c5,))
        total += sub
        deals += 50 * 49 * 48
        if n % 100 == 0:
            print(n, file=sys.stderr, flush=True)
    print("deals", deals, "house edge", float(-total / deals) * 100, "%", "exact", -total, "/", deals)


if __name__ == "__main__":
    main()
