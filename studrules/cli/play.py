"""``studrules play [VARIANT]``: sit at a table and play against bots.

On a terminal you take the first seat and the bots the others; the table is
drawn the way your seat sees it (:mod:`studrules.table.terminal`) -- the
seats in their places, the dealer marked, each seat's up cards, stack and bet
in this round, your own down cards and your hand in words, the pot, the
round's bet sizes and raises left, whose turn it is -- and you choose from
your legal actions with one key per verb (``c`` check/call, ``b`` bet or
bring-in, ``r`` raise or complete, ``f`` fold, ``s`` show, ``m`` muck,
``e`` turn a card up, ``q`` leave); an amount, or the cards of an action that
takes some of yours, is asked when you have not typed it (Enter goes back).
``q`` (or Ctrl-D) in the middle of a hand asks first, then folds your hand
at your turn: the bots finish the hand, it is settled, saved and counted, and
the session ends. In a game against the house you choose your side bets:
``--side-bet NAME=CHIPS`` from the first hand, and ``s`` between hands
(the stakes outside a game's limits are refused; a bet you never chose is
staked as the game stakes it, ``--stake``). Out of chips (against the house: too few for the next hand, asked
before it), you are asked whether to buy in again for the starting stack
(``--rebuys``: how many times; 3 by default): y or yes, n, no or Enter;
between hands ``t`` tops a short stack up to the starting stack (a purchase
the same limit counts).
Ctrl-C ends at once (the hand under way is saved
unfinished with ``--history``; without it nothing is saved, and the table
says so). Hands follow one another, stacks carrying over and the deal moving
clockwise, until you leave or ``--hands``.

When standard input is not a terminal, bots play every seat and the hand
history prints, so the command works in scripts and CI.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from ..errors import StudrulesError, UsageError
from ..game.hand import RESERVED_NAMES
from ..game.policies import Policy
from ..spec.resources import default_variant
from ..table.antes import ante_range
from ..table.between_hands import ask_ante, ask_side_bets
from ..table.buying_in import buys_again, offers_top_up, tops_up, within_limit
from ..table.choices import typed_number, typed_words
from ..table.seating import games_once
from ..table.side_bets import bet_words, most_side_bet, side_bet_names, side_bet_problem, side_bet_range
from ..table.terminal import QuitTable, TerminalPlayer, result_lines
from ._bots import make_bots
from ._common import (
    add_bots_argument,
    add_hands_argument,
    add_seed_argument,
    add_stack_argument,
    check_players,
    choice_hint,
    variant_from_args,
    whole_number,
    your_name,
)
from ._outputs import check_history_target, check_output_file, write_output_with
from ._signals import Terminated, sigterm_as_interrupt
from .main import visible

NAME = "play"
HELP = "play hands at a table against bots (bots only, printing the history, when not on a terminal)"
ORDER = 10

#: Names of the bots' seats, in order.
BOT_NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jay")  # (a table of ten: bots alone too)

__all__ = ["NAME", "HELP", "add_arguments", "run", "add_table_arguments", "check_stack", "make_bots"]


# --------------------------------------------------------------------------
# arguments


def add_table_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments shared by ``play`` and ``session``."""
    parser.add_argument(
        "--players",
        metavar="N",
        type=whole_number(1),
        default=4,
        help="players (or positions against the house) at the table, you included (default: 4)",
    )
    add_bots_argument(
        parser, "sensible", "sensible; in a game against the house, strategy: each game's own, as simulate plays it"
    )
    add_seed_argument(parser, None, "random seed: the same seed deals the same cards (default: new cards each time)")
    add_stack_argument(parser, "20 times the largest stake, at least 100, at most 999,999,999")
    parser.add_argument(
        "--history",
        metavar="FILE",
        help="save every hand to FILE (JSON lines; 'studrules replay FILE' plays them again)",
    )
    parser.add_argument(
        "--append",
        action="store_true",
        help="add the hands to the end of an existing --history file (it must be a hand history)",
    )
    parser.add_argument(
        "--force", action="store_true", help="replace an existing --history or --phh file (refused otherwise)"
    )
    parser.add_argument(
        "--phh",
        metavar="FILE",
        help="also export the hands to FILE in the Poker Hand History format: needs --history, and a game PHH "
        "has a code for (F7S, F7S/8, FR), both checked before the first deal",
    )
    parser.add_argument(
        "--name", metavar="NAME", help="your name at the table, on a terminal (default: Hero, as in hand histories)"
    )
    parser.add_argument("--bots-only", action="store_true", help="bots play every seat even on a terminal")
    parser.add_argument(
        "--side-bet",
        metavar="NAME=CHIPS",
        action="append",
        default=[],
        help="against the house: your stake on a side bet from the first hand, within the game's limits, "
        "0 for none; s between hands changes it (default: the game's own, --stake; repeatable)",
    )
    parser.add_argument(
        "--rebuys",
        metavar="N",
        type=rebuy_limit,
        default=REBUYS,
        help="how many times you may buy in again (for the starting stack) once you have lost your chips: "
        f"a number (0: never) or 'unlimited' (default: {REBUYS})",
    )


#: How many times the person at the terminal may buy in again, unless --rebuys says otherwise.
REBUYS = 3


def rebuy_limit(text: str) -> int | None:
    """An argparse type: ``--rebuys``, a whole number (0: never) or ``unlimited`` (None).

    >>> rebuy_limit("2"), rebuy_limit("unlimited")
    (2, None)
    """
    if text.strip().lower() == "unlimited":
        return None
    try:
        return whole_number(0)(text)
    except argparse.ArgumentTypeError as err:
        raise argparse.ArgumentTypeError(f"{err} (or 'unlimited')") from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # the default is read when the command runs, not when every command's parser is built
    parser.add_argument(
        "variant",
        metavar="VARIANT",
        nargs="?",
        default=None,
        help="a shipped variant's name or a YAML file (default: the one variants/DEFAULT names)",
    )
    parser.add_argument(
        "--option", metavar="NAME=CHOICE", action="append", default=[], help="choose a house-rule option (repeatable)"
    )
    parser.add_argument(
        "--stake", metavar="NAME=VALUE", action="append", default=[], help="replace a stake, in chips (repeatable)"
    )
    add_hands_argument(parser, None, "hands to play (default: until you leave on a terminal; 1 otherwise)")
    add_table_arguments(parser)


# --------------------------------------------------------------------------
# table setup shared with `session`


def default_stack(variants) -> int:
    """20 times the largest stake of the variants (at least 100, at most 999,999,999, the largest
    amount a file may write); a progressive meter is no stake a player bets."""
    from ..spec.expressions import MAX_NUMBER
    from ..spec.model import SettleStep

    biggest = 1
    for v in variants:
        meters = {
            n for st in v.steps_of(SettleStep) for b in st.side_bets if b.meter is not None for n in b.meter.names
        }
        values = [value for name, value in v.stake_values().items() if name not in meters]
        if values:
            biggest = max(biggest, max(values))
    return min(max(100, 20 * biggest), MAX_NUMBER - 1)  # (within every amount a file may write)


def check_stack(stack: int, variants) -> None:
    """Refuse a starting stack below what a hand of one of ``variants`` needs against the
    house (its ante, its side bets and its raises): nobody could ever be dealt in.

    >>> from studrules.spec.examples import example_variant
    >>> check_stack(5, [example_variant("side-bet")])  # an ante of 10, no bonus, a raise of 2 * 10
    Traceback (most recent call last):
    ...
    studrules.errors.StudrulesError: --stack 5: a hand of side-bet needs 30 chips (its ante, its side bets and its raises)
    """
    from ..game.needs import chips_needed

    for v in variants:
        need = chips_needed(v)
        if stack < need:
            raise StudrulesError(
                f"--stack {stack}: a hand of {v.name} needs {need} chips (its ante, its side bets and its raises)"
            )


def seat_names(count: int, me: str | None) -> list[str]:
    # (a bot's name that differs from yours only in capitals would read as yours)
    names = [n for n in BOT_NAMES if me is None or n.lower() != me.lower()]
    if count > len(BOT_NAMES):
        raise StudrulesError(f"at most {len(BOT_NAMES)} players at one table")
    if me is None:
        return names[:count]
    if not me or any(ch.isspace() for ch in me) or not me.isprintable():
        raise UsageError(f"--name: your name is one printable word, not {me!r}")
    if me in RESERVED_NAMES:  # (a malformed argument, as a name of two words: a usage error)
        raise UsageError(
            f"--name: '{me}' is a word of the game (the hand's {', '.join(RESERVED_NAMES)}): choose another name"
        )
    return [me] + names[: count - 1]


def interactive(args) -> bool:
    streams = (sys.stdin, sys.stdout)  # (None where the stream was closed: no terminal)
    return not getattr(args, "bots_only", False) and all(s is not None and s.isatty() for s in streams)


# --------------------------------------------------------------------------
# running


def run(args: argparse.Namespace) -> int:
    if args.variant is None:
        args.variant = default_variant()
    variant = variant_from_args(args)
    return run_table(args, [variant], hands=args.hands, rotate="turn")


def run_table(args, variants, *, hands: int | None, rotate: str) -> int:
    """Play ``play`` or ``session``: interactive on a terminal, bots only otherwise."""
    from ..records.history import HistoryWriter
    from ..table.session import Session

    problem = _phh_problem(args, variants)
    if problem is not None:  # a usage error, said with the command's usage before a hand is played
        raise UsageError(problem)
    live = interactive(args)
    mine = _your_side_bets(getattr(args, "side_bet", None), variants, live)
    antes: dict[str, int] = {}  # the ante you chose between hands (a: within the table's limits)
    me = your_name(args.name, live)
    check_players(args.players, variants)
    names = seat_names(args.players, me)
    bots = make_bots(args.bots, [n for n in names if n != me], variants, args.seed)
    stack = args.stack or default_stack(variants)
    check_stack(stack, variants)
    if me is not None:
        _check_side_bets_covered(mine, variants, me, stack)
    if args.history:
        append = getattr(args, "append", False)
        files = [getattr(v, "file", None) for v in variants]
        check_history_target(args.history, append=append, force=getattr(args, "force", False), keep=files)
    if getattr(args, "phh", None):  # said before a hand is played
        keep = [getattr(v, "file", None) for v in variants] + [args.history]
        check_output_file("--phh", args.phh, force=getattr(args, "force", False), keep=keep)
        if Path(args.phh).suffix.lower() != ".phh":
            raise UsageError(f"--phh {args.phh}: a PHH file's name ends in .phh (replay-phh reads no other)")
    writer = HistoryWriter(args.history, append=getattr(args, "append", False)) if args.history else None
    before = writer.numbered_from if writer is not None else 0  # (a history continued: its hands number on)
    out = sys.stdout
    human: TerminalPlayer | None = None
    policies: dict[str, Policy] = dict(bots)
    if me is not None:
        from rich.console import Console

        human = TerminalPlayer(Console(highlight=False))
        policies = {me: human, **bots}
    if hands is None and not live:
        hands = 1 if len(variants) == 1 else len(variants)

    started: list = []  # the hand being played's report (an interrupted hand is saved with its seed)

    def on_start(report) -> None:
        started[:] = [report]
        number = report.number + before
        text = (
            report.announcement(number) if (report.switched and (len(variants) > 1 or report.previous is None)) else ""
        )
        if human is not None:
            human.dealer = report.dealing
            human.seating = session.seating  # the seats stay in their places; the deal moves
            human.hand = report.hand
            if not text:  # (against the house the house deals: no seat is named)
                text = f"Hand {number}" + (f": {report.dealing} deals." if report.dealing else ".")
            if me is not None and me in report.unstaked:
                chosen = ", ".join(f"{bet_words(b)} {c}" for b, c in mine.items() if c)
                text += (
                    f"\nYour side bets ({chosen}) are not made this hand: your stack of {session.stacks[me]} "
                    "cannot cover them with your ante and wagers."
                )
            from ..table.drawing import seat_lines

            human.console.print("\n".join(["", text, *seat_lines(report)]), markup=False)  # (who is out, now)

    session = Session(
        variants,
        names,
        policies,
        stacks=stack,
        hands=hands,
        rotate=rotate,
        seed=args.seed,
        history=writer,
        on_start=on_start,
        dealer_choice=_ask_the_dealer(human, me) if human is not None and rotate == "dealer" else None,
        keep_reports=1,  # the table shows the hand just played; the summary reads running totals
        may_buy_again=None if me is None else lambda p: p == me and within_limit(session.rebuys[p], args.rebuys),
    )
    status = 0
    stop_on_term, _ = sigterm_as_interrupt()  # (a SIGTERM stops the table as Ctrl-C does: the hand saved)
    try:
        while True:
            report = session.play_next(side_bets={me: mine} if me is not None and mine else None, antes=antes)
            if report is None:
                if human is not None and not session.is_over and buys_again(human, session, stack, args.rebuys, mine):
                    continue  # (no hand could be dealt without you: you bought in again)
                short = me is not None and session.stacks[me] > 0
                session.stop("you have too few chips for a hand" if short else "you are out of chips")
                break
            if human is not None:
                if me in report.players:
                    human.catch_up(report.hand.view(me))
                human.console.print(
                    "\n".join(["Hand over:"] + result_lines(report, human.fancy, seats=False, seating=session.seating)),
                    markup=False,
                )
                if human.leaving:  # he left during the hand: folded, it was played out, settled and saved
                    session.stop(f"you left the table during hand {report.number + before}")
                    break
                short = me is not None and not session.is_over and session.sits_out(me, mine)  # (asked before it)
                if (me not in session.active) and not buys_again(human, session, stack, args.rebuys, mine):
                    session.stop("you have too few chips for a hand" if short else "you are out of chips")
                    break
                if session.is_over:
                    break
                bets = side_bet_names(variants)
                chooses = me is not None and ante_range(session.variants) is not None  # (his ante, within limits)
                try:
                    while True:  # (another answer is asked again: a stray key deals no hand)
                        top_up = offers_top_up(session, me, stack, args.rebuys)
                        prompt = (
                            f"Enter for the next hand,{' a for your ante,' if chooses else ''}"
                            f"{' s for your side bets,' if bets else ''}"
                            f"{f' t to top up to {stack},' if top_up else ''} q to leave: "
                        )
                        answer = " ".join(typed_words(human.read(prompt)))  # (no escape or control character)
                        if chooses and me is not None and answer == "a":
                            ask_ante(human, session.variants, antes, me)
                            continue
                        if bets and answer == "s":  # (then asked again: Enter deals, q or Ctrl-D leaves)
                            ask_side_bets(human, variants, mine, session, me)
                            continue
                        if top_up and me is not None and answer == "t":
                            tops_up(human, session, me, stack, args.rebuys)
                            continue
                        if answer in ("", "q", "quit", "exit"):
                            break
                        shown = answer if len(answer) <= 20 else answer[:20] + "..."
                        human.console.print(f"'{shown}' is not one of these: {prompt.rstrip(': ')}", markup=False)
                except EOFError:
                    answer = "q"
                if answer in ("q", "quit", "exit"):
                    session.stop("you left the table")
                    break
            else:
                from ..records.script import history_text
                from ..table.display import pay_words
                from ..table.drawing import seat_lines

                # one header line a hand (the game, the dealer, the players); a switch of rules adds its differences
                _, _, history = history_text(report.hand).partition("\n")
                title = f"{report.variant.title or report.variant.name} ({report.variant.name})"
                changes = (
                    report.announcement(report.number + before).split("\n")[1:] if report.previous is not None else []
                )
                game = f"the game changes to {title}" if changes else title
                seats = ", ".join(report.players)
                deals = f"{report.dealing} deals to {seats}" if report.dealing else f"{seats} against the house"
                print(f"== Hand {report.number + before}: {game}; {deals}", file=out)
                print("\n".join(changes + [pay_words(history)] + seat_lines(report)), file=out)
                print(file=out)
    except (KeyboardInterrupt, QuitTable) as stop:
        hand = session.current
        unfinished = hand is not None and bool(hand.events) and not hand.is_over
        terminated = isinstance(stop, Terminated)
        why = (
            "you left the table"
            if isinstance(stop, QuitTable)
            else "stopped (SIGTERM)"
            if terminated
            else "interrupted"
        )
        # the summary and the history's count must agree: say the hand left unfinished in both
        session.stop(f"{why} during hand {session.played + 1}" if unfinished else why)
        if writer is not None and hand is not None and hand.events:
            seed = started[0].seed if started and started[0].hand is hand else None
            writer.write(hand, number=session.played + 1, seed=seed, dealer=session.dealer)
        status = 0 if isinstance(stop, QuitTable) else 143 if terminated else 130
        print(file=out)
    finally:
        stop_on_term()
        if writer is not None:
            writer.close()
    summary = session.summary()
    # (bots alone: one hand needs no summary, but a session that stopped short says why)
    if live or session.played > 1 or (hands is not None and session.played < hands):
        print(summary.text(), file=out)
    if status in (130, 143) and not args.history:
        print("(no --history: nothing saved)", file=out if live else sys.stderr)
    if args.history:
        written = writer.count if writer is not None else 0
        done = session.played
        count = f"{written} hand{'s' if written != 1 else ''}"
        if written > done:  # the hand under way when the session stopped is saved as far as it went
            count += f": {done} played and hand {done + 1} unfinished"
        saved = "added to the end of" if getattr(args, "append", False) else "saved to"  # (not the file's whole count)
        print(visible(f"history {saved} {args.history} ({count})"), file=out if live else sys.stderr)
    if getattr(args, "phh", None):
        _export_phh(args, out if live else sys.stderr)
    return status


def _your_side_bets(items: list[str] | None, variants, live: bool) -> dict[str, int]:
    """``--side-bet NAME=CHIPS``: your stake on each side bet named, checked against the
    table's games (a bet one of them has, within their limits) before the first deal.

    >>> from studrules.spec.examples import example_variant
    >>> _your_side_bets(["bonus=10"], [example_variant("side-bet")], True)
    {'bonus': 10}
    >>> _your_side_bets(["bonus=60"], [example_variant("side-bet")], True)
    Traceback (most recent call last):
    ...
    studrules.errors.StudrulesError: --side-bet bonus=60: the bonus side bet at this table is from 5 to 50 (0: none), not 60
    """
    out: dict[str, int] = {}
    for item in items or []:
        name, sep, value = (part.strip() for part in item.partition("="))
        chips = typed_number(value)
        if not sep or not name or chips is None:
            raise UsageError(f"argument --side-bet: '{item}' must be written NAME=CHIPS (a whole number, 0: none)")
        problem = side_bet_problem(variants, name, chips)
        if problem is not None:
            raise StudrulesError(f"--side-bet {item}: {problem}")
        if out.get(name, chips) != chips:
            raise UsageError(f"argument --side-bet: '{name}' is given twice, {out[name]} and {chips}: give it once")
        out[name] = chips
    if out and not live:
        raise UsageError(
            "--side-bet is your own side bet at the table: it needs a terminal, without --bots-only "
            "(--stake NAME=CHIPS stakes a side bet at every position)"
        )
    return out


def _check_side_bets_covered(mine: dict[str, int], variants, me: str, stack: int) -> None:
    """Refuse, before the first deal, a ``--side-bet`` that the starting ``stack`` cannot
    cover with the ante and wagers of any game of the table that has the bet (the first
    hand would not make it), saying the most it covers.

    >>> from studrules.spec.examples import example_variant
    >>> _check_side_bets_covered({"bonus": 10}, [example_variant("side-bet")], "Ann", 1000)
    >>> _check_side_bets_covered({"bonus": 50}, [example_variant("side-bet")], "Ann", 40)
    Traceback (most recent call last):
    ...
    studrules.errors.StudrulesError: --side-bet bonus=50: a starting stack of 40 covers at most 10 on the bonus with the ante and wagers (0: none)
    """
    from types import SimpleNamespace

    from ..table.session import Session

    probe: Any = SimpleNamespace(variants=variants, stacks={me: stack}, needs=Session.needs)
    for name, chips in mine.items():
        most = most_side_bet(probe, me, name, mine)
        if not chips or most is None or chips <= most:
            continue
        low = (side_bet_range(variants, name) or (1, None))[0]
        label = bet_words(name)
        can = f"covers at most {most} on the {label}" if most >= low else f"cannot cover a {label} bet"
        raise StudrulesError(
            f"--side-bet {name}={chips}: a starting stack of {stack} {can} with the ante and wagers (0: none)"
        )


def _ask_the_dealer(human: TerminalPlayer, me: str | None):
    """Under dealer's choice, the game of a hand you deal is yours to name:
    by its number or its name (Enter: the first; a game the session lists twice is
    offered once; Ctrl-D leaves the table, as ``q`` does)."""

    def choose(dealer: str, variants):
        if dealer != me:
            return None
        variants = games_once(variants)
        leave = "" if any(v.name in ("q", "quit", "exit") for v in variants) else ", q to leave"
        lines = [f"You deal: choose the game (Enter for {variants[0].name}{leave})"]
        lines += [f"  {i}. {v.title or v.name} ({v.name})" for i, v in enumerate(variants, 1)]
        human.console.print("\n" + "\n".join(lines), markup=False)
        while True:
            try:
                answer = " ".join(typed_words(human.read("game? ")))  # (lower case: names are)
            except EOFError:  # Ctrl-D: he leaves, as at every other question of the table
                raise QuitTable from None
            if not answer:
                return variants[0]
            if answer in ("q", "quit", "exit") and all(v.name != answer for v in variants):
                raise QuitTable  # (q leaves, as at every other question of the table)
            number = typed_number(answer)
            if number is not None and 1 <= number <= len(variants):
                return variants[number - 1]
            named = [v for v in variants if v.name == answer]
            if named:
                return named[0]
            human.console.print(
                f"'{answer}' is not one of the games: a number from 1 to {len(variants)}, or its name"
                f"{choice_hint(answer, [v.name for v in variants])}",
                markup=False,
            )

    return choose


def _phh_problem(args, variants) -> str | None:
    """Why ``--append`` or ``--phh`` cannot be done, found before a hand is played: no
    ``--history`` to continue or export, or no game of the table PHH has a code for (a
    session's games without one are said on standard error: their hands are
    left out of the file)."""
    if getattr(args, "append", False) and not args.history:
        return "--append continues a history: give --history FILE too"
    if not getattr(args, "phh", None):
        return None
    if not args.history:
        return "--phh exports the saved hands: give --history FILE too"
    from ..records.phh import PHHError, phh_code

    reasons = []
    for variant in variants:
        try:
            phh_code(variant)
        except PHHError as err:
            reasons.append(err.message)
    if len(reasons) == len(variants):
        return f"--phh: {'; '.join(reasons)}"
    for reason in reasons:
        print(f"studrules: --phh leaves out the hands of a game it cannot write: {reason}", file=sys.stderr)
    return None


def _export_phh(args, out: TextIO) -> None:
    from ..records.phh import PHHError, write_history_phh

    try:
        _, skipped = write_output_with("--phh", args.phh, lambda phh: write_history_phh(args.history, phh))
    except PHHError as err:
        print(f"studrules: no PHH written: {err.message}", file=sys.stderr)
        return
    for note in skipped:
        print(f"studrules: left out of the PHH file: {note}", file=sys.stderr)
    print(visible(f"PHH written to {args.phh}"), file=out)
