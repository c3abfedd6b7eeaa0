"""The terminal table drawn as a seat sees it (:func:`render_table`: the seats in
their fixed order, the dealer marked, each seat's cards, stack and bet or, against
the house, ante, wagers and side bets; the hands in words, the pot, the round's
terms, whose turn it is), and a finished hand's outcome in lines (:func:`result_lines`).
:class:`~studrules.table.terminal.TerminalPlayer` prints them; the browser table
reads some of the same words.
"""

from __future__ import annotations

from typing import Any

from ..game.actions import LegalAction
from ..game.view import View
from ..game.wilds import joker_holes, rank_char, rank_words, wild_ranks_of
from ..spec.model import Variant
from .display import card_text, hand_now, hidden_text, pay_words, short_hand_words
from .side_bets import bet_words

__all__ = [
    "render_table",
    "result_lines",
    "seat_lines",
    "house_words",
    "wild_now",
    "seat_order",
    "betting_terms",
    "offered_sizes",
]


# --------------------------------------------------------------------------
# the table


def _down_counts(view) -> dict[str, int]:
    counts: dict[str, int] = {}
    for e in view.events:
        if e.type == "deal":
            counts[e.player] = counts.get(e.player, 0) + 1
    return counts


def seat_order(view, seating: tuple[str, ...] = ()) -> list[str]:
    """The seats of the hand in their fixed order around the table: the
    session's seating (clockwise, the same every hand), whoever deals; the
    hand's own order without one.

    >>> class V: players = ("Cat", "Ann", "Bob")
    >>> seat_order(V, ("Ann", "Bob", "Cat")), seat_order(V)
    (['Ann', 'Bob', 'Cat'], ['Cat', 'Ann', 'Bob'])
    """
    if not seating:
        return list(view.players)
    return [p for p in seating if p in view.players] + [p for p in view.players if p not in seating]


def betting_terms(hand: Any, legal: tuple[LegalAction, ...] = (), facing: int = 0) -> str | None:
    """The betting round's terms in words: the bet size (or the least bet;
    the sizes a bet may have now when ``legal`` offers several, as an open
    pair's double bet, ``facing`` the bet to call) and the raises left (None:
    no betting round under way)."""
    if hand is None or getattr(hand, "phase", None) != "betting":
        return None
    step = hand.round_rules.step
    size = hand.bet_size
    sizes = offered_sizes(legal, facing)
    if step.structure == "fixed_limit":
        terms = f"bets of {' or '.join(map(str, sizes))}" if sizes else f"bets of {size}"
    elif step.structure == "spread_limit":
        terms = f"bets from {size}"
    else:
        terms = f"{step.structure.replace('_', '-')}, least bet {size}"
    left = hand.raises_left()
    if left is None:
        return terms + ", raises not capped"
    return terms + (", no raise left" if left == 0 else f", {left} raise{'s' if left != 1 else ''} left")


def offered_sizes(legal: tuple[LegalAction, ...], facing: int = 0) -> tuple[int, ...] | None:
    """The sizes a bet may have now where ``legal`` offers several (None: one
    size): a bet's or a completion's totals, a raise's totals less ``facing``,
    the bet it raises.

    >>> offered_sizes((LegalAction("call", 10), LegalAction("raise", to=(20, 30))), facing=10)
    (10, 20)
    >>> offered_sizes((LegalAction("check"), LegalAction("bet", to=(10,)))) is None
    True
    """
    for la in legal:
        if la.amount is not None or la.to is None or len(la.to) < 2:
            continue
        if la.action in ("bet", "complete"):
            return la.to
        if la.action == "raise":
            return tuple(total - facing for total in la.to)
    return None


def _phase_words(view, hand: Any) -> str:
    phase = getattr(hand, "phase", None)
    if phase == "showdown":
        return "showdown: show or muck"
    if phase == "decision":
        return "your decision against the house" if view.to_act == view.player else "decisions against the house"
    if phase in ("draw", "declare", "pass", "split", "expose", "offer"):
        return {"offer": "an up card offered"}.get(phase, phase)
    if view.round:
        return f"betting round {view.round}"
    return "before the betting"


def _wild_ranks(view: View, variant: Variant, mine: bool = True, ace_low: bool = False) -> str:
    """The ranks wild now for the seat of ``view`` (``mine``), or as the
    table sees another seat (without his down cards); ``ace_low``: with the
    ace counted low for the low card (``wild.low_ace``)."""
    rules = variant.wild
    wild_rank = None
    for event in view.events:
        if event.type == "wild" and event.card is not None:
            rank = rank_char(event.card)
            wild_rank = None if rank == rules.follow else rank
    down = [card for card, face in view.cards if face == "down"] if mine else []
    return "".join(wild_ranks_of(rules, wild_rank, down, view.my_cards if mine else (), ace_low=ace_low))


def _my_hand_words(view, variant) -> str | None:
    if variant is None:
        return None
    cards = list(view.my_cards) + list(view.community)
    down = [c for c, f in view.cards if f == "down"]
    wild = _wild_ranks(view, variant) if variant.wild.any else ""
    low = _wild_ranks(view, variant, ace_low=True) if variant.wild.low_ace else None
    holes = joker_holes(variant.wild, down, view.events, view.player)
    # once he has split his cards into two hands, each hand as he set it
    set_apart = next((e.cards for e in view.events if e.type == "split" and e.player == view.player), None)
    split = None
    if set_apart:
        split = ([c for c in view.my_cards if c not in set_apart], list(set_apart))
    return hand_now(variant, cards, wild_ranks=wild, down=holes, low_wild_ranks=low, split=split)


def _wagers(view) -> dict[str, tuple[int, int]]:
    """Each position's ante and wagers (raises) in a game against the house."""
    out: dict[str, list[int]] = {}
    for e in view.events:
        if e.type in ("ante", "raise") and e.player is not None:
            pair = out.setdefault(e.player, [0, 0])
            pair[0 if e.type == "ante" else 1] += e.amount or 0
    return {p: (a, w) for p, (a, w) in out.items()}


def _side_bets(view, hand: Any) -> dict[str, int]:
    """Each position's side bets staked on this hand and not yet settled, in a game against the
    house (the hand keeps them apart from the stacks until the settlement)."""
    if hand is None or not getattr(hand.variant, "is_banked", False):
        return {}
    from ..game.settlement import required_bets, side_bet_stakes

    chosen = hand.side_stakes
    own = sum(chips for _, chips in side_bet_stakes(hand.variant, hand.plan.stake_env))
    required = len(required_bets(hand.variant))  # each staked at the position's ante
    posted = {e.player: e.amount or 0 for e in view.events if e.type == "ante"}
    settled = {e.player for e in view.events if e.type == "settle"}
    out = {}
    for i, p in enumerate(view.players):
        staked = (sum(chosen[i].values()) if chosen is not None else own) + required * posted.get(p, 0)
        if staked and p in posted and p not in settled:
            out[p] = staked
    return out


def render_table(view, dealer: str | None = None, variant=None, *, seating=(), hand=None, fancy: bool = False):
    """The table as the seat of ``view`` sees it (a rich renderable): a
    header (the game, the round and its terms, the pot, what is wild; then
    your hand in words and whose turn) and a row per seat in the fixed order of
    ``seating``, the dealer marked (D) (against the house no seat deals: none is marked; each
    box's ante, wagers and side bets staked, its stack what remains behind them)."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    banked = bool(variant is not None and variant.is_banked)
    parts = []
    if variant is not None:
        parts.append(variant.title or variant.name)
    parts.append(_phase_words(view, hand))
    terms = betting_terms(hand, view.legal, max(view.bets, default=0))
    if terms:
        parts.append(terms)
    if not banked:
        parts.append(f"pot {view.pot}")
    wild = wild_now(view, variant) if variant is not None else None
    if wild:
        parts.append(f"wild: {wild}")
    mine = _my_hand_words(view, variant)
    second = []  # the header's second line: the seat's own hand and whose turn
    if mine:
        second.append(f"your hand: {mine}")
    if view.to_act:
        second.append(f"{'your' if view.to_act == view.player else view.to_act + chr(39) + 's'} turn")
    # (a narrow terminal wraps a cell rather than cut it: a stack or a card is never shown in part;
    # narrower still, each seat is a line of its own: _Seats)
    table = Table(show_lines=False)
    lines: list[Text] = []
    table.add_column("seat", overflow="fold")
    table.add_column("stack", justify="right", no_wrap=True)
    sides = _side_bets(view, hand) if banked else {}  # staked: not in the stack shown
    if banked:
        table.add_column("ante", justify="right", no_wrap=True)
        table.add_column("wagers", justify="right", no_wrap=True)
        if sides:
            table.add_column("side bets", justify="right", no_wrap=True)
    else:
        table.add_column("bet", justify="right", no_wrap=True)
    table.add_column("cards", overflow="fold")
    table.add_column("hand", overflow="fold")
    table.add_column("", overflow="fold")
    dealt = _down_counts(view)
    betting = hand is None or getattr(hand, "phase", "betting") == "betting"
    shown = {e.player: e for e in view.events if e.type == "show"}
    wagers = _wagers(view) if banked else {}
    for p in seat_order(view, seating):
        i = view.players.index(p)
        name = p + (" (D)" if p == dealer and not banked else "")  # (against the house, the house deals)
        if p == view.player:
            cards = Text(" ").join(card_text(c, fancy, down=f == "down") for c, f in view.cards)
            name = f"{name} *"
            words = mine or ""
        else:
            ups = view.up_cards.get(p) or ()
            hidden = max(0, dealt.get(p, 0) - len(ups))
            texts = ([hidden_text(fancy, hidden)] if hidden else []) + [card_text(c, fancy) for c in ups]
            cards = Text(" ").join(texts)
            words = _others_words(p, ups, shown, variant, view)
        if p in shown and shown[p].cards and p != view.player:
            cards = Text(" ").join(card_text(c, fancy) for c in shown[p].cards)
        status = "folded" if view.folded[i] else ("<- to act" if view.to_act == p else "")
        if not status and not banked and view.stacks[i] == 0 and any(e.player == p for e in view.events):
            status = "all in"  # (chips in the pot, none behind: he acts no more)
        # names and cards are text, never markup: a name such as '[/x]' shows as it is
        if banked:
            ante, wager = wagers.get(p, (0, 0))
            money = [str(ante) if ante else "", str(wager) if wager else ""]
            if sides:
                money.append(str(sides[p]) if p in sides else "")
        else:  # (the round's bets, while it is under way: in the pot once it is over)
            money = [str(view.bets[i]) if view.bets[i] and betting else ""]
        stack = str(view.stacks[i] - sides.get(p, 0))
        table.add_row(Text(name), stack, *money, cards if cards.plain else Text("-"), Text(words), status)
        heads = [str(c.header) for c in table.columns[2 : 2 + len(money)]]
        staked = [f"{head} {m}" for head, m in zip(heads, money) if m]
        parts_of = [f"{name}: {stack}", *staked, cards if cards.plain else "", words, status]
        lines.append(Text("  ").join(x if isinstance(x, Text) else Text(x) for x in parts_of if x))
    blank = [""] * ((3 if sides else 2) if banked else 1)
    if "house" in dealt:
        ups = view.house_up_cards
        hidden = max(0, dealt["house"] - len(ups))
        texts = ([hidden_text(fancy, hidden)] if hidden else []) + [card_text(c, fancy) for c in ups]
        reasons = [e.reason or "" for e in view.events if e.type == "settle"]
        said = house_words(ups, variant, reasons) if not hidden else None
        table.add_row("house", "", *blank, Text(" ").join(texts), Text(said or ""), "")
        lines.append(Text("  ").join([Text("house:"), Text(" ").join(texts), *([Text(said)] if said else [])]))
    if view.community:
        middle = Text(" ").join(card_text(c, fancy) for c in view.community)
        table.add_row("middle", "", *blank, middle, "", "")
        lines.append(Text("middle: ") + middle)
    return Group(_Header(parts), *([_Header(second)] if second else []), _Seats(table, lines))


class _Header:
    """A header line's parts joined by `` | ``, broken between parts where the
    terminal is too narrow for the whole line (not in the middle of one: "3 raises / left").

    >>> from rich.console import Console
    >>> console = Console(width=30, no_color=True)
    >>> with console.capture() as seen:
    ...     console.print(_Header(["Razz", "betting round 2", "pot 16"]))
    >>> print(seen.get().rstrip())
    Razz | betting round 2
    pot 16
    """

    def __init__(self, parts: list[str]):
        self.parts = parts

    def __rich_console__(self, console: Any, options: Any) -> Any:
        from rich.cells import cell_len
        from rich.text import Text

        line = ""
        for part in self.parts:
            if line and cell_len(line) + 3 + cell_len(part) > options.max_width:
                yield Text(line, style="bold")
                line = part
            else:
                line = f"{line} | {part}" if line else part
        yield Text(line, style="bold")


class _Seats:
    """The seats as a table, or, on a terminal too narrow for one (under :data:`NARROW`
    columns), a line a seat: a cell cut to fit would hide a stack or a card."""

    def __init__(self, table: Any, lines: list[Any]):  # (a rich Table, rich Texts)
        self.table, self.lines = table, lines

    def __rich_console__(self, console: Any, options: Any) -> Any:
        if options.max_width >= NARROW:
            yield self.table
        else:
            yield from self.lines


#: The narrowest terminal that shows the seats as a table.
NARROW = 60


def _others_words(player: str, ups, shown: dict, variant, view) -> str:
    """Another seat's hand: its shown hand at the showdown, else what its up cards show."""
    if player in shown and shown[player].hand:
        return short_hand_words(shown[player].hand)
    showing = list(ups) + list(view.community)  # (a card shared in the middle shows in every hand)
    if variant is None or len(showing) < 2:
        return ""
    wild = _wild_ranks(view, variant, mine=False) if variant.wild.any else ""
    words = hand_now(variant, showing, wild_ranks=wild)
    return f"showing {words}" if words else ""


def house_words(cards, variant, reasons) -> str | None:
    """The house's hand (``cards``, every one up) in words, and whether it
    qualifies as the settlement's ``reasons`` said (nothing said of it when
    no position was settled against the house's hand).

    >>> from studrules.spec.examples import example_variant
    >>> from studrules.cards.card import parse_cards
    >>> game = example_variant("against-the-house")
    >>> house_words(parse_cards("3d 6c Ah 8d Jc"), game, ["the house does not qualify"])
    'ace-high, which does not qualify'
    """
    if variant is None or not cards:
        return None
    words = hand_now(variant, list(cards))
    played = [r for r in reasons if "house" in r]  # settled against the house's hand
    if not played:
        return words
    qualifies = not any("does not qualify" in r for r in played)
    return f"{words or 'its hand'}, which {'qualifies' if qualifies else 'does not qualify'}"


# --------------------------------------------------------------------------
# printing results


def result_lines(report, fancy: bool = False, *, seats: bool = True, seating: tuple[str, ...] = ()) -> list[str]:
    """A finished hand's outcome: each player's stack and net; banked games
    the house's hand, each position's ante, side bets made, wagers and
    settlement, pay lines in words. ``fancy``: cards with suit symbols.
    ``seats``: who sat the hand out or left the game at it (:func:`seat_lines`;
    the terminal says it as the hand begins). ``seating``: the players in the
    session's fixed order around the table (:func:`seat_order`), as the table
    is drawn; the hand's own order, from the dealer's left, without it."""
    result = report.result
    lines = []
    if result.positions is not None:
        from ..game.settlement import side_bet_stakes

        own = dict(side_bet_stakes(report.variant, report.variant.stake_values()))  # (where none were chosen)
        house = getattr(report.hand, "house_cards", None)
        if house:
            said = house_words(house, report.variant, [pos["reason"] for pos in result.positions])
            shown = " ".join(card_text(c, fancy).plain for c in house)
            lines.append(f"  the house has {shown}" + (f": {said}" if said else ""))
        place = {p: i for i, p in enumerate(seat_order(report, seating))}
        for pos in sorted(result.positions, key=lambda pos: place.get(pos["player"], len(place))):
            net = pos["net"]
            wagers = pos.get("raises") or ([pos["raise"]] if pos["raise"] else [])
            wagered = f"wagers {' + '.join(map(str, wagers))}" if wagers else "no wager"
            stakes = {bet: side["stake"] for bet, side in pos["side_bets"].items()} if "side_bets" in pos else own
            sides = "".join(f", {bet_words(bet)} {chips}" for bet, chips in stakes.items() if chips)
            lines.append(
                f"  {pos['player']}: ante {pos['ante']}{sides}, {wagered} -> "
                f"{'+' if net > 0 else ''}{net} ({pay_words(pos['reason'])})"
            )
        hn = result.house_net or 0
        lines.append(f"  house: {'+' if hn > 0 else ''}{hn}")
    for p in seat_order(report, seating):
        net = result.net[p]
        lines.append(f"  {p}: {result.stacks[p]} ({'+' if net > 0 else ''}{net})")
    return lines + seat_lines(report) if seats else lines


def seat_lines(report: Any) -> list[str]:
    """Who sat a session's hand out, and who left the game at it, in words (a
    :class:`~studrules.table.session.HandReport`)."""
    lines = []
    if report.sat_out:
        lines.append(f"  sat out, too few chips for {report.variant.name}: {', '.join(report.sat_out)}")
    out = [p for p in report.left if not report.stacks_left.get(p)]
    short = [f"{p} ({report.stacks_left[p]})" for p in report.left if report.stacks_left.get(p)]
    if out:  # (out of the game, unless they buy in again)
        lines.append(f"  out of chips: {', '.join(out)}")
    if short:
        lines.append(f"  too few chips for any game: {', '.join(short)}")
    return lines


def wild_now(view: View, variant: Variant) -> str | None:
    """What is wild for the seat of ``view`` now, in words (None: nothing ever is).

    The changing rank is the one the last ``wild`` event set: a card of the
    followed rank clears it, any other card makes its rank wild."""
    if not variant.wild.any:
        return None
    said = [rank_words(r) for r in _wild_ranks(view, variant)]
    if variant.wild.jokers:  # (the deck's jokers: wild, or the bug, as the rules say)
        said.append(_JOKER_WORDS[variant.wild.joker])
    return ", ".join(said) or "nothing yet"


_JOKER_WORDS = {
    "wild": "the joker",
    "bug": "the joker as the bug",
    "bug_up": "the joker face down (the bug face up)",
    "bug_dealt_up": "a joker dealt face down (the bug dealt up)",
}
