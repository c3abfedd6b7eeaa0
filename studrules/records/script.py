"""Hand scripts: a hand written down as data, played by the interpreter.

A script (YAML or JSON) names the variant, the players, their stacks, the
cards (some or all; a seed deals the rest) and the actions in order::

    variant: house-rules.yaml       # a shipped name or a path
    options: {}                     # house-rule choices, optional
    stakes: {}                      # stake overrides, optional
    killer: Ann                     # who kills this hand (a variant with a kill), optional
    players: [Ann, Bob, Cat, Dan]   # clockwise, the first at the dealer's left
    stacks: 100                     # a number, a list, or a mapping
    cards:                          # each player's cards in the order received
      Ann: [9c, Ks, 4d, 7h, 2s]     # (banked games: house: [...]; also community, burns)
    seed: 7                         # deals every card not given (default 0)
    antes: {Ann: 20}                # banked games: an ante per position, optional
    side_bets: {Ann: {pair_plus: 10}, Bob: {}}   # banked games: the side bets a position
                                    # chose (Bob: none), optional; others stake the game's own
    actions:                        # "PLAYER VERB [AMOUNT]" in order
      - Dan bring-in
      - Ann complete 10             # complete/bet/raise amounts are the round's total
      - Bob expose 7c               # cards he turns up (discard likewise); 'Bob expose'
                                    # alone: none, where the step lets him keep them down

:func:`play_script` plays it and returns ``{"events": [...], "next": ...,
"result": ...}``: ``next`` is null once the hand is over, else the player to
act and his legal actions; ``result`` is null until the hand is over. When the
actions run out at a showdown where players may muck, each remaining player
does what :meth:`~studrules.game.hand.Hand.default_action` says (show if his hand
can still win or tie, else muck).

A malformed script raises :class:`~studrules.errors.ScriptError` located at
the field (file, line, column); an illegal or out-of-turn action raises
:class:`~studrules.errors.IllegalActionError` naming the action's number
(1-based), the player, what was wrong and what was legal. Other keys a test
may use (``expect``, ``description``, ``title``, ``notes``) are allowed and
ignored here.

    >>> from studrules.spec.resources import default_variant  # ante 5, bring-in 5, low limit 10
    >>> out = play_script({"variant": default_variant(), "players": ["Ann", "Bob"], "stacks": 100,
    ...     "cards": {"Ann": ["Kd", "9c"], "Bob": ["Qs", "2c"]}, "seed": 1,
    ...     "actions": ["Bob bring-in", "Ann complete 10", "Bob fold"]})
    >>> out["result"]["net"], out["next"]
    ({'Ann': 10, 'Bob': -10}, None)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..cards.card import Card
from ..errors import (
    CardError,
    IllegalActionError,
    Location,
    ScriptError,
    SpecError,
    SpecErrors,
    close_matches,
    field_words,
)
from ..game.actions import Action
from ..game.hand import Hand
from ..spec.assignments import stake_override_problems
from ..spec.source import Document, check_data_file, is_file, read_document

__all__ = ["Script", "load_script", "play_script", "run_script", "hand_output", "history_text", "SCRIPT_FIELDS"]

#: The fields a script may have.
SCRIPT_FIELDS = (
    "variant",
    "options",
    "stakes",
    "players",
    "stacks",
    "cards",
    "seed",
    "antes",
    "side_bets",
    "killer",
    "actions",
    "expect",
    "description",
    "title",
    "notes",
)


@dataclass
class Script:
    """A read, checked hand script (the data, and where each value stands)."""

    variant: str
    players: list[str]
    stacks: Any
    actions: list[Action]
    options: dict = field(default_factory=dict)
    stakes: dict = field(default_factory=dict)
    cards: dict = field(default_factory=dict)
    seed: int | None = 0
    antes: dict | None = None
    side_bets: dict | None = None
    killer: str | None = None
    expect: Any = None
    doc: Document | None = None
    base: Path | None = None


def load_script(script: Mapping | str | Path) -> Script:
    """Read and check a script: a mapping, a path, or YAML/JSON text."""
    if isinstance(script, Mapping):
        doc = Document(data=dict(script), file=None)
        base = None
    elif not isinstance(script, (str, Path)):
        raise ScriptError(f"a hand script is a mapping, a path or YAML text, not {script!r}")
    else:
        if isinstance(script, Path) or ("\n" not in script and is_file(script)):  # (a file: a script's, by its name)
            try:
                check_data_file(Path(script), what="hand script", suffixes=(".yaml", ".yml", ".json"))
            except SpecError as err:  # (never read: a file of another kind is not quoted)
                raise ScriptError(err.message, err.location) from None
        doc = read_document(script)
        base = Path(script).parent if (isinstance(script, Path) or "\n" not in str(script)) else None
    data = doc.data

    def where(*path) -> Location:
        loc = doc.location(tuple(path)) if doc.file is not None or not isinstance(script, Mapping) else Location()
        return Location(loc.file, loc.line, loc.column, tuple(path))

    def fail(message: str, *path) -> ScriptError:
        return ScriptError(message, where(*path))

    if isinstance(script, str) and "\n" not in script and isinstance(data, str):  # a path to no file
        shown = script if len(script) <= 200 else script[:200] + "..."
        raise ScriptError(f"no such file '{shown}' (a hand script is a mapping, a file's path, or YAML text)")
    if not isinstance(data, Mapping):
        raise fail("a hand script is a mapping of fields (variant:, players:, actions:, ...)")
    kind = next((k for k in ("steps", "extends", "rules", "streets") if k in data), None)
    if kind is not None and "actions" not in data:  # another kind of file, named for what it is
        what = "variant" if kind in ("steps", "extends") else "strategy"
        plays = f": 'studrules play {doc.file}' plays it" if what == "variant" and doc.file else ""
        raise fail(f"this is a {what} file (it has '{kind}'), not a hand script (which has 'actions'){plays}")
    for key in data:
        if key not in SCRIPT_FIELDS:
            close = close_matches(str(key), SCRIPT_FIELDS)
            hint = f"did you mean '{close[0]}'? " if close else ""
            raise fail(f"unknown {field_words(key)}: {hint}the fields are {', '.join(SCRIPT_FIELDS)}", key)
    for key in ("variant", "players"):
        if key not in data:
            raise fail(f"the script needs '{key}'")
    variant = data["variant"]
    if not isinstance(variant, str) or not variant:
        raise fail("'variant' is a shipped variant's name or a path", "variant")
    players = data["players"]
    if not isinstance(players, list) or not players or not all(isinstance(p, str) and p.strip() for p in players):
        raise fail("'players' is a list of names, clockwise from the dealer's left", "players")
    for index, p in enumerate(players):
        if not p.strip().isprintable():  # (an escape sequence would act on the terminal that shows it)
            raise fail("a player's name is printable text: no control characters", "players", index)
    stacks = data.get("stacks", 100)
    if not (isinstance(stacks, (int, list, Mapping)) and not isinstance(stacks, bool)):
        raise fail("'stacks' is a number, a list (one per player) or a mapping by name", "stacks")
    for key in ("options", "stakes", "cards", "antes", "side_bets"):
        if data.get(key) is not None and not isinstance(data[key], Mapping):
            raise fail(f"'{key}' is a mapping", key)
    for name, value in (data.get("antes") or {}).items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise fail("an ante is a whole number of chips, 0 or more", "antes", name)
    for name, bets in (data.get("side_bets") or {}).items():
        if not isinstance(bets, Mapping):
            raise fail("a player's side bets map each bet to its chips ({pair_plus: 10}; {}: none)", "side_bets", name)
        for bet, value in bets.items():
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise fail("a side bet is a whole number of chips, 0 or more", "side_bets", name, bet)
    cards = dict(data.get("cards") or {})
    from ..cards.card import parse_card, parse_cards

    for name, value in cards.items():
        if not isinstance(value, (str, list)):
            raise fail("a player's cards are a list of cards or a line of them ('Ah Kd')", "cards", name)
        if isinstance(value, list):
            for index, item in enumerate(value):
                try:
                    parse_card(item if isinstance(item, str) else str(item))
                except CardError as err:
                    raise fail(err.message, "cards", name, index) from None
        try:
            parse_cards(value if isinstance(value, (str, list)) else str(value))
        except CardError as err:
            raise fail(err.message, "cards", name) from None
    seed = data.get("seed", 0)
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
        raise fail(f"'seed' is a whole number from 0 (as every command's --seed), not {seed!r}", "seed")
    killer = data.get("killer")
    if killer is not None and killer not in players:
        raise fail(f"'killer' is one of the players ({', '.join(map(str, players))}), not {killer!r}", "killer")
    raw_actions = data.get("actions") or []
    if not isinstance(raw_actions, list):
        raise fail("'actions' is a list of lines 'PLAYER VERB [AMOUNT]'", "actions")
    actions = []
    for index, line in enumerate(raw_actions):
        try:
            actions.append(Action.parse(line if isinstance(line, str) else str(line)))
        except ScriptError as err:
            raise fail(f"action {index + 1}: {err.message}", "actions", index) from None
    return Script(
        variant=variant,
        players=[p.strip() for p in players],
        stacks=stacks,
        actions=actions,
        options=dict(data.get("options") or {}),
        stakes=dict(data.get("stakes") or {}),
        cards=cards,
        seed=seed,
        antes=dict(data["antes"]) if data.get("antes") else None,
        side_bets={str(p): dict(b) for p, b in data["side_bets"].items()} if data.get("side_bets") else None,
        killer=killer,
        expect=data.get("expect"),
        doc=doc,
        base=base,
    )


def run_script(
    script: Mapping | str | Path | Script,
    *,
    auto_showdown: bool = True,
    base: Path | None = None,
    folders: Sequence[Path] = (),
) -> Hand:
    """Play a script and return the :class:`~studrules.game.hand.Hand` (for tests and tools).

    A script read from a file (or given ``base``, the folder of the file it
    came from) names a variant file beside it or below, under the current
    folder or one of ``folders`` (the user's ``--variants-in``), or shipped:
    no other file is read."""
    from ..spec.chosen_options import chosen_choices
    from ..spec.references import load_named_variant

    s = script if isinstance(script, Script) else load_script(script)
    doc = s.doc

    def where(*path) -> Location:
        if doc is None or (doc.file is None and not doc.text):
            return Location(None, None, None, tuple(path))
        loc = doc.location(tuple(path))
        return Location(loc.file, loc.line, loc.column, tuple(path))

    if base is not None:
        s = replace(s, base=base)
    name = s.variant
    if s.base is not None and ("/" in name or name.endswith((".yaml", ".yml"))) and not Path(name).is_absolute():
        candidate = s.base / name
        if candidate.is_file():
            name = str(candidate)
    try:
        within = None if s.base is None else (s.base, Path.cwd(), *folders)
        if s.options:  # an option the script gets wrong is said at the script's own line
            plain = load_named_variant(name, within=within, named_by=where("variant"))
            for key, value in s.options.items():
                try:
                    chosen_choices(plain.options, {key: value}, plain.name, "")
                except SpecErrors as err:
                    raise ScriptError(err.errors[0].message, where("options", key)) from None
        if s.stakes:  # a stake the script gets wrong is said at the script's own line
            known = [
                stake
                for stake, _ in load_named_variant(name, s.options, within=within, named_by=where("variant")).stakes
            ]
            for key, value in s.stakes.items():
                problems = stake_override_problems({key: value}, known, name)
                if problems:
                    raise ScriptError(problems[0], where("stakes", key))
        variant = load_named_variant(name, s.options, s.stakes, within=within, named_by=where("variant"))
    except ScriptError:
        raise
    except SpecError as err:
        if err.location is None or err.location.file is None:
            raise ScriptError(err.message, where("variant")) from None
        raise
    try:
        hand = Hand(
            variant,
            s.players,
            s.stacks,
            seed=s.seed,
            cards=s.cards,
            stakes=None,
            antes=s.antes,
            side_bets=s.side_bets,
            killer=s.killer,
        )
    except IllegalActionError as err:
        raise ScriptError(err.message, where("side_bets" if "side bet" in err.message else "antes")) from None
    except CardError as err:
        raise ScriptError(err.message, where("cards")) from None
    except ValueError as err:
        text = str(err)
        probe = text.replace(variant.name, "")  # the variant's own name says nothing of the field
        field_name = (
            "side_bets"
            if "side bet" in probe or "side_bets" in probe
            else "killer"
            if "kill" in probe
            else "stacks"
            if "stack" in probe
            else "cards"
            if "card" in probe
            else "antes"
            if "ante" in probe
            else "players"
        )
        raise ScriptError(text, where(field_name)) from None
    for index, action in enumerate(s.actions):
        try:
            hand.apply(action)
        except IllegalActionError as err:
            message = err.message
            prefix = f"'{action}': "
            if message.startswith(prefix):
                message = message[len(prefix) :]
            raise IllegalActionError(
                f"action {index + 1} ({action}): {message}", err.legal, where("actions", index)
            ) from None
    if auto_showdown:
        while not hand.over and hand.phase == "showdown":
            shown = hand.default_action()
            if shown is None:
                break
            hand.apply(shown)
    return hand


def play_script(script: Mapping | str | Path) -> dict:
    """Play a script; ``{"events": [...], "next": ..., "result": ...}`` (see the module).

    >>> out = play_script({"variant": "razz", "players": ["Ann", "Bob"], "stacks": 50,
    ...     "cards": {"Ann": ["Ac", "2d", "Kc"], "Bob": ["3s", "4h", "5d"]}, "actions": ["Ann bring-in", "Bob fold"]})
    >>> out["result"]["net"]  # her king up brings in (3); Bob folds: she wins his ante
    {'Ann': 1, 'Bob': -1}
    """
    hand = run_script(script)
    return hand_output(hand)


def hand_output(hand: Hand) -> dict:
    """The JSON data of a hand: its events, who is to act and how, the result."""
    events = [e.to_dict() for e in hand.events]
    if hand.over:
        return {"events": events, "next": None, "result": hand.result().to_dict()}
    return {
        "events": events,
        "next": {"player": hand.to_act, "legal": [a.to_dict() for a in hand.legal_actions()]},
        "result": None,
    }


def history_text(hand: Hand, unseen: Collection[Card] = ()) -> str:
    """The hand history as a player would read it, then who is to act or the result.

    ``unseen``: cards played in place of cards nobody saw (a PHH record's ``??``,
    :func:`~studrules.records.phh_replay.unseen_cards`), each written ``??``."""
    lines = [f"{hand.variant.title} ({hand.variant.name}): {', '.join(hand.players)}"]
    current_round = None
    for event in hand.events:
        if event.round is not None and event.round != current_round and event.type not in ("deal",):
            current_round = event.round
            lines.append(f"-- betting round {current_round}")
        if unseen and event.type == "deal" and event.card in unseen:
            who = "the house" if event.player == "house" else event.player
            lines.append(f"  {who} is dealt ?? face {event.face} (not in the record)")
        elif unseen and event.type == "show" and set(event.cards or ()) & set(unseen):
            shown = " ".join("??" if c in unseen else str(c) for c in event.cards or ())
            lines.append(f"  {event.player} shows {shown}")
        else:
            lines.append("  " + event.describe())
    if hand.over:
        result = hand.result()
        lines.append("-- result")
        for name in hand.players:
            net = result.net[name]
            lines.append(f"  {name}: {result.stacks[name]} ({'+' if net > 0 else ''}{net})")
        if result.house_net is not None:
            lines.append(f"  house: {'+' if result.house_net > 0 else ''}{result.house_net}")
    else:
        legal = ", ".join(str(a) for a in hand.legal_actions())
        lines.append(f"-- {hand.to_act} to act: {legal}")
    return "\n".join(lines)
