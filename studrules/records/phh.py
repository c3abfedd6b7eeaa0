"""Export hands to the Poker Hand History format (PHH), the TOML-based standard PokerKit reads.

PHH has codes for three stud games: ``F7S`` (fixed-limit seven-card stud),
``F7S/8`` (its high-low split, eight or better) and ``FR`` (its ace-to-five
low, the lowest hand wins). Whether a
variant is one of them is decided from its *structure* -- the deal faces
(two down and one up, three single up cards, one down), five fixed-limit
betting rounds with a small bet on the first two and a big bet on the last
three, an ante and a bring-in that may be completed, the cap, and the
rankings of the showdown -- never from its name (:func:`phh_code`).

A hand becomes one PHH table::

    variant = "F7S"
    ante_trimming_status = false
    antes = [1, 1, 1]
    bring_in = 3
    small_bet = 10
    big_bet = 20
    starting_stacks = [100, 100, 100]
    actions = ["d dh p1 AcKd7h", "d dh p2 ...", "p3 pb", "p1 cbr 10", "p2 cc", "p3 f", ...]
    players = ["Ann", "Bob", "Cat"]

``p1`` is the first player of the hand (the dealer's left). Antes, burns and
the collection of bets are left to the reader (PHH automates them); a shown
hand is ``pN sm CARDS`` (every card he holds), a mucked one ``pN sm``; a
player who won without showing because every opponent mucked is written as
showing, with a comment (PHH has each player at the showdown show or muck).

Each street is its own deal; when players are all in and the betting is
over before the last street, the players still in show what they hold, then
the rest is dealt street by street and the showdown follows (as PHH writes
an all-in runout).

Rules PokerKit does not model (the open-pair big bet on fourth street, no
cap heads-up, the odd chip to the highest card by suit) still export: the amounts are written as they were bet, and the
file says which of these rules the variant has (``_studrules_rules``). A
hand that breaks one of PokerKit's own betting rules (its bet sizes and cap,
no raise facing less than a full raise, no fold of the bring-in, a bring-in
less than the small bet) says which
(``_studrules_pokerkit``): PokerKit cannot replay it.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from ..errors import ScriptError, SpecError, StudrulesError
from ..spec.arguments import loaded_variant

__all__ = ["PHHError", "phh_code", "hand_to_phh", "record_to_phh", "export_history", "write_history_phh", "dumps_phh"]

_FACES = (("down", "down", "up"), ("up",), ("up",), ("up",), ("down",))
_CODES = {
    ("high",): ("F7S", "high"),
    ("high", "eight_or_better_low"): ("F7S/8", "high"),
    ("ace_to_five_low",): ("FR", "ace_to_five_low"),
}


class PHHError(StudrulesError):
    """A game or hand the PHH format has no code for."""


def phh_code(variant) -> str:
    """The PHH game code of a variant, from its structure; :class:`PHHError` saying why not.

    The casino standards hold one game of each code (five-card stud has none):

    >>> from studrules.spec.loader import load_variant, shipped_variants
    >>> from studrules.spec.resources import variants_dir
    >>> def code(variant):
    ...     try:
    ...         return phh_code(variant)
    ...     except PHHError:
    ...         return None
    >>> standards = [p for p in shipped_variants() if p.parent == variants_dir()]
    >>> sorted(filter(None, map(code, map(load_variant, standards))))
    ['F7S', 'F7S/8', 'FR']
    >>> from studrules.spec.examples import example_variant
    >>> phh_code(example_variant("bring-in"))
    Traceback (most recent call last):
    ...
    studrules.records.phh.PHHError: PHH has no code for this game (bring-in): it deals 5 cards in 2 streets; PHH's stud games deal seven: two down and one up, three up, one down
    """
    return _structure(loaded_variant(variant, "phh_code"))[0]


def _structure(variant, stakes: Mapping[str, int] | None = None) -> tuple[str, dict]:
    """The game's PHH code and its numbers at ``stakes`` (None: the variant's own; a
    hand's are the stakes it was played at, a kill's doubled ones too)."""
    from ..spec.model import AnteStep, BettingStep, DealStep, DeclareStep, DrawStep, ExposeStep, ShowdownStep

    def no(why: str) -> PHHError:
        return PHHError(f"PHH has no code for this game ({variant.name}): {why}")

    if variant.is_banked:
        raise no("it is played against the house; PHH records games between players")
    if variant.steps_of(DeclareStep):
        raise no("players declare high or low; PHH has no code for declare games")
    if variant.steps_of(ExposeStep):
        raise no("players choose which cards to turn up; PHH's stud codes deal them up")
    if variant.steps_of(DrawStep):
        raise no("players discard and draw; PHH's stud codes have no draws")
    if variant.wild.any:
        raise no("it has wild cards; PHH's stud games have none")
    if variant.when_dealt_up:
        raise no("some cards dealt face up earn or cost something; PHH's stud codes have no such rule")
    if variant.deck.cards != 52:
        raise no(f"it uses a {variant.deck.cards}-card deck")
    if not variant.deck.ace_low_straight:
        raise no("its ace is never low in a straight; PHH's games count A-2-3-4-5 as a straight")
    if tuple(variant.deck.suit_order) != ("c", "d", "h", "s"):
        raise no("its suits rank in another order than clubs, diamonds, hearts, spades (PHH's, for the bring-in)")
    if stakes is None:
        stakes = variant.stake_values()
    deals = variant.steps_of(DealStep)
    faces = tuple(tuple(d.players) for d in deals)
    if faces != _FACES:
        total = sum(len(f) for f in faces)
        raise no(
            f"it deals {total} card{'s' if total != 1 else ''} in {len(faces)} street{'s' if len(faces) != 1 else ''}; PHH's stud games deal seven: "
            "two down and one up, three up, one down"
        )
    if any(d.house or d.community for d in deals):
        raise no("it deals cards to the house or to the middle")
    kinds = [s.kind for s in variant.steps]
    expected = ["ante"] + ["deal", "betting"] * 5 + ["showdown"]
    if kinds != expected:
        raise no(
            f"its steps are {', '.join(kinds)}; PHH's stud games go ante, then deal and bet five times, then showdown"
        )
    if any(s.when is not None for s in variant.steps):
        raise no("some of its steps happen only under a condition")
    ante = variant.steps_of(AnteStep)[0]
    if ante.who != "every_player" or not ante.dead or ante.chosen_by_player:
        raise no("its ante is not the same dead ante from every player (PHH's antes are)")
    rounds = variant.steps_of(BettingStep)
    if any(r.structure != "fixed_limit" for r in rounds):
        raise no("its betting is not fixed limit in every round")
    bets = [int(r.bet(stakes)) for r in rounds]
    if not (bets[0] == bets[1] and bets[2] == bets[3] == bets[4] and bets[1] <= bets[2]):
        raise no(
            f"its bets are {', '.join(map(str, bets))}; PHH's fixed-limit stud has a small bet on the first two rounds "
            "and a big bet on the last three"
        )
    first = rounds[0]
    if first.bring_in is None or not first.bring_in.complete or first.first_to_act.rule != "bring_in":
        raise no("its first round does not open with a bring-in that may be completed")
    if first.bring_in.tie_break != "suit":
        raise no("equal bring-in cards are not told apart by suit (PHH's are)")
    if any(r.bring_in is not None for r in rounds[1:]):
        raise no("it has a bring-in after the first round")
    if any(r.first_to_act.rule != "best_visible" for r in rounds[1:]):
        raise no("after the first round the best visible hand does not always act first")
    if any(r.cap is None or not r.cap.is_constant or r.cap.value() != 3 for r in rounds):
        raise no("its cap is not a bet and three raises a round (PHH's fixed-limit stud)")
    if any(r.check is not None or not r.check_raise for r in rounds) or any(r.max_raise_multiple for r in rounds):
        raise no("it restricts checking or the size of raises")
    showdowns = variant.steps_of(ShowdownStep)
    rankings = tuple(showdowns[0].rankings)
    if rankings not in _CODES:
        raise no(
            f"its showdown ranking ({', '.join(rankings)}) is none of PHH's stud games' (high, ace-to-five low, high-low eight or better)"
        )
    code, deck_ranking = _CODES[rankings]
    if variant.deck.ranking != deck_ranking:
        raise no(f"its cards are ranked {variant.deck.ranking} for the bring-in and acting order, not {deck_ranking}")
    wanted = "highest_up_card" if code == "FR" else "lowest_up_card"
    if first.bring_in.who != wanted:
        raise no(
            f"the bring-in is paid by the {first.bring_in.who.replace('_', ' ')}, not the {wanted.replace('_', ' ')}"
        )
    if first.bring_in.ace not in (None, "low" if deck_ranking == "ace_to_five_low" else "high"):
        raise no(f"an ace counts {first.bring_in.ace} for the bring-in, against the deck's ranking")
    showdown = showdowns[0]
    if showdown.ties != "split":
        raise no("a tie does not split the pot")
    if showdown.holding_first:
        raise no("a hand holding some rank beats every hand without one; PHH's games rank hands alone")
    if showdown.or_better or showdown.at_least:
        raise no("a hand must qualify to win; PHH's stud games have no qualifier but hi-lo's eight or better")
    if showdown.compare != "full" or showdown.cards_used:
        raise no("its hands are compared by other cards than the best five of each player's own")
    notes = []
    if any(r.alternatives for r in rounds):
        notes.append("another bet size when a condition holds (e.g. an open pair)")
    if any(r.heads_up_uncapped for r in rounds):
        notes.append("no cap heads-up")
    if showdown.odd_chip == "high_card_suit":
        notes.append("the odd chip of a split pot to the hand with the highest card by suit (PokerKit: the first seat)")
    return code, {
        "antes": int(ante.amount(stakes)),
        "bring_in": int(first.bring_in.amount(stakes)),
        "small_bet": bets[0],
        "big_bet": bets[2],
        "notes": notes,
    }


_BETTING = ("bring_in", "complete", "bet", "raise", "call", "check", "fold")


def _street(index: int) -> int:
    """The street (0 for the first deal, two down and one up) of a player's card by its index."""
    return max(0, index - 2)


def _pokerkit_objections(hand, info: Mapping[str, Any]) -> list[str]:
    """Why PokerKit (0.7.7) would refuse an action of the hand, by its own
    fixed-limit rules: one bet size a round (the next raise measured from
    the largest raise so far, even a short all-in one), a bet and three
    raises with every all-in counted, no raise facing less than a full
    raise, no fold of the bring-in or when checking is free."""
    why: list[str] = []
    if info["bring_in"] >= info["small_bet"]:
        why.append(f"a bring-in of {info['bring_in']} is not less than the small bet of {info['small_bet']}")
    stacks = list(hand.start)
    seat = {p: i for i, p in enumerate(hand.players)}
    rnd = None
    bets: list[int] = []
    largest = count = 0
    completing = bring_in_due = False
    acted: set[int] = set()
    shorts: list[int] = []
    for e in hand.events:
        t = e.type
        if t == "ante":
            stacks[seat[e.player]] -= e.amount or 0
            continue
        if t not in _BETTING:
            continue
        i = seat[e.player]
        if e.round != rnd:
            rnd = e.round
            bets = [0] * len(stacks)
            largest = count = 0
            completing = bring_in_due = rnd == 1
            acted, shorts = set(), []
        top = max(bets)
        if t == "fold":
            if bring_in_due:
                why.append(f"round {rnd}: {e.player} folds instead of bringing in")
            elif bets[i] >= top:
                why.append(f"round {rnd}: {e.player} folds when he could check")
        elif t in ("complete", "bet", "raise"):
            to = e.to or 0
            size = info["small_bet"] if (rnd or 1) <= 2 else info["big_bet"]
            allowed = min(max(largest, size) + (0 if completing else top), stacks[i] + bets[i])
            if min(stacks[i], top - bets[i]) < largest:
                why.append(f"round {rnd}: {e.player} raises facing less than a full raise")
            elif count == 4:
                why.append(f"round {rnd}: more than a bet and three raises")
            elif shorts and sum(shorts) < largest and i in acted:
                why.append(f"round {rnd}: {e.player} raises again after a short all-in")
            elif to != allowed:
                why.append(f"round {rnd}: a bet or raise to {to} where PokerKit's is {allowed}")
            step = to - top
            if step >= largest:
                acted = set()
            largest = max(largest, step)
            count += 1
            completing = bring_in_due = False
            put = to - bets[i]
            bets[i] = to
            stacks[i] -= put
            if stacks[i]:
                shorts = []
            else:
                shorts.append(step)
        elif t in ("bring_in", "call"):
            put = e.amount or 0
            bets[i] += put
            stacks[i] -= put
            bring_in_due = False
        acted.add(i)
    return why


def hand_to_phh(hand, *, number: int | None = None) -> dict:
    """The PHH fields of a played :class:`~studrules.game.hand.Hand` (a dict, in PHH order).

    Each street's deal is written on its own (``d dh pN CARDS``); when the
    betting is over before the last street because players are all in, the
    players still in show what they hold before the rest is dealt, as PHH
    (and PokerKit) has it, and show again at the end."""
    code, info = _structure(hand.variant, hand.plan.stakes)  # (as played: a killed hand at the kill's stakes)
    seat = {p: i + 1 for i, p in enumerate(hand.players)}
    actions: list[str] = []
    pending: list[tuple[int, str, str]] = []  # deals not written yet: (street, player, card)
    received = dict.fromkeys(hand.players, 0)
    held: dict[str, list[str]] = {p: [] for p in hand.players}
    folded: set[str] = set()
    events = hand.events
    last_bet = max((i for i, e in enumerate(events) if e.type in _BETTING), default=-1)
    at_end = any(e.type in ("show", "muck") for e in events)
    pots = hand.result().pots if hand.is_over else ()
    winners = {w for pot in pots if not pot.get("uncalled") for w in pot["winners"]}

    def flush(runout: bool) -> None:
        streets = sorted({street for street, _, _ in pending})
        for street in streets:
            for p in hand.players:
                cards = [c for s, q, c in pending if s == street and q == p]
                if cards:
                    actions.append(f"d dh p{seat[p]} {''.join(cards)}")
                    held[p] += cards
            if runout and street == streets[0] and street == 0:
                show_all()
        pending.clear()

    def show_all() -> None:
        for p in hand.players:
            if p not in folded:
                actions.append(f"p{seat[p]} sm {''.join(held[p])}")

    runout_shown = False
    for index, e in enumerate(events):
        t = e.type
        if t == "deal":
            card = str(e.card)
            pending.append((_street(received[e.player]), e.player, card))
            received[e.player] += 1
            continue
        if pending:
            runout = index > last_bet and at_end and not runout_shown
            if runout and min(s for s, _, _ in pending) > 0:
                show_all()
            flush(runout)
            runout_shown = runout_shown or runout
        if t == "community":
            actions.append(f"d db {e.card}")
        elif t == "bring_in":
            actions.append(f"p{seat[e.player]} pb")
        elif t in ("complete", "bet", "raise"):
            actions.append(f"p{seat[e.player]} cbr {e.to}")
        elif t in ("call", "check"):
            actions.append(f"p{seat[e.player]} cc")
        elif t == "fold":
            folded.add(e.player)
            actions.append(f"p{seat[e.player]} f")
        elif t == "show":
            actions.append(f"p{seat[e.player]} sm {''.join(str(c) for c in hand.cards_of(e.player))}")
        elif t == "muck" and e.player in winners:
            # he wins a pot nobody else is in; PHH's muck would give it up
            cards = "".join(str(c) for c in hand.cards_of(e.player))
            actions.append(f"p{seat[e.player]} sm {cards} # wins a pot nobody else is in without showing")
        elif t == "muck":
            actions.append(f"p{seat[e.player]} sm")
    if pending:
        runout = at_end and not runout_shown
        if runout and min(s for s, _, _ in pending) > 0:
            show_all()
        flush(runout)
    at_showdown = {e.player for e in events if e.type in ("show", "muck")}
    if at_showdown:
        # PHH has every player at the showdown show or muck: one whose every
        # opponent mucked won without showing; he is written as showing
        for i, p in enumerate(hand.players):
            if not hand.folded[i] and p not in at_showdown:
                cards = "".join(str(c) for c in hand.cards_of(p))
                actions.append(f"p{seat[p]} sm {cards} # wins without showing: every opponent mucked")
    unmodelled = _pokerkit_objections(hand, info)
    posted = {e.player: e.amount for e in hand.events if e.type == "ante"}
    out: dict[str, Any] = {
        "variant": code,
        "ante_trimming_status": False,
        "antes": [posted.get(p, info["antes"]) for p in hand.players],  # (a hand dealt its own antes: those)
        "bring_in": info["bring_in"],
        "small_bet": info["small_bet"],
        "big_bet": info["big_bet"],
        "starting_stacks": list(hand.start),
        "actions": actions,
    }
    if number is not None:
        out["hand"] = number
    out["players"] = list(hand.players)
    if hand.is_over:
        out["finishing_stacks"] = [hand.result().stacks[p] for p in hand.players]
    out["_studrules_variant"] = hand.variant.name
    if unmodelled:
        out["_studrules_pokerkit"] = (
            "this hand uses a rule PokerKit does not model, so PokerKit cannot replay it: " + "; ".join(unmodelled)
        )
    if info["notes"]:
        out["_studrules_rules"] = "this variant also has: " + "; ".join(info["notes"]) + " (PokerKit does not model it)"
    return out


def record_to_phh(record: Mapping[str, Any], *, number: int | None = None) -> dict:
    """The PHH fields of a hand-history record (:mod:`studrules.records.history`)."""
    from .history import replay_record

    hand = replay_record(record)
    return hand_to_phh(hand, number=number if number is not None else record.get("hand"))


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        # JSON's escapes are TOML's, but for DEL, which TOML's strings also take only escaped
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML for {value!r}")  # pragma: no cover


def dumps_phh(hands: Iterable[Mapping[str, Any]]) -> str:
    """PHH text: one hand as plain fields; several as tables ``[1]``, ``[2]``... (PokerKit's ``load_all``).

    >>> print(dumps_phh([{"variant": "FR", "antes": [1, 1], "actions": ["p1 cc"]}]))
    variant = "FR"
    antes = [1, 1]
    actions = ["p1 cc"]
    <BLANKLINE>
    """
    out = io.StringIO()
    _write_phh(hands, out)
    return out.getvalue()


def _write_phh(hands: Iterable[Mapping[str, Any]], out: TextIO) -> int:
    """Write :func:`dumps_phh`'s text to ``out`` a hand at a time (the first is held
    until a second shows whether it takes a table's number); the count of hands."""
    count = 0
    first: Mapping[str, Any] | None = None
    for count, fields in enumerate(hands, start=1):
        if count == 1:
            first = fields
            continue
        if first is not None:
            out.write(_phh_block(first, 1))
            first = None
        out.write("\n" + _phh_block(fields, count))
    if first is not None:
        out.write(_phh_block(first, None))
    return count


def _phh_block(fields: Mapping[str, Any], number: int | None) -> str:
    lines = [f"[{number}]"] if number is not None else []
    lines += [f"{key} = {_toml_value(value)}" for key, value in fields.items()]
    return "\n".join(lines) + "\n"


def export_history(
    path: str | Path, out: str | Path | None = None, folders: Sequence[Path] = ()
) -> tuple[str, list[str]]:
    """Export every hand of a history file to PHH text (written to ``out`` if given).

    Returns the text and the notes on hands left out; see :func:`write_history_phh`,
    which writes the text to a stream instead of holding it.
    """
    stream = io.StringIO()
    _, skipped = write_history_phh(path, stream, folders=folders)
    text = stream.getvalue()
    if out is not None:
        Path(out).write_text(text, encoding="utf-8")
    return text, skipped


def write_history_phh(path: str | Path, stream: TextIO, folders: Sequence[Path] = ()) -> tuple[int, list[str]]:
    """Write every hand of a history file to ``stream`` in PHH, a hand at a time as its line
    is read (a long history is never held whole); the count of hands written and the notes
    on hands left out.

    A :class:`PHHError` when no hand of the file can be written in PHH. Each hand is played
    again as ``studrules replay`` plays it (a relative ``variant`` is read
    beside the history; ``folders``: more folders a variant file may be read
    from) and checked against its line; the problems of all
    the lines are raised together once the last is read, each at its line
    (:class:`~studrules.errors.SpecErrors`): what was written by then is to be thrown
    away (the command writes to a file it puts in place only when all is well). The
    history is read as replay reads it
    (:func:`~studrules.records.history.iter_history_located`: a regular file only, lines
    of bounded length).
    """
    from .history import raise_problems
    from .history_file import Problems

    skipped: list[str] = []
    read = Problems()
    problems: list[SpecError] = Problems(partner=read)
    count = _write_phh(_exported(path, folders, skipped, problems, read), stream)
    raise_problems(read, problems)
    if not count:
        raise PHHError(skipped[0].split(": ", 1)[1] if skipped else f"{path} holds no hands")
    return count, skipped


def _exported(
    path: str | Path, folders: Sequence[Path], skipped: list[str], problems: list[SpecError], read: list
) -> Iterator[dict]:
    """The PHH fields of each good hand of a history; the others noted in ``skipped``
    (no PHH code), ``problems`` or ``read`` (a line that is no hand record)."""
    from .history import iter_history_located, record_problem, replay_record

    base = Path(path).parent
    for index, (where, record) in enumerate(iter_history_located(path, read)):
        number = record.get("hand")
        if number is None:
            number = index + 1
        elif isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < 2**63:
            problems.append(ScriptError("the hand's number must be a whole number from 0", where.at_path("hand")))
            continue
        try:
            hand = replay_record(record, check=False, base=base, folders=folders)
        except StudrulesError as err:  # located at its line, as replay locates it
            inner = err.location
            at = where.at_path(*inner.path) if inner is not None and inner.file is None else (inner or where)
            problems.append(ScriptError(f"hand {number}: {err.message}", at))
            continue
        problem = record_problem(record, hand)
        if problem is not None:
            problems.append(ScriptError(f"hand {number} {problem}", where))
            continue
        if not hand.is_over:  # (play stopped during it: a PHH record is of a hand played out)
            skipped.append(f"hand {number}: it was stopped before its end, and PHH records hands played out")
            continue
        try:
            fields = hand_to_phh(hand, number=number)
        except PHHError as err:
            skipped.append(f"hand {number}: {err.message}")
            continue
        yield fields
