"""Strategies for games against the house, written as data.

A strategy is a short YAML file: an ordered list of rules, each a condition in
the expression language and an action, ending with a default::

    name: pair-or-better
    game: banked
    rules:
      - when: hand >= pair
        action: raise
      - otherwise: fold

The first rule whose condition holds decides. Conditions see a player's view
of a banked game (:data:`VIEW_NAMES`): the player's own cards and the house's
up cards, nothing else. The hand thresholds (``pair``, ``ace_king``...) and
the ranks (``two`` .. ``ten``, ``jack``, ``queen``, ``king``, ``ace``) are
constants::

    >>> s = load_strategy("pair-or-better")
    >>> s.decide("7c 7d Ks 4h 2c"), s.decide("Ac Kd Qs 4h 2c")
    ('raise', 'fold')

A strategy decides one hand (:meth:`Strategy.decide`, for the hand machine and
bots) or a whole batch of hands at once (:meth:`Strategy.decide_batch`, for
simulation); both evaluate the same compiled conditions, so they agree.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import Location, SpecError, SpecErrors
from .expressions import BOOL, HAND, NUMBER, Expression, ExprType, compile_expression
from .resources import strategies_dir
from .source import Document, FieldPath, check_data_file, read_document
from .strategy_fit import _CARD_NAMES, fit_errors

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

    from ..cards.card import Card
    from .model import Variant

__all__ = [
    "ACTIONS",
    "VIEW_NAMES",
    "RANK_CONSTANTS",
    "Rule",
    "Strategy",
    "load_strategy",
    "shipped_strategies",
    "view_features",
]

ACTIONS = ("raise", "fold")

# What a player sees in a game against the house, by name.
VIEW_NAMES: Mapping[str, Any] = {
    "hand": HAND,  # the player's best five cards
    "highest_card": NUMBER,  # ranks (2..14, ace high) of the player's cards, high to low
    "second_card": NUMBER,
    "third_card": NUMBER,
    "fourth_card": NUMBER,
    "fifth_card": NUMBER,
    "house_up": NUMBER,  # rank of the house's (highest) up card
    "matches_house_up": BOOL,  # one of the player's cards has the rank of a house up card
}

#: Ranks by name, for conditions like ``house_up <= queen``.
RANK_CONSTANTS: Mapping[str, int] = {
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "jack": 11,
    "queen": 12,
    "king": 13,
    "ace": 14,
}

_FIELDS = ("name", "title", "description", "game", "rules", "source")
_GAMES = ("banked",)


@dataclass(frozen=True)
class Rule:
    """One line of a strategy: when ``when`` holds (None: always), take ``action``."""

    action: str
    when: Expression | None = None
    location: Location | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Strategy:
    """A loaded strategy: rules tried in order, the last one unconditional."""

    name: str
    title: str
    game: str
    rules: tuple[Rule, ...]
    description: str | None = field(default=None, compare=False)
    file: str | None = field(default=None, compare=False, repr=False)
    game_location: Location | None = field(default=None, compare=False, repr=False)
    # the ranking 'hand' is valued in (the variant's, when loaded for one)
    ranking: str = field(default="high", compare=False, repr=False)
    # decisions remembered per rule: an array over the key space, or a dict when it is large
    _memo: dict[int, np.ndarray | dict[int, bool]] = field(default_factory=dict, compare=False, repr=False, hash=False)

    @property
    def names(self) -> frozenset[str]:
        """The view names the rules read.

        >>> sorted(load_strategy("pair-or-better").names)
        ['hand']
        """
        out: set[str] = set()
        for rule in self.rules:
            if rule.when is not None:
                out |= rule.when.names
        return frozenset(out)

    def decide_view(self, view: Mapping[str, Any]) -> str:
        """The action for one view given as ``{name: value}`` (see :data:`VIEW_NAMES`).

        >>> load_strategy("ace-king-or-better").decide_view({"hand": 1})
        'fold'
        """
        for rule in self.rules:
            if rule.when is None or rule.when(view):
                return rule.action
        return self.rules[-1].action  # pragma: no cover - the last rule is unconditional

    def decide(self, cards: Iterable[Any] | str, house_up: Iterable[Any] | str = ()) -> str:
        """``'raise'`` or ``'fold'`` for a player holding ``cards`` who sees the house's ``house_up`` cards.

        Cards are :class:`~studrules.cards.card.Card` objects, codes or text.

        >>> basic = load_strategy("basic")
        >>> basic.decide("As Kd 9c 6h 3s", house_up="9d")  # ace-king, the house's 9 matches
        'raise'
        >>> basic.decide("As Kd 9c 6h 3s", house_up="Th")
        'fold'
        """
        return self.decide_view(view_features(cards, house_up, self.names, ranking=self.ranking))

    def decide_batch(self, features: Mapping[str, np.ndarray], size: int | None = None) -> np.ndarray:
        """Whether each of a batch of hands raises (a bool array).

        ``features`` maps each name of :attr:`names` to an integer array, one
        entry per hand (hand values, ranks, 0/1 for conditions). Every
        distinct combination is decided once with the same compiled rules as
        :meth:`decide`: the rules are tried in order on the hands still
        undecided, each condition evaluated once for every distinct
        combination of the names it reads (remembered between batches) and
        looked up, which is exact. ``size``: the number of hands, needed only
        when ``features`` is empty (a strategy that reads no names).

        >>> import numpy as np
        >>> s = load_strategy("pair-or-better")
        >>> from studrules.spec.vocabulary import hand_constants
        >>> pair = hand_constants()["pair"][1]
        >>> s.decide_batch({"hand": np.array([pair - 1, pair, pair + 5])}).tolist()
        [False, True, True]
        """
        import numpy as np

        if size is None:
            size = _batch_size(features)
        columns: dict[str, np.ndarray] = {}
        for name in self.names:
            column = np.asarray(features[name], dtype=np.int64).reshape(-1)
            if len(column) != size:
                raise ValueError(f"'{name}' has {len(column)} entries for {size} hands")
            if size and (int(column.min()) < 0 or int(column.max()) >= _radix(name, self.ranking)):
                raise ValueError(f"'{name}' holds values outside 0..{_radix(name, self.ranking) - 1}")
            columns[name] = column
        raises = np.zeros(size, dtype=bool)
        rows = np.arange(size)
        for index, rule in enumerate(self.rules):
            if not len(rows):
                break
            if rule.when is None:
                raises[rows] = rule.action == "raise"
                break
            holds = self._holds(index, rule.when, columns, rows)
            raises[rows[holds]] = rule.action == "raise"
            rows = rows[~holds]
        return raises

    def _holds(self, index: int, when: Expression, columns: Mapping[str, np.ndarray], rows: np.ndarray) -> np.ndarray:
        """Whether rule ``index``'s condition holds for each of ``rows``."""
        import numpy as np

        names = sorted(when.names)
        if not names:
            return np.full(len(rows), bool(when({})), dtype=bool)
        radices = [_radix(n, self.ranking) for n in names]
        key = np.zeros(len(rows), dtype=np.int64)
        for name, radix in zip(names, radices):
            key *= radix
            key += columns[name][rows]
        space = math.prod(radices)
        memo = self._memo.get(index)
        if memo is None:
            # -1: not evaluated yet, else 0/1; a dict when the key space is large
            memo = self._memo[index] = np.full(space, -1, dtype=np.int8) if space <= _DENSE else {}
        if isinstance(memo, np.ndarray):
            known = memo[key]
            for k in np.unique(key[known < 0]).tolist():
                memo[k] = self._evaluate_key(when, names, radices, k)
            return memo[key].astype(bool)
        unique, inverse = np.unique(key, return_inverse=True)
        answers = np.empty(len(unique), dtype=bool)
        for i, k in enumerate(unique.tolist()):
            answer = memo.get(k)
            if answer is None:
                answer = memo[k] = self._evaluate_key(when, names, radices, k)
            answers[i] = answer
        return answers[inverse.reshape(-1)]

    @staticmethod
    def _evaluate_key(when: Expression, names: list[str], radices: list[int], key: int) -> bool:
        view: dict[str, Any] = {}
        for name, radix in zip(reversed(names), reversed(radices)):
            key, value = divmod(key, radix)
            view[name] = bool(value) if VIEW_NAMES[name] is BOOL else value
        return bool(when(view))

    def check_fits(self, variant: Variant) -> None:
        """Raise a located :class:`SpecErrors` if this strategy cannot play ``variant``."""
        errors = fit_errors(self.name, self.rules, variant, self.game_location or Location(self.file))
        if errors:
            raise SpecErrors(errors)

    def __reduce__(self) -> tuple[Callable[..., Strategy], tuple[Any, ...]]:
        # the memo of decisions is not sent along
        return (
            _rebuild_strategy,
            (
                self.name,
                self.title,
                self.game,
                self.rules,
                self.description,
                self.file,
                self.game_location,
                self.ranking,
            ),
        )


def _rebuild_strategy(
    name: str,
    title: str,
    game: str,
    rules: tuple[Rule, ...],
    description: str | None,
    file: str | None,
    game_location: Location | None,
    ranking: str = "high",
) -> Strategy:
    return Strategy(name, title, game, rules, description, file, game_location, ranking)


# Decisions are remembered in an array when the names a rule reads have at
# most this many combinations, in a dict otherwise.
_DENSE = 1 << 22


def _radix(name: str, ranking: str = "high") -> int:
    """How many values a view name takes (0..radix-1), to pack several into one key."""
    if name == "hand":
        from ..cards.evaluator import MAX_VALUE

        # a ranking with thresholds of its own has values of its own: room for them
        return MAX_VALUE + 1 if ranking == "high" else max(MAX_VALUE + 1, 1 << 15)
    return 2 if VIEW_NAMES[name] is BOOL else 15


def _batch_size(features: Mapping[str, Any]) -> int:
    for value in features.values():
        return len(value)
    raise ValueError("decide_batch needs at least one array to know the batch size")


def shipped_strategies() -> list[str]:
    """The names of the strategies that ship with studrules.

    >>> "basic" in shipped_strategies()
    True
    """
    return sorted(p.stem for p in strategies_dir().glob("*.yaml"))


def load_strategy(name_or_path: str | Path, variant: Variant | None = None) -> Strategy:
    """Load a shipped strategy by name, or a strategy file by path.

    With ``variant``, also check the strategy fits it (a banked game, an up
    card for the house if the rules look at one, enough cards for the card
    names used). Every problem is reported together, each located in the
    file (:class:`~studrules.errors.SpecErrors`).

    >>> load_strategy("basic").rules[0].action
    'raise'
    >>> load_strategy("bsic")
    Traceback (most recent call last):
    ...
    studrules.errors.SpecError: no strategy 'bsic': did you mean 'basic'? (shipped strategies: ace-king-or-better, basic, fold, pair-or-better, queen-six-four, raise)
    """
    path = _resolve(name_or_path)
    doc = read_document(path)
    file = doc.file or str(path)
    data = doc.data
    if not isinstance(data, dict):
        raise SpecErrors([SpecError("a strategy file is a mapping: name, title, game, rules", Location(file, 1, 1))])
    errors: list[SpecError] = []
    for key in data:
        if key not in _FIELDS:
            close = difflib.get_close_matches(str(key), _FIELDS, n=1)
            hint = f": did you mean '{close[0]}'?" if close else f"; fields are {', '.join(_FIELDS)}"
            errors.append(SpecError(f"unknown field '{key}'{hint}", doc.location((key,), key=True)))
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        errors.append(SpecError("a strategy needs a 'name' (text)", doc.location(("name",))))
        name = Path(file).stem
    game = data.get("game", "banked")
    if game not in _GAMES:
        errors.append(
            SpecError(
                f"'game' must be one of: {', '.join(_GAMES)} (strategies decide against the house)",
                doc.location(("game",)),
            )
        )
    ranking = variant.deck.ranking if variant is not None else "high"
    rules = _rules(data.get("rules"), doc, errors, _constants(ranking))
    if errors:
        raise SpecErrors(errors)
    strategy = Strategy(
        name=name,
        title=str(data.get("title") or name),
        game=str(game),
        rules=rules,
        description=data.get("description"),
        file=file,
        game_location=doc.location(("game",)) if "game" in data else Location(file, 1, 1),
        ranking=ranking,
    )
    if variant is not None:
        strategy.check_fits(variant)
    return strategy


def view_features(
    cards: Iterable[Any] | str,
    house_up: Iterable[Any] | str = (),
    names: Iterable[str] | None = None,
    *,
    ranking: str = "high",
) -> dict[str, Any]:
    """The view names for one player: ``hand``, card ranks, ``house_up``, ``matches_house_up``.

    ``names`` limits the work to the names asked for (all by default);
    ``ranking``: the ranking ``hand`` is valued in.

    >>> v = view_features("Ah Kd 9c 6h 3s", "9d")
    >>> v["highest_card"], v["third_card"], v["house_up"], v["matches_house_up"]
    (14, 9, 9, True)
    """
    from ..cards.card import Card, parse_cards

    def as_cards(value: Iterable[Any] | str) -> tuple[Card, ...]:
        if isinstance(value, str):
            return parse_cards(value)
        return tuple(Card(c) for c in value)

    own = as_cards(cards)
    up = as_cards(house_up)
    wanted = set(VIEW_NAMES if names is None else names)
    view: dict[str, Any] = {}
    if "hand" in wanted:
        from ..cards.evaluator import evaluate

        if ranking == "high":
            view["hand"] = int(evaluate(own))
        else:
            from ..cards.rankings import get_ranking

            view["hand"] = int(get_ranking(ranking).evaluate(own) or 0)
    ranks = sorted((c.rank for c in own), reverse=True)
    for i, n in enumerate(_CARD_NAMES):
        if n in wanted and i < len(ranks):
            view[n] = ranks[i]
    if up:
        up_ranks = {c.rank for c in up}
        if "house_up" in wanted:
            view["house_up"] = max(up_ranks)
        if "matches_house_up" in wanted:
            view["matches_house_up"] = any(r in up_ranks for r in ranks)
    return view


# --- helpers ---------------------------------------------------------------


def _resolve(name_or_path: str | Path) -> Path:
    text = str(name_or_path)
    candidates = [Path(text)]
    if "/" not in text and not text.endswith((".yaml", ".yml")):
        candidates.insert(0, strategies_dir() / f"{text}.yaml")
    for c in candidates:
        try:
            found = c.exists()
        except (OSError, ValueError):
            found = False
        if found:  # only a regular .yaml/.yml file is read: no other file's lines reach a message
            return check_data_file(c, what="strategy", shown=text)
    names = shipped_strategies()
    close = difflib.get_close_matches(text, names, n=1)
    hint = f": did you mean '{close[0]}'?" if close else ""
    raise SpecError(f"no strategy '{text}'{hint} (shipped strategies: {', '.join(names)})")


def _constants(ranking: str = "high") -> dict[str, tuple[ExprType, int]]:
    from .vocabulary import hand_constants

    table = dict(hand_constants(ranking))
    table.update({n: (NUMBER, v) for n, v in RANK_CONSTANTS.items()})
    return table


def _rules(
    raw: Any, doc: Document, errors: list[SpecError], constants: Mapping[str, tuple[ExprType, int]]
) -> tuple[Rule, ...]:
    def where(*path: str | int) -> Location:
        return doc.location(("rules", *path))

    if not isinstance(raw, list) or not raw:
        errors.append(
            SpecError(
                "'rules' must be a list of {when: CONDITION, action: raise|fold} ending with {otherwise: raise|fold}",
                where(),
            )
        )
        return ()
    rules: list[Rule] = []
    for i, item in enumerate(raw):
        last = i == len(raw) - 1
        if not isinstance(item, dict):
            errors.append(
                SpecError(
                    "a rule is a mapping: {when: CONDITION, action: raise|fold} or {otherwise: raise|fold}", where(i)
                )
            )
            continue
        if "otherwise" in item:
            extra = [k for k in item if k != "otherwise"]
            if extra:
                errors.append(
                    SpecError(
                        f"'otherwise' stands alone; remove '{extra[0]}'", doc.location(("rules", i, extra[0]), key=True)
                    )
                )
            if not last:
                errors.append(
                    SpecError(
                        "'otherwise' must be the last rule: the rules after it would never be used",
                        doc.location(("rules", i, "otherwise"), key=True),
                    )
                )
            action = _action(item["otherwise"], doc, ("rules", i, "otherwise"), errors)
            rules.append(Rule(action, None, where(i)))
            continue
        for k in item:
            if k not in ("when", "action"):
                close = difflib.get_close_matches(str(k), ("when", "action", "otherwise"), n=1)
                hint = f": did you mean '{close[0]}'?" if close else ""
                errors.append(SpecError(f"unknown key '{k}' in a rule{hint}", doc.location(("rules", i, k), key=True)))
        if "when" not in item:
            errors.append(
                SpecError("a rule needs 'when' (a condition), or is the final {otherwise: raise|fold}", where(i))
            )
            continue
        action = _action(item.get("action"), doc, ("rules", i, "action"), errors)
        when_value = item["when"]
        if isinstance(when_value, bool):
            when_value = "true" if when_value else "false"
        try:
            when = compile_expression(
                str(when_value) if not isinstance(when_value, str) else when_value,
                names=VIEW_NAMES,
                constants=constants,
                expect=BOOL,
                location=_expression_start(doc, ("rules", i, "when")),
            )
        except SpecError as err:
            errors.append(err)
            continue
        rules.append(Rule(action, when, where(i)))
    if not (isinstance(raw[-1], dict) and "otherwise" in raw[-1]):
        errors.append(
            SpecError("the rules must end with a default: add '- otherwise: fold' (or raise)", where(len(raw) - 1))
        )
    return tuple(rules)


def _expression_start(doc: Document, path: FieldPath) -> Location:
    """Where the expression text starts (after an opening quote, if any)."""
    loc = doc.location(path)
    if loc.line is not None and loc.column is not None:
        line = doc.line_text(loc.line)
        if 0 < loc.column <= len(line) and line[loc.column - 1] in "\"'":
            return loc.shifted(1)
    return loc


def _action(value: Any, doc: Document, path: FieldPath, errors: list[SpecError]) -> str:
    if value not in ACTIONS:
        shown = "nothing" if value is None else repr(value)
        errors.append(SpecError(f"the action must be raise or fold, not {shown}", doc.location(path)))
        return "fold"
    return str(value)
